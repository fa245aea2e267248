import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { colony as colonyTable, customer, payment, paymentLine, transaction } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { makeCombination, makeProduct } from '../helpers/factories';
import { billsOf, days, deliver, expectLedgerConsistent, newCustomer, type Seed, seedColony } from './payment-fixtures';

/**
 * POST /api/payments/generateAll and /api/payments/previewAll (docs/rules.md section 17): every
 * enabled colony billed with its own stored service charge, exactly as Generate Payments would
 * colony by colony.
 */

const t = fileTestApp();

const db = () => t.database.db;
const generateAll = (month: number | string, year: number | string = 2026) =>
  t.call('POST', '/api/payments/generateAll', { month, year });
const previewAll = (month: number, year = 2026) => t.call('POST', '/api/payments/previewAll', { month, year });
/** A receipt through Receiving Payments (the month zero-based, as that call takes it). */
async function receive(customerId: number, month0: number, amount: number, paymentMode = 'positive') {
  const res = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId,
    month: month0,
    year: 2026,
    receivingPayment: amount,
    paymentMode,
  });
  expect(res.status).toBe(200);
}

/** Every bill of these customers as it is stored, with its lines, without the ids. */
async function storedBills(customerIds: number[]) {
  const bills = await db()
    .select()
    .from(payment)
    .where(inArray(payment.customerId, customerIds))
    .orderBy(payment.customerId, payment.paymentYear, payment.paymentMonth);
  const result = [];
  for (const { paymentId, createdAt: _, ...bill } of bills) {
    const lines = await db()
      .select({
        productCode: paymentLine.productCode,
        productName: paymentLine.productName,
        price: paymentLine.price,
        attendance: paymentLine.attendance,
      })
      .from(paymentLine)
      .where(eq(paymentLine.paymentId, paymentId))
      .orderBy(paymentLine.paymentLineId);
    result.push({ ...bill, lines });
  }
  const balances = await db()
    .select({ customerId: customer.customerId, paid: customer.paid, due: customer.due })
    .from(customer)
    .where(inArray(customer.customerId, customerIds))
    .orderBy(customer.customerId);
  return { bills: result, balances };
}

/**
 * A dairy to bill in March 2026: three enabled colonies with their own service charges (one
 * without deliveries), a disabled one, customers with opening balances, receipts, a February bill
 * and an April bill after the month billed.
 */
async function seedDairy() {
  const seeds: Seed[] = [];
  for (const charges of [20_00, 35_50, 0]) seeds.push(await seedColony(db(), charges));
  const [north, south, quiet] = seeds as [Seed, Seed, Seed];
  const off = await seedColony(db(), 99_00);
  await db().update(colonyTable).set({ disable: 1 }).where(eq(colonyTable.colonyCode, off.colony.colonyCode));

  const asha = await newCustomer(db(), north, { customerName: 'Asha', route: 2, openingBalance: 150_00 });
  const bala = await newCustomer(db(), north, { customerName: 'Bala', route: 1 });
  const chitra = await newCustomer(db(), south, { customerName: 'Chitra', openingBalance: -40_00 });
  const away = await newCustomer(db(), south, { customerName: 'Away', disable: 1 });
  const idle = await newCustomer(db(), quiet, { customerName: 'Idle' });
  const closed = await newCustomer(db(), off, { customerName: 'Closed' });
  await deliver(db(), north, asha.customerId, north.milk, days(2026, 3, 1, 31));
  await deliver(db(), north, asha.customerId, north.curd, days(2026, 3, 5, 6), { attendance: 0 });
  await deliver(db(), north, asha.customerId, north.curd, days(2026, 3, 7, 9), { price: 33_33 });
  await deliver(db(), north, bala.customerId, north.curd, days(2026, 3, 1, 2));
  await deliver(db(), south, chitra.customerId, south.milk, days(2026, 3, 10, 20));
  await deliver(db(), south, chitra.customerId, south.milk, days(2026, 2, 1, 3));
  await deliver(db(), south, away.customerId, south.milk, days(2026, 3, 1, 3));
  await deliver(db(), quiet, idle.customerId, quiet.milk, days(2026, 3, 1, 3), { attendance: 0 });
  await deliver(db(), off, closed.customerId, off.milk, days(2026, 3, 1, 3));
  // Chitra's February bill and a receipt for it, an April advance; Asha pays part of March ahead.
  expect(
    (await t.call('POST', '/api/payments/generatePayments', { colony: south.colony.colonyCode, month: 2, year: 2026 }))
      .status,
  ).toBe(200);
  await receive(chitra.customerId, 1, 100);
  await receive(chitra.customerId, 3, 70);
  await receive(asha.customerId, 2, 500);
  await deliver(db(), south, chitra.customerId, south.milk, days(2026, 4, 1, 2));
  expect(
    (await t.call('POST', '/api/payments/generatePayments', { colony: south.colony.colonyCode, month: 4, year: 2026 }))
      .status,
  ).toBe(200);
  await receive(chitra.customerId, 2, 10, 'negative');
  const everyone = [asha, bala, chitra, away, idle, closed].map((c) => c.customerId);
  return { north, south, quiet, off, asha, bala, chitra, away, idle, closed, everyone };
}

