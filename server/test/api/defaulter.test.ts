import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCustomer, makeDelivery, makePayment, makeProduct } from '../helpers/factories';

const t = fileTestApp();

/**
 * A colony with one customer per case of docs/rules.md section 7, around November 2026.
 * Candidates: `owes` (no transaction at all), `away` (only undelivered days in November),
 * `before` and `after` (deliveries just outside November).
 */
async function scenario(colonyValues: { disable?: 0 | 1 } = {}) {
  const db = t.database.db;
  const colony = await makeColony(db, colonyValues);
  const other = await makeColony(db);
  const milk = await makeProduct(db, { productName: 'Cow Milk' });
  const make = (name: string, route: number, values: Partial<typeof customer.$inferInsert> = {}) =>
    makeCustomer(db, { colonyCode: colony.colonyCode, customerName: name, route, due: 10000, ...values });
  const deliver = (customerId: number, date: string, attendance: 0 | 1 = 1) =>
    makeDelivery(db, customerId, milk, date, { attendance });

  const owes = await make('owes', 1);
  const away = await make('away', 2);
  await deliver(away.customerId, '2026-11-10', 0);
  const before = await make('before', 3);
  await deliver(before.customerId, '2026-10-31');
  const after = await make('after', 4);
  await deliver(after.customerId, '2026-12-01');
  const delivered = await make('delivered', 5);
  await deliver(delivered.customerId, '2026-11-30');
  const earlyDelivered = await make('early', 5);
  await deliver(earlyDelivered.customerId, '2026-11-01');
  const settled = await make('settled', 6, { due: 0 });
  const credit = await make('credit', 6, { due: -500 });
  const disabled = await make('disabled', 7, { disable: 1 });
  const outsider = await makeCustomer(db, { colonyCode: other.colonyCode, due: 10000 });
  await makePayment(db, { customerId: owes.customerId, paymentYear: 2026, paymentMonth: 10, totalPrice: 10000 }, [
    { productCode: milk.productCode, productName: 'Cow Milk', price: 5000, attendance: 2 },
  ]);
  return {
    colony,
    candidates: [owes, away, before, after],
    others: [delivered, earlyDelivered, settled, credit, disabled, outsider],
    owes,
    before,
    milk,
  };
}

const names = (body: { data: { customer: { customerName: string } }[] }) =>
  body.data.map((r) => r.customer.customerName);

async function flags(ids: number[]) {
  const rows = await t.database.db
    .select({ id: customer.customerId, defaulter: customer.defaulter })
    .from(customer)
    .where(inArray(customer.customerId, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.defaulter]));
}

