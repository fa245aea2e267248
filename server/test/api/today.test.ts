import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverySums } from '../../src/modules/today/today.repo';
import { expectFailure, fileTestApp } from '../helpers/app';
import {
  makeColony,
  makeConsumption,
  makeCustomer,
  makeMilkAndCurd,
  makeProduct,
  makeReceipt,
  makeTransaction,
} from '../helpers/factories';

/**
 * GET /api/today and the reads of its screens (docs/rules.md section 13). 2026-06-01 is a Monday.
 * AAA: Asha (1.5 L of cow milk daily, curd on Mondays) and Bala (cow milk, 2 L); BBB: Chitra
 * (buffalo milk) and Dev, paused from 2026-06-01; OFF is disabled; EMPTY has nobody.
 */

const t = fileTestApp();

const db = () => t.database.db;
const DAY = '2026-06-01';

async function seed() {
  const { cow, buf, curd } = await makeMilkAndCurd(db(), 'Monday');
  const aaa = await makeColony(db(), { colonyCode: 'AAA', colonyName: 'Anand Nagar' });
  const bbb = await makeColony(db(), { colonyCode: 'BBB', colonyName: 'Bank Colony' });
  const off = await makeColony(db(), { colonyCode: 'OFF', colonyName: 'Old Town', disable: 1 });
  await makeColony(db(), { colonyCode: 'EMPTY', colonyName: 'Empty Acres' });
  const asha = await makeCustomer(db(), {
    colonyCode: 'AAA',
    customerName: 'Asha',
    route: 2,
    address: '2 Lake Road',
    due: 50000,
  });
  const bala = await makeCustomer(db(), { colonyCode: 'AAA', customerName: 'Bala', route: 1, address: '1 Hill Road' });
  const chitra = await makeCustomer(db(), { colonyCode: 'BBB', customerName: 'Chitra', route: 1 });
  const dev = await makeCustomer(db(), { colonyCode: 'BBB', customerName: 'Dev', route: 2 });
  const gone = await makeCustomer(db(), { colonyCode: 'BBB', customerName: 'Gone', route: 3, disable: 1 });
  const closed = await makeCustomer(db(), { colonyCode: 'OFF', customerName: 'Closed' });
  await makeConsumption(db(), { customerId: asha.customerId, productId: cow.productId, quantity: 150 });
  await makeConsumption(db(), { customerId: asha.customerId, productId: curd.productId });
  await makeConsumption(db(), { customerId: bala.customerId, productId: cow.productId, quantity: 200 });
  await makeConsumption(db(), { customerId: chitra.customerId, productId: buf.productId });
  await makeConsumption(db(), { customerId: dev.customerId, productId: buf.productId });
  await makeConsumption(db(), { customerId: gone.customerId, productId: buf.productId });
  await makeConsumption(db(), { customerId: closed.customerId, productId: cow.productId });
  const pause = await t.call('POST', '/api/changes', { customerId: dev.customerId, kind: 'pause', fromDate: DAY });
  expect(pause.status).toBe(201);
  return { cow, buf, curd, aaa, bbb, off, asha, bala, chitra, dev, gone, closed };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

const today = (date?: string) => t.call('GET', `/api/today${date === undefined ? '' : `?date=${date}`}`);
const colonyOf = (body: any, code: string) => body.colonies.find((c: any) => c.colonyCode === code);
const previewTotal = async (colony: string, date: string) =>
  (await t.call('GET', `/api/transactions/nexttransactionpreview?colony=${colony}&startDate=${date}`)).body.total;

describe('GET /api/today', () => {
  it('before generation: every enabled colony in code order, scheduled as the preview counts it, the quantity to load', async () => {
    const res = await today(DAY);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(DAY);
    expect(res.body.colonies.map((c: any) => [c.colonyCode, c.colonyName])).toEqual([
      ['AAA', 'Anand Nagar'],
      ['BBB', 'Bank Colony'],
      ['EMPTY', 'Empty Acres'],
    ]);
    expect(colonyOf(res.body, 'AAA')).toEqual({
      colonyCode: 'AAA',
      colonyName: 'Anand Nagar',
      customers: 2,
      scheduled: 3,
      generated: 0,
      absent: 0,
      paused: 0,
      quantities: [
        { productCode: 'COW', productName: 'Cow milk', unit: 'L', quantity: 3.5 },
        { productCode: 'CURD', productName: 'Curd', unit: 'kg', quantity: 1 },
      ],
      collected: 0,
      receipts: 0,
      requests: 0,
    });
    const bbb = colonyOf(res.body, 'BBB');
    expect(bbb).toMatchObject({ customers: 2, generated: 0, absent: 0, paused: 1 });
    for (const code of ['AAA', 'BBB', 'EMPTY'])
      expect(colonyOf(res.body, code).scheduled).toBe(await previewTotal(code, DAY));
    expect(colonyOf(res.body, 'EMPTY')).toMatchObject({ customers: 0, scheduled: 0, quantities: [] });
  });

  it('after generation: generated and absent rows, the delivered quantity, scheduled what is left', async () => {
    const gen = await t.call('POST', '/api/transactions/generateAll', { date: DAY });
    expect(gen.status).toBe(200);
    const sheet = await t.call('GET', `/api/today/sheet?colony=AAA&date=${DAY}`);
    const bala = sheet.body.rows.find((r: any) => r.customerName === 'Bala');
    await t.call('POST', '/api/transactions/attendance', {
      changes: [{ transactionId: bala.transactionId, attendance: 0 }],
    });
    const res = await today(DAY);
    expect(colonyOf(res.body, 'AAA')).toMatchObject({
      customers: 2,
      scheduled: 0,
      generated: 3,
      absent: 1,
      quantities: [
        { productCode: 'COW', productName: 'Cow milk', unit: 'L', quantity: 1.5 },
        { productCode: 'CURD', productName: 'Curd', unit: 'kg', quantity: 1 },
      ],
    });
    expect(colonyOf(res.body, 'BBB').scheduled).toBe(0);
    expect(res.body.totals.generated).toBe(res.body.colonies.reduce((n: number, c: any) => n + c.generated, 0));
    // Nothing of the disabled colony is counted anywhere.
    expect(res.body.totals.customers).toBe(4);
  });

  it('counts the receipts taken on the date in the business time zone, refunds negative', async () => {
    const at = (iso: string) => new Date(iso);
    // 2026-06-01 in Asia/Kolkata runs from 2026-05-31T18:30Z to 2026-06-01T18:30Z.
    await makeReceipt(db(), {
      customerId: s.asha.customerId,
      paymentYear: 2026,
      paymentMonth: 5,
      amount: 50000,
      receivedAt: at('2026-05-31T18:30:00Z'),
    });
    await makeReceipt(db(), {
      customerId: s.bala.customerId,
      paymentYear: 2026,
      paymentMonth: 5,
      amount: 12550,
      receivedAt: at('2026-06-01T18:29:59Z'),
    });
    await makeReceipt(db(), {
      customerId: s.bala.customerId,
      paymentYear: 2026,
      paymentMonth: 5,
      amount: -550,
      receivedAt: at('2026-06-01T10:00:00Z'),
    });
    await makeReceipt(db(), {
      customerId: s.chitra.customerId,
      paymentYear: 2026,
      paymentMonth: 5,
      amount: 10000,
      receivedAt: at('2026-06-01T18:30:00Z'),
    });
    await makeReceipt(db(), {
      customerId: s.closed.customerId,
      paymentYear: 2026,
      paymentMonth: 5,
      amount: 10000,
      receivedAt: at('2026-06-01T10:00:00Z'),
    });
    const res = await today(DAY);
    expect(colonyOf(res.body, 'AAA')).toMatchObject({ collected: 620, receipts: 3 });
    expect(colonyOf(res.body, 'BBB')).toMatchObject({ collected: 0, receipts: 0 });
    expect(res.body.totals).toMatchObject({ collected: 620, receipts: 3 });
    const next = await today('2026-06-02');
    expect(colonyOf(next.body, 'BBB')).toMatchObject({ collected: 100, receipts: 1 });
  });

  it('totals are the sums of the colonies, quantities per product code across colonies', async () => {
    const res = await today('2026-06-02');
    const { totals, colonies } = res.body;
    for (const field of ['customers', 'scheduled', 'generated', 'absent', 'paused', 'receipts'])
      expect(totals[field]).toBe(colonies.reduce((n: number, c: any) => n + c[field], 0));
    // Tuesday: no curd; Asha 1.5 + Bala 2 of cow milk, Chitra's buffalo milk (Dev is paused, if generation applies pauses).
    expect(totals.quantities.map((q: any) => q.productCode)).toEqual(['BUF', 'COW']);
    expect(totals.quantities[1]).toEqual({ productCode: 'COW', productName: 'Cow milk', unit: 'L', quantity: 3.5 });
  });

  it("sums a code's rows on different combinations (and prices) as one product", async () => {
    // A Monday with nothing generated: only these rows exist.
    const date = '2026-06-08';
    const mondays = await makeProduct(db(), {
      productCode: 'COW',
      productName: 'Cow milk',
      unit: 'L',
      price: 65_00,
      days: 'Monday',
    });
    const deliver = (customerId: number, row: typeof mondays, quantity: number, attendance: 0 | 1 = 1) =>
      makeTransaction(db(), {
        customerId,
        productId: row.productId,
        combinationId: row.combinationId,
        transactionDate: date,
        price: row.price,
        quantity,
        attendance,
      });
    await deliver(s.asha.customerId, s.cow, 150);
    await deliver(s.bala.customerId, mondays, 200);
    await deliver(s.chitra.customerId, mondays, 100, 0);
    const sums = await deliverySums(db(), ['AAA', 'BBB'], date);
    expect(sums.sort((a, b) => a.colonyCode.localeCompare(b.colonyCode))).toEqual([
      { colonyCode: 'AAA', productCode: 'COW', productName: 'Cow milk', unit: 'L', rows: 2, absent: 0, quantity: 350 },
      { colonyCode: 'BBB', productCode: 'COW', productName: 'Cow milk', unit: 'L', rows: 1, absent: 1, quantity: 0 },
    ]);
  });

  it('defaults to today in the business time zone', async () => {
    const res = await today();
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
  });

  it('refuses a date that is not a date', async () => {
    for (const date of ['2026-02-30', 'tomorrow', '2026-6-1']) {
      const res = await today(date);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('date');
    }
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/today' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/today/sheet', () => {
  it("answers the colony's rows of the date in route order, with addresses", async () => {
    const res = await t.call('GET', `/api/today/sheet?colony=aaa&date=${DAY}`);
    expect(res.status).toBe(200);
    expect(res.body.colonyCode).toBe('AAA');
    expect(res.body.colonyName).toBe('Anand Nagar');
    expect(
      res.body.rows.map((r: any) => [
        r.route,
        r.customerName,
        r.address,
        r.productCode,
        r.unit,
        r.quantity,
        r.attendance,
      ]),
    ).toEqual([
      [1, 'Bala', '1 Hill Road', 'COW', 'L', 2, 0],
      [2, 'Asha', '2 Lake Road', 'COW', 'L', 1.5, 1],
      [2, 'Asha', '2 Lake Road', 'CURD', 'kg', 1, 1],
    ]);
  });

  it('refuses an unknown colony (404), a disabled one (409), no colony and a bad date (400)', async () => {
    const unknown = await t.call('GET', `/api/today/sheet?colony=NOPE&date=${DAY}`);
    expectFailure(unknown, 404, 'Colony not found');
    const disabled = await t.call('GET', `/api/today/sheet?colony=OFF&date=${DAY}`);
    expectFailure(disabled, 409, 'This colony is disabled.');
    const none = await t.call('GET', `/api/today/sheet?date=${DAY}`);
    expectFailure(none, 400, 'Please select a colony.');
    const bad = await t.call('GET', '/api/today/sheet?colony=AAA&date=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('date');
  });
});

describe('GET /api/today/collection', () => {
  it("answers the colony's customers in route order with what each owes now", async () => {
    await db().execute(sql`update customer set due = 0 where customer_id = ${s.gone.customerId}`);
    const res = await t.call('GET', '/api/today/collection?colony=BBB');
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: any) => r.customerName)).toEqual(['Chitra', 'Dev']);
    // A disabled customer who still owes is listed.
    await db().execute(sql`update customer set due = 123.45 where customer_id = ${s.gone.customerId}`);
    const again = await t.call('GET', '/api/today/collection?colony=BBB');
    expect(again.body.rows.map((r: any) => [r.customerName, r.balance])).toEqual([
      ['Chitra', 0],
      ['Dev', 0],
      ['Gone', 123.45],
    ]);
  });

  it('refuses an unknown colony (404) and a disabled one (409)', async () => {
    expect((await t.call('GET', '/api/today/collection?colony=NOPE')).status).toBe(404);
    expect((await t.call('GET', '/api/today/collection?colony=OFF')).status).toBe(409);
    expect((await t.call('GET', '/api/today/collection')).status).toBe(400);
  });
});
