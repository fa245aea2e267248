import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../lib/download';
import type { ExportFormat } from '../lib/export-file';
import type { ExportList } from '../lib/export-list';
import { notify } from './notify';

const EXPORT_FAILED = 'Unable to export the list.';

/** A screen's export: the file is named after the screen's title unless `screen` says otherwise. */
export type ScreenExport<R> = Omit<ExportList<R>, 'screen'> & { screen?: string; disabled?: boolean };

/**
 * 'Export' with 'CSV' and 'XLSX': the screen's whole filtered list (every page) as a file. The
 * code that makes files loads on the first export, so the screens stay small.
 */
export function ExportMenu<R>({ list, disabled = false }: { list: ExportList<R>; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const { exportFile } = await import('../lib/export-file');
      const { name, blob } = await exportFile(list, format);
      download(name, blob);
    } catch (error) {
      notify.failure(error, EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" disabled={disabled || busy}>
      <Menu.Target>
        <Button variant="default" loading={busy} disabled={disabled}>
          {t('list.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>XLSX</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