let s: Awaited<ReturnType<typeof seedDairy>>;
beforeAll(async () => {
  s = await seedDairy();
});

describe('POST /api/payments/generateAll', () => {
  it('previews every enabled colony with its own service charge, without writing', async () => {
    const before = await storedBills(s.everyone);
    const res = await previewAll(3);
    expect(res.status).toBe(200);
    const mine = res.body.colonies.filter((c: any) =>
      [s.north, s.south, s.quiet].some((seed) => seed.colony.colonyCode === c.colonyCode),
    );
    // Asha: 31 x 50.00 + 3 x 33.33 = 1649.99; Bala: 2 x 30.50; Chitra: 11 x 50.00.
    expect(mine).toEqual([
      {
        colonyCode: s.north.colony.colonyCode,
        colonyName: s.north.colony.colonyName,
        bills: 2,
        productCharge: 1710.99,
        charges: 40,
        totalPrice: 1750.99,
      },
      {
        colonyCode: s.south.colony.colonyCode,
        colonyName: s.south.colony.colonyName,
        bills: 1,
        productCharge: 550,
        charges: 35.5,
        totalPrice: 585.5,
      },
      {
        colonyCode: s.quiet.colony.colonyCode,
        colonyName: s.quiet.colony.colonyName,
        bills: 0,
        productCharge: 0,
        charges: 0,
        totalPrice: 0,
      },
    ]);
    expect(res.body.colonies.map((c: any) => c.colonyCode)).not.toContain(s.off.colony.colonyCode);
    expect(res.body).toMatchObject({ month: 3, year: 2026, totals: { bills: 3, totalPrice: 2336.49 } });
    expect(await storedBills(s.everyone)).toEqual(before);
  });

  it('bills exactly what Generate Payments colony by colony bills, ledger and all', async () => {
    const res = await generateAll(3);
    expect(res.status).toBe(200);
    expect(res.body.month).toBe(3);
    expect(res.body.year).toBe(2026);
    const ours = (code: string) => res.body.colonies.find((c: any) => c.colonyCode === code);
    expect(ours(s.north.colony.colonyCode)).toEqual({ colonyCode: s.north.colony.colonyCode, billed: 2 });
    expect(ours(s.south.colony.colonyCode)).toEqual({ colonyCode: s.south.colony.colonyCode, billed: 1 });
    expect(ours(s.quiet.colony.colonyCode)).toEqual({ colonyCode: s.quiet.colony.colonyCode, billed: 0 });
    expect(ours(s.off.colony.colonyCode)).toBeUndefined();
    // In colony code order, as the colonies were locked.
    const codes = res.body.colonies.map((c: any) => c.colonyCode);
    expect(codes).toEqual([...codes].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await billsOf(db(), [s.away.customerId, s.idle.customerId, s.closed.customerId])).toHaveLength(0);
    const all = await storedBills(s.everyone);
    const asha = all.bills.find((b) => b.customerId === s.asha.customerId)!;
    expect(asha).toMatchObject({
      charges: 20_00,
      totalPrice: 1669_99,
      previousDue: 150_00,
      paid: 500_00,
      due: 1169_99,
    });
    expect(asha.lines.map((l) => [l.productCode, l.price, l.attendance])).toEqual([
      [s.north.milk.productCode, 50_00, 31],
      [s.north.curd.productCode, 33_33, 3],
    ]);
    await expectLedgerConsistent(db(), s.everyone);

    // The same month, colony by colony, from no bills: the same bills, balances and lines.
    const march = all.bills.filter((b) => b.paymentMonth === 3);
    const ids = (await db().select({ id: payment.paymentId }).from(payment).where(eq(payment.paymentMonth, 3))).map(
      (r) => r.id,
    );
    expect((await t.call('DELETE', '/api/payments/delete', { ids })).status).toBe(200);
    for (const seed of [s.north, s.south, s.quiet]) {
      const one = await t.call('POST', '/api/payments/generatePayments', {
        colony: seed.colony.colonyCode,
        month: 3,
        year: 2026,
      });
      expect(one.body.count).toBe(ours(seed.colony.colonyCode).billed);
    }
    expect(await storedBills(s.everyone)).toEqual(all);
    expect(march).toHaveLength(3);
  });

  it('writes the same bills again when run again, and follows changed deliveries', async () => {
    const before = await storedBills(s.everyone);
    const again = await generateAll(3);
    expect(again.status).toBe(200);
    expect(await storedBills(s.everyone)).toEqual(before);

    // Bala misses both days: his bill goes (the month has none left); Asha's milk gets one more day.
    await db().update(transaction).set({ attendance: 0 }).where(eq(transaction.customerId, s.bala.customerId));
    await deliver(db(), s.north, s.asha.customerId, s.north.curd, days(2026, 3, 20, 20));
    const res = await generateAll(3);
    expect(res.body.colonies.find((c: any) => c.colonyCode === s.north.colony.colonyCode).billed).toBe(1);
    expect(await billsOf(db(), [s.bala.customerId])).toHaveLength(0);
    const [asha] = (await billsOf(db(), [s.asha.customerId])).filter((b) => b.paymentMonth === 3);
    expect(asha!.totalPrice).toBe(1669_99 + 30_50);
    await expectLedgerConsistent(db(), s.everyone);
  });

  it('bills each customer once when run twice at the same moment, beside a receipt and a colony run', async () => {
    const seed = await seedColony(db(), 12_00);
    const customers = [];
    for (let i = 0; i < 12; i++) {
      const c = await newCustomer(db(), seed, { route: i + 1 });
      await deliver(db(), seed, c.customerId, seed.milk, days(2026, 5, 1, 3));
      customers.push(c.customerId);
    }
    const [a, b, one, paid] = await Promise.all([
      generateAll(5),
      generateAll(5),
      t.call('POST', '/api/payments/generatePayments', { colony: seed.colony.colonyCode, month: 5, year: 2026 }),
      t.call('PATCH', '/api/payments/receivingPaymentsForm', {
        customerId: customers[0],
        month: 4,
        year: 2026,
        receivingPayment: 60,
        paymentMode: 'positive',
      }),
    ]);
    expect([a.status, b.status, one.status, paid.status]).toEqual([200, 200, 200, 200]);
    const bills = await billsOf(db(), customers);
    expect(bills).toHaveLength(12);
    expect(new Set(bills.map((x) => x.customerId)).size).toBe(12);
    expect(bills.every((x) => x.totalPrice === 3 * 50_00 + 12_00)).toBe(true);
    await expectLedgerConsistent(db(), [...customers, ...s.everyone]);
  });

  it('bills a line exactly in paise, and a free product still bills the service charge', async () => {
    const seed = await seedColony(db(), 15_50);
    const daily = await makeCombination(db(), 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
    const free = await makeProduct(db(), { combinationId: daily.combinationId, price: 0, productName: 'Sample' });
    const c = await newCustomer(db(), seed);
    const d = await newCustomer(db(), seed);
    await deliver(db(), seed, c.customerId, seed.milk, days(2026, 6, 1, 3), { price: 33_33 });
    await deliver(db(), seed, c.customerId, seed.milk, days(2026, 6, 4, 4), { price: 1 });
    await deliver(db(), seed, d.customerId, { ...seed.milk, productId: free.productId }, days(2026, 6, 1, 5), {
      price: 0,
    });
    const preview = await t.call('POST', '/api/payments/previewPayments', {
      colony: seed.colony.colonyCode,
      month: 6,
      year: 2026,
    });
    expect(preview.body.data.map((b: any) => [b.productCharge, b.totalPrice])).toEqual([
      [100, 115.5],
      [0, 15.5],
    ]);
    expect(preview.body.data[0].products.map((l: any) => l.amount)).toEqual([0.01, 99.99]);
    await generateAll(6);
    const bills = await billsOf(db(), [c.customerId, d.customerId]);
    expect(bills.map((b) => b.totalPrice).sort((x, y) => x - y)).toEqual([15_50, 115_50]);
    await expectLedgerConsistent(db(), [c.customerId, d.customerId]);
  });

  it('validates the month and the year with the form texts, and writes nothing', async () => {
    const before = await storedBills(s.everyone);
    for (const body of [{ year: 2026 }, { month: 3 }, { month: '', year: 2026 }, { month: 3, year: null }]) {
      for (const url of ['/api/payments/generateAll', '/api/payments/previewAll']) {
        const res = await t.call('POST', url, body);
        expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.message).toBe('Please select all fields.');
      }
    }
    expect((await generateAll(13)).status).toBe(400);
    expect((await generateAll(0)).status).toBe(400);
    expect((await generateAll(3, 'next')).status).toBe(400);
    expect(await storedBills(s.everyone)).toEqual(before);
  });

  it('needs the guard header (403) and a session (401)', async () => {
    const before = await storedBills(s.everyone);
    for (const url of ['/api/payments/generateAll', '/api/payments/previewAll']) {
      const noHeader = await t.inject({
        method: 'POST',
        url,
        payload: { month: 3, year: 2026 },
        headers: { cookie: t.cookie! },
      });
      expect(noHeader.statusCode).toBe(403);
      const noSession = await t.inject({
        method: 'POST',
        url,
        headers: { 'x-requested-with': 'fetch' },
        payload: { month: 3, year: 2026 },
      });
      expect(noSession.statusCode).toBe(401);
    }
    expect(await storedBills(s.everyone)).toEqual(before);
  });
});
