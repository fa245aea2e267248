import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The tables a backup holds, found from the database itself: every table of the `public` schema,
 * so a table a later migration adds is backed up and restored without a change here.
 */
export interface Column {
  name: string;
  /** Kept as JSON (whole numbers, flags, JSON); anything else travels as its text, exactly. */
  asJson: boolean;
}

export interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** The tables its foreign keys point to (itself left out). */
  parents: string[];
}

export interface Sequence {
  table: string;
  column: string;
  /** The sequence, as PostgreSQL names it (already quoted where needed). */
  name: string;
}

/**
 * Tables a backup leaves out (docs/rules.md section 24, 'Sessions never travel'): the sign-ins and
 * the kept answers of money calls belong to the server they were made on, so a restored database
 * starts with everyone signed out. A backup of an older version that holds them restores without
 * them.
 */
export const LEFT_OUT = new Set(['session', 'idempotency_key']);

/** Types JSON carries exactly; numeric, bigint, dates and times go as text. */
const JSON_TYPES = new Set(['int2', 'int4', 'bool', 'json', 'jsonb']);

/** `"name"`: an identifier for SQL, whatever it holds. */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables in foreign-key order: every table after the tables it refers to. */
export async function appTables(db: Db): Promise<Table[]> {
  type Found = { name: string; type: string };
  const rows = await rowsOf<{ name: string; columns: Found[] | null; primaryKey: string[] | null; parents: string[] }>(
    db,
    sql`
      select c.relname as name,
        (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
         from pg_attribute a join pg_type t on t.oid = a.atttypid
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
        (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
         from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
         where i.indrelid = c.oid and i.indisprimary) as "primaryKey",
        coalesce((select json_agg(distinct p.relname)
         from pg_constraint f join pg_class p on p.oid = f.confrelid
         where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid), '[]') as parents
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  const tables = rows.map((r) => ({
    name: r.name,
    columns: (r.columns ?? []).map((c) => ({ name: c.name, asJson: JSON_TYPES.has(c.type) })),
    primaryKey: r.primaryKey ?? [],
    parents: r.parents,
  }));
  return inForeignKeyOrder(tables);
}

/** Parents first; among tables free to go, by name. */
function inForeignKeyOrder(tables: Table[]): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  let left = tables;
  while (left.length > 0) {
    const ready = left.filter((t) => t.parents.every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new Error(`The tables ${left.map((t) => t.name).join(', ')} refer to each other in a cycle.`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
    left = left.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The sequences that number the tables' rows (serial and identity columns). */
export async function appSequences(db: Db): Promise<Sequence[]> {
  return rowsOf<Sequence>(
    db,
    sql`
      select table_name as table, column_name as column,
        pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as name
      from information_schema.columns
      where table_schema = 'public'
        and pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) is not null
      order by table_name, column_name`,
  );
}

/** The value the sequence hands out next. */
export async function nextValue(db: Db, sequence: Sequence): Promise<number> {
  const [row] = await rowsOf<{ next: string }>(
    db,
    sql`select (case when is_called then last_value + 1 else last_value end)::text as next from ${sql.raw(sequence.name)}`,
  );
  return Number(row!.next);
}

interface JournalEntry {
  tag: string;
  when: number;
}

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

/** The migrations this code knows, oldest first. */
export function knownMigrations(): JournalEntry[] {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/**
 * The last migration applied to the database, by its tag (`0003_record_versions`): null when the
 * database was never migrated, undefined when its last migration is one this code does not know
 * (a newer version migrated it).
 */
export async function lastMigration(db: Db): Promise<string | null | undefined> {
  const [table] = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return null;
  const [row] = await rowsOf<{ when: string }>(
    db,
    sql`select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return null;
  return knownMigrations().find((m) => String(m.when) === row.when)?.tag;
}
