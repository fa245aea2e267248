import { type BackupFile, backupTexts } from '@dairy/contract';
import { Button, Code, Text } from '@mantine/core';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { useAppConfig } from '../../lib/config';
import { formatInstant } from '../../lib/format';
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

  const backUpNow = async () => {
    try {
      const answer = await backUp.mutateAsync();
      notify.success(`${answer.msg} ${answer.backup.name}`);
    } catch (error) {
      notify.failure(error, backupTexts.failed);
    }
  };

  const columns: Column<BackupFile>[] = [
    { header: 'Name', cell: (b) => b.name },
    { header: 'Size', cell: (b) => formatSize(b.size) },
    { header: 'Created At', cell: (b) => formatInstant(b.createdAt, timeZone) },
    {
      header: 'Action',
      cell: (b) => (
        <Button component="a" href={downloadUrl(b.name)} download={b.name} size="xs" variant="light">
          Download
        </Button>
      ),
    },
  ];

  const schedule = list.data?.schedule;
  return (
    <PageCard title="Backups">
      {schedule && (
        <Text size="sm" mb="xs">
          {schedule.at
            ? `A backup is taken every day at ${schedule.at} (${schedule.timeZone}); the newest ${schedule.keep} are kept.`
            : 'Automatic backups are off (BACKUP_AT=off).'}
        </Text>
      )}
      <Text size="sm" c="dimmed" mb="md">
        A backup file restores into a new, empty database, on this computer or a PostgreSQL server, with{' '}
        <Code>npm run restore -- FILE</Code>.
      </Text>
      {/* Left, not at the card's top right: the toast it raises would cover it there. */}
      <Button onClick={backUpNow} loading={backUp.isPending} mb="md">
        Back up now
      </Button>
      <DataTable
        query={list}
        failure={backupTexts.loadFailed}
        rows={list.data?.rows ?? []}
        rowKey={(b) => b.name}
        columns={columns}
        empty="No backups yet"
        minWidth={600}
      />
    </PageCard>
  );
}
