import { type PlannedTransaction, TRANSACTION_PREVIEW_PAGE_SIZE, transactionTexts } from '@dairy/contract';
import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { type Column, DataTable } from '../../components/data-table';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { useBusinessToday, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { formatDate, formatMoney } from '../../lib/format';
import { useListFilters } from '../../lib/url-state';
import { allPlanned, usePreview } from './api';

export function PreviewTransactionsPage() {
  const label = useLabel();
  const today = useBusinessToday();
  const { filters, page, change, paging } = useListFilters({ date: today, colony: null });
  // A cleared date previews today, as the server does without one.
  const startDate = filters.date ?? today;
  const preview = usePreview(filters.colony, startDate, page);
  const rows = preview.data?.data ?? [];

  const columns: Column<PlannedTransaction>[] = [
    { header: '#', cell: (_r, i) => (page - 1) * TRANSACTION_PREVIEW_PAGE_SIZE + i + 1 },
    { header: 'Customer Name', cell: (r) => r.customerName },
    { header: 'Colony', cell: (r) => r.colonyName },
    { header: label('{product} Name'), cell: (r) => r.productName },
    { header: 'Days', cell: (r) => r.combinationDays },
    { header: 'Date', cell: (r) => formatDate(r.transactionDate) },
    { header: 'Price', cell: (r) => formatMoney(r.price) },
  ];
  const exportColumns: ExportColumn<PlannedTransaction>[] = [
    { header: 'Route', number: (r) => r.route },
    { header: 'Customer Name', text: (r) => r.customerName },
    { header: 'Colony', text: (r) => r.colonyName },
    { header: label('{product} Name'), text: (r) => r.productName },
    { header: 'Days', text: (r) => r.combinationDays },
    { header: 'Date', date: (r) => r.transactionDate },
    { header: 'Price', money: (r) => r.price },
  ];

  return (
    <PageCard
      title="Preview Transactions"
      exportList={{
        disabled: !filters.colony,
        filters: { colony: filters.colony, from: startDate },
        columns: exportColumns,
        rows: () => allPlanned(filters.colony ?? '', startDate),
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md" maw={720}>
        <TextInput
          type="date"
          label="Start Date"
          value={filters.date ?? ''}
          onChange={(e) => change({ date: e.currentTarget.value || null })}
        />
        <ColonySelect activeOnly value={filters.colony} onChange={(colony) => change({ colony })} />
      </SimpleGrid>
      {!filters.colony ? (
        <Text>{transactionTexts.previewEmpty}</Text>
      ) : (
        <DataTable
          query={preview}
          rows={rows}
          rowKey={(r) => `${r.customerId}-${r.productId}`}
          columns={columns}
          empty={transactionTexts.previewEmpty}
          paging={paging(preview.data?.totalPages)}
        />
      )}
    </PageCard>
  );
}
