import { STALE_RECORD } from '@dairy/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import {
  lastActiveOf,
  makeColony,
  makeCombination,
  makeCustomer,
  makeProduct,
  makeTransaction,
} from '../helpers/factories';

const t = fileTestApp();

const db = () => t.database.db;

const lastActive = (customerId: number) => lastActiveOf(db(), customerId);

async function transactionsOf(customerId: number) {
  const [row] = await db().select({ n: count() }).from(transaction).where(eq(transaction.customerId, customerId));
  return row!.n;
}

async function seed() {
  const north = await makeColony(db(), { colonyCode: 'NTH', colonyName: 'North colony' });
  const south = await makeColony(db(), { colonyCode: 'STH', colonyName: 'South colony' });
  const daily = await makeCombination(db(), 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  const monday = await makeCombination(db(), 'Monday');
  const special = await makeCombination(db(), 'Special');
  const milk = await makeProduct(db(), {
    productCode: 'TM',
    productName: 'Buffalo milk',
    combinationId: daily.combinationId,
    price: 6000,
  });
  const milkMon = await makeProduct(db(), {
    productCode: 'TM',
    productName: 'Buffalo milk',
    combinationId: monday.combinationId,
    price: 5500,
  });
  const curd = await makeProduct(db(), {
    productCode: 'TC',
    productName: 'Fresh curd',
    combinationId: special.combinationId,
    price: 4025,
  });
  const ravi = await makeCustomer(db(), { colonyCode: north.colonyCode, customerName: 'Ravi', route: 2 });
  const meena = await makeCustomer(db(), { colonyCode: north.colonyCode, customerName: 'Meena', route: 1 });
  const sunil = await makeCustomer(db(), { colonyCode: south.colonyCode, customerName: 'Sunil', route: 1 });
  return { north, south, daily, monday, special, milk, milkMon, curd, ravi, meena, sunil };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

const row = (customerId: number, p: { productId: number; combinationId: number; price: number }, date: string) => ({
  customerId,
  productId: p.productId,
  combinationId: p.combinationId,
  price: p.price,
  transactionDate: date,
});

describe('GET /api/transactions', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {};
    const rows = [
      ['r1', row(s.ravi.customerId, s.milk, '2026-05-30')],
      ['r2', row(s.ravi.customerId, s.milk, '2026-06-01')],
      ['m1', row(s.meena.customerId, s.milk, '2026-06-01')],
      ['m2', row(s.meena.customerId, s.curd, '2026-06-02')],
      ['s1', row(s.sunil.customerId, s.milk, '2026-06-01')],
    ] as const;
    for (const [name, values] of rows) ids[name] = (await makeTransaction(db(), values)).transactionId;
  });

  it('filters by a colony code beyond ASCII and a product name, ignoring case as the database does', async () => {
    const colony = await makeColony(db(), { colonyCode: 'İÄB', colonyName: 'Istanbul colony' });
    const ayla = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName: 'Ayla' });
    const mine = await makeTransaction(db(), row(ayla.customerId, s.milk, '2026-07-09'));
    for (const query of [
      'colonyCode=%C4%B0%C3%84B',
      'colonyCode=i%C3%A4b',
      'colonyCode=%C4%B0%C3%84B&productName=BUFFALO%20MILK',
    ]) {
      const res = await t.call('GET', `/api/transactions?${query}&date=2026-07-09`);
      expect(res.status).toBe(200);
      expect(res.body.response.map((r: any) => r.transactionId)).toEqual([mine.transactionId]);
    }
  });

  it('filters by colony and month, newest first then by route, with the whole row', async () => {
    const res = await t.call('GET', '/api/transactions?colonyCode=nth&monthyr=2026-06');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 100, page: 1, total: 3, totalPages: 1 });
    expect(res.body.response.map((r: any) => r.transactionId)).toEqual([ids.m2, ids.m1, ids.r2]);
    expect(res.body.response[2]).toEqual({
      transactionId: ids.r2,
      customerId: s.ravi.customerId,
      productId: s.milk.productId,
      combinationId: s.daily.combinationId,
      price: 60,
      transactionDate: '2026-06-01',
      attendance: 1,
      quantity: 1,
      version: 1,
      customer: {
        customerId: s.ravi.customerId,
        customerName: 'Ravi',
        route: 2,
        colonyCode: 'NTH',
        colony: { colonyCode: 'NTH', colonyName: 'North colony' },
      },
      product: { productId: s.milk.productId, productCode: 'TM', productName: 'Buffalo milk', unit: 'L' },
      combination: { combinationId: s.daily.combinationId, combinationDays: s.daily.combinationDays },
    });
  });

  it.each([
    ['date=2026-06-01', ['m1', 's1', 'r2']], // route before colony
    ['productName=BUFFALO%20MILK&monthyr=2026-05', ['r1']],
    ['productName=Fresh%20curd', ['m2']],
    ['colonyCode=STH', ['s1']],
    ['date=2026-06-03', []],
  ])('filters by %s', async (query, expected) => {
    const res = await t.call('GET', `/api/transactions?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.response.map((r: any) => r.transactionId)).toEqual(expected.map((n) => ids[n]));
    expect(res.body.total).toBe(expected.length);
  });

  it('filters by customer', async () => {
    const res = await t.call('GET', `/api/transactions?customerId=${s.ravi.customerId}`);
    expect(res.body.response.map((r: any) => r.transactionId)).toEqual([ids.r2, ids.r1]);
    const none = await t.call('GET', `/api/transactions?customerId=${s.meena.customerId}&date=2026-05-30`);
    expect(none.body).toMatchObject({ response: [], total: 0, totalPages: 0 });
  });

  it('pages with limit and offset (the page number)', async () => {
    const res = await t.call('GET', '/api/transactions?colonyCode=NTH&limit=2&offset=2');
    expect(res.body).toMatchObject({ limit: 2, page: 2, total: 4, totalPages: 2 });
    expect(res.body.response.map((r: any) => r.transactionId)).toEqual([ids.r2, ids.r1]);
  });

  it.each([
    ['date=2026-06-01&monthyr=2026-06', 'Choose either a date or a month, not both.'],
    ['monthyr=2026-13', 'Month must be YYYY-MM'],
    ['monthyr=06-2026', 'Month must be YYYY-MM'],
    ['date=2026-06-31', 'Must be a date (YYYY-MM-DD)'],
    ['limit=0', 'limit must be between 1 and 1000'],
    ['limit=1001', 'limit must be between 1 and 1000'],
    ['offset=0', 'offset is the page number and starts at 1'],
    ['customerId=abc', 'Must be a valid id'],
  ])('rejects %s', async (query, message) => {
    const res = await t.call('GET', `/api/transactions?${query}`);
    expectFailure(res, 400, message);
  });

  it('needs a session', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });
});

describe('attendance and delete', () => {
  it('toggles attendance and keeps lastActive on the latest delivered date', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const early = await makeTransaction(db(), row(c.customerId, s.milk, '2026-07-01'));
    const late = await makeTransaction(db(), row(c.customerId, s.milk, '2026-07-05'));

    const off = await t.call('POST', `/api/transactions/update/${late.transactionId}`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ msg: 'Attendance updated successfully.', attendance: 0 });
    expect(await lastActive(c.customerId)).toBe('2026-07-01');
    await t.call('POST', `/api/transactions/update/${early.transactionId}`);
    expect(await lastActive(c.customerId)).toBeNull();
    const on = await t.call('POST', `/api/transactions/update/${late.transactionId}`);
    expect(on.body.attendance).toBe(1);
    expect(await lastActive(c.customerId)).toBe('2026-07-05');
    const list = await t.call('GET', `/api/transactions?customerId=${c.customerId}`);
    expect(list.body.response.map((r: any) => r.attendance)).toEqual([1, 0]);
  });

  it('deletes one transaction and recomputes lastActive', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const early = await makeTransaction(db(), row(c.customerId, s.milk, '2026-07-01'));
    const late = await makeTransaction(db(), row(c.customerId, s.milk, '2026-07-05'));
    const res = await t.call('POST', `/api/transactions/delete/${late.transactionId}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Transaction deleted successfully.');
    expect(await lastActive(c.customerId)).toBe('2026-07-01');
    expect((await t.call('POST', `/api/transactions/delete/${late.transactionId}`)).status).toBe(404);
    await t.call('POST', `/api/transactions/delete/${early.transactionId}`);
    expect(await lastActive(c.customerId)).toBeNull();
    expect(await transactionsOf(c.customerId)).toBe(0);
  });

  it('bulk-deletes all the ids or none', async () => {
    const a = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const b = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const a1 = await makeTransaction(db(), row(a.customerId, s.milk, '2026-08-01'));
    const a2 = await makeTransaction(db(), row(a.customerId, s.milk, '2026-08-02'));
    const b1 = await makeTransaction(db(), row(b.customerId, s.milk, '2026-08-03'));

    const unknown = await t.call('DELETE', '/api/transactions/delete', { ids: [a1.transactionId, 999_999] });
    expect(unknown.status).toBe(404);
    expect(await transactionsOf(a.customerId)).toBe(2);

    const res = await t.call('DELETE', '/api/transactions/delete', {
      ids: [a2.transactionId, b1.transactionId, b1.transactionId],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Selected records deleted!', count: 2 });
    expect(await transactionsOf(a.customerId)).toBe(1);
    expect(await lastActive(a.customerId)).toBe('2026-08-01'); // the older row that stays
    expect(await lastActive(b.customerId)).toBeNull();
  });

  it.each([[{ ids: [] }], [{}], [{ ids: 'x' }]])('refuses a bulk delete of %j', async (body) => {
    const res = await t.call('DELETE', '/api/transactions/delete', body);
    expectFailure(res, 400, 'Select at least one transaction.');
  });

  it('answers 400 for a bad id, 404 for an unknown one and 403 without the header', async () => {
    expect((await t.call('POST', '/api/transactions/update/abc')).status).toBe(400);
    expect((await t.call('POST', '/api/transactions/update/999999')).status).toBe(404);
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-07-01'));
    const res = await t.inject({ method: 'POST', url: `/api/transactions/delete/${tx.transactionId}` });
    expect(res.statusCode).toBe(403);
    const bulk = await t.inject({
      method: 'DELETE',
      url: '/api/transactions/delete',
      payload: { ids: [tx.transactionId] },
    });
    expect(bulk.statusCode).toBe(403);
    expect(await transactionsOf(c.customerId)).toBe(1);
  });
});

describe('single user transaction', () => {
  it('gives the form its colonies and one product per code', async () => {
    const res = await t.call('GET', '/api/transactions/singletransaction');
    expect(res.status).toBe(200);
    expect(res.body.data.colonies).toContainEqual({
      colonyCode: 'NTH',
      colonyName: 'North colony',
      disable: 0,
      charges: 0,
    });
    const codes = res.body.data.products.filter((p: any) => p.productCode.startsWith('T'));
    expect(codes).toEqual([
      { productCode: 'TC', productName: 'Fresh curd', unit: 'L' },
      { productCode: 'TM', productName: 'Buffalo milk', unit: 'L' },
    ]);
  });

  const base = () => ({
    colony: 'NTH',
    customerId: s.meena.customerId,
    productId: 'TM',
    days: s.monday.combinationId,
    price: '57.25',
    transactionType: 'single',
    fromDate: '2026-09-02',
  });

  it('adds one delivery on any date at the price sent, then counts the repeat', async () => {
    const res = await t.call('POST', '/api/transactions/singletransaction', base());
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Generate Transaction Successfully');
    expect(res.body.count).toBe(0);
    expect(res.body.data).toEqual([
      {
        transactionId: expect.any(Number),
        customerId: s.meena.customerId,
        productId: s.milkMon.productId,
        combinationId: s.monday.combinationId,
        price: 57.25,
        transactionDate: '2026-09-02', // a Wednesday: single ignores the schedule
        attendance: 1,
        quantity: 1,
        version: 1,
      },
    ]);
    expect(await lastActive(s.meena.customerId)).toBe('2026-09-02');
    const again = await t.call('POST', '/api/transactions/singletransaction', base());
    expect(again.body).toMatchObject({ data: [], count: 1 });
  });

  it('adds the covered dates of a period and counts those that existed', async () => {
    const body = { ...base(), transactionType: 'period', fromDate: '2026-09-01', toDate: '2026-09-30' };
    const res = await t.call('POST', '/api/transactions/singletransaction', body);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.transactionDate)).toEqual([
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
    ]);
    expect(res.body.count).toBe(0);
    expect(await lastActive(s.meena.customerId)).toBe('2026-09-28');
    const wider = await t.call('POST', '/api/transactions/singletransaction', { ...body, toDate: '2026-10-05' });
    expect(wider.body.data.map((r: any) => r.transactionDate)).toEqual(['2026-10-05']);
    expect(wider.body.count).toBe(4);
  });

  it('adds every date of a period for a Special combination', async () => {
    const body = {
      ...base(),
      productId: 'TC',
      days: s.special.combinationId,
      transactionType: 'period',
      fromDate: '2026-02-25',
      toDate: '2026-03-02',
    };
    const res = await t.call('POST', '/api/transactions/singletransaction', body);
    expect(res.body.data.map((r: any) => r.transactionDate)).toEqual([
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it.each([
    ['colony', { colony: '' }],
    ['customerId', { customerId: '' }],
    ['productId', { productId: undefined }],
    ['days', { days: null }],
    ['price', { price: '' }],
  ])('asks for all required fields when %s is missing', async (_field, change) => {
    const res = await t.call('POST', '/api/transactions/singletransaction', { ...base(), ...change });
    expectFailure(res, 400, 'Please fill in all required fields.');
  });

  it.each([
    [{ fromDate: '' }, 'Please choose the from date.'],
    [{ transactionType: 'period' }, 'Please choose the to date.'],
    [{ transactionType: 'period', toDate: '2026-09-01' }, 'To date must not be before from date.'],
    [{ transactionType: 'period', toDate: '2027-09-03' }, 'A period may span at most 366 days.'],
    [{ transactionType: 'weekly' }, 'Transaction type must be single or period'],
    [{ price: '0' }, 'Price must be at least 1'],
    [{ price: 0.99 }, 'Price must be at least 1'],
    [{ price: '-1' }, 'Price must be at least 1'],
    [{ price: '1.234' }, 'Must be an amount with at most 2 decimals'],
  ])('rejects %j', async (change, message) => {
    const res = await t.call('POST', '/api/transactions/singletransaction', { ...base(), ...change });
    expectFailure(res, 400, message);
  });

  it('refuses a period over 366 dates before looking anything up, and changes nothing', async () => {
    const before = await transactionsOf(s.meena.customerId);
    const closed = await makeColony(db(), { disable: 1 });
    const long = { ...base(), transactionType: 'period', fromDate: '2028-01-01', toDate: '2029-01-01' };
    const otherwise404or409 = [{ colony: 'NOPE' }, { customerId: 999_999 }, { colony: closed.colonyCode }];
    for (const change of [{}, ...otherwise404or409]) {
      const res = await t.call('POST', '/api/transactions/singletransaction', { ...long, ...change });
      expectFailure(res, 400, 'A period may span at most 366 days.');
      expect(res.body.errors).toEqual([{ path: 'toDate', message: 'A period may span at most 366 days.' }]);
    }
    expect(await transactionsOf(s.meena.customerId)).toBe(before);
  });

  it('accepts a full leap year of 366 dates', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const body = {
      ...base(),
      customerId: c.customerId,
      productId: 'TC',
      days: s.special.combinationId,
      transactionType: 'period',
      fromDate: '2028-01-01',
      toDate: '2028-12-31',
    };
    const res = await t.call('POST', '/api/transactions/singletransaction', body);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(366);
  });

  it('refuses a customer of another colony, unknown things, and a disabled colony', async () => {
    const before = await transactionsOf(s.sunil.customerId);
    const other = await t.call('POST', '/api/transactions/singletransaction', {
      ...base(),
      customerId: s.sunil.customerId,
    });
    expectFailure(other, 400, 'This customer does not belong to the chosen colony.');
    const noRow = await t.call('POST', '/api/transactions/singletransaction', {
      ...base(),
      days: s.special.combinationId,
    });
    expectFailure(noRow, 404, 'This Milk is not sold on these days.');
    expect(
      (await t.call('POST', '/api/transactions/singletransaction', { ...base(), customerId: 999_999 })).status,
    ).toBe(404);
    expect((await t.call('POST', '/api/transactions/singletransaction', { ...base(), colony: 'NOPE' })).status).toBe(
      404,
    );
    const closed = await makeColony(db(), { disable: 1 });
    const c = await makeCustomer(db(), { colonyCode: closed.colonyCode });
    const res = await t.call('POST', '/api/transactions/singletransaction', {
      ...base(),
      colony: closed.colonyCode,
      customerId: c.customerId,
    });
    expect(res.status).toBe(409);
    expect(await transactionsOf(s.sunil.customerId)).toBe(before);
    expect(await transactionsOf(c.customerId)).toBe(0);
  });
});

describe('update transaction', () => {
  it('loads the transaction with the product codes and the days of its code', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-10-01'));
    const res = await t.call('GET', `/api/transactions/update/${tx.transactionId}`);
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({ transactionId: tx.transactionId, price: 60, attendance: 1 });
    expect(res.body.products).toContainEqual({ productCode: 'TM', productName: 'Buffalo milk', unit: 'L' });
    expect(res.body.days).toEqual([
      { id: s.daily.combinationId, name: s.daily.combinationDays, price: 60 },
      { id: s.monday.combinationId, name: 'Monday', price: 55 },
    ]);
    expect((await t.call('GET', '/api/transactions/update/999999')).status).toBe(404);
  });

  it('changes product row, price and attendance, and recomputes lastActive', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    await makeTransaction(db(), row(c.customerId, s.milk, '2026-10-01'));
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-10-02'));
    const res = await t.call('POST', '/api/transactions/update', {
      transactionId: tx.transactionId,
      productId: 'TC',
      combinationId: s.special.combinationId,
      price: 12.5,
      attendance: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Transaction updated successfully.');
    const read = await t.call('GET', `/api/transactions/update/${tx.transactionId}`);
    expect(read.body.transaction).toMatchObject({
      productId: s.curd.productId,
      combinationId: s.special.combinationId,
      price: 12.5,
      attendance: 0,
      product: { productCode: 'TC' },
    });
    expect(await lastActive(c.customerId)).toBe('2026-10-01');
  });

  it.each([
    [{ price: '' }, "Price can't be empty!"],
    [{ price: 0.99 }, 'Price must be at least 1'],
    [{ productId: '' }, 'Please select a Milk.'],
    [{ combinationId: '' }, 'Please select days.'],
    [{ attendance: 2 }, 'Must be 1 or 0'],
  ])('rejects %j', async (change, message) => {
    const body = { transactionId: 1, productId: 'TM', combinationId: s.daily.combinationId, price: 10, attendance: 1 };
    const res = await t.call('POST', '/api/transactions/update', { ...body, ...change });
    expectFailure(res, 400, message);
  });

  it('refuses an unknown transaction or product row, and a second row of the same day', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    await makeTransaction(db(), row(c.customerId, s.milk, '2026-10-03'));
    const tx = await makeTransaction(db(), row(c.customerId, s.milkMon, '2026-10-03'));
    const body = {
      transactionId: tx.transactionId,
      productId: 'TM',
      combinationId: s.daily.combinationId,
      price: 10,
      attendance: 1,
    };
    const clash = await t.call('POST', '/api/transactions/update', body);
    expectFailure(clash, 409, 'This customer already has this Milk on that date.');
    expect((await t.call('POST', '/api/transactions/update', { ...body, transactionId: 999_999 })).status).toBe(404);
    expect((await t.call('POST', '/api/transactions/update', { ...body, productId: 'NOPE' })).status).toBe(404);
    const read = await t.call('GET', `/api/transactions/update/${tx.transactionId}`);
    expect(read.body.transaction.productId).toBe(s.milkMon.productId);
  });
});

describe('update transaction: versions', () => {
  const read = async (id: number) => (await t.call('GET', `/api/transactions/update/${id}`)).body.transaction;
  const body = (id: number, version?: unknown) => ({
    transactionId: id,
    productId: 'TM',
    combinationId: s.daily.combinationId,
    price: 61,
    attendance: 1,
    ...(version === undefined ? {} : { version }),
  });

  it('gives the version on the update screen and on every list row', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-11-02'));
    expect((await read(tx.transactionId)).version).toBe(1);
    await t.call('POST', `/api/transactions/update/${tx.transactionId}`);
    const list = await t.call('GET', `/api/transactions?customerId=${c.customerId}`);
    expect(list.body.response.map((r: any) => r.version)).toEqual([2]);
  });

  it('refuses a save made from an older copy with 409 and changes nothing', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-11-03'));
    const opened = await read(tx.transactionId);
    const first = await t.call('POST', '/api/transactions/update', {
      ...body(tx.transactionId, opened.version),
      price: 62.5,
    });
    expect(first.status).toBe(200);
    const after = await read(tx.transactionId);
    expect(after).toMatchObject({ price: 62.5, version: opened.version + 1 });

    // The second operator still holds the copy read before the first save: marking absent is refused.
    const stale = await t.call('POST', '/api/transactions/update', {
      ...body(tx.transactionId, opened.version),
      productId: 'TC',
      combinationId: s.special.combinationId,
      attendance: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_RECORD });
    expect(await read(tx.transactionId)).toEqual(after);
    expect(await lastActive(c.customerId)).toBe('2026-11-03');

    const fresh = await t.call('POST', '/api/transactions/update', {
      ...body(tx.transactionId, after.version),
      attendance: 0,
    });
    expect(fresh.status).toBe(200);
    expect(await read(tx.transactionId)).toMatchObject({ attendance: 0, version: after.version + 1 });
    expect(await lastActive(c.customerId)).toBeNull();
  });

  it('counts an attendance toggle as a change', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-11-04'));
    const { version } = await read(tx.transactionId);
    await t.call('POST', `/api/transactions/update/${tx.transactionId}`);
    const toggled = await read(tx.transactionId);
    expect(toggled).toMatchObject({ attendance: 0, version: version + 1 });
    const stale = await t.call('POST', '/api/transactions/update', body(tx.transactionId, version));
    expectFailure(stale, 409, STALE_RECORD);
    expect(await read(tx.transactionId)).toEqual(toggled);
    // Without a version the call behaves as it always did.
    expect((await t.call('POST', '/api/transactions/update', body(tx.transactionId))).status).toBe(200);
    expect(await read(tx.transactionId)).toMatchObject({ attendance: 1, price: 61, version: version + 2 });
  });

  it('answers 400 for a version that is not a positive number and 404 for an unknown transaction', async () => {
    const c = await makeCustomer(db(), { colonyCode: s.north.colonyCode });
    const tx = await makeTransaction(db(), row(c.customerId, s.milk, '2026-11-05'));
    for (const version of ['x', 0, 1.5]) {
      const bad = await t.call('POST', '/api/transactions/update', body(tx.transactionId, version));
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe('version');
    }
    const unknown = await t.call('POST', '/api/transactions/update', body(999_999, 1));
    expect(unknown.status).toBe(404);
    expect(await read(tx.transactionId)).toMatchObject({ price: 60, version: 1 });
  });
});

describe('API description', () => {
  it('documents every transaction call', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: t.cookie } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/transactions',
        '/api/transactions/update/{id}',
        '/api/transactions/delete/{id}',
        '/api/transactions/delete',
        '/api/transactions/singletransaction',
        '/api/transactions/add',
        '/api/transactions/generate',
        '/api/transactions/nexttransactionpreview',
        '/api/transactions/update',
      ]),
    );
  });
});
