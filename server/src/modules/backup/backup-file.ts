import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
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

/**
 * The portable backup file (docs/rules.md section 16): a zip holding one JSON-lines file per table,
 * one row per line with the columns by name, and `manifest.json`. Whole numbers, flags and JSON
 * stay JSON; money, dates and times are their exact text. Written and read as streams, so a
 * dairy's years of history never sit in memory at once.
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
    if (!streamError && out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'error')]);
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

/**
 * Streams the zip file through `onFile`, which decides per entry whether to read it. Answers
 * once the file is read; a damaged or cut zip is a BackupError.
 */
async function streamZip(
  file: string,
  onFile: (name: string) => ((chunk: Uint8Array, final: boolean) => void) | undefined,
  afterChunk: () => Promise<boolean | undefined> = async () => undefined,
): Promise<void> {
  let failure: Error | undefined;
  const unzip = new Unzip((entry) => {
    const take = onFile(entry.name);
    if (!take) return;
    entry.ondata = (error, chunk, final) => {
      if (error) failure ??= error;
      else take(chunk, final);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  const chunks = stream[Symbol.asyncIterator]();
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (error) {
      failure ??= error as Error;
    }
    if (failure) throw new BackupError(backupMessages.damaged(failure.message));
  };
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const reason = code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
        throw new BackupError(backupMessages.cannotRead(file, reason));
      }
      if (next.done) break;
      push(next.value, false);
      if (await afterChunk()) return;
    }
    push(new Uint8Array(0), true);
  } finally {
    stream.destroy();
  }
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/**
 * Reads the whole file once and checks it before anything is restored: a zip that opens, a
 * manifest of a format and migration this version knows, and every table's file present with
 * its SHA-256 and row count. Answers the manifest.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const found = new Map<string, { sha256: string; rows: number; complete: boolean }>();
  const manifestParts: Uint8Array[] = [];
  let manifestBytes = 0;
  let entries = 0;
  await streamZip(file, (name) => {
    entries++;
    if (name === MANIFEST)
      return (chunk) => {
        manifestBytes += chunk.length;
        if (manifestBytes <= MAX_MANIFEST_BYTES) manifestParts.push(chunk);
      };
    const hash = createHash('sha256');
    const seen = { sha256: '', rows: 0, complete: false };
    found.set(name, seen);
    return (chunk, final) => {
      hash.update(chunk);
      for (const byte of chunk) if (byte === 10) seen.rows++;
      if (final) {
        seen.sha256 = hash.digest('hex');
        seen.complete = true;
      }
    };
  });
  const manifest = parseManifest(manifestParts, manifestBytes);
  await checkZipEnd(file, entries);
  if (manifest.format > BACKUP_FORMAT) throw new BackupError(backupMessages.newerFormat(manifest.format));
  const migrations = knownMigrations().map((m) => m.tag);
  if (!migrations.includes(manifest.lastMigration))
    throw new BackupError(backupMessages.newerMigration(manifest.lastMigration, migrations.at(-1) ?? 'none'));
  for (const table of manifest.tables) {
    const seen = found.get(table.file);
    if (!seen?.complete) throw new BackupError(backupMessages.damaged(`it lacks ${table.file}`));
    if (seen.sha256 !== table.sha256)
      throw new BackupError(backupMessages.damaged(`${table.file} does not match its SHA-256 checksum`));
    if (seen.rows !== table.rows)
      throw new BackupError(
        backupMessages.damaged(`${table.file} has ${seen.rows} rows where the manifest says ${table.rows}`),
      );
  }
  return manifest;
}

const END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const END_RECORD_BYTES = 22;

/**
 * The zip's end record is there, right after the directory it describes, and counts the files
 * read: a file cut short anywhere, even after its last file, is caught.
 */
async function checkZipEnd(file: string, entries: number) {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, END_RECORD_BYTES + 0xffff);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    const at = tail.lastIndexOf(END_SIGNATURE);
    const whole =
      at >= 0 &&
      at + END_RECORD_BYTES <= length &&
      at + END_RECORD_BYTES + tail.readUInt16LE(at + 20) === length &&
      tail.readUInt16LE(at + 10) === entries &&
      tail.readUInt32LE(at + 12) + tail.readUInt32LE(at + 16) === size - length + at;
    if (!whole) throw new BackupError(backupMessages.damaged('its end is missing'));
  } finally {
    await handle.close();
  }
}

function parseManifest(parts: Uint8Array[], bytes: number): Manifest {
  if (parts.length === 0 || bytes > MAX_MANIFEST_BYTES) throw new BackupError(backupMessages.notABackup);
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
 * Hands the lines of one file of the backup to `load`, at most `batch` at a time, in one pass
 * over the zip; the next part of the file is read only once `load` has finished.
 */
export async function readLines(
  file: string,
  entry: string,
  load: (lines: string[]) => Promise<void>,
  batch = 2000,
): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const lines: string[] = [];
  let partial = '';
  let finished = false;
  await streamZip(
    file,
    (name) =>
      name === entry
        ? (chunk, final) => {
            const text = partial + decoder.decode(chunk, { stream: !final });
            const parts = text.split('\n');
            partial = parts.pop() ?? '';
            lines.push(...parts);
            if (final) finished = true;
          }
        : undefined,
    async () => {
      while (lines.length >= batch || (finished && lines.length > 0)) await load(lines.splice(0, batch));
      return finished;
    },
  );
  if (lines.length > 0) await load(lines.splice(0));
  if (partial !== '') throw new BackupError(backupMessages.damaged(`${entry} ends in the middle of a row`));
}
