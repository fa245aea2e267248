import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  appSequences,
  appTables,
  knownMigrations,
  LEFT_OUT,
  lastMigration,
  nextValue,
  quoteIdentifier,
} from './tables';
import { entryBytes, looksLikeZip, readZipDirectory, type ZipEntry, ZipProblem } from './zip-reader';

/**
 * The portable backup file (docs/rules.md section 16): a zip holding one JSON-lines file per table,
 * one row per line with the columns by name, and `manifest.json`. Whole numbers, flags and JSON
 * stay JSON; money, dates and times are their exact text. Written and read as streams, so a
 * dairy's years of history never sit in memory at once; read through zip-reader.ts, which trusts
 * nothing a crafted file says.
 */
export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';

/** A reason a backup cannot be made or restored, in words for the person running it. */
export class BackupError extends Error {}

export const backupMessages = {
  cannotRead: (file: string, reason: string) => `The file ${file} cannot be read: ${reason}.`,
  notABackup: 'The file is not a DairyDesk backup: it has no readable manifest.json.',
  damaged: (detail: string) => `The backup file is damaged or incomplete: ${detail}.`,
  newerFormat: (format: number) =>
    `This backup was made by a newer version of DairyDesk (backup format ${format}; this version reads format ${BACKUP_FORMAT}). Update DairyDesk, then restore.`,
  newerMigration: (tag: string, known: string) =>
    `This backup comes from a newer version of DairyDesk (its database is at migration ${tag}; this version knows up to ${known}). Update DairyDesk, then restore.`,
  unknownMigrationHere:
    'This database was migrated by a newer version of DairyDesk: take the backup with that version.',
  notMigrated: 'The database has no DairyDesk tables yet: there is nothing to back up.',
} as const;

const manifestSchema = z.object({
  format: z.number().int().min(1),
  product: z.literal('DairyDesk'),
  lastMigration: z.string(),
  createdAt: z.string(),
  tables: z.array(
    z.object({
      name: z.string(),
      file: z.string(),
      rows: z.number().int().min(0),
      sha256: z.string(),
      columns: z.array(z.string()),
    }),
  ),
  sequences: z.array(z.object({ table: z.string(), column: z.string(), next: z.number().int() })),
});
export type Manifest = z.output<typeof manifestSchema>;

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 2000;
const encoder = new TextEncoder();

/**
 * Writes a backup of the database to `out` from one consistent snapshot (a REPEATABLE READ,
 * READ ONLY transaction), tables in foreign-key order, and answers its manifest. `out` is
 * written but not ended.
 */
export async function writeBackup(db: Db, out: Writable): Promise<Manifest> {
  let streamError: Error | undefined;
  const onError = (error: Error) => {
    streamError ??= error;
  };
  out.on('error', onError);
  let zipEnded: () => void = () => {};
  const zipDone = new Promise<void>((resolve) => {
    zipEnded = resolve;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) onError(error);
    else out.write(chunk);
    if (final) zipEnded();
  });
  /** Waits while the output is full; stops at its first error. */
  const drained = async () => {
    if (!streamError && out.writableNeedDrain)
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('error', done);
          resolve();
        };
        out.on('drain', done);
        out.on('error', done);
      });
    if (streamError) throw streamError;
  };
  try {
    const manifest = await db.transaction(
      async (tx) => {
        // Times as UTC text, dates as YYYY-MM-DD: the same text whatever the server's settings.
        await tx.execute(sql`set local timezone to 'UTC'`);
        await tx.execute(sql`set local datestyle to 'ISO, YMD'`);
        const migration = await lastMigration(tx);
        if (migration === null) throw new BackupError(backupMessages.notMigrated);
        if (migration === undefined) throw new BackupError(backupMessages.unknownMigrationHere);
        const tables: Manifest['tables'] = [];
        for (const table of await appTables(tx)) {
          if (LEFT_OUT.has(table.name)) continue;
          const file = `${table.name}.jsonl`;
          const entry = new ZipDeflate(file, { level: 6 });
          zip.add(entry);
          const hash = createHash('sha256');
          let rows = 0;
          const columns = table.columns
            .map((c) =>
              c.asJson ? quoteIdentifier(c.name) : `${quoteIdentifier(c.name)}::text as ${quoteIdentifier(c.name)}`,
            )
            .join(', ');
          const order =
            table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoteIdentifier).join(', ')}` : '';
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from public.${quoteIdentifier(table.name)}${order}) r`,
            ),
          );
          for (;;) {
            const batch = await rowsOf<{ line: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from backup_rows`));
            if (batch.length === 0) break;
            const bytes = encoder.encode(`${batch.map((r) => r.line).join('\n')}\n`);
            hash.update(bytes);
            entry.push(bytes);
            rows += batch.length;
            await drained();
          }
          entry.push(new Uint8Array(0), true);
          await tx.execute(sql`close backup_rows`);
          tables.push({
            name: table.name,
            file,
            rows,
            sha256: hash.digest('hex'),
            columns: table.columns.map((c) => c.name),
          });
        }
        const sequences: Manifest['sequences'] = [];
        for (const sequence of await appSequences(tx))
          sequences.push({ table: sequence.table, column: sequence.column, next: await nextValue(tx, sequence) });
        return {
          format: BACKUP_FORMAT,
          product: 'DairyDesk' as const,
          lastMigration: migration,
          createdAt: new Date().toISOString(),
          tables,
          sequences,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const entry = new ZipDeflate(MANIFEST, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`), true);
    zip.end();
    await zipDone;
    await drained();
    return manifest;
  } catch (error) {
    zip.terminate();
    throw error;
  } finally {
    out.off('error', onError);
  }
}

