import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { KnownCustomer } from './duplicates';

/** Every customer, disabled ones too, as duplicates are found by (./duplicates.ts), oldest first. */
export async function knownCustomers(db: Db): Promise<KnownCustomer[]> {
  return rowsOf<KnownCustomer>(
    db,
    sql`select customer_name as name, contact_number as phone, colony_code as "colonyCode", route
        from customer order by customer_id`,
  );
}

/**
 * Imports write one at a time: the second of two at once (a double click, two operators with one
 * file) checks for duplicates after the first has committed, so it cannot double the customers.
 */
export async function waitForOtherImports(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('customer import'))`);
}
