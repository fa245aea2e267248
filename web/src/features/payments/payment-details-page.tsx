import { monthName, type PaymentRow, type PaymentStatus, zeroBasedMonthInput } from '@dairy/contract';
import { Button, Checkbox, Group, Radio, SimpleGrid, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../components/confirm';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { ColonySelect, CustomerSelect, MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useLabel } from '../../lib/config';
import { formatRupees } from '../../lib/format';
import { type DetailsFilter, usePaymentDetails } from './api';
import { usePaymentSelection } from './bulk-delete';
import { addRupees, ProductLines } from './payment-cells';

const noFilter: DetailsFilter = {
  startMonth: null,
  startYear: null,
  endMonth: null,
  endYear: null,
  colony: null,
  customerId: null,
  paymentStatus: 'all',
};

/** Users Payments Details (/payments/details): bills across months with balances. */
export function PaymentDetailsPage() {
  const label = useLabel();
  const [filter, setFilter] = useState<DetailsFilter>(noFilter);
  const [page, setPage] = useState(1);
  const details = usePaymentDetails(filter, page);
  const rows = details.data?.result ?? [];
  const selection = usePaymentSelection(rows.map((r) => r.paymentId));
  const { selected } = selection;

  const change = (patch: Partial<DetailsFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
    selection.clear();
  };
  const numberOrNull = (v: string | null) => (v ? Number(v) : null);

  const deleteSelected = () =>
    confirmAction(`Are you sure you want to delete all ${selected.size} Consumptions?`, selection.deleteSelected);

  return (
    <PageCard
      title="Users Payments Details"
      actions={
        selected.size > 0 && (
          <Button color="red" onClick={deleteSelected}>
            Delete Selected ({selected.size})
          </Button>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="sm">
        <MonthSelect
          label="Start Month"
          clearable
          value={filter.startMonth ? String(filter.startMonth) : null}
          onChange={(v) => change({ startMonth: numberOrNull(v) })}
        />
        <YearSelect
          label="Start Year"
          clearable
          value={filter.startYear ? String(filter.startYear) : null}
          onChange={(v) => change({ startYear: numberOrNull(v) })}
        />
        <MonthSelect
          label="End Month"
          clearable
          value={filter.endMonth ? String(filter.endMonth) : null}
          onChange={(v) => change({ endMonth: numberOrNull(v) })}
        />
        <YearSelect
          label="End Year"
          clearable
          value={filter.endYear ? String(filter.endYear) : null}
          onChange={(v) => change({ endYear: numberOrNull(v) })}
        />
        <ColonySelect value={filter.colony} onChange={(v) => change({ colony: v, customerId: null })} />
        <CustomerSelect
          label="Customer Name"
          colonyCode={filter.colony}
          value={filter.customerId ? String(filter.customerId) : null}
          onChange={(v) => change({ customerId: numberOrNull(v) })}
        />
      </SimpleGrid>
      <Radio.Group
        label="Payment Status"
        value={filter.paymentStatus}
        onChange={(v) => change({ paymentStatus: v as PaymentStatus })}
        mb="md"
      >
        <Group mt={4}>
          <Radio value="all" label="All" />
          <Radio value="paid" label="Paid" />
          <Radio value="unpaid" label="Unpaid" />
        </Group>
      </Radio.Group>
      <QueryState query={details}>
        <Text mb="xs">Total Records: {details.data?.totalCount ?? 0}</Text>
        <Table.ScrollContainer minWidth={800}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Select all rows"
                    checked={selection.allTicked}
                    indeterminate={selection.someTicked && !selection.allTicked}
                    onChange={selection.togglePage}
                  />
                </Table.Th>
                <Table.Th>Route</Table.Th>
                <Table.Th>Customer Name</Table.Th>
                <Table.Th>{label('{product}')}</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th>Balance</Table.Th>
                <Table.Th>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <DetailsRow
                  key={row.paymentId}
                  row={row}
                  ticked={selected.has(row.paymentId)}
                  onTick={() => selection.toggle(row.paymentId)}
                />
              ))}
              {rows.length === 0 && (
                <Table.Tr>
                  {/* The spec's span, though the table has 8 columns. */}
                  <Table.Td colSpan={6}>No records found. Check the filters.</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageButtons page={page} totalPages={details.data?.totalPages ?? 0} onChange={setPage} always />
      </QueryState>
    </PageCard>
  );
}

function DetailsRow({ row, ticked, onTick }: { row: PaymentRow; ticked: boolean; onTick: () => void }) {
  const sign = row.previousDue < 0 ? '-' : '+';
  // paymentMonth is zero-based on the wire; the contract converts it to 1-12.
  const month = monthName(zeroBasedMonthInput.parse(row.paymentMonth));
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${row.customerName} ${month} ${row.paymentYear}`}
          checked={ticked}
          onChange={onTick}
        />
      </Table.Td>
      <Table.Td>{row.customer.route}</Table.Td>
      <Table.Td>{row.customerName}</Table.Td>
      <Table.Td>
        <ProductLines lines={row.paymentProducts} />
      </Table.Td>
      <Table.Td>
        {formatRupees(row.totalPrice)} {sign} {formatRupees(Math.abs(row.previousDue))}
      </Table.Td>
      <Table.Td>{formatRupees(row.paid)}</Table.Td>
      <Table.Td>{formatRupees(addRupees(row.due, row.previousDue))}</Table.Td>
      <Table.Td>
        {month}/{row.paymentYear}
      </Table.Td>
    </Table.Tr>
  );
}
