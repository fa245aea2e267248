import { asc, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customer, receipt } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeCustomer, makePayment } from '../helpers/factories';
import { expectLedgerConsistent } from './payment-fixtures';

/** POST /api/payments/receiveMany (docs/rules.md section 13): collection entry's 'Save all'. */

const t = fileTestApp();

const db = () => t.database.db;
const ids: number[] = [];

beforeAll(async () => {
  const colony = await makeColony(db());
  for (let n = 0; n < 50; n++) {
    const c = await makeCustomer(db(), {
      colonyCode: colony.colonyCode,
      route: n + 1,
      openingBalance: 10000,
      due: 10000,
    });
    ids.push(c.customerId);
  }
  // The first customer has a bill in May 2026 and one in June: a receipt of May moves June's previous due.
  await makePayment(db(), {
    customerId: ids[0]!,
    paymentYear: 2026,
    paymentMonth: 5,
    totalPrice: 30000,
    due: 30000,
    previousDue: 10000,
  });
  await makePayment(db(), {
    customerId: ids[0]!,
    paymentYear: 2026,
    paymentMonth: 6,
    totalPrice: 20000,
    due: 20000,
    previousDue: 40000,
  });
  await db()
    .update(customer)
    .set({ due: 60000 })
    .where(inArray(customer.customerId, [ids[0]!]));
});

const receiveMany = (body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/payments/receiveMany',
    headers: { 'x-requested-with': 'fetch', cookie: t.cookie!, ...headers },
    payload: body as object,
  });

const receiptCount = async () => (await db().select().from(receipt)).length;

describe('POST /api/payments/receiveMany', () => {
  it('records a positive receipt of the month per entry and derives each ledger once', async () => {
    const res = await receiveMany({
      month: 5,
      year: 2026,
      entries: [
        { customerId: ids[0], amount: 250 },
        { customerId: ids[1], amount: '99.99' },
        { customerId: ids[2], amount: 0.01 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 3, total: 350 });
    const rows = await db().select().from(receipt).orderBy(asc(receipt.receiptId));
    expect(rows.map((r) => [r.customerId, r.paymentYear, r.paymentMonth, r.amount, r.mode])).toEqual([
      [ids[0], 2026, 5, 25000, 'positive'],
      [ids[1], 2026, 5, 9999, 'positive'],
      [ids[2], 2026, 5, 1, 'positive'],
    ]);
    await expectLedgerConsistent(db(), ids.slice(0, 3));
    const summary = await t.call('POST', '/api/payments/receivingPaymentsForm', {
      customerId: ids[0],
      month: 5,
      year: 2026,
    });
    // June (zero-based 5): its previous due fell by what May received.
    expect(summary.body.currentBill).toMatchObject({ previousDue: 150, totalPrice: 200, paid: 0 });
  });

  it('records two entries of one customer as two receipts', async () => {
    const before = await receiptCount();
    const res = await receiveMany({
      month: 6,
      year: 2026,
      entries: [
        { customerId: ids[3], amount: 10 },
        { customerId: ids[3], amount: 20 },
      ],
    });
    expect(res.json()).toEqual({ received: 2, total: 30 });
    expect(await receiptCount()).toBe(before + 2);
    await expectLedgerConsistent(db(), [ids[3]!]);
  });

  it('one bad amount in fifty: 400 naming the row, nothing saved', async () => {
    const before = await receiptCount();
    for (const [amount, message] of [
      [0, 'Payment amount must be more than 0'],
      [-5, 'Payment amount must be more than 0'],
      [1.234, 'Must be an amount with at most 2 decimals'],
      ['', 'Please enter the payment amount.'],
      [100_000_000.01, 'Payment amount must be at most ₹1,00,00,000.00'],
    ] as const) {
      const entries = ids.map((customerId) => ({ customerId, amount: 10 }));
      entries[17] = { customerId: ids[17]!, amount: amount as number };
      const res = await receiveMany({ month: 6, year: 2026, entries });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'entries.17.amount', message: `Row 18: ${message}` }]);
      expect(res.json().message).toBe(`Row 18: ${message}`);
    }
    expect(await receiptCount()).toBe(before);
  });

  it('an unknown customer: 404 naming the row, nothing saved', async () => {
    const before = await receiptCount();
    const res = await receiveMany({
      month: 6,
      year: 2026,
      entries: [
        { customerId: ids[4], amount: 10 },
        { customerId: 999_999, amount: 10 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Row 2: Customer not found');
    expect(await receiptCount()).toBe(before);
  });

  it('refuses an empty list, a month outside 1-12 and a missing year', async () => {
    const cases: [unknown, string][] = [
      [{ month: 6, year: 2026, entries: [] }, 'entries'],
      [{ month: 6, year: 2026 }, 'entries'],
      [{ month: 0, year: 2026, entries: [{ customerId: ids[0], amount: 1 }] }, 'month'],
      [{ month: 13, year: 2026, entries: [{ customerId: ids[0], amount: 1 }] }, 'month'],
      [{ month: 6, entries: [{ customerId: ids[0], amount: 1 }] }, 'year'],
      [{ month: 6, year: 2026, entries: [{ amount: 1 }] }, 'entries.0.customerId'],
    ];
    const before = await receiptCount();
    for (const [body, path] of cases) {
      const res = await receiveMany(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await receiveMany({ month: 6, year: 2026, entries: [] })).json().message).toBe(
      'Enter at least one amount.',
    );
    expect(await receiptCount()).toBe(before);
  });

  it('with an Idempotency-Key: the same key again replays the first answer and records nothing', async () => {
    const body = { month: 6, year: 2026, entries: [{ customerId: ids[5], amount: 42 }] };
    const before = await receiptCount();
    const first = await receiveMany(body, { 'idempotency-key': 'collect-1' });
    const again = await receiveMany(body, { 'idempotency-key': 'collect-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await receiptCount()).toBe(before + 1);
    const other = await receiveMany(
      { ...body, entries: [{ customerId: ids[5], amount: 43 }] },
      { 'idempotency-key': 'collect-1' },
    );
    expect(other.statusCode).toBe(409);
    expect(await receiptCount()).toBe(before + 1);
  });
});
