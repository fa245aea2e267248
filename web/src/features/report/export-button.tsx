import { reportTexts } from '@dairy/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';

/** 'Export to PDF': runs the export (which loads the PDF code on first use) and reports a failure. */
export function ExportButton({ onExport }: { onExport: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      notify.failure(error, reportTexts.exportFailed, (m) => `${reportTexts.exportFailed} ${m}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={run} loading={busy}>
      {t('report.exportPdf')}
    </Button>
  );
}
