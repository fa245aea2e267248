import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { BackupError, type Manifest } from '../../src/modules/backup/backup-file';
import { restoreBackup } from '../../src/modules/backup/restore';

/**
 * Backups edited as someone with the file could edit them: tables changed and their checksums
 * made to match, manifests that lie, and the refusals they must meet.
 */

export const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/** A backup's files by name, as text. */
export type BackupFiles = Record<string, string>;

/** Edits the manifest of a rewritten backup. */
export function withManifest(files: BackupFiles, edit: (m: Manifest) => void) {
  const m = JSON.parse(files['manifest.json']!) as Manifest;
  edit(m);
  files['manifest.json'] = JSON.stringify(m);
}

/** A table's rows, one JSON object each. */
export const rowsIn = (files: BackupFiles, table: string): Record<string, unknown>[] =>
  files[`${table}.jsonl`]!.trimEnd()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

/** Writes a table's rows and makes the manifest's checksum and count match them. */
export function setRows(files: BackupFiles, table: string, rows: Record<string, unknown>[]) {
  const text = rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  files[`${table}.jsonl`] = text;
  withManifest(files, (m) => {
    const entry = m.tables.find((t) => t.name === table)!;
    entry.sha256 = sha256(text);
    entry.rows = rows.length;
  });
}

/** The backup `backup` with its files edited by `change`, zipped again into a new file of `folder`. */
export function rewritten(backup: string, folder: string, change: (files: BackupFiles) => void): string {
  const files = Object.fromEntries(
    Object.entries(unzipSync(readFileSync(backup))).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
  change(files);
  const file = path.join(folder, `changed-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)]))));
  return file;
}

/** Every application table's row count. */
export async function counts(database: Database) {
  const rows = await rowsOf<{ name: string; n: number }>(
    database.db,
    sql`select relname as name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', relname), false, true, '')))[1]::text::int as n
        from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

/** Restoring `file` into the new database `target` is refused with `message`, and nothing is restored. */
export async function expectRefused(target: Database, file: string, message: string | RegExp) {
  const before = await counts(target);
  const error = await restoreBackup(target, file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BackupError);
  expect((error as Error).message).toMatch(message);
  expect(await counts(target)).toEqual(before);
}
