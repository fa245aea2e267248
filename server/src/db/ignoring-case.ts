import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column` equals `value` ignoring case, as the unique indexes on lower(code) and lower(username)
 * compare: the database lowers both sides, since JavaScript's toLowerCase differs from it
 * beyond ASCII (an 'İ', say).
 */
export function equalsIgnoringCase(column: AnyColumn | SQL, value: string): SQL {
  return sql`lower(${column}) = lower(${value})`;
}
