import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * The condition that a record is still at the version a screen read (docs/rules.md section 18), or
 * none when the caller sent no version (part 1's calls behave as before).
 */
export function atVersion(column: AnyColumn, version: number | undefined): SQL | undefined {
  return version === undefined ? undefined : eq(column, version);
}

/**
 * Updates the record `which` names, only while it is at `version` when one is given. Returns the
 * record as it is now, or undefined when nothing matched: no such record, or someone changed it
 * since (the service then answers `staleRecord()`).
 */
export async function updateAtVersion<T extends PgTable & { version: AnyPgColumn }>(
  db: Db,
  table: T,
  which: SQL,
  values: PgUpdateSetSource<T>,
  version?: number,
): Promise<T['$inferSelect'] | undefined> {
  const rows = (await db
    .update(table)
    .set(values)
    .where(and(which, atVersion(table.version, version)))
    .returning()) as T['$inferSelect'][];
  return rows[0];
}

/**
 * The update of a table's record by its key, only while it is at `version` when one is given: a
 * repo's `updateX(db, id, values, version)` in one line.
 */
export const updateByKey =
  <T extends PgTable & { version: AnyPgColumn }, K extends string | number>(table: T, key: AnyPgColumn) =>
  (db: Db, id: K, values: PgUpdateSetSource<T>, version?: number) =>
    updateAtVersion(db, table, eq(key, id), values, version);