/** The longest row a backup may hold: the audit trail's largest records are far shorter. */
const MAX_ROW_BYTES = 16 * 1024 * 1024;
/** The shortest: `{}` and its newline. */
const MIN_ROW_BYTES = 3;
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** Rows loaded in one statement, and the most text one statement takes at once (longer rows go alone). */
const BATCH_ROWS = 2000;
const BATCH_CHARS = 8 * 1024 * 1024;

type TableEntry = Manifest['tables'][number];

/** What is wrong with a backup's file, in words that finish "damaged or incomplete: …". */
const damage = {
  tooShort: (file: string, rows: number) => `${file} is too short for the ${rows} rows its manifest says`,
  tooLarge: (file: string, bytes: number, rows: number) =>
    `${file} unpacks to ${Math.ceil(bytes / (1024 * 1024))} MB, more than its ${rows} rows can hold`,
  moreRows: (file: string, rows: number) => `${file} has more rows than the ${rows} its manifest says`,
  otherRows: (file: string, found: number, rows: number) => `${file} has ${found} rows where the manifest says ${rows}`,
  longRow: (file: string) => `a row of ${file} is longer than ${MAX_ROW_BYTES / (1024 * 1024)} MB`,
  cutRow: (file: string) => `${file} ends in the middle of a row`,
  notText: (file: string) => `${file} is not text (UTF-8)`,
  checksum: (file: string) => `${file} does not match its SHA-256 checksum`,
} as const;

const damaged = (detail: string) => new BackupError(backupMessages.damaged(detail));

/** The zip's directory; a file that is no zip at all is not a backup. */
async function directoryOf(file: string): Promise<Map<string, ZipEntry>> {
  try {
    return await readZipDirectory(file);
  } catch (error) {
    if (error instanceof ZipProblem) {
      if (!(await looksLikeZip(file))) throw new BackupError(backupMessages.notABackup);
      throw damaged(error.message);
    }
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new BackupError(backupMessages.cannotRead(file, reason));
  }
}

/** What `entry` unpacks to, piece by piece; a zip that cannot give it is a BackupError. */
async function* piecesOf(file: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  try {
    yield* entryBytes(file, entry);
  } catch (error) {
    if (error instanceof ZipProblem) throw damaged(error.message);
    throw error;
  }
}

/**
 * A table's file in the zip, checked before anything is unpacked: what the zip says it unpacks
 * to must fit the rows the manifest says (none shorter than `{}`, none longer than 16 MB).
 */
function tableEntry(directory: Map<string, ZipEntry>, table: TableEntry): ZipEntry {
  const entry = directory.get(table.file);
  if (!entry) throw damaged(`it lacks ${table.file}`);
  if (entry.size < table.rows * MIN_ROW_BYTES) throw damaged(damage.tooShort(table.file, table.rows));
  if (entry.size > table.rows * MAX_ROW_BYTES) throw damaged(damage.tooLarge(table.file, entry.size, table.rows));
  return entry;
}

