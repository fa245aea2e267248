import type { Customer } from '@dairy/contract';
import { Button, Checkbox, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { ColonySelect, CustomerSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { link, paths } from '../../lib/paths';
import { type CustomerFilter, useCustomerAction, useCustomerList } from './api';
import { GettingStarted } from './getting-started';

export function CustomerListPage() {
  const [filter, setFilter] = useState<CustomerFilter>({
    page: 1,
    colonyCode: null,
    customerId: null,
    route: '',
    lastActive: '',
    defaulters: false,
  });
  // Any change of a filter starts again at page 1.
  const change = (next: Partial<CustomerFilter>) => setFilter((f) => ({ ...f, page: 1, ...next }));
  const list = useCustomerList(filter);
  const action = useCustomerAction(filter);

  const toggle = (customer: Customer) => {
    const verb = customer.disable === 1 ? 'enable' : 'disable';
    confirmAction(`Are you sure you want to ${verb} this customer?`, async () => {
      try {
        const result = await action.mutateAsync({ action: verb, customerId: customer.customerId });
        notify.success(result.msg);
      } catch (error) {
        notify.error('Something went wrong.', errorMessage(error, 'Something went wrong.'));
      }
    });
  };

  const rows = list.data?.rows ?? [];
  return (
    <>
      <GettingStarted />
      <PageCard
        title="All Customers"
        actions={
          <Button component={Link} to={paths.addCustomer}>
            Add Customer
          </Button>
        }
      >
        <Group align="end" mb="md" gap="md" wrap="wrap">
          <ColonySelect
            value={filter.colonyCode}
            onChange={(colonyCode) => change({ colonyCode, customerId: null })}
            w={220}
          />
          <CustomerSelect
            colonyCode={filter.colonyCode}
            value={filter.customerId}
            onChange={(customerId) => change({ customerId })}
            w={220}
          />
          <NumberInput
            label="Route"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={filter.route}
            onChange={(route) => change({ route })}
            w={110}
          />
          <TextInput
            label="Last Active"
            type="date"
            value={filter.lastActive}
            onChange={(e) => change({ lastActive: e.currentTarget.value })}
            w={170}
          />
          <Checkbox
            label="Defaulters"
            checked={filter.defaulters}
            onChange={(e) => change({ defaulters: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        {!filter.colonyCode ? (
          <Text c="dimmed">Select a colony to see its customers.</Text>
        ) : (
          <QueryState query={list}>
            <Text mb="xs" fw={500}>
              Total Records: {list.data?.total ?? 0}
            </Text>
            <Table.ScrollContainer minWidth={800}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Route</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Address</Table.Th>
                    <Table.Th>Phone Number</Table.Th>
                    <Table.Th>Colony</Table.Th>
                    <Table.Th>Defaulter</Table.Th>
                    <Table.Th>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.customerId}>
                      <Table.Td>{c.route}</Table.Td>
                      <Table.Td>{c.customerName}</Table.Td>
                      <Table.Td>{c.address}</Table.Td>
                      <Table.Td>{c.contactNumber}</Table.Td>
                      <Table.Td>{c.colony.colonyName}</Table.Td>
                      <Table.Td>
                        <Checkbox aria-label={`Defaulter: ${c.customerName}`} checked={c.defaulter === 1} readOnly />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            component={Link}
                            to={link(paths.updateCustomer, { id: String(c.customerId) })}
                            size="xs"
                            variant="light"
                          >
                            Update
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color={c.disable ? 'green' : 'red'}
                            onClick={() => toggle(c)}
                          >
                            {c.disable ? 'Enable' : 'Disable'}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>No customers found.</Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PageButtons
              page={filter.page}
              totalPages={list.data?.totalPages ?? 0}
              onChange={(page) => setFilter((f) => ({ ...f, page }))}
            />
          </QueryState>
        )}
      </PageCard>
    </>
  );
}
