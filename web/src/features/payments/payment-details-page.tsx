import { monthName, PAYMENT_STATUSES, type PaymentRow, type PaymentStatus, paymentTexts } from '@dairy/contract';
import { Button, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { PageCard } from '../../components/page-card';
import { ColonySelect, CustomerSelect, MonthSelect, YearSelect } from '../../components/pickers';
import { useRowSelection } from '../../components/use-row-selection';
import { useCurrentPeriod, useLabel } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { useUrlState } from '../../lib/url-state';
import { type DetailsFilter, usePaymentDetails } from './api';
import { useBulkDelete } from './bulk-delete';
import { ProductLines } from './payment-cells';

const numberOrNull = (v: string | null) => (v ? Number(v) : null);
const isStatus = (v: string | null): v is PaymentStatus => PAYMENT_STATUSES.includes(v as PaymentStatus);

/** Users Payments Details (/payments/details): bills across months with balances. */
export function PaymentDetailsPage() {
  const label = useLabel();
  const current = useCurrentPeriod();
  const thisMonth = String(current.month);
  const thisYear = String(current.year);
  const [filters, setFilters] = useUrlState({
    startMonth: thisMonth,
    startYear: thisYear,
    endMonth: thisMonth,
    endYear: thisYear,
    colony: null,
    customer: null,
    status: 'all',
    page: '1',
  });
  const page = Number(filters.page) || 1;
  const filter: DetailsFilter = {
    startMonth: numberOrNull(filters.startMonth),
    startYear: numberOrNull(filters.startYear),
    endMonth: numberOrNull(filters.endMonth),
    endYear: numberOrNull(filters.endYear),
    colony: filters.colony,
    customerId: numberOrNull(filters.customer),
    paymentStatus: isStatus(filters.status) ? filters.status : 'all',
  };
  const details = usePaymentDetails(filter, page);
  const rows = details.data?.result ?? [];
  const selection = useRowSelection<number>();
  const bulk = useBulkDelete(selection);

  const change = (patch: Partial<typeof filters>) => {
    setFilters({ ...patch, page: '1' });
    selection.clear();
  };

  const deleteSelected = () => confirmAction(paymentTexts.confirmDeleteAll(selection.count), bulk.deleteSelected);

  const columns: Column<PaymentRow>[] = [
    { header: 'Route', cell: (row) => row.customer.route },
    { header: 'Customer Name', cell: (row) => row.customerName },
    { header: label('{product}'), cell: (row) => <ProductLines lines={row.paymentProducts} /> },
    {
      header: 'Total',
      cell: (row) =>
        `${formatMoney(row.totalPrice)} ${row.previousDue < 0 ? '-' : '+'} ${formatMoney(Math.abs(row.previousDue))}`,
    },
    { header: 'Paid', cell: (row) => formatMoney(row.paid) },
    { header: 'Balance', cell: (row) => formatMoney(row.balance) },
    { header: 'Date', cell: (row) => `${monthName(row.paymentMonth)}/${row.paymentYear}` },
  ];

  return (
    <PageCard
      title="Users Payments Details"
      actions={
        selection.count > 0 && (
          <Button color="red" onClick={deleteSelected}>
            Delete Selected ({selection.count})
          </Button>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="sm">
        <MonthSelect
          label="Start Month"
          clearable
          value={filters.startMonth}
          onChange={(v) => change({ startMonth: v })}
        />
        <YearSelect label="Start Year" clearable value={filters.startYear} onChange={(v) => change({ startYear: v })} />
        <MonthSelect label="End Month" clearable value={filters.endMonth} onChange={(v) => change({ endMonth: v })} />
        <YearSelect label="End Year" clearable value={filters.endYear} onChange={(v) => change({ endYear: v })} />
        <ColonySelect value={filters.colony} onChange={(v) => change({ colony: v, customer: null })} />
        <CustomerSelect
          label="Customer Name"
          colonyCode={filters.colony}
          value={filters.customer}
          onChange={(v) => change({ customer: v })}
        />
      </SimpleGrid>
      <Radio.Group label="Payment Status" value={filter.paymentStatus} onChange={(v) => change({ status: v })} mb="md">
        <Group mt={4}>
          <Radio value="all" label="All" />
          <Radio value="paid" label="Paid" />
          <Radio value="unpaid" label="Unpaid" />
        </Group>
      </Radio.Group>
      <DataTable
        query={details}
        rows={rows}
        rowKey={(row) => row.paymentId}
        columns={columns}
        caption={<Text mb="xs">Total Records: {details.data?.totalCount ?? 0}</Text>}
        // The spec's span, though the table has 8 columns.
        empty={paymentTexts.noRecords}
        emptySpan={6}
        selection={{
          state: selection,
          label: (row) => `Select ${row.customerName} ${monthName(row.paymentMonth)} ${row.paymentYear}`,
        }}
        minWidth={800}
        paging={{
          page,
          totalPages: details.data?.totalPages ?? 0,
          onChange: (p) => setFilters({ page: String(p) }),
          always: true,
        }}
      />
    </PageCard>
  );
}
