import { reportTexts } from '@dairy/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { translateKnown } from '../../lib/i18n';
import { prefetchPdf } from '../../lib/prefetch-pdf';

/**
 * 'Export to PDF': runs the export (which loads the PDF code on first use) and reports a failure;
 * `load` starts loading that code when a person points at or focuses the button.
 */
export function ExportButton({ onExport, load }: { onExport: () => Promise<void>; load: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      notify.failure(error, reportTexts.exportFailed, (m) => `${translateKnown(reportTexts.exportFailed)} ${m}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={run} loading={busy} {...prefetchPdf(load)}>
      {t('report.exportPdf')}
    </Button>
  );
}
