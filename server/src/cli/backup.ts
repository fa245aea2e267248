/**
 * `npm run backup [-- --out FILE]`: a backup of the database the server uses (DATABASE_URL, else
 * DATA_DIR) into FILE, or into BACKUP_DIR as the Backups screen lists them.
 */

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import { StartError } from '../db/folder-lock';
import { backupToFile, newBackupName, pruneBackups } from '../modules/backup/backup.service';
import { BackupError } from '../modules/backup/backup-file';
import { commandSettings, describeDatabase, fail, openForCommand } from './command';

const { config, cwd } = commandSettings();
let out: string | undefined;
try {
  out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
} catch (error) {
  fail(`${(error as Error).message}\nUsage: npm run backup [-- --out FILE]`);
}

let database: Database | undefined;
try {
  database = openForCommand(config, {
    mustExist: true,
    advice:
      'While the server runs, take the backup on its Backups screen (Back up now, then Download), or stop the server and run npm run backup again.',
  });
  let file: string;
  if (out) file = path.resolve(cwd, out);
  else {
    const dir = path.resolve(config.backupDir);
    await mkdir(dir, { recursive: true });
    file = path.join(dir, await newBackupName(dir, config.businessTz));
  }
  const manifest = await backupToFile(database.db, file);
  if (!out) await pruneBackups(path.dirname(file), config.backupKeep);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backed up ${rows} rows of ${manifest.tables.length} tables from ${describeDatabase(config)} into ${file}`,
  );
  await database.close();
} catch (error) {
  await database?.close().catch(() => {});
  if (error instanceof StartError || error instanceof BackupError) fail(`No backup was made. ${error.message}`);
  fail(`No backup was made. ${(error as Error)?.stack ?? error}`);
}
