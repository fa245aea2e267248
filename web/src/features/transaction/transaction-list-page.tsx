import {
  formatDate,
  quantityWithUnit,
  rupeeText,
  TRANSACTION_PAGE_SIZE,
  type TransactionRow,
  transactionTexts,
} from '@dairy/contract';
import { Button, Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonyCustomerFilters, ProductFilter } from '../../components/pickers';
import { useRowSelection } from '../../components/use-row-selection';
import { useBusinessToday, useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { type ExportColumn, yesNo } from '../../lib/export-list';
import { i18n } from '../../lib/i18n';
import { link, paths } from '../../lib/paths';
import { useListFilters } from '../../lib/url-state';
import {
  allTransactions,
  useBulkDeleteTransactions,
  useDeleteTransaction,
  useToggleAttendance,
  useTransactionFormData,
  useTransactionList,
} from './api';

/** All Transactions opened on one colony and date (where Generate Transactions sends a person). */
export const listOfColonyOn = (colony: string, date: string) =>
  `${paths.transactions}?${new URLSearchParams({ colony, date })}`;

/** The row's words for its check boxes: customer, product and date. */
const rowName = (r: TransactionRow) =>
  `${r.customer.customerName} ${r.product.productName} ${formatDate(r.transactionDate)}`;

/** A row's days in the language shown; 'N/A' when its combination is gone. */
const combinationOf = (r: TransactionRow) =>
  r.combination ? daysText(r.combination.combinationDays) : i18n.t('transaction.noCombination');

export function TransactionListPage() {
  const label = useLabel();
  const { t } = useTranslation();
  // A month (`YYYY-MM`) and a date exclude each other; the date starts at today.
  const selection = useRowSelection<number>();
  const { filters, page, change, paging } = useListFilters(
    { colony: null, customer: null, product: null, month: null, date: useBusinessToday() },
    selection.clear,
  );
  const formData = useTransactionFormData();

  // The spec loads the list only for a colony or a product together with a date or a month.
  const ready = Boolean((filters.colony || filters.product) && (filters.date || filters.month));
  const query = {
    limit: TRANSACTION_PAGE_SIZE,
    offset: page,
    colonyCode: filters.colony ?? undefined,
    customerId: filters.customer ? Number(filters.customer) : undefined,
    productName: filters.product ?? undefined,
    date: filters.date ?? undefined,
    monthyr: filters.month ?? undefined,
  };
  const list = useTransactionList(query, ready);
  const rows = list.data?.response ?? [];

  const toggleAttendance = useToggleAttendance();
  const deleteOne = useDeleteTransaction();
  const bulkDelete = useBulkDeleteTransactions();

  const act = (action: 'update' | 'delete', row: TransactionRow) =>
    confirmAction(t(action === 'delete' ? 'transaction.confirmDelete' : 'transaction.confirmUpdate'), async () => {
      try {
        if (action === 'delete') {
          await deleteOne.mutateAsync(row.transactionId);
          selection.remove([row.transactionId]);
          notify.success(transactionTexts.deleted);
        } else {
          await toggleAttendance.mutateAsync(row.transactionId);
          notify.success(transactionTexts.attendanceUpdated);
        }
      } catch (error) {
        notify.failure(error, transactionTexts.actionFailed);
      }
    });

  const deleteSelected = () =>
    confirmAction(t('transaction.confirmDeleteAll', { selected: selection.count }), async () => {
      try {
        await bulkDelete.mutateAsync([...selection.selected]);
        notify.success(t('transaction.bulkDeleted'));
        selection.clear();
      } catch (error) {
        notify.failure(error, t('transaction.bulkDeleteFailed'), (message) =>
          t('transaction.bulkDeleteError', { message }),
        );
      }
    });

  const productOptions = [...new Set((formData.data?.data.products ?? []).map((p) => p.productName))];

  const columns: Column<TransactionRow>[] = [
    { header: '#', cell: (_r, i) => (page - 1) * TRANSACTION_PAGE_SIZE + i + 1 },
    {
      header: t('transaction.customerName'),
      cell: (r) => (
        <Link to={link(paths.updateTransaction, { id: String(r.transactionId) })}>{r.customer.customerName}</Link>
      ),
    },
    { header: label(t('transaction.productName')), cell: (r) => r.product.productName },
    { header: t('transaction.qty'), cell: (r) => quantityWithUnit(r.quantity, r.product.unit) },
    { header: t('transaction.colony'), cell: (r) => r.customer.colony.colonyName },
    { header: t('transaction.combination'), cell: (r) => combinationOf(r) },
    { header: t('transaction.price'), cell: (r) => rupeeText(r.price) },
    { header: t('transaction.transactionDate'), cell: (r) => formatDate(r.transactionDate) },
    {
      header: t('transaction.attendance'),
      cell: (r) => (
        <Checkbox
          aria-label={`Attendance of ${rowName(r)}`}
          checked={r.attendance === 1}
          onChange={() => act('update', r)}
        />
      ),
    },
    {
      header: t('records.delete'),
      cell: (r) => (
        <Button size="xs" color="red" variant="light" onClick={() => act('delete', r)}>
          {t('records.delete')}
        </Button>
      ),
    },
  ];

  const exportColumns: ExportColumn<TransactionRow>[] = [
    { header: 'Route', number: (r) => r.customer.route },
    { header: 'Customer Name', text: (r) => r.customer.customerName },
    { header: label('{product} Name'), text: (r) => r.product.productName },
    { header: 'Qty', quantity: (r) => r.quantity },
    { header: 'Unit', text: (r) => r.product.unit },
    { header: 'Colony', text: (r) => r.customer.colony.colonyName },
    { header: 'Combination', text: (r) => r.combination?.combinationDays ?? 'N/A' },
    { header: 'Price', money: (r) => r.price },
    { header: 'Transaction Date', date: (r) => r.transactionDate },
    { header: 'Attendance', text: (r) => yesNo(r.attendance) },
  ];

  return (
    <PageCard
      title={t('transaction.listTitle')}
      exportList={{
        screen: 'All Transactions',
        disabled: !ready,
        filters: { ...filters, page: null },
        columns: exportColumns,
        rows: () => allTransactions(query),
      }}
      actions={
        <Group gap="xs">
          {selection.count > 0 && (
            <Button color="red" onClick={deleteSelected}>
              {t('transaction.deleteSelected', { selected: selection.count })}
            </Button>
          )}
          <Button component={Link} to={paths.singleTransaction} variant="light">
            {t('transaction.singleTitle')}
          </Button>
          <Button component={Link} to={paths.generateTransactions}>
            {t('transaction.generateTitle')}
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} mb="md">
        <ColonyCustomerFilters colony={filters.colony} customer={filters.customer} onChange={change} />
        <ProductFilter data={productOptions} value={filters.product} onChange={(product) => change({ product })} />
        <TextInput
          type="month"
          label={t('transaction.monthYear')}
          value={filters.month ?? ''}
          onChange={(e) => change({ month: e.currentTarget.value || null, date: null })}
        />
        <DateField
          clearable
          label={t('common.date')}
          value={filters.date}
          onChange={(date) => change({ date, month: null })}
        />
      </SimpleGrid>

      {!ready ? (
        <Text c="dimmed">{label(t('transaction.pickFirst'))}</Text>
      ) : (
        <DataTable
          query={list}
          rows={rows}
          rowKey={(r) => r.transactionId}
          columns={columns}
          empty={t('transaction.empty')}
          selection={{ state: selection, label: (r) => `Select ${rowName(r)}` }}
          minWidth={900}
          caption={
            <Text size="sm" mb="xs">
              {t('transaction.totalRecords', { total: list.data?.total ?? 0 })}
            </Text>
          }
          paging={{ ...paging(list.data?.totalPages), collapse: true }}
        />
      )}
    </PageCard>
  );
}
