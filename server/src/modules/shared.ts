import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { updateAtVersion } from '../db/versions';

/**
 * The update of a table's record by its key, only while it is at `version` when one is given
 * (DESIGN.md section 18). It answers the record as it is now, or undefined when there is no such
 * record or someone changed it since.
 */
export const updateByKey =
  <T extends PgTable & { version: AnyPgColumn }, K extends string | number>(table: T, key: AnyPgColumn) =>
  (db: Db, id: K, values: PgUpdateSetSource<T>, version?: number) =>
    updateAtVersion(db, table, eq(key, id), values, version);
