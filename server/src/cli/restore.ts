/**
 * `npm run restore -- FILE`: restores a backup into the database the server uses (DATABASE_URL,
 * else DATA_DIR), which must be empty. The file is checked before the database is opened.
 */
import path from 'node:path';
import type { Database } from '../db/client';
import { StartError } from '../db/folder-lock';
import { BackupError, verifyBackup } from '../modules/backup/backup-file';
import { restoreBackup } from '../modules/backup/restore';
import { commandSettings, describeDatabase, fail, openForCommand } from './command';

const { config, cwd } = commandSettings();
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) fail('Usage: npm run restore -- FILE');
const file = path.resolve(cwd, args[0]!);

let database: Database | undefined;
try {
  const manifest = await verifyBackup(file);
  database = openForCommand(config, {
    mustExist: false,
    advice: 'Stop the server before restoring, and restore only into a new, empty database.',
  });
  const { rows } = await restoreBackup(database, file, manifest);
  console.log(
    `Restored ${rows} rows of ${manifest.tables.length} tables (a backup of ${manifest.createdAt}) into ${describeDatabase(config)}`,
  );
  await database.close();
} catch (error) {
  await database?.close().catch(() => {});
  if (error instanceof StartError || error instanceof BackupError)
    fail(`Restore refused: ${error.message} Nothing was restored.`);
  fail(`Restore failed: nothing was restored. ${(error as Error)?.stack ?? error}`);
}
