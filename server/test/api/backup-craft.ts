import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, zipSync } from 'fflate';
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

/** A file of a crafted backup written piece by piece, so that a large one never sits in memory. */
export interface CraftedTable {
  /** The file's content, in pieces. */
  pieces: () => Iterable<Uint8Array>;
  /** What the manifest says of its rows (by default, the lines it really holds). */
  rows?: number;
  /** What the zip's directory says it unpacks to (by default, the truth). */
  declaredSize?: number;
}

/**
 * The backup `backup` with some tables' files replaced by `tables`, their checksums in the manifest
 * made to match (and their row counts, unless told otherwise): what someone crafting a file would
 * make. Written as a stream into a new file of `folder`.
 */
export function craftedBackup(backup: string, folder: string, tables: Record<string, CraftedTable>): string {
  const file = path.join(folder, `crafted-${Math.random().toString(36).slice(2)}.zip`);
  const out = openSync(file, 'w');
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    writeSync(out, chunk);
  });
  const original = unzipSync(readFileSync(backup));
  const manifest = JSON.parse(strFromU8(original['manifest.json']!)) as Manifest;
  for (const [name, bytes] of Object.entries(original)) {
    if (name === 'manifest.json') continue;
    const table = name.replace(/\.jsonl$/, '');
    const crafted = tables[table];
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    if (!crafted) {
      entry.push(bytes, true);
      continue;
    }
    const hash = createHash('sha256');
    let lines = 0;
    for (const piece of crafted.pieces()) {
      hash.update(piece);
      for (let at = piece.indexOf(10); at >= 0; at = piece.indexOf(10, at + 1)) lines++;
      entry.push(piece);
    }
    entry.push(new Uint8Array(0), true);
    const listed = manifest.tables.find((t) => t.name === table)!;
    listed.sha256 = hash.digest('hex');
    listed.rows = crafted.rows ?? lines;
  }
  const entry = new ZipDeflate('manifest.json');
  zip.add(entry);
  entry.push(strToU8(JSON.stringify(manifest)), true);
  zip.end();
  closeSync(out);
  for (const [table, crafted] of Object.entries(tables))
    if (crafted.declaredSize !== undefined) declareSize(file, `${table}.jsonl`, crafted.declaredSize);
  return file;
}

/** Makes the zip's directory say that `name` unpacks to `size` bytes. */
function declareSize(file: string, name: string, size: number) {
  const bytes = readFileSync(file);
  const record = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = bytes.indexOf(record); at >= 0; at = bytes.indexOf(record, at + 1)) {
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    bytes.writeUInt32LE(size, at + 24);
    writeFileSync(file, bytes);
    return;
  }
  throw new Error(`no ${name} in the zip's directory`);
}

/** `count` copies of `line` (ending in a newline), in pieces of about a megabyte. */
export function* repeatedLines(line: string, count: number): Iterable<Uint8Array> {
  const perPiece = Math.max(1, Math.floor(2 ** 20 / (line.length + 1)));
  const piece = strToU8(`${line}\n`.repeat(perPiece));
  let left = count;
  for (; left >= perPiece; left -= perPiece) yield piece;
  if (left > 0) yield strToU8(`${line}\n`.repeat(left));
}
