import { useState } from 'react';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import { useNoBalanceReport } from './api';
import { ExportButton } from './export-button';
import { NoTransactionTable } from './no-transaction-table';
import { useColonyName } from './period-filters';

export function BalanceReportPage() {
  const label = useLabel();
  const today = useBusinessToday();
  const [colony, setColony] = useState<string | null>(null);
  const colonyName = useColonyName(colony);
  const report = useNoBalanceReport(colony);
  const records = report.data?.data ?? [];
  const exportPdf = async () => {
    const { exportBalancePdf } = await import('./pdf/report-pdfs');
    await exportBalancePdf(colonyName, records, { productLabel: label('{product}'), printedOn: today });
  };
  return (
    <PageCard
      title="Customer Having No Transactions"
      actions={records.length > 0 ? <ExportButton onExport={exportPdf} /> : null}
    >
      <ColonySelect value={colony} onChange={setColony} mb="md" maw={320} />
      {colony && (
        <QueryState query={report}>
          <NoTransactionTable records={records} />
        </QueryState>
      )}
    </PageCard>
  );
}
