import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { customer, payment, receipt } from '../../src/db/schema';
import { deriveLedger, type Period } from '../../src/domain/ledger';
import { makeColony, makeCombination, makeCustomer, makeProduct, makeTransaction } from '../helpers/factories';

/** Every date of a month from `from` to `to` (days of the month), as `YYYY-MM-DD`. */
/** The periods random histories run over: across a year end, so that periods order by year before month. */
export const PERIODS: Period[] = [
  { year: 2025, month: 11 },
  { year: 2025, month: 12 },
  { year: 2026, month: 1 },
  { year: 2026, month: 2 },
];
/** A random period (its place in PERIODS) and a random one of two customers. */
export const period = fc.integer({ min: 0, max: PERIODS.length - 1 });
export const who = fc.integer({ min: 0, max: 1 });

export function days(year: number, month: number, from: number, to: number): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d++) out.push(`${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  return out;
}

/** A colony (service charge 20.00) with a daily product row at 50.00 and one at 30.50. */
export async function seedColony(db: Db, charges = 20_00) {
  const colony = await makeColony(db, { charges });
  const daily = await makeCombination(db, 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  const milk = await makeProduct(db, { combinationId: daily.combinationId, price: 50_00, productName: 'Cow Milk' });
  const curd = await makeProduct(db, { combinationId: daily.combinationId, price: 30_50, productName: 'Fresh Curd' });
  return { colony, daily, milk, curd };
}

export type Seed = Awaited<ReturnType<typeof seedColony>>;

/** Delivered (or, with attendance 0, missed) transactions of one product row on these dates. */
export async function deliver(
  db: Db,
  seed: Seed,
  customerId: number,
  product: Seed['milk'],
  dates: string[],
  values: { price?: number; attendance?: 0 | 1 } = {},
) {
  for (const transactionDate of dates)
    await makeTransaction(db, {
      customerId,
      productId: product.productId,
      combinationId: seed.daily.combinationId,
      transactionDate,
      price: values.price ?? product.price,
      attendance: values.attendance ?? 1,
    });
}

/** A customer as Add Customer makes one: `due` starts at the opening balance. */
export async function newCustomer(db: Db, seed: Seed, values: Partial<typeof customer.$inferInsert> = {}) {
  return makeCustomer(db, { colonyCode: seed.colony.colonyCode, due: values.openingBalance ?? 0, ...values });
}

/**
 * What the database stores for these customers equals what the domain derives from their
 * bills and receipts, and customer due = opening balance + sum of (bills - receipts).
 */
export async function expectLedgerConsistent(db: Db, customerIds: number[]) {
  for (const customerId of customerIds) {
    const [c] = await db.select().from(customer).where(eq(customer.customerId, customerId));
    const bills = await db.select().from(payment).where(eq(payment.customerId, customerId));
    const receipts = await db.select().from(receipt).where(eq(receipt.customerId, customerId));
    const ledger = deriveLedger({
      openingBalance: c!.openingBalance,
      bills: bills.map((b) => ({ year: b.paymentYear, month: b.paymentMonth, totalPrice: b.totalPrice })),
      receipts: receipts.map((r) => ({ year: r.paymentYear, month: r.paymentMonth, amount: r.amount })),
    });
    const billed = bills.reduce((sum, b) => sum + b.totalPrice, 0);
    const received = receipts.reduce((sum, r) => sum + r.amount, 0);
    expect(c!.due).toBe(c!.openingBalance + billed - received);
    expect(c!.due).toBe(ledger.due);
    expect(c!.paid).toBe(received);
    for (const b of bills) {
      const derived = ledger.periods.find((p) => p.year === b.paymentYear && p.month === b.paymentMonth)!;
      expect({ previousDue: b.previousDue, paid: b.paid, due: b.due }).toEqual({
        previousDue: derived.previousDue,
        paid: derived.paid,
        due: derived.due,
      });
    }
  }
}

export async function billsOf(db: Db, customerIds: number[]) {
  return db.select().from(payment).where(inArray(payment.customerId, customerIds));
}
