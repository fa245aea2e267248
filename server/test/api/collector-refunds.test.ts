import { paymentTexts } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, receipt } from '../../src/db/schema';
import { type Caller, fileTestApp } from '../helpers/app';
import { signedInAs } from '../helpers/staff';
import { newCustomer, seedColony } from './payment-fixtures';

/*
 * Refunds are the office's (docs/rules.md section 24): a collector records positive receipts only.
 * A negative one is 403 'Not allowed' before the amount's own rules are read, and records nothing.
 */

const t = fileTestApp();
const db = () => t.database.db;
let collector: Caller;
let operator: Caller;
const ids: number[] = [];

beforeAll(async () => {
  const seed = await seedColony(db());
  for (let n = 0; n < 3; n++) ids.push((await newCustomer(db(), seed, { openingBalance: 500_00 })).customerId);
  collector = (await signedInAs(t, 'cara', 'collector', [seed.colony.colonyCode])).call;
  operator = (await signedInAs(t, 'olga', 'operator')).call;
});

const receipts = async () => (await db().select().from(receipt)).length;
const audits = async () => (await db().select().from(auditLog).where(eq(auditLog.entity, 'receipt'))).length;
const receive = (as: Caller, receivingPayment: unknown, paymentMode = 'positive') =>
  as('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId: ids[0],
    month: 9,
    year: 2026,
    receivingPayment,
    paymentMode,
  });
const receiveMany = (as: Caller, amounts: unknown[]) =>
  as('POST', '/api/payments/receiveMany', {
    month: 10,
    year: 2026,
    entries: amounts.map((amount, n) => ({ customerId: ids[n % ids.length], amount })),
  });

describe("a collector's negative receipt", () => {
  it.each([
    ['the Negative mode', 50, 'negative'],
    ['the Negative mode with an amount out of every rule', 'abc', 'negative'],
    ['the Negative mode above the limit', 2_00_00_000, 'negative'],
    ['the Negative mode with nothing', '', 'negative'],
    ['a negative amount', -50, 'positive'],
    ['a negative amount typed as text', ' -50.00', 'positive'],
  ])('%s is 403 and records nothing', async (_case, amount, mode) => {
    const before = [await receipts(), await audits()];
    expect(await receive(collector, amount, mode)).toEqual({ status: 403, body: { message: 'Not allowed' } });
    expect([await receipts(), await audits()]).toEqual(before);
  });

  it.each([
    ['a negative entry among positive ones', [100, -1, 50]],
    ['a negative entry typed as text', ['100', '-0.50']],
    ['a negative entry beside one out of every rule', ['abc', -20]],
  ])('%s in a batch is 403 and records nothing', async (_case, amounts) => {
    const before = [await receipts(), await audits()];
    expect(await receiveMany(collector, amounts)).toEqual({ status: 403, body: { message: 'Not allowed' } });
    expect([await receipts(), await audits()]).toEqual(before);
  });

  it('leaves positive receipts and their own rules to the collector', async () => {
    expect((await receive(collector, 25)).status).toBe(200);
    expect((await receiveMany(collector, [10, '20.50'])).body).toEqual({ received: 2, total: 30.5 });
    const zero = await receive(collector, 0);
    expect(zero).toMatchObject({ status: 400, body: { message: paymentTexts.amountMin } });
  });

  it('leaves refunds to the office, and its amounts to their own rules', async () => {
    const form = { customerId: ids[0], month: 9, year: 2026 };
    const before = (await operator('POST', '/api/payments/receivingPaymentsForm', form)).body.customer.paid;
    const refund = await receive(operator, 25, 'negative');
    expect(refund.status).toBe(200);
    expect(refund.body.customer.paid).toBe(before - 25);
    expect(await receive(operator, -50)).toMatchObject({ status: 400, body: { message: paymentTexts.amountMin } });
    expect(await receiveMany(operator, [10, -1])).toMatchObject({ status: 400 });
  });
});
