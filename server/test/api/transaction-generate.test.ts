import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product, transaction } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import {
  lastActiveOf,
  makeColony,
  makeConsumption,
  makeCustomer,
  makeDelivery,
  makeProduct,
} from '../helpers/factories';

const t = fileTestApp();

const db = () => t.database.db;

async function transactionCount(date?: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(transaction)
    .where(date ? eq(transaction.transactionDate, date) : undefined);
  return row!.n;
}

const lastActive = (customerId: number) => lastActiveOf(db(), customerId);

/**
 * One colony with every case of docs/rules.md section 5. 2026-06-01 is a Monday and the 1st,
 * 2026-06-02 a Tuesday, 2026-06-08 a Monday.
 */
async function seed() {
  const colony = await makeColony(db(), { colonyCode: 'GEN', colonyName: 'Generation colony' });
  const other = await makeColony(db(), { colonyCode: 'OTH', colonyName: 'Other colony' });
  const milkMon = await makeProduct(db(), { productCode: 'GM', productName: 'Cow milk', days: 'Monday', price: 3050 });
  const milkTue = await makeProduct(db(), { productCode: 'GM', productName: 'Cow milk', days: 'Tuesday', price: 3100 });
  const curd = await makeProduct(db(), { productCode: 'GC', productName: 'Curd', days: 'Monthly', price: 10000 });
  const ghee = await makeProduct(db(), { productCode: 'GG', productName: 'Ghee', days: 'Weekly', price: 25075 });
  const extra = await makeProduct(db(), { productCode: 'GS', productName: 'Sweets', days: 'Special', price: 5000 });
  const gone = await makeProduct(db(), {
    productCode: 'GU',
    productName: 'Paneer',
    days: 'Monday',
    price: 9000,
    available: 0,
  });

  const asha = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'Asha', route: 1 });
  const bala = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'Bala', route: 2 });
  const off = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'Off', route: 3, disable: 1 });
  const paused = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'Paused', route: 3 });
  const stopped = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'Stopped', route: 3 });
  const noStock = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'No stock', route: 3 });
  const elsewhere = await makeCustomer(db(), { colonyCode: other.colonyCode, customerName: 'Elsewhere', route: 1 });

  for (const p of [milkMon, curd, milkTue])
    await makeConsumption(db(), { customerId: asha.customerId, productId: p.productId });
  for (const p of [ghee, extra]) await makeConsumption(db(), { customerId: bala.customerId, productId: p.productId });
  await makeConsumption(db(), { customerId: off.customerId, productId: milkMon.productId });
  await makeConsumption(db(), { customerId: paused.customerId, productId: milkMon.productId, disable: 1 });
  await makeConsumption(db(), { customerId: stopped.customerId, productId: milkMon.productId, isActive: 0 });
  await makeConsumption(db(), { customerId: noStock.customerId, productId: gone.productId });
  await makeConsumption(db(), { customerId: elsewhere.customerId, productId: milkMon.productId });
  return { colony, other, milkMon, milkTue, curd, ghee, asha, bala, elsewhere };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

describe('GET /api/transactions/add', () => {
  it('lists the colonies for the form and today in the business time zone', async () => {
    const res = await t.call('GET', '/api/transactions/add');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
    expect(res.body.data).toContainEqual({
      colonyCode: 'GEN',
      colonyName: 'Generation colony',
      disable: 0,
      charges: 0,
    });
  });
});

