import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { consumption, paymentLine, product, transaction } from '../../src/db/schema';
import { databaseMigratedBeforeForFile } from '../helpers/migrations';

/**
 * Migration 0005 on a database that holds part-1 data: the database is migrated up to the
 * migration before it, filled as part 1 fills it, then migrated to the end. Existing data comes
 * over unchanged: unit 'L', quantity 1, bill lines whose quantity is their days.
 */
const QUANTITIES_WHEN = 1795420000000;

const database = databaseMigratedBeforeForFile(QUANTITIES_WHEN);

describe('migration 0005 on part-1 data', () => {
  it('brings every row over with unit L, quantity 1 and bill lines priced as before', async () => {
    const db = database().db;
    await db.execute(sql`
      insert into colony (colony_code, colony_name, charges) values ('OLD', 'Old colony', 20);
      insert into combination (combination_id, combination_days) values (1, 'Monday'), (2, 'Tuesday');
      insert into product (product_id, product_code, product_name, price, available, combination_id)
        values (1, 'COW', 'Cow Milk', 60.50, 1, 1), (2, 'COW', 'Cow Milk', 62, 1, 2);
      insert into customer (customer_id, customer_name, address, colony_code, route)
        values (1, 'Asha', 'House 1', 'OLD', 1);
      insert into consumption (consumption_id, customer_id, product_id, is_active) values (1, 1, 1, 1);
      insert into "transaction" (transaction_id, customer_id, product_id, combination_id, price, transaction_date, attendance)
        values (1, 1, 1, 1, 60.50, '2026-06-01', 1), (2, 1, 1, 1, 60.50, '2026-06-08', 0);
      insert into payment (payment_id, customer_id, payment_year, payment_month, charges, total_price)
        values (1, 1, 2026, 6, 20, 141);
      insert into payment_line (payment_id, product_code, product_name, price, attendance)
        values (1, 'COW', 'Cow Milk', 60.50, 2), (1, 'COW', 'Cow Milk', 62.25, 0)`);

    await database().migrate();

    expect(
      await db.select({ id: product.productId, unit: product.unit }).from(product).orderBy(product.productId),
    ).toEqual([
      { id: 1, unit: 'L' },
      { id: 2, unit: 'L' },
    ]);
    expect(await db.select({ quantity: consumption.quantity }).from(consumption)).toEqual([{ quantity: 100 }]);
    expect(
      await db
        .select({ id: transaction.transactionId, quantity: transaction.quantity, version: transaction.version })
        .from(transaction)
        .orderBy(transaction.transactionId),
    ).toEqual([
      { id: 1, quantity: 100, version: 1 },
      { id: 2, quantity: 100, version: 1 },
    ]);
    expect(
      await db
        .select({ attendance: paymentLine.attendance, quantity: paymentLine.quantity, amount: paymentLine.amount })
        .from(paymentLine)
        .orderBy(paymentLine.paymentLineId),
    ).toEqual([
      { attendance: 2, quantity: 200, amount: 12100 },
      { attendance: 0, quantity: 0, amount: 0 },
    ]);
    expect(await rowsOf(db, sql`select count(*)::int as n from delivery_change`)).toEqual([{ n: 0 }]);
  });

  it('the database keeps quantities more than 0 and at most 999.99, and a change whole', async () => {
    const db = database().db;
    const refused = async (statement: ReturnType<typeof sql>) => {
      await expect(db.transaction(async (tx) => void (await tx.execute(statement)))).rejects.toThrow();
    };
    await refused(sql`update "transaction" set quantity = 0 where transaction_id = 1`);
    await refused(sql`update consumption set quantity = 1000 where consumption_id = 1`);
    await refused(sql`update product set unit = 'kilograms!!' where product_id = 1`);
    await db.execute(sql`insert into app_user (user_id, username, password_hash, role) values (1, 'op', 'x', 'admin')`);
    const change = (values: string) =>
      sql.raw(`insert into delivery_change (customer_id, consumption_id, kind, quantity, from_date, to_date, created_by)
        values ${values}`);
    await refused(change(`(1, 1, 'pause', 2, '2026-06-01', null, 1)`)); // a pause has no quantity
    await refused(change(`(1, 1, 'quantity', 2, '2026-06-01', null, 1)`)); // a quantity change has a to date
    await refused(change(`(1, null, 'quantity', 2, '2026-06-01', '2026-06-02', 1)`)); // and a consumption
    await refused(change(`(1, 1, 'pause', null, '2026-06-02', '2026-06-01', 1)`)); // to before from
    await refused(change(`(1, 1, 'stop', null, '2026-06-01', null, 1)`));
    await db.execute(
      change(`(1, null, 'pause', null, '2026-06-01', null, 1), (1, 1, 'quantity', 1.5, '2026-06-01', '2026-06-02', 1)`),
    );
    expect(await rowsOf(db, sql`select count(*)::int as n from delivery_change`)).toEqual([{ n: 2 }]);
  });
});