describe('GET /api/payments/previewDefaulters', () => {
  it('lists, for a one-based month, the customers without a delivery that month who owe', async () => {
    const s = await scenario();
    const res = await t.call('GET', `/api/payments/previewDefaulters?colony=${s.colony.colonyCode}&month=11&year=2026`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['owes', 'away', 'before', 'after']);
    expect(res.body.data[0]).toEqual({
      customer: { customerId: s.owes.customerId, route: 1, customerName: 'owes', contactNumber: '' },
      totalDue: 100,
      paymentProducts: [
        {
          productCode: s.milk.productCode,
          productName: 'Cow Milk',
          unit: 'L',
          price: 50,
          attendance: 2,
          quantity: 2,
          amount: 100,
        },
      ],
      lastTransactionMonth: null,
      lastTransactionYear: null,
    });
    expect(res.body.data[2]).toMatchObject({ lastTransactionMonth: 10, lastTransactionYear: 2026 });
    // A preview writes nothing.
    const ids = [...s.candidates, ...s.others].map((c) => c.customerId);
    expect(Object.values(await flags(ids))).toEqual(ids.map(() => 0));
  });

  it('crosses the year for December', async () => {
    const s = await scenario();
    const res = await t.call('GET', `/api/payments/previewDefaulters?colony=${s.colony.colonyCode}&month=12&year=2026`);
    // `after` had a delivery on 1 December; `delivered` and `early` did not deliver in December.
    expect(names(res.body)).toEqual(['owes', 'away', 'before', 'delivered', 'early']);
  });

  it.each([
    ['month=11&year=2026', 'Please select a colony.'],
    ['colony=X&month=0&year=2026', 'Month must be between 1 and 12'],
    ['colony=X&month=13&year=2026', 'Month must be between 1 and 12'],
    ['colony=X&year=2026', 'Month must be between 1 and 12'],
    ['colony=X&month=11&year=1999', 'Enter a date between 2000 and 2099.'],
    ['colony=X&month=11&year=twenty', 'Year must be a whole number'],
  ])('rejects %s with "%s"', async (query, message) => {
    const res = await t.call('GET', `/api/payments/previewDefaulters?${query}`);
    expectFailure(res, 400, message);
  });

  it('answers 404 for an unknown colony and 401 without a session', async () => {
    const unknown = await t.call('GET', '/api/payments/previewDefaulters?colony=NOPE&month=1&year=2026');
    expectFailure(unknown, 404, 'Colony not found');
    const anonymous = await t.inject({
      method: 'GET',
      url: '/api/payments/previewDefaulters?colony=X&month=1&year=2026',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/payments/generateDefaulters', () => {
  it('marks, for a zero-based month, the same customers the preview lists; twice changes nothing more', async () => {
    const s = await scenario();
    const body = { colony: s.colony.colonyCode, month: 10, year: 2026 };
    const res = await t.call('POST', '/api/payments/generateDefaulters', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Defaulters data created successfully!', count: 4 });

    const candidateIds = s.candidates.map((c) => c.customerId);
    const otherIds = s.others.map((c) => c.customerId);
    expect(Object.values(await flags(candidateIds))).toEqual([1, 1, 1, 1]);
    expect(Object.values(await flags(otherIds))).toEqual(otherIds.map(() => 0));

    // Read back through the balance report.
    const report = await t.call('GET', `/api/reports/noBalance?colonyName=${s.colony.colonyCode}`);
    expect(names(report.body)).toEqual(['owes', 'away', 'before', 'after']);
    expect(report.body.data[2]).toMatchObject({ lastTransactionMonth: 10, lastTransactionYear: 2026 });

    const again = await t.call('POST', '/api/payments/generateDefaulters', { ...body, month: '10', year: '2026' });
    expect(again.body.count).toBe(4);
    expect(Object.values(await flags(otherIds))).toEqual(otherIds.map(() => 0));
  });

  it('leaves an operator-set flag alone when the customer is no longer a candidate', async () => {
    const s = await scenario();
    await t.database.db.update(customer).set({ defaulter: 1 }).where(eq(customer.customerId, s.others[0]!.customerId));
    await t.call('POST', '/api/payments/generateDefaulters', { colony: s.colony.colonyCode, month: 10, year: 2026 });
    expect(await flags([s.others[0]!.customerId])).toEqual({ [s.others[0]!.customerId]: 1 });
  });

  it.each([
    [{ month: 10, year: 2026 }, 'Please select a colony.'],
    [{ colony: '', month: 10, year: 2026 }, 'Please select a colony.'],
    [{ colony: 'X', month: 12, year: 2026 }, 'Month must be between 0 and 11'],
    [{ colony: 'X', month: -1, year: 2026 }, 'Month must be between 0 and 11'],
    [{ colony: 'X', year: 2026 }, 'Month must be between 0 and 11'],
    [{ colony: 'X', month: 10, year: 2101 }, 'Enter a date between 2000 and 2099.'],
  ])('rejects %j with "%s" and changes nothing', async (body, message) => {
    const s = await scenario();
    const res = await t.call('POST', '/api/payments/generateDefaulters', {
      ...body,
      ...('colony' in body && body.colony === 'X' ? { colony: s.colony.colonyCode } : {}),
    });
    expectFailure(res, 400, message);
    const ids = s.candidates.map((c) => c.customerId);
    expect(Object.values(await flags(ids))).toEqual([0, 0, 0, 0]);
  });

  it('answers 409 for a disabled colony and changes nothing', async () => {
    const s = await scenario({ disable: 1 });
    const res = await t.call('POST', '/api/payments/generateDefaulters', {
      colony: s.colony.colonyCode,
      month: 10,
      year: 2026,
    });
    expectFailure(res, 409, 'This colony is disabled.');
    const ids = s.candidates.map((c) => c.customerId);
    expect(Object.values(await flags(ids))).toEqual([0, 0, 0, 0]);
  });

  it('answers 404 for an unknown colony, 403 without the guard header and 401 without a session', async () => {
    const s = await scenario();
    const unknown = await t.call('POST', '/api/payments/generateDefaulters', { colony: 'NOPE', month: 0, year: 2026 });
    expect(unknown.status).toBe(404);
    const payload = JSON.stringify({ colony: s.colony.colonyCode, month: 10, year: 2026 });
    const unguarded = await t.inject({
      method: 'POST',
      url: '/api/payments/generateDefaulters',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unguarded.statusCode).toBe(403);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/payments/generateDefaulters',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const ids = s.candidates.map((c) => c.customerId);
    expect(Object.values(await flags(ids))).toEqual([0, 0, 0, 0]);
  });
});