/**
 * Counts a table file's rows as its bytes come: a row past the manifest's count, or one longer than
 * 16 MB, stops the reading there.
 */
class RowCount {
  rows = 0;
  private rowBytes = 0;

  constructor(private readonly table: TableEntry) {}

  add(piece: Uint8Array) {
    let start = 0;
    for (let end = piece.indexOf(10); end >= 0; end = piece.indexOf(10, start)) {
      this.grow(end - start);
      this.rowBytes = 0;
      this.rows += 1;
      if (this.rows > this.table.rows) throw damaged(damage.moreRows(this.table.file, this.table.rows));
      start = end + 1;
    }
    this.grow(piece.length - start);
  }

  private grow(bytes: number) {
    this.rowBytes += bytes;
    if (this.rowBytes > MAX_ROW_BYTES) throw damaged(damage.longRow(this.table.file));
  }

  /** At the file's end: whole rows, as many as the manifest says. */
  finish() {
    if (this.rowBytes > 0) throw damaged(damage.cutRow(this.table.file));
    if (this.rows !== this.table.rows) throw damaged(damage.otherRows(this.table.file, this.rows, this.table.rows));
  }
}

/**
 * Checks the whole file before anything is restored: a zip whose directory is whole and sane, a
 * manifest of a format and migration this version knows, every table's file there with a size
 * that fits its row count (all checked before anything is unpacked), then each file unpacked as a
 * stream against its SHA-256 and row count. Answers the manifest.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const directory = await directoryOf(file);
  const manifest = await readManifest(file, directory);
  const migrations = knownMigrations().map((m) => m.tag);
  if (!migrations.includes(manifest.lastMigration))
    throw new BackupError(backupMessages.newerMigration(manifest.lastMigration, migrations.at(-1) ?? 'none'));
  const entries = manifest.tables.map((table) => tableEntry(directory, table));
  for (const [i, table] of manifest.tables.entries()) {
    const hash = createHash('sha256');
    const rows = new RowCount(table);
    for await (const piece of piecesOf(file, entries[i]!)) {
      rows.add(piece);
      hash.update(piece);
    }
    if (hash.digest('hex') !== table.sha256) throw damaged(damage.checksum(table.file));
    rows.finish();
  }
  return manifest;
}

async function readManifest(file: string, directory: Map<string, ZipEntry>): Promise<Manifest> {
  const entry = directory.get(MANIFEST);
  if (!entry || entry.size > MAX_MANIFEST_BYTES) throw new BackupError(backupMessages.notABackup);
  const parts: Uint8Array[] = [];
  for await (const piece of piecesOf(file, entry)) parts.push(piece);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new BackupError(backupMessages.notABackup);
  }
  // A newer format may change anything else: its number alone decides first.
  const format = (parsed as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > BACKUP_FORMAT) throw new BackupError(backupMessages.newerFormat(format));
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupError(backupMessages.notABackup);
  return result.data;
}

/**
 * Hands the rows of a table's file to `load` as text, at most 2,000 or 8 MB at a time, unpacked
 * only as fast as `load` takes them, with the checks of `verifyBackup` on its size and rows made
 * again as they come (the file may have changed since it was checked).
 */
export async function readLines(file: string, table: TableEntry, load: (lines: string[]) => Promise<void>) {
  const entry = tableEntry(await directoryOf(file), table);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const rows = new RowCount(table);
  let batch: string[] = [];
  let chars = 0;
  let partial = '';
  const decode = (piece?: Uint8Array) => {
    try {
      return piece ? decoder.decode(piece, { stream: true }) : decoder.decode();
    } catch {
      throw damaged(damage.notText(table.file));
    }
  };
  for await (const piece of piecesOf(file, entry)) {
    rows.add(piece);
    const text = decode(piece);
    // A long row comes in many pieces: joined once its end is there.
    if (!text.includes('\n')) {
      partial += text;
      continue;
    }
    const lines = text.split('\n');
    lines[0] = partial + lines[0];
    partial = lines.pop() ?? '';
    for (const line of lines) {
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
        await load(batch);
        batch = [];
        chars = 0;
      }
    }
  }
  partial += decode();
  rows.finish();
  if (batch.length > 0) await load(batch);
}
