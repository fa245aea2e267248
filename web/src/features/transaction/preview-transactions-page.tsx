import {
  formatDate,
  type PausedOnDate,
  type PlannedTransaction,
  quantityWithUnit,
  rupeeText,
  TRANSACTION_PREVIEW_PAGE_SIZE,
  transactionTexts,
} from '@dairy/contract';
import { SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { useBusinessToday, useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import type { ExportColumn } from '../../lib/export-list';
import { translateKnown } from '../../lib/i18n';
import { useListFilters } from '../../lib/url-state';
import { allPlanned, usePreview } from './api';

export function PreviewTransactionsPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const today = useBusinessToday();
  const { filters, page, change, paging } = useListFilters({ date: today, colony: null });
  // A cleared date previews today, as the server does without one.
  const startDate = filters.date ?? today;
  const preview = usePreview(filters.colony, startDate, page);
  const rows = preview.data?.data ?? [];

  const columns: Column<PlannedTransaction>[] = [
    { header: '#', cell: (_r, i) => (page - 1) * TRANSACTION_PREVIEW_PAGE_SIZE + i + 1 },
    { header: t('transaction.customerName'), cell: (r) => r.customerName },
    { header: t('transaction.colony'), cell: (r) => r.colonyName },
    { header: label(t('transaction.productName')), cell: (r) => r.productName },
    { header: t('records.days'), cell: (r) => daysText(r.combinationDays) },
    { header: t('common.date'), cell: (r) => formatDate(r.transactionDate) },
    { header: t('transaction.qty'), cell: (r) => quantityWithUnit(r.quantity, r.unit) },
    { header: t('transaction.price'), cell: (r) => rupeeText(r.price) },
  ];
  const exportColumns: ExportColumn<PlannedTransaction>[] = [
    { header: 'Route', number: (r) => r.route },
    { header: 'Customer Name', text: (r) => r.customerName },
    { header: 'Colony', text: (r) => r.colonyName },
    { header: label('{product} Name'), text: (r) => r.productName },
    { header: 'Days', text: (r) => r.combinationDays },
    { header: 'Date', date: (r) => r.transactionDate },
    { header: 'Qty', quantity: (r) => r.quantity },
    { header: 'Unit', text: (r) => r.unit },
    { header: 'Price', money: (r) => r.price },
  ];

  return (
    <PageCard
      title={t('transaction.previewTitle')}
      exportList={{
        screen: 'Preview Transactions',
        disabled: !filters.colony,
        filters: { colony: filters.colony, from: startDate },
        columns: exportColumns,
        rows: () => allPlanned(filters.colony ?? '', startDate),
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md" maw={720}>
        <DateField
          clearable
          label={t('transaction.startDate')}
          value={filters.date}
          onChange={(date) => change({ date })}
        />
        <ColonySelect activeOnly value={filters.colony} onChange={(colony) => change({ colony })} />
      </SimpleGrid>
      {!filters.colony ? (
        <Text>{translateKnown(transactionTexts.previewEmpty)}</Text>
      ) : (
        <>
          <DataTable
            query={preview}
            rows={rows}
            rowKey={(r) => `${r.customerId}-${r.productId}`}
            columns={columns}
            empty={translateKnown(transactionTexts.previewEmpty)}
            paging={paging(preview.data?.totalPages)}
          />
          {preview.data && preview.data.paused.length > 0 && <PausedList paused={preview.data.paused} />}
        </>
      )}
    </PageCard>
  );
}

/** Who a pause keeps out of the previewed day, of what, and why (docs/rules.md section 12). */
function PausedList({ paused }: { paused: PausedOnDate[] }) {
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="paused-title">
      <Title order={4} id="paused-title" mt="lg" mb="xs">
        {translateKnown(transactionTexts.pausedTitle)}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-labelledby="paused-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transaction.customerName')}</Table.Th>
              <Table.Th>{label('{product}')}</Table.Th>
              <Table.Th>{t('transaction.reason')}</Table.Th>
              <Table.Th>{t('transaction.from')}</Table.Th>
              <Table.Th>{t('transaction.to')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paused.map((p) => (
              <Table.Tr key={p.changeId}>
                <Table.Td>{p.customerName}</Table.Td>
                <Table.Td>{p.productName ?? t('transaction.allProducts')}</Table.Td>
                <Table.Td>{p.reason ?? '-'}</Table.Td>
                <Table.Td>{formatDate(p.fromDate)}</Table.Td>
                <Table.Td>{p.toDate ? formatDate(p.toDate) : t('transaction.untilFurther')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
