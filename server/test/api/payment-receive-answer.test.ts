import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../helpers/app';
import { days, deliver, expectLedgerConsistent, newCustomer, seedColony } from './payment-fixtures';

/*
 * PATCH /api/payments/receivingPaymentsForm answers from the ledger it has just stored (docs/rules.md
 * section 6): every figure of the answer is what the reading calls show right after it.
 */

const t = fileTestApp();
const db = () => t.database.db;

const receive = (customerId: number, month0: number, year: number, amount: number, paymentMode: string) =>
  t.call('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId,
    month: month0,
    year,
    receivingPayment: amount,
    paymentMode,
  });

/** What the reading calls show of the customer and the period afterwards. */
async function readBack(customerId: number, colonyCode: string, month0: number, year: number) {
  const summary = await t.call('POST', '/api/payments/receivingPaymentsForm', { customerId, month: month0, year });
  const stored = await t.call('GET', `/api/users/update/${customerId}`);
  const bills = await t.call(
    'GET',
    `/api/payments?colonyCode=${colonyCode}&paymentMonth=${month0}&paymentYear=${year}`,
  );
  const bill = bills.body.rows.find((b: { customerId: number }) => b.customerId === customerId);
  return { summary: summary.body, customer: stored.body.data, bill };
}

describe('receiving a payment answers with what it stored', () => {
  it.each([
    ['a part payment of a billed month with a later bill', 0, 2026, 123.45, 'positive'],
    ['a refund of a billed month', 11, 2025, 40.5, 'negative'],
    ['an advance for a month without a bill', 4, 2026, 500, 'positive'],
    ['a refund of a month without a bill', 5, 2026, 75, 'negative'],
    ['a payment of the latest bill', 1, 2026, 1000, 'positive'],
  ])('%s', async (_, month0, year, amount, mode) => {
    const seed = await seedColony(db());
    const c = await newCustomer(db(), seed, { openingBalance: 250_00 });
    // Bills of December 2025, January and February 2026: a receipt moves the later bills' previous due.
    await deliver(db(), seed, c.customerId, seed.milk, days(2025, 12, 1, 3));
    await deliver(db(), seed, c.customerId, seed.curd, days(2026, 1, 1, 5));
    await deliver(db(), seed, c.customerId, seed.milk, days(2026, 2, 1, 2));
    for (const [month, year] of [
      [12, 2025],
      [1, 2026],
      [2, 2026],
    ] as const) {
      const generated = await t.call('POST', '/api/payments/generatePayments', {
        colony: seed.colony.colonyCode,
        month,
        year,
      });
      expect(generated.status).toBe(200);
    }
    // Receipts already there: one before the period and one in it.
    expect((await receive(c.customerId, 10, 2025, 60, 'positive')).status).toBe(200);
    expect((await receive(c.customerId, month0, year, 10, 'positive')).status).toBe(200);

    const answer = await receive(c.customerId, month0, year, amount, mode);
    expect(answer.status).toBe(200);
    const after = await readBack(c.customerId, seed.colony.colonyCode, month0, year);
    expect(answer.body).toStrictEqual({ msg: 'Successfully Received Amount', ...after.summary });
    expect(answer.body.customer).toStrictEqual({
      customerId: c.customerId,
      customerName: c.customerName,
      paid: after.customer.paid,
      due: after.customer.due,
    });
    if (after.bill) {
      expect(answer.body.currentBill.paymentId).toBe(after.bill.paymentId);
      expect(answer.body.currentBill).toMatchObject({
        totalPrice: after.bill.totalPrice,
        previousDue: after.bill.previousDue,
        paid: after.bill.paid,
        due: after.bill.due,
        balance: after.bill.balance,
      });
    } else expect(answer.body.currentBill.paymentId).toBeNull();
    await expectLedgerConsistent(db(), [c.customerId]);
  });
});

describe('receipts for one customer at the same moment', () => {
  it('each reads the ledger the one before it stored: the stored ledger holds them all', async () => {
    // On PostgreSQL the calls overlap; each locks the customer before reading their ledger, so none
    // stores figures derived without another's receipt.
    const seed = await seedColony(db());
    const c = await newCustomer(db(), seed, { openingBalance: 250_00 });
    await deliver(db(), seed, c.customerId, seed.milk, days(2026, 1, 1, 5));
    const generated = await t.call('POST', '/api/payments/generatePayments', {
      colony: seed.colony.colonyCode,
      month: 1,
      year: 2026,
    });
    expect(generated.status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, () => receive(c.customerId, 0, 2026, 10, 'positive')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await expectLedgerConsistent(db(), [c.customerId]);
  });
});
