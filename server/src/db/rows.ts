import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a hand-written query. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The rows of `query` as one JSON array in `orderBy`'s order (`[]` for none), as a column of a larger select. */
export const jsonList = (query: SQL, orderBy: SQL) =>
  sql`coalesce((select json_agg(q order by ${orderBy}) from (${query}) q), '[]'::json)`;

/**
 * The rows of `query` handed over as one JSON value, in `orderBy` order (columns of `query`,
 * named `q.…`). It paid when PGlite ran in the server's thread and handed over each row and
 * column separately (10,000 rows of 7 columns: 120 ms, as one value: 24 ms); through `pg` to the
 * engine's thread plain rows cost no more (36 ms, as one value: 45 ms).
 * JSON numbers become floating point, so money must be selected as text and parsed to paise.
 */
export async function jsonRowsOf<T>(db: Db, query: SQL, orderBy: SQL): Promise<T[]> {
  const [row] = await rowsOf<{ rows: T[] }>(
    db,
    sql`select coalesce(json_agg(q order by ${orderBy}), '[]'::json) as rows from (${query}) q`,
  );
  return row?.rows ?? [];
}

/** Rows grouped by a key, each group in the rows' order. */
export function groupRows<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
