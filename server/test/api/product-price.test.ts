import { addDays, calendarDateIn } from '@dairy/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payment, product, transaction } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCombination, makeCustomer, makeDelivery, makeProduct } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';
import { expectLedgerConsistent } from './payment-fixtures';

/*
 * A price rise is one action (docs/rules.md section 23): every row of the code takes the new
 * price, the deliveries from the from date that were at their row's old price follow it, and the
 * bills of those months follow their deliveries (section 6). The preview counts the same.
 */

const t = fileTestApp();
const db = () => t.database.db;
const today = calendarDateIn('Asia/Kolkata', new Date());
const day = (n: number) => addDays(today, n);

const s = {} as {
  cowDaily: Awaited<ReturnType<typeof makeProduct>>;
  cowWeekly: Awaited<ReturnType<typeof makeProduct>>;
  buffalo: Awaited<ReturnType<typeof makeProduct>>;
  asha: number;
  bala: number;
  /** Delivery ids by name. */
  d: Record<string, number>;
};

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'PR', colonyName: 'Price Nagar', charges: 10_00 });
  const weekly = await makeCombination(db(), 'Weekly');
  s.cowDaily = await makeProduct(db(), { productCode: 'COW', productName: 'Cow Milk', price: 60_00 });
  // The same code on another combination, at its own price.
  s.cowWeekly = await makeProduct(db(), {
    productCode: 'COW',
    productName: 'Cow Milk',
    price: 58_00,
    combinationId: weekly.combinationId,
  });
  s.buffalo = await makeProduct(db(), { productCode: 'BUF', productName: 'Buffalo Milk', price: 70_00 });
  s.asha = (await makeCustomer(db(), { colonyCode: 'PR', customerName: 'Asha', route: 3 })).customerId;
  s.bala = (await makeCustomer(db(), { colonyCode: 'PR', customerName: 'Bala', route: 1 })).customerId;
  const deliver = async (customerId: number, item: typeof s.cowDaily, n: number, values = {}) =>
    (await makeDelivery(db(), customerId, item, day(n), values)).transactionId;
  s.d = {
    ashaBefore: await deliver(s.asha, s.cowDaily, -20),
    ashaFrom: await deliver(s.asha, s.cowDaily, -10),
    ashaMid: await deliver(s.asha, s.cowDaily, -5),
    ashaAbsent: await deliver(s.asha, s.cowDaily, -2, { attendance: 0 }),
    ashaToday: await deliver(s.asha, s.cowDaily, 0),
    ashaBuffalo: await deliver(s.asha, s.buffalo, -5),
    balaTyped: await deliver(s.bala, s.cowDaily, -5, { price: 65_00 }),
    // The weekly row's old price, typed on a daily row: not this row's old price, so it stays.
    balaOtherRowsPrice: await deliver(s.bala, s.cowDaily, -4, { price: 58_00 }),
    balaWeekly: await deliver(s.bala, s.cowWeekly, -3),
  };
});

const change = (body: Record<string, unknown>) => t.call('POST', '/api/product/price', body);
const preview = (body: Record<string, unknown>) => t.call('POST', '/api/product/price/preview', body);
const rise = { productCode: 'COW', price: 62, fromDate: day(-10) };

const pricesOf = async (ids: Record<string, number>) => {
  const rows = await db()
    .select({ id: transaction.transactionId, price: transaction.price })
    .from(transaction)
    .where(inArray(transaction.transactionId, Object.values(ids)));
  const byId = new Map(rows.map((r) => [r.id, r.price]));
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, byId.get(id)]));
};
const rowPrices = async () =>
  (
    await db()
      .select({ price: product.price })
      .from(product)
      .where(eq(product.productCode, 'COW'))
      .orderBy(product.productId)
  ).map((r) => r.price);

/** The months (1-12) the deliveries lie in. */
const monthsOf = (dates: string[]) =>
  [...new Set(dates.map((d) => d.slice(0, 7)))].map((ym) => ({
    year: Number(ym.slice(0, 4)),
    month: Number(ym.slice(5)),
  }));
const deliveryMonths = monthsOf([-20, -10, -5, -4, -3, -2, 0].map(day));

/** Each bill of the colony, as billing the month again would make it. */
async function expectBillsFollowDeliveries() {
  for (const { year, month } of deliveryMonths) {
    const again = await t.call('POST', '/api/payments/previewPayments', { colony: 'PR', month, year });
    expect(again.status).toBe(200);
    const stored = await db()
      .select({ customerId: payment.customerId, totalPrice: payment.totalPrice })
      .from(payment)
      .where(and(eq(payment.paymentYear, year), eq(payment.paymentMonth, month)));
    const ofYear = stored.filter((b) => [s.asha, s.bala].includes(b.customerId));
    expect(Object.fromEntries(ofYear.map((b) => [b.customerId, b.totalPrice / 100])), `${month}/${year}`).toEqual(
      Object.fromEntries(
        again.body.data.map((r: { customerId: number; totalPrice: number }) => [r.customerId, r.totalPrice]),
      ),
    );
  }
}

