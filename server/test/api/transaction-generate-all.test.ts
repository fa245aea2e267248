import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src/db/schema';
import { createTestApp, expectFailure, fileTestApp } from '../helpers/app';
import {
  lastActiveOf,
  makeColony,
  makeCombination,
  makeConsumption,
  makeCustomer,
  makeDelivery,
  makeProduct,
} from '../helpers/factories';

/**
 * POST /api/transactions/generateAll (docs/rules.md section 13): generation by colony for every
 * enabled colony at once. 2026-06-01 is a Monday and the 1st; 2026-06-02 a Tuesday.
 */

const t = fileTestApp();

const db = () => t.database.db;

async function rowsOn(date: string, customerId?: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(transaction)
    .where(and(eq(transaction.transactionDate, date), customerId ? eq(transaction.customerId, customerId) : undefined));
  return row!.n;
}

const lastActive = (customerId: number) => lastActiveOf(db(), customerId);

/** Colonies AAA (2 customers), BBB (3, one disabled), a disabled colony and an empty one. */
async function seed() {
  const daily = await makeCombination(db(), 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  const monday = await makeCombination(db(), 'Monday');
  const special = await makeCombination(db(), 'Special');
  const milk = await makeProduct(db(), { productCode: 'AM', combinationId: daily.combinationId, price: 5000 });
  const curd = await makeProduct(db(), { productCode: 'AC', combinationId: monday.combinationId, price: 3000 });
  const sweets = await makeProduct(db(), { productCode: 'AS', combinationId: special.combinationId, price: 9000 });
  const bbb = await makeColony(db(), { colonyCode: 'BBB' });
  const aaa = await makeColony(db(), { colonyCode: 'aaa' });
  const off = await makeColony(db(), { colonyCode: 'OFF', disable: 1 });
  const empty = await makeColony(db(), { colonyCode: 'EMPTY' });
  const take = async (colonyCode: string, products: { productId: number }[], values: { disable?: 0 | 1 } = {}) => {
    const c = await makeCustomer(db(), { colonyCode, ...values });
    for (const p of products) await makeConsumption(db(), { customerId: c.customerId, productId: p.productId });
    return c;
  };
  const asha = await take(aaa.colonyCode, [milk, curd]);
  const bala = await take(aaa.colonyCode, [milk, sweets]);
  const chitra = await take(bbb.colonyCode, [milk]);
  const dev = await take(bbb.colonyCode, [curd]);
  const away = await take(bbb.colonyCode, [milk], { disable: 1 });
  const closed = await take(off.colonyCode, [milk]);
  return { milk, curd, aaa, bbb, empty, asha, bala, chitra, dev, away, closed };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

const generateAll = (date: string) => t.call('POST', '/api/transactions/generateAll', { date });

describe('POST /api/transactions/generateAll', () => {
  it('creates what generation by colony would, for every enabled colony, counted per colony in code order', async () => {
    const previews: Record<string, number> = {};
    for (const code of ['aaa', 'BBB', 'EMPTY']) {
      const preview = await t.call(
        'GET',
        `/api/transactions/nexttransactionpreview?colony=${code}&startDate=2026-06-01`,
      );
      previews[code] = preview.body.total;
    }
    const res = await generateAll('2026-06-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: '2026-06-01',
      colonies: [
        { colonyCode: 'aaa', created: 3, existing: 0 },
        { colonyCode: 'BBB', created: 2, existing: 0 },
        { colonyCode: 'EMPTY', created: 0, existing: 0 },
      ],
    });
    expect(res.body.colonies.map((c: any) => c.created)).toEqual([previews.aaa, previews.BBB, previews.EMPTY]);
    // Neither the disabled customer nor the disabled colony gets a delivery; Special never does.
    expect(await rowsOn('2026-06-01', s.away.customerId)).toBe(0);
    expect(await rowsOn('2026-06-01', s.closed.customerId)).toBe(0);
    expect(await rowsOn('2026-06-01', s.bala.customerId)).toBe(1);
    for (const c of [s.asha, s.bala, s.chitra, s.dev]) expect(await lastActive(c.customerId)).toBe('2026-06-01');
    expect(await lastActive(s.away.customerId)).toBeNull();
  });

  it('creates nothing the second time and counts the rows that existed', async () => {
    const res = await generateAll('2026-06-01');
    expect(res.body.colonies).toEqual([
      { colonyCode: 'aaa', created: 0, existing: 3 },
      { colonyCode: 'BBB', created: 0, existing: 2 },
      { colonyCode: 'EMPTY', created: 0, existing: 0 },
    ]);
    expect(await rowsOn('2026-06-01')).toBe(5);
  });

  it('fills in only what generation by colony left, at the price of now', async () => {
    // Tuesday: milk only (curd is Monday's).
    await t.call('POST', '/api/transactions/generate', { colony: 'BBB', date: '2026-06-02' });
    const res = await generateAll('2026-06-02');
    expect(res.body.colonies).toEqual([
      { colonyCode: 'aaa', created: 2, existing: 0 },
      { colonyCode: 'BBB', created: 0, existing: 1 },
      { colonyCode: 'EMPTY', created: 0, existing: 0 },
    ]);
    const list = await t.call('GET', '/api/transactions?colonyCode=AAA&date=2026-06-02');
    expect(list.body.response.map((r: any) => [r.customerId, r.product.productCode, r.price, r.attendance])).toEqual([
      [s.asha.customerId, 'AM', 50, 1],
      [s.bala.customerId, 'AM', 50, 1],
    ]);
  });

  it('keeps the last active date of a customer delivered later than the day generated', async () => {
    await makeDelivery(db(), s.chitra.customerId, s.milk, '2026-09-01');
    await generateAll('2026-06-03');
    expect(await lastActive(s.chitra.customerId)).toBe('2026-09-01');
    expect(await lastActive(s.asha.customerId)).toBe('2026-06-03');
  });

  it('creates each row once when run twice at the same moment, and beside generation by colony', async () => {
    const [a, b, c] = await Promise.all([
      generateAll('2026-06-08'),
      generateAll('2026-06-08'),
      t.call('POST', '/api/transactions/generate', { colony: 'aaa', date: '2026-06-08' }),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    const createdBy = (r: typeof a) => r.body.colonies.reduce((sum: number, x: any) => sum + x.created, 0);
    // Monday: aaa has milk and curd for Asha and milk for Bala; BBB milk for Chitra and curd for Dev.
    expect(createdBy(a) + createdBy(b) + c.body.created).toBe(5);
    expect(await rowsOn('2026-06-08')).toBe(5);
  });

  it('validates the date', async () => {
    for (const body of [{}, { date: '' }, { date: ' ' }]) {
      const res = await t.call('POST', '/api/transactions/generateAll', body);
      expectFailure(res, 400, 'Please choose a date.');
    }
    const bad = await t.call('POST', '/api/transactions/generateAll', { date: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('date');
  });

  it('needs the guard header (403) and a session (401), and writes nothing without them', async () => {
    const noHeader = await t.inject({
      method: 'POST',
      url: '/api/transactions/generateAll',
      payload: { date: '2026-06-20' },
    });
    expect(noHeader.statusCode).toBe(403);
    const noSession = await t.inject({
      method: 'POST',
      url: '/api/transactions/generateAll',
      headers: { 'x-requested-with': 'fetch' },
      payload: { date: '2026-06-20' },
    });
    expect(noSession.statusCode).toBe(401);
    expect(await rowsOn('2026-06-20')).toBe(0);
  });

  it('answers an empty list when no colony is enabled', async () => {
    const empty = await createTestApp();
    try {
      await makeColony(empty.database.db, { disable: 1 });
      const res = await empty.call('POST', '/api/transactions/generateAll', { date: '2026-06-01' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ date: '2026-06-01', colonies: [] });
    } finally {
      await empty.close();
    }
  });
});
