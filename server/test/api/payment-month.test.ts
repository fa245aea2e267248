import { colonyTexts, paymentTexts } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony } from '../helpers/factories';
import { days, deliver, newCustomer, seedColony } from './payment-fixtures';

/*
 * The month receipts go to (docs/rules.md section 23: the colony's latest bill) and a colony's
 * month in one total row (Payment Information).
 */

const t = fileTestApp();
const db = () => t.database.db;

const generate = (colony: string, month: number, year: number) =>
  t.call('POST', '/api/payments/generatePayments', { colony, month, year });
const latest = (colonyCode: string) =>
  t.call('GET', `/api/payments/latestBill?colonyCode=${encodeURIComponent(colonyCode)}`);

describe('GET /api/payments/latestBill', () => {
  it("answers the month (1-12) and year of the colony's latest bill, none before the first", async () => {
    const seed = await seedColony(db());
    const elsewhere = await seedColony(db());
    const asha = await newCustomer(db(), seed);
    const ravi = await newCustomer(db(), elsewhere);
    expect((await latest(seed.colony.colonyCode)).body).toEqual({ month: null, year: null });

    await deliver(db(), seed, asha.customerId, seed.milk, [...days(2025, 9, 1, 2), ...days(2025, 10, 1, 2)]);
    await deliver(db(), elsewhere, ravi.customerId, elsewhere.milk, days(2026, 1, 1, 2));
    expect((await generate(seed.colony.colonyCode, 10, 2025)).status).toBe(200);
    expect((await generate(seed.colony.colonyCode, 9, 2025)).status).toBe(200);
    // Another colony's later bill is not this colony's.
    expect((await generate(elsewhere.colony.colonyCode, 1, 2026)).status).toBe(200);

    const answer = await latest(seed.colony.colonyCode.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ month: 10, year: 2025 });
    expect((await latest(elsewhere.colony.colonyCode)).body).toEqual({ month: 1, year: 2026 });
  });

  it('answers an unknown colony with 404 and a missing one with 400', async () => {
    expectFailure(await latest('NOPE'), 404, colonyTexts.notFound);
    expectFailure(await t.call('GET', '/api/payments/latestBill'), 400, paymentTexts.colonyRequired);
  });
});

describe('GET /api/payments/totals', () => {
  it("sums the colony's bills of the month, every page of them, as Payment Information's rows show them", async () => {
    const seed = await seedColony(db(), 15_00);
    const other = await makeColony(db());
    for (let n = 0; n < 25; n++) {
      const c = await newCustomer(db(), seed, { route: n + 1, openingBalance: n * 10_00 - 50_00 });
      await deliver(db(), seed, c.customerId, n % 2 ? seed.milk : seed.curd, days(2026, 3, 1, 1 + (n % 4)));
      await deliver(db(), seed, c.customerId, seed.milk, days(2026, 4, 1, 1));
    }
    expect((await generate(seed.colony.colonyCode, 3, 2026)).status).toBe(200);
    expect((await generate(seed.colony.colonyCode, 4, 2026)).status).toBe(200);
    const bills = await t.call(
      'GET',
      `/api/payments?colonyCode=${seed.colony.colonyCode}&paymentMonth=2&paymentYear=2026&limit=1000`,
    );
    const rows: Record<string, number>[] = bills.body.rows;
    for (const [n, row] of rows.slice(0, 5).entries()) {
      const receipt = { customerId: row.customerId, month: 2, year: 2026, receivingPayment: 10 * (n + 1) };
      expect(
        (await t.call('PATCH', '/api/payments/receivingPaymentsForm', { ...receipt, paymentMode: 'positive' })).status,
      ).toBe(200);
    }
    const paidRows = (
      await t.call(
        'GET',
        `/api/payments?colonyCode=${seed.colony.colonyCode}&paymentMonth=2&paymentYear=2026&limit=1000`,
      )
    ).body.rows as Record<string, number>[];
    const sum = (field: string) => Math.round(paidRows.reduce((s, r) => s + Math.round(r[field]! * 100), 0)) / 100;

    const answer = await t.call(
      'GET',
      `/api/payments/totals?colonyCode=${seed.colony.colonyCode.toLowerCase()}&month=3&year=2026`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      bills: 25,
      previousDue: sum('previousDue'),
      productCharge: sum('productCharge'),
      charges: sum('charges'),
      totalPrice: sum('totalPrice'),
      paid: sum('paid'),
      due: sum('due'),
      balance: sum('balance'),
    });
    expect(answer.body.paid).toBe(150);
    expect(answer.body.charges).toBe(375);

    const empty = await t.call('GET', `/api/payments/totals?colonyCode=${other.colonyCode}&month=3&year=2026`);
    expect(empty.body).toEqual({
      bills: 0,
      previousDue: 0,
      productCharge: 0,
      charges: 0,
      totalPrice: 0,
      paid: 0,
      due: 0,
      balance: 0,
    });
  });

  it('answers an unknown colony with 404 and a month out of range with 400', async () => {
    expectFailure(
      await t.call('GET', '/api/payments/totals?colonyCode=NOPE&month=3&year=2026'),
      404,
      colonyTexts.notFound,
    );
    const colony = await makeColony(db());
    expectFailure(
      await t.call('GET', `/api/payments/totals?colonyCode=${colony.colonyCode}&month=13&year=2026`),
      400,
      'Month must be between 1 and 12',
    );
  });
});