describe('GET /api/transactions/nexttransactionpreview', () => {
  it('lists what generation would create, in route order, without writing', async () => {
    const res = await t.call('GET', '/api/transactions/nexttransactionpreview?colony=gen&startDate=2026-06-01');
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2026-06-01');
    expect(res.body.total).toBe(3);
    expect(res.body.totalPages).toBe(1);
    expect(res.body.data.map((r: any) => [r.customerName, r.productName, r.combinationDays, r.price])).toEqual([
      ['Asha', 'Curd', 'Monthly', 100],
      ['Asha', 'Cow milk', 'Monday', 30.5],
      ['Bala', 'Ghee', 'Weekly', 250.75],
    ]);
    expect(res.body.data[0]).toMatchObject({
      colonyCode: 'GEN',
      colonyName: 'Generation colony',
      transactionDate: '2026-06-01',
      customerId: s.asha.customerId,
      productCode: 'GC',
    });
    expect(await transactionCount()).toBe(0);
  });

  it('pages with limit and offset (the page number)', async () => {
    const res = await t.call(
      'GET',
      '/api/transactions/nexttransactionpreview?colony=GEN&startDate=2026-06-01&limit=2&offset=2',
    );
    expect(res.body).toMatchObject({ total: 3, totalPages: 2 });
    expect(res.body.data.map((r: any) => r.productName)).toEqual(['Ghee']);
    const past = await t.call(
      'GET',
      '/api/transactions/nexttransactionpreview?colony=GEN&startDate=2026-06-01&limit=2&offset=9',
    );
    expect(past.body).toMatchObject({ data: [], total: 3, totalPages: 2 });
  });

  it('defaults to today in the business time zone and uses 20 rows a page', async () => {
    const res = await t.call('GET', '/api/transactions/nexttransactionpreview?colony=GEN');
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(res.body.date).toBe(today);
  });

  it('rejects a bad input and names unknown or disabled colonies', async () => {
    const missing = await t.call('GET', '/api/transactions/nexttransactionpreview?startDate=2026-06-01');
    expectFailure(missing, 400, 'Please select a colony.');
    const badDate = await t.call('GET', '/api/transactions/nexttransactionpreview?colony=GEN&startDate=2026-02-30');
    expect(badDate.status).toBe(400);
    const badLimit = await t.call('GET', '/api/transactions/nexttransactionpreview?colony=GEN&limit=1001');
    expect(badLimit.status).toBe(400);
    expect((await t.call('GET', '/api/transactions/nexttransactionpreview?colony=NOPE')).status).toBe(404);
    const disabled = await makeColony(db(), { disable: 1 });
    const res = await t.call('GET', `/api/transactions/nexttransactionpreview?colony=${disabled.colonyCode}`);
    expectFailure(res, 409, 'This colony is disabled.');
  });
});

