import { CONSUMPTION_PAGE_SIZE, type Consumption, consumptionTexts } from '@dairy/contract';
import { Button, Checkbox, Group, Select, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { ColonySelect, CustomerSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { REDIRECT_DELAY_MS } from '../../components/use-redirect';
import { useLabel } from '../../lib/config';
import { formatRupees } from '../../lib/format';
import { link, paths } from '../../lib/paths';
import {
  type ConsumptionFilter,
  consumptionKeys,
  type RowAction,
  useBulkDelete,
  useConsumptionAction,
  useConsumptionList,
  useProductCodeOptions,
} from './api';

const actionNames: Record<RowAction, string> = {
  disable: 'Disable',
  enable: 'Enable',
  delete: 'Delete',
  status: 'Status change',
};

export function ConsumptionListPage() {
  const label = useLabel();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ConsumptionFilter>({
    page: 1,
    colonyCode: null,
    customerId: null,
    productCode: null,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const change = (next: Partial<ConsumptionFilter>) => {
    setFilter((f) => ({ ...f, page: 1, ...next }));
    setSelected(new Set());
  };
  const list = useConsumptionList(filter);
  const products = useProductCodeOptions();
  const action = useConsumptionAction(filter);
  const bulkDelete = useBulkDelete();

  // After a single delete the spec reloads the page 2 seconds later.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const rows = list.data?.consumptions ?? [];
  const chosen = rows.filter((c) => selected.has(c.consumptionId));
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  const act = (consumption: Consumption, verb: RowAction) => {
    const question =
      verb === 'status'
        ? 'Are you sure you want to change the status of this consumption?'
        : `Are you sure you want to ${verb} this consumption?`;
    confirmAction(question, async () => {
      try {
        await action.mutateAsync({ action: verb, id: consumption.consumptionId });
        notify.success(`${actionNames[verb]} successful!`);
        if (verb === 'delete') {
          reloadTimer.current = setTimeout(
            () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
            REDIRECT_DELAY_MS,
          );
        }
      } catch (error) {
        notify.failure(error, 'Action failed!', (m) => `Error during action: ${m}`);
      }
    });
  };

  const deleteSelected = () => {
    const ids = chosen.map((c) => c.consumptionId);
    confirmAction(`Are you sure you want to delete ${ids.length} selected consumptions?`, async () => {
      try {
        await bulkDelete.mutateAsync(ids);
        setSelected(new Set());
        notify.success(consumptionTexts.bulkDeleted);
      } catch (error) {
        notify.failure(error, 'Bulk delete failed!', (m) => `Error during bulk delete: ${m}`);
      }
    });
  };

  const toggleOne = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <PageCard
      title="All Consumptions"
      actions={
        <Group gap="sm">
          <Button color="red" disabled={chosen.length === 0} onClick={deleteSelected}>
            Delete Selected ({chosen.length})
          </Button>
          <Button component={Link} to={paths.addConsumption}>
            Add Consumption
          </Button>
        </Group>
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
        <Select
          label={label('{product}')}
          placeholder={label('Select {product}')}
          searchable
          clearable
          data={(products.data ?? []).map((p) => ({ value: p.productCode, label: p.productName }))}
          clearButtonProps={{ 'aria-label': label('Clear {product}') }}
          value={filter.productCode}
          onChange={(productCode) => change({ productCode })}
          w={220}
        />
      </Group>
      {!filter.colonyCode && !filter.productCode ? (
        <Text c="dimmed">{label('Select a colony or a {product} to see consumptions.')}</Text>
      ) : (
        <QueryState query={list}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Select all"
                      checked={allChosen}
                      indeterminate={chosen.length > 0 && !allChosen}
                      onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((c) => c.consumptionId)))}
                    />
                  </Table.Th>
                  <Table.Th>Serial No.</Table.Th>
                  <Table.Th>Customer Name</Table.Th>
                  <Table.Th>Colony</Table.Th>
                  <Table.Th>{label('{product}')}</Table.Th>
                  <Table.Th>Days</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c, i) => {
                  const name = `${c.customer.customerName} ${c.product.productName} ${c.combinations.combinationDays}`;
                  return (
                    <Table.Tr key={c.consumptionId}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${name}`}
                          checked={selected.has(c.consumptionId)}
                          onChange={(e) => toggleOne(c.consumptionId, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>{(filter.page - 1) * CONSUMPTION_PAGE_SIZE + i + 1}</Table.Td>
                      <Table.Td>{c.customer.customerName}</Table.Td>
                      <Table.Td>{c.colony?.colonyName ?? 'N/A'}</Table.Td>
                      <Table.Td>{c.product.productName}</Table.Td>
                      <Table.Td>{c.combinations.combinationDays}</Table.Td>
                      <Table.Td>{formatRupees(c.product.price)}</Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Status: ${name}`}
                          checked={c.isActive === 1}
                          onChange={() => act(c, 'status')}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            component={Link}
                            to={link(paths.updateConsumption, { id: String(c.consumptionId) })}
                            size="xs"
                            variant="light"
                          >
                            Update
                          </Button>
                          {c.disable === 0 ? (
                            <Button size="xs" variant="light" color="red" onClick={() => act(c, 'disable')}>
                              Disable
                            </Button>
                          ) : (
                            <>
                              <Button size="xs" variant="light" color="green" onClick={() => act(c, 'enable')}>
                                Enable
                              </Button>
                              <Button size="xs" variant="light" color="red" onClick={() => act(c, 'delete')}>
                                Delete
                              </Button>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={9}>No consumptions found.</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageButtons
            page={filter.page}
            totalPages={list.data?.totalPages ?? 0}
            onChange={(page) => {
              setFilter((f) => ({ ...f, page }));
              setSelected(new Set());
            }}
          />
        </QueryState>
      )}
    </PageCard>
  );
}
