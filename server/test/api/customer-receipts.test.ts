import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCustomer, makeReceipt } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';

/*
 * The customer's file's receipts (docs/rules.md section 23): those taken in the last 12 calendar
 * months in the business time zone, newest first, with who took them; a collector sees those of
 * their colonies' customers only.
 */

// 10:00 on 15 March 2027 in India.
const NOW = new Date('2027-03-15T04:30:00Z');
const t = fileTestApp({ now: () => NOW });
const db = () => t.database.db;
const ids = { asha: 0, bala: 0, staff: 0 };

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'GK', colonyName: 'Gokul Nagar' });
  await makeColony(db(), { colonyCode: 'RV', colonyName: 'River View' });
  ids.asha = (await makeCustomer(db(), { colonyCode: 'GK', customerName: 'Asha', route: 1 })).customerId;
  ids.bala = (await makeCustomer(db(), { colonyCode: 'RV', customerName: 'Bala', route: 2 })).customerId;
  const op = await signedInAs(t, 'ravi', 'operator');
  const taken = (iso: string, amount: number, paymentMonth: number, paymentYear: number, receivedBy?: number) =>
    makeReceipt(db(), {
      customerId: ids.asha,
      paymentMonth,
      paymentYear,
      amount,
      receivedAt: new Date(iso),
      receivedBy,
    });
  // 23:59 on 31 March 2026 in India: a day before the twelve months start.
  await taken('2026-03-31T18:29:00Z', 100_00, 2, 2026);
  // 00:00 on 1 April 2026 in India: the first moment covered.
  await taken('2026-03-31T18:30:00Z', 200_00, 3, 2026);
  await taken('2027-02-05T06:00:00Z', 550_50, 1, 2027, op.userId);
  await taken('2027-03-01T06:00:00Z', -50_00, 1, 2027, op.userId);
  await makeReceipt(db(), { customerId: ids.bala, paymentMonth: 2, paymentYear: 2027, amount: 75_00 });
});

const receiptsOf = (customerId: number, call: Caller = t.call) => call('GET', `/api/customers/${customerId}/receipts`);

describe('GET /api/customers/:customerId/receipts', () => {
  it('lists the receipts taken since the first day of the month 11 months back, newest first', async () => {
    const answer = await receiptsOf(ids.asha);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      customerId: ids.asha,
      fromDate: '2026-04-01',
      rows: [
        expect.objectContaining({ month: 1, year: 2027, amount: -50, mode: 'negative', receivedBy: 'ravi' }),
        expect.objectContaining({
          month: 1,
          year: 2027,
          amount: 550.5,
          mode: 'positive',
          receivedAt: '2027-02-05T06:00:00.000Z',
          receivedBy: 'ravi',
        }),
        expect.objectContaining({ month: 3, year: 2026, amount: 200, receivedBy: null }),
      ],
    });
  });

  it('answers 404 for a customer that does not exist', async () => {
    expectFailure(await receiptsOf(999_999), 404, 'Customer not found');
  });

  it("gives a collector their colonies' customers only", async () => {
    const collector = await signedInAs(t, 'cara', 'collector', ['RV']);
    const own = await receiptsOf(ids.bala, collector.call);
    expect(own.status).toBe(200);
    expect(own.body.rows.map((r: { amount: number }) => r.amount)).toEqual([75]);
    expect((await receiptsOf(ids.asha, collector.call)).status).toBe(403);
  });
});