describe('POST /api/transactions/generate', () => {
  it('creates exactly the scheduled rows, copies the price and moves lastActive', async () => {
    const res = await t.call('POST', '/api/transactions/generate', { colony: 'gen', date: '2026-06-01' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Successfully Generate Transactions.', created: 3, existingUsers: [] });
    const list = await t.call('GET', '/api/transactions?colonyCode=GEN&date=2026-06-01');
    expect(list.body.total).toBe(3);
    expect(
      list.body.response.map((r: any) => [r.customer.customerName, r.product.productCode, r.price, r.attendance]),
    ).toEqual([
      ['Asha', 'GC', 100, 1],
      ['Asha', 'GM', 30.5, 1],
      ['Bala', 'GG', 250.75, 1],
    ]);
    expect(list.body.response[1].combinationId).toBe(s.milkMon.combinationId);
    expect(await lastActive(s.asha.customerId)).toBe('2026-06-01');
    expect(await lastActive(s.bala.customerId)).toBe('2026-06-01');
    expect(await lastActive(s.elsewhere.customerId)).toBeNull();
    expect(await transactionCount()).toBe(3);
  });

  it('creates nothing the second time and names who already had transactions', async () => {
    const res = await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date: '2026-06-01' });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(0);
    expect(res.body.existingUsers).toEqual([
      { customerId: s.asha.customerId, customerName: 'Asha' },
      { customerId: s.bala.customerId, customerName: 'Bala' },
    ]);
    expect(await transactionCount()).toBe(3);
    const preview = await t.call('GET', '/api/transactions/nexttransactionpreview?colony=GEN&startDate=2026-06-01');
    expect(preview.body).toMatchObject({ data: [], total: 0, totalPages: 0 });
  });

  it('fills in only what is missing, naming customers that had some', async () => {
    const tuesday = '2026-06-02';
    await makeDelivery(db(), s.asha.customerId, s.milkTue, tuesday, { price: 1 });
    const res = await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date: tuesday });
    expect(res.body.created).toBe(0);
    expect(res.body.existingUsers).toEqual([{ customerId: s.asha.customerId, customerName: 'Asha' }]);
  });

  it('follows Weekly and Monday but not Monthly on a Monday that is not the 1st, at the price of now', async () => {
    await db().update(product).set({ price: 3300 }).where(eq(product.productId, s.milkMon.productId));
    const res = await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date: '2026-06-08' });
    expect(res.body.created).toBe(2);
    const list = await t.call('GET', '/api/transactions?colonyCode=GEN&monthyr=2026-06&productName=cow%20milk');
    expect(list.body.response.map((r: any) => [r.transactionDate, r.price])).toEqual([
      ['2026-06-08', 33],
      ['2026-06-02', 0.01],
      ['2026-06-01', 30.5],
    ]);
  });

  it('never generates Special, and creates nothing on a day no combination covers', async () => {
    // 2026-06-06 is a Saturday: no combination of this colony covers it.
    const res = await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date: '2026-06-06' });
    expect(res.body).toMatchObject({ created: 0, existingUsers: [] });
  });

  it('keeps the last active date of a customer delivered later than the day generated', async () => {
    await makeDelivery(db(), s.bala.customerId, s.ghee, '2026-07-01');
    await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date: '2026-06-15' });
    expect(await lastActive(s.bala.customerId)).toBe('2026-07-01');
    expect(await lastActive(s.asha.customerId)).toBe('2026-06-15');
  });

  it('creates each row once when two generations run at the same moment', async () => {
    const colony = await makeColony(db());
    const milk = await makeProduct(db(), { days: 'Monday' });
    const curd = await makeProduct(db(), { days: 'Monday, Weekly' });
    for (let i = 0; i < 40; i++) {
      const c = await makeCustomer(db(), { colonyCode: colony.colonyCode, route: i + 1 });
      await makeConsumption(db(), { customerId: c.customerId, productId: milk.productId });
      await makeConsumption(db(), { customerId: c.customerId, productId: curd.productId });
    }
    const body = { colony: colony.colonyCode, date: '2026-06-22' };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/transactions/generate', body),
      t.call('POST', '/api/transactions/generate', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.created, b.body.created].sort((x, y) => x - y)).toEqual([0, 80]);
    const second = a.body.created === 0 ? a.body : b.body;
    expect(second.existingUsers).toHaveLength(40);
    const list = await t.call('GET', `/api/transactions?colonyCode=${colony.colonyCode}&date=2026-06-22`);
    expect(list.body.total).toBe(80);
  });

  it('creates exactly what the preview listed, day by day for a week', async () => {
    // 2026-07-06 is a Monday; 2026-07-01 (a Wednesday) is the only 1st nearby, and is not in the week.
    const created: number[] = [];
    for (let day = 6; day <= 12; day++) {
      const date = `2026-07-${String(day).padStart(2, '0')}`;
      const preview = await t.call(
        'GET',
        `/api/transactions/nexttransactionpreview?colony=GEN&startDate=${date}&limit=1000`,
      );
      const planned = preview.body.data.map((r: any) => `${r.customerId}:${r.productId}`).sort();
      const res = await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date });
      expect(res.body.created).toBe(preview.body.total);
      const list = await t.call('GET', `/api/transactions?colonyCode=GEN&date=${date}`);
      expect(list.body.response.map((r: any) => `${r.customerId}:${r.productId}`).sort()).toEqual(planned);
      created.push(res.body.created);
    }
    // Monday: Asha's milk and Bala's weekly ghee; Tuesday: Asha's milk; nothing else.
    expect(created).toEqual([2, 1, 0, 0, 0, 0, 0]);
  });

  it('validates the body with the form texts', async () => {
    const before = await transactionCount();
    for (const body of [
      { date: '2026-06-01' },
      { colony: 'GEN' },
      { colony: ' ', date: '2026-06-01' },
      { colony: 'GEN', date: '' },
    ]) {
      const res = await t.call('POST', '/api/transactions/generate', body);
      expectFailure(res, 400, 'Please fill in all fields.');
    }
    const bad = await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date: '01/06/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('date');
    expect(await transactionCount()).toBe(before);
  });

  it('refuses unknown (404) and disabled (409) colonies', async () => {
    expect((await t.call('POST', '/api/transactions/generate', { colony: 'NOPE', date: '2026-06-01' })).status).toBe(
      404,
    );
    const disabled = await makeColony(db(), { disable: 1 });
    const res = await t.call('POST', '/api/transactions/generate', { colony: disabled.colonyCode, date: '2026-06-01' });
    expectFailure(res, 409, 'This colony is disabled.');
  });

  it('needs the guard header (403) and a session (401)', async () => {
    const before = await transactionCount();
    const noHeader = await t.inject({
      method: 'POST',
      url: '/api/transactions/generate',
      payload: { colony: 'GEN', date: '2026-06-29' },
    });
    expect(noHeader.statusCode).toBe(403);
    const noSession = await t.inject({
      method: 'POST',
      url: '/api/transactions/generate',
      headers: { 'x-requested-with': 'fetch' },
      payload: { colony: 'GEN', date: '2026-06-29' },
    });
    expect(noSession.statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/transactions/nexttransactionpreview?colony=GEN' })).statusCode,
    ).toBe(401);
    expect(await transactionCount()).toBe(before);
  });
});
