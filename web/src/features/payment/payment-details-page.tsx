import {
  monthName,
  PAYMENT_STATUSES,
  type PaymentRow,
  type PaymentStatus,
  paymentTexts,
  rupeeText,
} from '@dairy/contract';
import { Button, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { PageCard } from '../../components/page-card';
import { ColonyCustomerFilters, MonthSelect, YearSelect } from '../../components/pickers';
import { useRowSelection } from '../../components/use-row-selection';
import { useCurrentPeriod, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { linesText } from '../../lib/format';
import { monthName as shownMonthName, translateKnown } from '../../lib/i18n';
import { useListFilters } from '../../lib/url-state';
import { allPaymentDetails, type DetailsFilter, usePaymentDetails } from './api';
import { useBulkDelete } from './bulk-delete';
import { ProductLines } from './payment-cells';

const numberOrNull = (v: string | null) => (v ? Number(v) : null);
const isStatus = (v: string | null): v is PaymentStatus => PAYMENT_STATUSES.includes(v as PaymentStatus);

/** Users Payments Details (/payments/details): bills across months with balances. */
export function PaymentDetailsPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const current = useCurrentPeriod();
  const thisMonth = String(current.month);
  const thisYear = String(current.year);
  const selection = useRowSelection<number>();
  const { filters, page, change, paging } = useListFilters(
    {
      startMonth: thisMonth,
      startYear: thisYear,
      endMonth: thisMonth,
      endYear: thisYear,
      colony: null,
      customer: null,
      status: 'all',
    },
    selection.clear,
  );
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
  const bulk = useBulkDelete(selection);

  const deleteSelected = () =>
    confirmAction(t('payment.confirmDeleteAll', { selected: selection.count }), bulk.deleteSelected);

  const columns: Column<PaymentRow>[] = [
    { header: t('common.route'), cell: (row) => row.customer.route },
    { header: t('payment.customerName'), cell: (row) => row.customerName },
    { header: label('{product}'), cell: (row) => <ProductLines lines={row.paymentProducts} /> },
    {
      header: t('common.total'),
      cell: (row) =>
        `${rupeeText(row.totalPrice)} ${row.previousDue < 0 ? '-' : '+'} ${rupeeText(Math.abs(row.previousDue))}`,
    },
    { header: t('payment.paid'), cell: (row) => rupeeText(row.paid) },
    { header: t('common.balance'), cell: (row) => rupeeText(row.balance) },
    { header: t('common.date'), cell: (row) => `${shownMonthName(row.paymentMonth)}/${row.paymentYear}` },
  ];

  const exportColumns: ExportColumn<PaymentRow>[] = [
    { header: 'Route', number: (row) => row.customer.route },
    { header: 'Customer Name', text: (row) => row.customerName },
    { header: label('{product}'), text: (row) => linesText(row.paymentProducts) },
    { header: 'Total', money: (row) => row.totalPrice },
    { header: 'Previous Due', money: (row) => row.previousDue },
    { header: 'Paid', money: (row) => row.paid },
    { header: 'Balance', money: (row) => row.balance },
    { header: 'Month', text: (row) => monthName(row.paymentMonth) },
    { header: 'Year', number: (row) => row.paymentYear },
  ];

  return (
    <PageCard
      title={t('payment.detailsTitle')}
      actions={
        <Group gap="sm">
          {selection.count > 0 && (
            <Button color="red" onClick={deleteSelected}>
              {t('payment.deleteSelected', { selected: selection.count })}
            </Button>
          )}
          <ExportMenu
            list={{
              screen: 'Users Payments Details',
              filters: {
                from: filters.startYear && `${filters.startYear}-${filters.startMonth ?? ''}`,
                to: filters.endYear && `${filters.endYear}-${filters.endMonth ?? ''}`,
                colony: filters.colony,
                customer: filters.customer,
                status: filter.paymentStatus,
              },
              columns: exportColumns,
              rows: () => allPaymentDetails(filter),
            }}
          />
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="sm">
        <MonthSelect
          label={t('payment.startMonth')}
          clearable
          value={filters.startMonth}
          onChange={(v) => change({ startMonth: v })}
        />
        <YearSelect
          label={t('payment.startYear')}
          clearable
          value={filters.startYear}
          onChange={(v) => change({ startYear: v })}
        />
        <MonthSelect
          label={t('payment.endMonth')}
          clearable
          value={filters.endMonth}
          onChange={(v) => change({ endMonth: v })}
        />
        <YearSelect
          label={t('payment.endYear')}
          clearable
          value={filters.endYear}
          onChange={(v) => change({ endYear: v })}
        />
        <ColonyCustomerFilters
          customerLabel={t('payment.customerName')}
          colony={filters.colony}
          customer={filters.customer}
          onChange={change}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('payment.paymentStatus')}
        value={filter.paymentStatus}
        onChange={(v) => change({ status: v })}
        mb="md"
      >
        <Group mt={4}>
          <Radio value="all" label={t('payment.statusAll')} />
          <Radio value="paid" label={t('payment.statusPaid')} />
          <Radio value="unpaid" label={t('payment.statusUnpaid')} />
        </Group>
      </Radio.Group>
      <DataTable
        query={details}
        rows={rows}
        rowKey={(row) => row.paymentId}
        columns={columns}
        caption={<Text mb="xs">{t('payment.totalRecords', { total: details.data?.totalCount ?? 0 })}</Text>}
        // The spec's span, though the table has 8 columns.
        empty={translateKnown(paymentTexts.noRecords)}
        emptySpan={6}
        selection={{
          state: selection,
          label: (row) => `Select ${row.customerName} ${monthName(row.paymentMonth)} ${row.paymentYear}`,
        }}
        minWidth={800}
        paging={{ ...paging(details.data?.totalPages), always: true }}
      />
    </PageCard>
  );
}
