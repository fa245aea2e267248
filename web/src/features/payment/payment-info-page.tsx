import { type PaymentRow, paymentTexts, quantityWithUnit, rupeeText } from '@dairy/contract';
import { Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BillButton, PrintAllBillsButton, WhatsAppButton } from '../../components/bills/bill-actions';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect, MonthSelect, YearSelect } from '../../components/pickers';
import { useRowSelection } from '../../components/use-row-selection';
import { useCurrentPeriod, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { linesText } from '../../lib/format';
import { translateKnown } from '../../lib/i18n';
import { useListFilters } from '../../lib/url-state';
import { allPayments, usePaymentList, usePaymentTotals } from './api';
import { useBulkDelete } from './bulk-delete';

/** Payment Information (/payments/info and /payments): a colony's bills of one month. */
export function PaymentInfoPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const current = useCurrentPeriod();
  const selection = useRowSelection<number>();
  const { filters, page, change, paging } = useListFilters(
    { colony: null, month: String(current.month), year: String(current.year) },
    selection.clear,
  );
  const { colony, month, year } = filters;
  const filter = colony && month && year ? { colonyCode: colony, month: Number(month), year: Number(year) } : null;
  const list = usePaymentList(filter, page);
  const totals = usePaymentTotals(filter).data;
  const rows = list.data?.rows ?? [];
  /** A total row's figure: the sum over every bill of the month, not only this page's. */
  const total = (figure: (sums: NonNullable<typeof totals>) => number) => (totals ? rupeeText(figure(totals)) : '');
  const bulk = useBulkDelete(selection);
  const changeFilter = (key: 'colony' | 'month' | 'year') => (value: string | null) => change({ [key]: value });

  const deleteOne = (row: PaymentRow) =>
    confirmAction(t('payment.confirmDelete', { name: row.customerName }), async () => {
      try {
        await bulk.remove.mutateAsync([row.paymentId]);
        notify.success(paymentTexts.deleted);
        selection.remove([row.paymentId]);
      } catch (error) {
        notify.failure(error, paymentTexts.deleteFailed, () => paymentTexts.deleteError);
      }
    });

  const deleteSelected = () =>
    confirmAction(t('payment.confirmDeleteSelected', { selected: selection.count }), bulk.deleteSelected);

  const columns: Column<PaymentRow>[] = [
    { header: '#', cell: (_row, i) => (page - 1) * (list.data?.limit ?? 0) + i + 1, footer: '' },
    {
      header: t('payment.customerName'),
      cell: (row) => row.customerName,
      footer: totals && t('payment.totalBills', { count: totals.bills }),
    },
    {
      header: t('payment.previousDueColumn'),
      cell: (row) => rupeeText(row.previousDue),
      footer: total((sums) => sums.previousDue),
    },
    {
      header: label(t('payment.productCharge')),
      cell: (row) => rupeeText(row.productCharge),
      footer: total((sums) => sums.productCharge),
    },
    {
      header: t('payment.serviceCharge'),
      cell: (row) => rupeeText(row.charges),
      footer: total((sums) => sums.charges),
    },
    { header: label(t('payment.products')), cell: (row) => <ProductTable row={row} /> },
    { header: t('payment.paid'), cell: (row) => rupeeText(row.paid), footer: total((sums) => sums.paid) },
    { header: t('common.balance'), cell: (row) => rupeeText(row.balance), footer: total((sums) => sums.balance) },
    {
      header: t('records.action'),
      cell: (row) => {
        const bill = {
          customerId: row.customerId,
          customerName: row.customerName,
          month: row.paymentMonth,
          year: row.paymentYear,
        };
        return (
          <Group gap={4}>
            <BillButton bill={bill} />
            <WhatsAppButton bill={bill} contactNumber={row.customer.contactNumber} />
          </Group>
        );
      },
    },
    {
      // Apart from Bill and WhatsApp: deleting a bill is the exception, and it asks first.
      header: '',
      key: 'delete',
      cell: (row) => (
        // Quiet on a read screen: deleting a bill is the exception, and it asks first.
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={() => deleteOne(row)}
          aria-label={`Delete ${row.customerName}'s bill`}
        >
          {translateKnown(paymentTexts.deleteBill)}
        </Button>
      ),
    },
  ];

  const exportColumns: ExportColumn<PaymentRow>[] = [
    { header: 'Route', number: (row) => row.customer.route },
    { header: 'Customer Name', text: (row) => row.customerName },
    { header: 'previous Due', money: (row) => row.previousDue },
    { header: label('{product} Charge'), money: (row) => row.productCharge },
    { header: 'Service Charge', money: (row) => row.charges },
    { header: label('{product}s'), text: (row) => linesText(row.paymentProducts) },
    { header: 'Paid', money: (row) => row.paid },
    { header: 'Balance', money: (row) => row.balance },
  ];

  return (
    <PageCard
      title={t('payment.infoTitle')}
      exportList={{
        screen: 'Payment Information',
        disabled: !filter,
        filters: { colony, month, year },
        columns: exportColumns,
        rows: () => allPayments(filter!),
      }}
      actions={
        <Group gap="xs">
          {filter && rows.length > 0 && <PrintAllBillsButton {...filter} />}
          {selection.count > 0 && (
            <Button color="red" onClick={deleteSelected}>
              {t('payment.deleteSelected', { selected: selection.count })}
            </Button>
          )}
        </Group>
      }
    >
      <Group align="end" mb="md" wrap="wrap">
        <ColonySelect value={colony} onChange={changeFilter('colony')} />
        <MonthSelect value={month} onChange={changeFilter('month')} />
        <YearSelect value={year} onChange={changeFilter('year')} />
      </Group>
      {!filter ? (
        <Text>{translateKnown(paymentTexts.selectFilters)}</Text>
      ) : (
        <DataTable
          query={list}
          rows={rows}
          rowKey={(row) => row.paymentId}
          columns={columns}
          empty={translateKnown(paymentTexts.noPayments)}
          selection={{ state: selection, label: (row) => `Select ${row.customerName}` }}
          minWidth={1100}
          tableProps={{ verticalSpacing: 'xs' }}
          paging={paging(list.data?.totalPages)}
        />
      )}
    </PageCard>
  );
}

/**
 * A bill's lines. Every row's table has the same fixed columns, so names, prices, quantities, days
 * and amounts line up from one customer to the next however long a product's name is.
 */
function ProductTable({ row }: { row: PaymentRow }) {
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <Table layout="fixed" withRowBorders={false} fz="sm" aria-label={`${label('{product}s')} of ${row.customerName}`}>
      <colgroup>
        <col style={{ width: '34%' }} />
        <col style={{ width: '18%' }} />
        <col style={{ width: '18%' }} />
        <col style={{ width: '12%' }} />
        <col style={{ width: '18%' }} />
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label(t('payment.productName'))}</Table.Th>
          <Table.Th>{t('payment.price')}</Table.Th>
          <Table.Th>{t('payment.qty')}</Table.Th>
          <Table.Th>{t('records.days')}</Table.Th>
          <Table.Th>{t('common.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {row.paymentProducts.map((l) => (
          <Table.Tr key={`${l.productCode}-${l.price}`}>
            <Table.Td>{l.productName}</Table.Td>
            <Table.Td>{rupeeText(l.price)}</Table.Td>
            <Table.Td>{quantityWithUnit(l.quantity, l.unit)}</Table.Td>
            <Table.Td>{l.attendance}</Table.Td>
            <Table.Td>{rupeeText(l.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
