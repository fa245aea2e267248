import { type BackupFile, backupTexts } from '@dairy/contract';
import { Button, Code, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { useAppConfig } from '../../lib/config';
import { formatInstant } from '../../lib/format';
import { translateKnown } from '../../lib/i18n';
import { downloadUrl, useBackUpNow, useBackups } from './api';

/** 12.3 KB, 4.5 MB. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The Backups screen (docs/rules.md section 16): the backup files, 'Back up now' and downloads. */
export function BackupsPage() {
  const list = useBackups();
  const backUp = useBackUpNow();
  const { timeZone } = useAppConfig();
  const { t } = useTranslation();

  const backUpNow = async () => {
    try {
      const answer = await backUp.mutateAsync();
      notify.success(`${translateKnown(answer.msg)} ${answer.backup.name}`);
    } catch (error) {
      notify.failure(error, backupTexts.failed);
    }
  };

  const columns: Column<BackupFile>[] = [
    { header: t('backup.name'), cell: (b) => b.name },
    { header: t('backup.size'), cell: (b) => formatSize(b.size) },
    { header: t('backup.createdAt'), cell: (b) => formatInstant(b.createdAt, timeZone) },
    {
      header: t('backup.action'),
      cell: (b) => (
        <Button component="a" href={downloadUrl(b.name)} download={b.name} size="xs" variant="light">
          {t('backup.download')}
        </Button>
      ),
    },
  ];

  const schedule = list.data?.schedule;
  return (
    <PageCard title={t('backup.title')}>
      {schedule && (
        <Text size="sm" mb="xs">
          {schedule.at ? (
            t('backup.schedule', { at: schedule.at, timeZone: schedule.timeZone, keep: schedule.keep })
          ) : (
            <Trans i18nKey="backup.off" components={{ code: <Code /> }} />
          )}
        </Text>
      )}
      <Text size="sm" c="dimmed" mb="md">
        <Trans i18nKey="backup.restore" components={{ code: <Code /> }} />
      </Text>
      {/* Left, not at the card's top right: the toast it raises would cover it there. */}
      <Button onClick={backUpNow} loading={backUp.isPending} mb="md">
        {t('backup.backUpNow')}
      </Button>
      <DataTable
        query={list}
        failure={backupTexts.loadFailed}
        rows={list.data?.rows ?? []}
        rowKey={(b) => b.name}
        columns={columns}
        empty={t('backup.empty')}
        minWidth={600}
      />
    </PageCard>
  );
}
