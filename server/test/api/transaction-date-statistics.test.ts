import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { fileTestApp } from '../helpers/app';
import { makeMilkAndCurd } from '../helpers/factories';

/**
 * A date the statistics have not seen yet (the day just generated, the one the operator reads next)
 * counts as an average date, not as no rows: taken for 1 row, a colony's day was read through the
 * date index, the whole day's rows once per customer (migration 0015, docs/rules.md section 17).
 */

const t = fileTestApp();
const CUSTOMERS = 300;
const DAYS = 20;
const NEW_DAY = '2026-06-21';

beforeAll(async () => {
  const db = t.database.db;
  const { cow } = await makeMilkAndCurd(db);
  await db.execute(sql`insert into colony (colony_code, colony_name, charges) values ('K01', 'Colony 1', 20)`);
  await db.execute(sql`insert into customer (customer_name, address, colony_code, route)
    select 'Customer ' || n, 'House ' || n, 'K01', 1 + n % 5 from generate_series(1, ${CUSTOMERS}) n`);
  const day = (from: string, to: string) =>
    db.execute(sql`insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
      select cu.customer_id, p.product_id, p.combination_id, p.price, d::date, 1
      from customer cu cross join product p cross join generate_series(${from}::date, ${to}::date, interval '1 day') d
      where p.product_id = ${cow.productId}`);
  await day('2026-06-01', '2026-06-20');
  await db.execute(sql`analyze "transaction"`);
  // The next day is written after the last ANALYZE, as generation writes it.
  await day(NEW_DAY, NEW_DAY);
});

async function estimatedRows(date: string): Promise<number> {
  const [plan] = await rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    t.database.db,
    sql`explain (format json) select * from "transaction" where transaction_date = ${date}::date`,
  );
  return plan!['QUERY PLAN'][0].Plan['Plan Rows'];
}

describe('a date the statistics have not seen', () => {
  it(`is estimated as an average of the ${DAYS} dates before it, not as one row`, async () => {
    for (const date of ['2026-06-10', NEW_DAY]) {
      const estimate = await estimatedRows(date);
      expect(estimate, date).toBeGreaterThan(CUSTOMERS / 2);
      expect(estimate, date).toBeLessThan(CUSTOMERS * 2);
    }
  });
});
