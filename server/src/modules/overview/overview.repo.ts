import type { Overview } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { colony, combination, consumption, customer, product } from '../../db/schema';

/** Every row counts, disabled ones too: the guide asks only whether a first record exists. */
export async function recordCounts(db: Db): Promise<Overview> {
  const [counts] = await rowsOf<Overview>(
    db,
    sql`select
      (select count(*)::int from ${colony}) as colonies,
      (select count(*)::int from ${combination}) as combinations,
      (select count(*)::int from ${product}) as products,
      (select count(*)::int from ${customer}) as customers,
      (select count(*)::int from ${consumption}) as consumptions`,
  );
  if (!counts) throw new Error('The record counts returned no row');
  return counts;
}
