import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { databaseMigratedBeforeForFile } from '../helpers/migrations';

/**
 * Migration 0014 on a database that already holds customers: each is dated by the earliest trace
 * it left (its audit row, first transaction, first bill, first receipt), one that left none by the
 * migration's time. Customers added afterwards are dated when they are added.
 */
const ADDED_WHEN = 1797600000000;

const database = databaseMigratedBeforeForFile(ADDED_WHEN);

describe('migration 0014 on existing customers', () => {
  it('dates each by the earliest trace it left, one without any by the migration', async () => {
    const db = database().db;
    await db.execute(sql`
      insert into colony (colony_code, colony_name, charges) values ('OLD', 'Old colony', 0);
      insert into combination (combination_id, combination_days) values (1, 'Monday');
      insert into product (product_id, product_code, product_name, price, available, combination_id)
        values (1, 'COW', 'Cow Milk', 60, 1, 1);
      insert into customer (customer_id, customer_name, address, colony_code, route)
        values (1, 'Audited', 'H1', 'OLD', 1), (2, 'Delivered', 'H2', 'OLD', 1), (3, 'Billed', 'H3', 'OLD', 1),
          (4, 'Paid', 'H4', 'OLD', 1), (5, 'Nothing', 'H5', 'OLD', 1);
      insert into audit_log (at, username, action, entity, entity_id, summary)
        values ('2025-01-10T10:00:00Z', 'admin', 'customer.add', 'customer', '1', 'Added'),
          ('2024-01-01T00:00:00Z', 'admin', 'customer.update', 'customer', '1', 'Not an addition');
      insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
        values (1, 1, 1, 60, '2025-03-03', 1), (2, 1, 1, 60, '2025-02-03', 0), (2, 1, 1, 60, '2025-04-07', 1);
      insert into payment (customer_id, payment_year, payment_month, charges, total_price)
        values (2, 2025, 3, 0, 60), (3, 2025, 5, 0, 60), (3, 2025, 7, 0, 60);
      insert into receipt (customer_id, payment_year, payment_month, amount, mode, received_at)
        values (3, 2025, 5, 60, 'positive', '2025-06-02T05:00:00Z'), (4, 2025, 9, 10, 'positive', '2025-08-20T05:00:00Z')`);
    const startedAt = Date.now();

    await database().migrate();

    const added = await rowsOf<{ name: string; ms: string }>(
      db,
      sql`select customer_name as name, (extract(epoch from created_at) * 1000)::bigint::text as ms from customer`,
    );
    const iso = (name: string) => new Date(Number(added.find((a) => a.name === name)!.ms)).toISOString();
    expect(iso('Audited')).toBe('2025-01-10T10:00:00.000Z');
    // Its first transaction, a missed one.
    expect(iso('Delivered')).toBe('2025-02-03T00:00:00.000Z');
    expect(iso('Billed')).toBe('2025-05-01T00:00:00.000Z');
    expect(iso('Paid')).toBe('2025-08-20T05:00:00.000Z');
    const nothing = Date.parse(iso('Nothing'));
    expect(nothing).toBeGreaterThanOrEqual(startedAt - 60_000);
    expect(nothing).toBeLessThanOrEqual(Date.now());

    await db.execute(
      sql`insert into customer (customer_id, customer_name, address, colony_code, route) values (6, 'New', 'H6', 'OLD', 1)`,
    );
    const [fresh] = await rowsOf<{ ms: string }>(
      db,
      sql`select (extract(epoch from created_at) * 1000)::bigint::text as ms from customer where customer_name = 'New'`,
    );
    expect(Date.now() - Number(fresh!.ms)).toBeLessThan(60_000);
  });
});
