import { sql } from 'drizzle-orm';
import type { payment, receipt } from '../../db/schema';
import type { Period } from '../../domain/ledger';

/* SQL pieces the payment module's repos share (billing, ledger, receipts and lists). */

/** Rows go to the database as one JSON parameter: one statement however many rows. */
export const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/**
 * A list of ids as one array parameter (thousands of bound parameters are slow to plan). The
 * planner counts an array's elements, so one customer's ledger is read through the customer
 * indexes; a set it could not count it took for a hundred customers and walked the period index.
 */
export const idSet = (ids: number[]) => sql`(select unnest(${sql.param(ids)}::int[]))`;

/**
 * A bill's or receipt's period compared as the row value (year, month) with `cmp`: the indexes
 * on (year, month) and (customer, year, month) serve it, as a list of a period across customers
 * needs (`periodBefore` is for sums of given customers).
 */
export const periodCompared = (t: typeof payment | typeof receipt, cmp: '<' | '<=' | '>=' | '>', period: Period) =>
  sql`(${t.paymentYear}, ${t.paymentMonth}) ${sql.raw(cmp)} (${period.year}::int, ${period.month}::int)`;
