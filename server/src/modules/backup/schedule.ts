import { Cron } from 'croner';
import type { Db } from '../../db/client';
import { type BackupSettings, backupDue, takeBackup } from './backup.service';

export interface BackupSchedule {
  /** The daily job; undefined when automatic backups are off (BACKUP_AT=off). */
  job: Cron | undefined;
  /** Settles once the backup at start (when one was due) is done. */
  started: Promise<void>;
  stop(): void;
}

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

/**
 * Automatic backups (docs/rules.md section 16): every day at `backupAt` in BUSINESS_TZ, and at start
 * when the newest backup is older than a day. A failed backup is logged; the server goes on.
 */
export function startBackupSchedule(
  db: Db,
  settings: BackupSettings & { backupAt: string | undefined },
  log: Log,
): BackupSchedule {
  if (!settings.backupAt) return { job: undefined, started: Promise.resolve(), stop() {} };
  const run = async (when: string) => {
    try {
      const backup = await takeBackup(db, settings);
      log.info(`${when} backup saved: ${backup.name}`);
    } catch (error) {
      log.error({ err: error }, `${when} backup failed`);
    }
  };
  const [hour, minute] = settings.backupAt.split(':').map(Number);
  const job = new Cron(`${minute} ${hour} * * *`, { timezone: settings.businessTz, protect: true, unref: true }, () =>
    run('daily'),
  );
  const started = backupDue(settings.backupDir).then(
    (due) => (due ? run('start') : undefined),
    (error) => log.error({ err: error }, 'the backup folder cannot be read'),
  );
  return { job, started, stop: () => job.stop() };
}
