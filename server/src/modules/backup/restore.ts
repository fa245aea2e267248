import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { isDatabaseUnavailable, pgErrorCode } from '../../db/faults';
import { rowsOf } from '../../db/rows';
import { withFreshStatistics } from '../../db/statistics';
import { BackupError, type Manifest, readLines, verifyBackup } from './backup-file';
import { ledgerProblems } from './ledger-check';
import { firstBillNotAddingUp } from './money-check';
import { appSequences, appTables, LEFT_OUT, quoteIdentifier, type Table } from './tables';

export const restoreMessages = {
  notEmpty: (table: string) =>
    `The database already has data (the table ${table} has rows). Restore only into a new, empty database.`,
  unknownTable: (table: string) => `The backup has a table ${table} that this version of DairyDesk does not have.`,
  unknownColumn: (table: string, column: string) =>
    `The backup's table ${table} has a column ${column} that this version of DairyDesk does not have.`,
  loadFailed: (table: string, reason: string) => `The backup's table ${table} could not be loaded: ${reason}.`,
  countDiffers: (table: string, loaded: number, expected: number) =>
    `The backup's table ${table} loaded ${loaded} rows where the manifest says ${expected}.`,
  ledger: (problem: string) => `The backup's balances do not add up: ${problem}.`,
} as const;

/**
 * Columns earlier versions stored and this one derives on reading (dropped by a migration): a
 * backup made before holds them, and they are left out of its restore. `customer.last_active`
 * is read from the deliveries since migration 0009.
 */
const DERIVED_SINCE: Record<string, readonly string[]> = { customer: ['last_active'] };

/** The backup's columns this version stores. */
const storedColumns = (entry: Manifest['tables'][number]) =>
  entry.columns.filter((c) => !DERIVED_SINCE[entry.name]?.includes(c));

/**
 * Columns a later migration added that take another column's value of the same row when a
 * backup made before lacks them, as their migration filled them: a receipt was taken when it
 * arrived until migration 0018.
 */
const FILLED_FROM: Record<string, Readonly<Record<string, string>>> = { receipt: { taken_at: 'received_at' } };

/** The columns to insert and what fills each, from the backup's rows. */
function insertedColumns(entry: Manifest['tables'][number]) {
  const stored = storedColumns(entry);
  const filled = Object.entries(FILLED_FROM[entry.name] ?? {}).filter(
    ([column, from]) => !stored.includes(column) && stored.includes(from),
  );
  return {
    into: [...stored, ...filled.map(([column]) => column)].map(quoteIdentifier).join(', '),
    from: [...stored, ...filled.map(([, from]) => from)].map(quoteIdentifier).join(', '),
  };
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows restored, all tables together. */
  rows: number;
}

/**
 * Restores a backup file into an empty database: checks the file first (every checksum and
 * count), migrates, then loads every table in foreign-key order, sets the sequences and checks
 * the ledger of docs/rules.md section 6, all in one database transaction that commits only when
 * everything holds. Anything wrong is a BackupError and leaves the database as it was. `verified`:
 * the manifest `verifyBackup` answered for this file, when the caller checked it already.
 */
export async function restoreBackup(database: Database, file: string, verified?: Manifest): Promise<RestoreResult> {
  const manifest = verified ?? (await verifyBackup(file));
  await database.migrate();
  let rows = 0;
  await withFreshStatistics(database.db).transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    await tx.execute(sql`set local datestyle to 'ISO, YMD'`);
    const tables = await appTables(tx);
    checkShape(manifest, tables);
    for (const table of tables)
      if (await hasRows(tx, table)) throw new BackupError(restoreMessages.notEmpty(table.name));
    for (const table of tables) {
      const entry = restoredEntries(manifest).find((t) => t.name === table.name);
      if (entry) rows += await loadTable(tx, file, table, entry);
    }
    await setSequences(tx, manifest);
    const problem = await restoreChecks(tx);
    if (problem) throw new BackupError(problem);
  });
  return { manifest, rows };
}

/**
 * What a restore checks in the restored rows before it commits (docs/rules.md section 24): every
 * bill against its deliveries, then every balance against the bills and receipts. The first
 * problem in words, if any.
 */
export async function restoreChecks(db: Db): Promise<string | undefined> {
  // The tables were empty when the planner last looked at them: it learns what they hold first.
  await db.execute(sql`analyze customer, product, "transaction", payment, payment_line, receipt`);
  const bill = await firstBillNotAddingUp(db);
  if (bill) return bill;
  const [problem] = await ledgerProblems(db, 1);
  return problem ? restoreMessages.ledger(problem) : undefined;
}

/** The backup's tables a restore loads: those an older version held and backups now leave out are skipped. */
const restoredEntries = (manifest: Manifest) => manifest.tables.filter((t) => !LEFT_OUT.has(t.name));

/** Every table and column of the backup exists here (a backup of an older version may lack new ones). */
function checkShape(manifest: Manifest, tables: Table[]) {
  for (const entry of restoredEntries(manifest)) {
    const table = tables.find((t) => t.name === entry.name);
    if (!table) throw new BackupError(restoreMessages.unknownTable(entry.name));
    const column = storedColumns(entry).find((c) => !table.columns.some((own) => own.name === c));
    if (column) throw new BackupError(restoreMessages.unknownColumn(entry.name, column));
  }
}

async function hasRows(db: Db, table: Table): Promise<boolean> {
  const rows = await rowsOf(db, sql.raw(`select 1 from public.${quoteIdentifier(table.name)} limit 1`));
  return rows.length > 0;
}

/**
 * Inserts the table's lines in batches, each batch one statement: the lines form a JSON array
 * that PostgreSQL turns into rows of the table, casting each text to its column's type. Columns
 * the backup lacks take their defaults. Answers the rows loaded.
 */
async function loadTable(db: Db, file: string, table: Table, entry: Manifest['tables'][number]): Promise<number> {
  const name = `public.${quoteIdentifier(table.name)}`;
  const columns = insertedColumns(entry);
  let loaded = 0;
  try {
    await readLines(file, entry, async (lines) => {
      const result = await db.execute(
        sql`insert into ${sql.raw(name)} (${sql.raw(columns.into)}) overriding system value
            select ${sql.raw(columns.from)} from json_populate_recordset(null::${sql.raw(name)}, ${`[${lines.join(',')}]`}::json)`,
      );
      loaded += (result as unknown as { rowCount: number }).rowCount;
    });
  } catch (error) {
    // A value or a row the database refuses (a hand-edited file): said in the database's words.
    const code = pgErrorCode(error);
    if (error instanceof BackupError || isDatabaseUnavailable(error) || !code || !/^(22|23)/.test(code)) throw error;
    const reason = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new BackupError(restoreMessages.loadFailed(table.name, reason));
  }
  if (loaded !== entry.rows) throw new BackupError(restoreMessages.countDiffers(table.name, loaded, entry.rows));
  return loaded;
}

/** Each sequence goes on from where the backed-up one was, and past every restored id. */
async function setSequences(db: Db, manifest: Manifest) {
  for (const sequence of await appSequences(db)) {
    const stored = manifest.sequences.find((s) => s.table === sequence.table && s.column === sequence.column);
    const maxId = `(select coalesce(max(${quoteIdentifier(sequence.column)}), 0) + 1 from public.${quoteIdentifier(sequence.table)})`;
    await db.execute(
      sql`select setval(${sequence.name}::regclass, greatest(${stored?.next ?? 1}::bigint, ${sql.raw(maxId)}), false)`,
    );
  }
}