describe('POST /api/product/price', () => {
  it('refuses what it cannot do, in the product texts, and changes nothing', async () => {
    const before = { rows: await rowPrices(), deliveries: await pricesOf(s.d) };
    const audits = (await db().select().from(auditLog)).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...rise, fromDate: day(-63) }, 400, 'The price can change from a date in the last 62 days.'],
      [{ ...rise, fromDate: day(1) }, 400, 'The price can change from a date in the last 62 days.'],
      [{ ...rise, fromDate: undefined }, 400, 'From date is required.'],
      [{ ...rise, fromDate: '2026-02-30' }, 400, 'Must be a date (YYYY-MM-DD)'],
      [{ ...rise, price: undefined }, 400, "Price can't be empty!"],
      [{ ...rise, price: '0.99' }, 400, 'Price must be at least 1'],
      [{ ...rise, price: 10_000_000.01 }, 400, 'Price must be at most ₹1,00,00,000.00'],
      [{ ...rise, price: '62.505' }, 400, 'Must be an amount with at most 2 decimals'],
      [{ ...rise, productCode: ' ' }, 400, 'Please select a Milk code.'],
      [{ ...rise, productCode: 'GOAT' }, 404, 'Milk not found'],
    ];
    for (const [body, status, message] of cases) {
      expectFailure(await change(body), status, message);
      expectFailure(await preview(body), status, message);
    }
    const collector = await signedInAs(t, 'cara', 'collector', ['PR']);
    expect(await collector.call('POST', '/api/product/price', rise)).toEqual({
      status: 403,
      body: { message: 'Not allowed' },
    });
    expect((await collector.call('POST', '/api/product/price/preview', rise)).status).toBe(403);
    const unguarded = await t.inject({
      method: 'POST',
      url: '/api/product/price',
      headers: { cookie: t.cookie },
      payload: rise,
    });
    expect(unguarded.statusCode).toBe(403);
    expect({ rows: await rowPrices(), deliveries: await pricesOf(s.d) }).toEqual(before);
    expect((await db().select().from(auditLog)).length).toBe(audits);
  });

  it('previews, then moves every row and the deliveries at their old price; billed months follow', async () => {
    for (const { year, month } of deliveryMonths) {
      const billed = await t.call('POST', '/api/payments/generatePayments', { colony: 'PR', month, year });
      expect(billed.status).toBe(200);
    }
    // The bills the changed deliveries lie in: only delivered ones change a bill.
    const changedBills = new Set([
      ...[-10, -5, 0].map((n) => `${s.asha} ${day(n).slice(0, 7)}`),
      `${s.bala} ${day(-3).slice(0, 7)}`,
    ]).size;
    const operator = await signedInAs(t, 'olga', 'operator');

    const asked = await operator.call('POST', '/api/product/price/preview', { ...rise, price: '62.00' });
    expect(asked).toEqual({ status: 200, body: { rows: 2, transactions: 5, bills: changedBills } });
    // The preview wrote nothing.
    expect(await rowPrices()).toEqual([60_00, 58_00]);

    const done = await operator.call('POST', '/api/product/price', { ...rise, price: '62.00' });
    expect(done).toEqual({ status: 200, body: { rows: 2, transactions: 5 } });
    expect(await rowPrices()).toEqual([62_00, 62_00]);
    expect(await pricesOf(s.d)).toEqual({
      ashaBefore: 60_00,
      ashaFrom: 62_00,
      ashaMid: 62_00,
      ashaAbsent: 62_00,
      ashaToday: 62_00,
      ashaBuffalo: 70_00,
      balaTyped: 65_00,
      balaOtherRowsPrice: 58_00,
      balaWeekly: 62_00,
    });
    const products = await t.call('GET', '/api/product?name=COW');
    expect(products.body.rows.map((r: { price: number; version: number }) => [r.price, r.version])).toEqual([
      [62, 2],
      [62, 2],
    ]);
    await expectBillsFollowDeliveries();
    await expectLedgerConsistent(db(), [s.asha, s.bala]);

    // Done once: the same rise again changes nothing.
    expect((await preview(rise)).body).toEqual({ rows: 0, transactions: 0, bills: 0 });
    expect((await change(rise)).body).toEqual({ rows: 0, transactions: 0 });
  });

  it('writes one audit row naming the code, the price and the date', async () => {
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'product.price'));
    expect(rows).toHaveLength(1);
    const [d, m, y] = [day(-10).slice(8), day(-10).slice(5, 7), day(-10).slice(0, 4)];
    expect(rows[0]).toMatchObject({
      username: 'olga',
      entity: 'product',
      entityId: 'COW',
      summary: `Changed the price of COW (Cow Milk) to ₹62.00 from ${d}/${m}/${y}: 2 rows, 5 deliveries`,
    });
  });

  it('takes the price from the first of the 62 days and from today', async () => {
    expect((await preview({ ...rise, fromDate: day(-62) })).status).toBe(200);
    expect((await preview({ ...rise, fromDate: today })).status).toBe(200);
  });

  it('is documented with its preview', async () => {
    const spec = (await t.call('GET', '/api/openapi.json')).body;
    for (const path of ['/api/product/price', '/api/product/price/preview']) {
      expect(Object.keys(spec.paths[path])).toEqual(['post']);
      expect(Object.keys(spec.paths[path].post.requestBody.content['application/json'].schema.properties)).toEqual([
        'productCode',
        'price',
        'fromDate',
      ]);
    }
  });
});
