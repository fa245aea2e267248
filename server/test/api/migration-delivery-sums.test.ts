import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { databaseMigratedBeforeForFile } from '../helpers/migrations';

/**
 * Migration 0020 on a database that already holds deliveries: the kept counts gain the rows absent
 * and the quantity delivered on each colony, date and product row, summed from the deliveries
 * already there, and keep them from then on.
 */
const DELIVERED_WHEN = 1799100000000;

const database = databaseMigratedBeforeForFile(DELIVERED_WHEN);

const kept = () =>
  rowsOf<{ colony: string; date: string; product: number; rows: number; absent: number; delivered: string }>(
    database().db,
    sql`select colony_code as colony, transaction_date::text as date, product_id as product, rows, absent, delivered::text
      from derived.transaction_count order by 1, 2, 3`,
  );

describe('migration 0020 on existing deliveries', () => {
  it('sums what each colony was delivered and who was absent per date and product row', async () => {
    const db = database().db;
    await db.execute(sql`
      insert into colony (colony_code, colony_name, charges) values ('EAST', 'East', 0), ('WEST', 'West', 0);
      insert into combination (combination_id, combination_days) values (1, 'Daily');
      insert into product (product_id, product_code, product_name, price, available, combination_id)
        values (1, 'COW', 'Cow Milk', 60, 1, 1), (2, 'CRD', 'Curd', 40, 1, 1);
      insert into customer (customer_id, customer_name, address, colony_code, route)
        values (1, 'One', 'H1', 'EAST', 1), (2, 'Two', 'H2', 'EAST', 1), (3, 'Three', 'H3', 'WEST', 1);
      insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance, quantity)
        values (1, 1, 1, 60, '2026-05-01', 1, 1.5), (2, 1, 1, 60, '2026-05-01', 1, 2.25),
          (2, 2, 1, 40, '2026-05-01', 0, 1), (3, 1, 1, 60, '2026-05-01', 1, 1),
          (1, 1, 1, 60, '2026-05-02', 0, 1.5)`);

    await database().migrate();

    expect(await kept()).toEqual([
      { colony: 'EAST', date: '2026-05-01', product: 1, rows: 2, absent: 0, delivered: '3.75' },
      { colony: 'EAST', date: '2026-05-01', product: 2, rows: 1, absent: 1, delivered: '0.00' },
      { colony: 'EAST', date: '2026-05-02', product: 1, rows: 1, absent: 1, delivered: '0.00' },
      { colony: 'WEST', date: '2026-05-01', product: 1, rows: 1, absent: 0, delivered: '1.00' },
    ]);
    // And from then on as deliveries change: the absent day of 2 May delivered after all.
    await db.execute(sql`update "transaction" set attendance = 1 where transaction_date = '2026-05-02'`);
    expect((await kept())[2]).toMatchObject({ date: '2026-05-02', rows: 1, absent: 0, delivered: '1.50' });
  });
});
