import { type MonthlyPaymentRecord, reportTexts, rupeeText } from '@dairy/contract';
import { Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { linesText, titleCase } from '../../lib/format';
import { monthName as shownMonthName, translateKnown } from '../../lib/i18n';
import { useMonthlyReport } from './api';
import { ExportButton } from './export-button';
import { LineList } from './line-list';
import { usePeriodFilters } from './period-filters';
import { monthlySummaryText } from './report-format';
import { useSummaryWords } from './screen-texts';

const loadPdf = () => import('./pdf/report-pdfs');

export function MonthlyReportPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const summaryWords = useSummaryWords();
  const productLabel = label('{product}');
  const today = useBusinessToday();
  const { colony, colonyName, period, ready, filters } = usePeriodFilters();
  const report = useMonthlyReport(colony, period);
  const records = report.data?.data ?? [];
  const title =
    ready && period
      ? t('report.periodTitle', { colony: colonyName, month: shownMonthName(period.month), year: period.year })
      : t('report.monthlyTitle');
  const exportPdf = async () => {
    if (!period || !report.data) return;
    const { exportMonthlyPdf } = await loadPdf();
    await exportMonthlyPdf({ colony: colonyName, month: period.month, year: period.year }, report.data, {
      productLabel,
      printedOn: today,
    });
  };
  const exportColumns: ExportColumn<MonthlyPaymentRecord>[] = [
    { header: 'Route', number: (r) => r.customer.route },
    { header: 'Customer Name', text: (r) => titleCase(r.customer.customerName) },
    { header: 'Contact Number', text: (r) => r.customer.contactNumber },
    { header: 'Amount', money: (r) => r.productCharge },
    { header: productLabel, text: (r) => linesText(r.paymentProducts) },
    { header: 'Previous Due', money: (r) => r.previousDue },
    { header: 'Paid', money: (r) => r.paid },
    { header: 'Service Charge', money: (r) => r.charges },
    { header: 'Balance', money: (r) => r.balance },
  ];
  return (
    <PageCard
      title={title}
      exportList={{
        screen: 'Monthly Payment Info',
        disabled: !ready || !report.data,
        filters: { colony, month: period?.month, year: period?.year },
        columns: exportColumns,
        rows: async () => records,
      }}
      actions={ready && records.length > 0 ? <ExportButton onExport={exportPdf} load={loadPdf} /> : null}
    >
      {filters}
      {!ready ? (
        <Text>{translateKnown(reportTexts.selectFilters)}</Text>
      ) : (
        <QueryState query={report}>
          <Table.ScrollContainer minWidth={800}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.route')}</Table.Th>
                  <Table.Th>{t('report.customerName')}</Table.Th>
                  <Table.Th>{t('report.contactNumber')}</Table.Th>
                  <Table.Th>{t('common.amount')}</Table.Th>
                  <Table.Th>{label('{product}')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((r) => (
                  <Fragment key={r.paymentId}>
                    <Table.Tr>
                      <Table.Td>{r.customer.route}</Table.Td>
                      <Table.Td>{titleCase(r.customer.customerName)}</Table.Td>
                      <Table.Td>{r.customer.contactNumber}</Table.Td>
                      <Table.Td>{rupeeText(r.productCharge)}</Table.Td>
                      <Table.Td>
                        <LineList lines={r.paymentProducts} />
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr bg="gray.0">
                      <Table.Td colSpan={5} fw={600}>
                        {monthlySummaryText(r, productLabel, summaryWords)}
                      </Table.Td>
                    </Table.Tr>
                  </Fragment>
                ))}
                {records.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>{translateKnown(reportTexts.noData)}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
      )}
    </PageCard>
  );
}
