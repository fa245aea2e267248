import { type DailyReportRow, quantityWithUnit, reportTexts } from '@dairy/contract';
import { Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { translateKnown } from '../../lib/i18n';
import { useUrlState } from '../../lib/url-state';
import { useDailyReport } from './api';

/**
 * Daily Consumptions: per colony and product, the deliveries of the date and what they delivered
 * (docs/rules.md section 23); with no colony chosen, every colony (section 8).
 */
export function DailyConsumptionsPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const today = useBusinessToday();
  const [filters, setFilters] = useUrlState({ colony: null, date: today });
  const { colony, date } = filters;
  const report = useDailyReport(colony, date);
  const rows = report.data?.report ?? [];
  const exportColumns: ExportColumn<DailyReportRow>[] = [
    { header: 'Colony Name', text: (r) => r.colonyName },
    { header: label('{product} Name'), text: (r) => r.productName },
    { header: 'Total Consumptions', number: (r) => r.transactionCount },
    { header: 'Quantity', quantity: (r) => r.quantity },
    { header: 'Unit', text: (r) => r.unit },
  ];
  return (
    <PageCard
      title={t('report.dailyTitle')}
      exportList={{
        screen: 'Daily Consumptions',
        disabled: !report.data,
        filters,
        columns: exportColumns,
        rows: async () => rows,
      }}
    >
      <Group align="flex-end" mb="md">
        <ColonySelect
          label={t('report.colonyName')}
          placeholder={t('report.allColonies')}
          value={colony}
          onChange={(value) => setFilters({ colony: value })}
          w={260}
        />
        <DateField
          clearable
          label={t('common.date')}
          value={date}
          onChange={(next) => setFilters({ date: next })}
          w={200}
        />
      </Group>
      {/* Until a date is chosen the query waits: that is not loading. */}
      <QueryState query={{ ...report, isPending: report.isLoading }}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.colonyName')}</Table.Th>
              <Table.Th>{label(t('report.productName'))}</Table.Th>
              <Table.Th>{t('report.totalConsumptions')}</Table.Th>
              <Table.Th>{t('report.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.colonyCode}/${r.productCode}`}>
                <Table.Td>{r.colonyName}</Table.Td>
                <Table.Td>{r.productName}</Table.Td>
                <Table.Td>{r.transactionCount}</Table.Td>
                <Table.Td>{quantityWithUnit(r.quantity, r.unit)}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>{translateKnown(reportTexts.noDailyData)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </QueryState>
    </PageCard>
  );
}
