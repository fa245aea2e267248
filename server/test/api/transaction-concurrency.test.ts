import { addDays } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct } from '../helpers/factories';

/**
 * Operators working on the same customers at the same moment (meaningful on PostgreSQL, where
 * the calls really overlap; PGlite runs them one after another). Whatever the interleaving,
 * nothing answers 5xx (a deadlock would) and every customer ends last active on their latest
 * delivered date.
 */

const t = fileTestApp();

const db = () => t.database.db;
const CUSTOMERS = 12;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/** A colony whose customers all take a daily product row. */
async function seedColony() {
  const colony = await makeColony(db());
  const daily = await makeCombination(db(), 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  const milk = await makeProduct(db(), { combinationId: daily.combinationId, price: 5000 });
  const customerIds: number[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = await makeCustomer(db(), { colonyCode: colony.colonyCode, route: i + 1 });
    await makeConsumption(db(), { customerId: c.customerId, productId: milk.productId });
    customerIds.push(c.customerId);
  }
  return { colony, milk, customerIds };
}
type Seed = Awaited<ReturnType<typeof seedColony>>;

/** One delivered row per customer on `date`; returns their ids in customer order. */
async function deliverAll(s: Seed, date: string): Promise<number[]> {
  const rows = await rowsOf<{ transaction_id: number }>(sql`
    insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
    select customer_id, ${s.milk.productId}, ${s.milk.combinationId}, 5000, ${date}::date, 1
    from unnest(${`{${s.customerIds.join(',')}}`}::int[]) as customer_id
    order by customer_id
    returning transaction_id`);
  return rows.map((r) => r.transaction_id);
}

/** The colony's customers' last active dates as the customer list shows them, each date once. */
async function lastActiveDates(s: Seed) {
  const list = await t.call('GET', `/api/users?colonyCode=${s.colony.colonyCode}`);
  return [...new Set((list.body.rows as { lastActive: string | null }[]).map((r) => r.lastActive))];
}

function expectAnswered(responses: { status: number; body: unknown }[]) {
  const failures = responses.filter((r) => r.status >= 500).map((r) => r.body);
  expect(failures).toEqual([]);
  expect(responses.every((r) => r.status === 200)).toBe(true);
}

const ROUNDS = 6;

describe('overlapping changes to the same customers', () => {
  it('keeps lastActive while one operator generates a day and others toggle or delete older rows', async () => {
    const s = await seedColony();
    const older = await deliverAll(s, '2026-03-01');
    for (let round = 0; round < ROUNDS; round++) {
      const date = addDays('2026-04-01', round);
      const extra = await deliverAll(s, addDays('2026-03-02', round));
      const responses = await Promise.all([
        t.call('POST', '/api/transactions/generate', { colony: s.colony.colonyCode, date }),
        ...older.map((id) => t.call('POST', `/api/transactions/update/${id}`)),
        ...extra.map((id) => t.call('POST', `/api/transactions/delete/${id}`)),
      ]);
      expectAnswered(responses);
      expect(responses[0]!.body.created).toBe(CUSTOMERS);
      expect(await lastActiveDates(s)).toEqual([date]);
    }
  });

  it('keeps lastActive when two bulk deletes over the same customers run in opposite orders', async () => {
    const s = await seedColony();
    for (let round = 0; round < ROUNDS; round++) {
      const first = addDays('2026-05-01', 3 * round);
      await deliverAll(s, first);
      const middle = await deliverAll(s, addDays(first, 1));
      const latest = await deliverAll(s, addDays(first, 2));
      const responses = await Promise.all([
        t.call('DELETE', '/api/transactions/delete', { ids: latest }),
        t.call('DELETE', '/api/transactions/delete', { ids: [...middle].reverse() }),
      ]);
      expectAnswered(responses);
      expect(await lastActiveDates(s)).toEqual([first]);
    }
  });

  it('answers every call when transactions, bills, deletes and defaulter marking of the same customers overlap', async () => {
    const s = await seedColony();
    for (let round = 0; round < ROUNDS; round++) {
      const date = addDays('2026-06-01', 2 * round);
      const rows = await deliverAll(s, addDays(date, 1));
      const responses = await Promise.all([
        t.call('POST', '/api/transactions/generate', { colony: s.colony.colonyCode, date }),
        t.call('POST', '/api/payments/generatePayments', { colony: s.colony.colonyCode, month: 6, year: 2026 }),
        t.call('DELETE', '/api/transactions/delete', { ids: rows.slice(0, CUSTOMERS / 2).reverse() }),
        t.call('POST', '/api/transactions/generate', { colony: s.colony.colonyCode, date: addDays(date, 1) }),
        t.call('DELETE', '/api/transactions/delete', { ids: rows.slice(CUSTOMERS / 2) }),
        // Defaulters of July (zero-based month 6): nobody has a July delivery, and the bills make them owe.
        t.call('POST', '/api/payments/generateDefaulters', { colony: s.colony.colonyCode, month: 6, year: 2026 }),
      ]);
      expectAnswered(responses);
    }
  });
});
