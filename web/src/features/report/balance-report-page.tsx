import type { NoTransactionRecord } from '@dairy/contract';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { linesText, titleCase } from '../../lib/format';
import { useUrlState } from '../../lib/url-state';
import { useNoBalanceReport } from './api';
import { ExportButton } from './export-button';
import { NoTransactionTable } from './no-transaction-table';
import { useColonyName } from './period-filters';
import { lastTransactionText } from './report-format';

const loadPdf = () => import('./pdf/report-pdfs');

export function BalanceReportPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const today = useBusinessToday();
  const [filters, setFilters] = useUrlState({ colony: null });
  const { colony } = filters;
  const colonyName = useColonyName(colony);
  const report = useNoBalanceReport(colony);
  const records = report.data?.data ?? [];
  const exportPdf = async () => {
    const { exportBalancePdf } = await loadPdf();
    await exportBalancePdf(colonyName, records, { productLabel: label('{product}'), printedOn: today });
  };
  const exportColumns: ExportColumn<NoTransactionRecord>[] = [
    { header: 'Route', number: (r) => r.customer.route },
    { header: 'Customer Name', text: (r) => titleCase(r.customer.customerName) },
    { header: 'Contact Number', text: (r) => r.customer.contactNumber },
    { header: 'Total Due', money: (r) => r.totalDue },
    { header: label('{product} Name'), text: (r) => linesText(r.paymentProducts) },
    { header: 'Last Transaction', text: lastTransactionText },
  ];
  return (
    <PageCard
      title={t('report.balanceTitle')}
      exportList={{
        screen: 'Customer Having No Transactions',
        disabled: !colony || !report.data,
        filters,
        columns: exportColumns,
        rows: async () => records,
      }}
      actions={records.length > 0 ? <ExportButton onExport={exportPdf} load={loadPdf} /> : null}
    >
      <ColonySelect value={colony} onChange={(value) => setFilters({ colony: value })} mb="md" maw={320} />
      {colony && (
        <QueryState query={report}>
          <NoTransactionTable records={records} />
        </QueryState>
      )}
    </PageCard>
  );
}
