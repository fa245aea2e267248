import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { type BackupFile, wallClockIn } from '@dairy/contract';
import type { Db } from '../../db/client';
import { type Manifest, writeBackup } from './backup-file';

/**
 * The backup folder (BACKUP_DIR): the files 'Back up now' and the daily schedule write, named
 * `dairy-YYYY-MM-DD-HHMMSS.zip` by the time in BUSINESS_TZ (`-2`… when taken in the same second).
 * Only such names are listed, downloaded or pruned; anything else in the folder is left alone.
 */
const BACKUP_NAME = /^dairy-\d{4}-\d{2}-\d{2}-\d{6}(-\d{1,3})?\.zip$/;
const PART = '.part';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BackupSettings {
  backupDir: string;
  backupKeep: number;
  businessTz: string;
}

interface Listed extends BackupFile {
  modifiedMs: number;
}

/** The backups in the folder, newest first; none when the folder does not exist yet. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  return (await listed(dir)).map(({ modifiedMs: _, ...file }) => file);
}

async function listed(dir: string): Promise<Listed[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = await Promise.all(
    names
      .filter((name) => BACKUP_NAME.test(name))
      .map(async (name) => {
        const found = await stat(path.join(dir, name)).catch(() => undefined);
        return found?.isFile()
          ? { name, size: found.size, createdAt: found.mtime.toISOString(), modifiedMs: found.mtimeMs }
          : undefined;
      }),
  );
  return files
    .filter((f): f is Listed => f !== undefined)
    .sort((a, b) => b.modifiedMs - a.modifiedMs || b.name.localeCompare(a.name));
}

/** The path of a listed backup; undefined for any other name (no path can reach outside the folder). */
export async function backupFilePath(dir: string, name: string): Promise<string | undefined> {
  const files = await listBackups(dir);
  return files.some((f) => f.name === name) ? path.join(dir, name) : undefined;
}

/**
 * Writes a backup to `file`: into `file.part`, flushed to disk, then renamed, so `file` is
 * either a whole backup or absent (a crash leaves only the part, which nothing lists). An
 * existing `file` is never overwritten.
 */
export async function backupToFile(db: Db, file: string): Promise<Manifest> {
  if (await exists(file)) throw new Error(`The file ${file} already exists: choose another name.`);
  const part = `${file}${PART}`;
  const out = createWriteStream(part, { flags: 'wx' });
  try {
    const manifest = await writeBackup(db, out);
    out.end();
    await finished(out);
    // On disk before it takes its name: a crash right after leaves a whole file or none.
    const handle = await open(part, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(part, file);
    return manifest;
  } catch (error) {
    out.destroy();
    await unlink(part).catch(() => {});
    throw error;
  }
}

const exists = (file: string) =>
  access(file, constants.F_OK).then(
    () => true,
    () => false,
  );

/** `YYYY-MM-DD-HHMMSS` of `at` in the time zone. */
function stamp(at: Date, timeZone: string): string {
  const { date, hour, minute, second } = wallClockIn(timeZone, at);
  return `${date}-${hour}${minute}${second}`;
}

/** A new name in the folder for a backup taken now. */
export async function newBackupName(dir: string, timeZone: string, at = new Date()): Promise<string> {
  const base = `dairy-${stamp(at, timeZone)}`;
  let name = `${base}.zip`;
  for (let n = 2; (await exists(path.join(dir, name))) || (await exists(path.join(dir, `${name}${PART}`))); n++)
    name = `${base}-${n}.zip`;
  return name;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Takes a backup into the folder and keeps the newest `backupKeep`. One at a time in this
 * process: 'Back up now' pressed during the daily backup waits for it.
 */
export function takeBackup(db: Db, settings: BackupSettings): Promise<BackupFile> {
  const run = queue.then(() => takeBackupNow(db, settings));
  queue = run.catch(() => {});
  return run;
}

async function takeBackupNow(db: Db, settings: BackupSettings): Promise<BackupFile> {
  const dir = settings.backupDir;
  await mkdir(dir, { recursive: true });
  const name = await newBackupName(dir, settings.businessTz);
  await backupToFile(db, path.join(dir, name));
  await pruneBackups(dir, settings.backupKeep);
  const written = await stat(path.join(dir, name));
  return { name, size: written.size, createdAt: written.mtime.toISOString() };
}

/** Removes all but the newest `keep` backups, and parts a day old (left by a crash). */
export async function pruneBackups(dir: string, keep: number) {
  for (const old of (await listed(dir)).slice(keep)) await unlink(path.join(dir, old.name)).catch(() => {});
  for (const name of await readdir(dir)) {
    if (!name.endsWith(PART) || !BACKUP_NAME.test(name.slice(0, -PART.length))) continue;
    const found = await stat(path.join(dir, name)).catch(() => undefined);
    if (found && Date.now() - found.mtimeMs > DAY_MS) await unlink(path.join(dir, name)).catch(() => {});
  }
}

/** Whether the newest backup in the folder is older than a day (or there is none). */
export async function backupDue(dir: string, now = Date.now()): Promise<boolean> {
  const [newest] = await listed(dir);
  return !newest || now - newest.modifiedMs >= DAY_MS;
}
