import { type AnyColumn, eq, type SQL } from 'drizzle-orm';

/**
 * The condition that a record is still at the version a screen read (DESIGN.md section 18), or
 * none when the caller sent no version (part 1's calls behave as before).
 */
export function atVersion(column: AnyColumn, version: number | undefined): SQL | undefined {
  return version === undefined ? undefined : eq(column, version);
}
