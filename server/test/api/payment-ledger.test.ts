import { and, eq, gte, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src/db/schema';
import { monthDates } from '../../src/domain/billing';
import { createTestApp, type TestApp } from '../helpers/app';
import { billsOf, days, deliver, expectLedgerConsistent, newCustomer, seedColony } from './payment-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const YEAR = 2026;
const month = fc.integer({ min: 1, max: 4 });
const who = fc.integer({ min: 0, max: 1 });

/** What an operator (or the transactions screens) may do, in any order. */
type Step =
  | { kind: 'deliver'; who: number; month: number; day: number; product: 'milk' | 'curd' }
  | { kind: 'miss'; who: number; month: number }
  | { kind: 'generate'; month: number }
  | { kind: 'receive'; who: number; month: number; amount: number; mode: 'positive' | 'negative' }
  | { kind: 'delete'; who: number; month: number }
  | { kind: 'deleteAll'; month: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deliver' as const),
    who,
    month,
    day: fc.integer({ min: 1, max: 28 }),
    product: fc.constantFrom('milk' as const, 'curd' as const),
  }),
  fc.record({ kind: fc.constant('miss' as const), who, month }),
  fc.record({ kind: fc.constant('generate' as const), month }),
  fc.record({
    kind: fc.constant('receive' as const),
    who,
    month,
    amount: fc.integer({ min: 1, max: 2_000_00 }),
    mode: fc.constantFrom('positive' as const, 'negative' as const),
  }),
  fc.record({ kind: fc.constant('delete' as const), who, month }),
  fc.record({ kind: fc.constant('deleteAll' as const), month }),
);

describe('the stored ledger', () => {
  it('equals what the domain derives after every step of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: -500_00, max: 500_00 }), fc.integer({ min: -500_00, max: 500_00 })),
        fc.integer({ min: 0, max: 50_00 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (openings, charges, steps) => {
          const db = t.database.db;
          const seed = await seedColony(db, charges);
          const customers = [
            await newCustomer(db, seed, { openingBalance: openings[0] }),
            await newCustomer(db, seed, { openingBalance: openings[1] }),
          ];
          const ids = customers.map((c) => c.customerId);
          for (const s of steps) {
            if (s.kind === 'deliver') {
              const exists = await db
                .select()
                .from(transaction)
                .where(
                  and(
                    eq(transaction.customerId, ids[s.who]!),
                    eq(transaction.productId, seed[s.product].productId),
                    eq(transaction.transactionDate, days(YEAR, s.month, s.day, s.day)[0]!),
                  ),
                );
              if (exists.length === 0)
                await deliver(db, seed, ids[s.who]!, seed[s.product], days(YEAR, s.month, s.day, s.day));
            } else if (s.kind === 'miss') {
              const { from, to } = monthDates(YEAR, s.month);
              await db.execute(sql`
                update transaction set attendance = 0 where transaction_id = (
                  select transaction_id from transaction
                  where customer_id = ${ids[s.who]!} and attendance = 1
                    and transaction_date >= ${from} and transaction_date < ${to}
                  order by transaction_id limit 1)`);
            } else if (s.kind === 'generate') {
              const res = await t.call('POST', '/api/payments/generatePayments', {
                colony: seed.colony.colonyCode,
                month: s.month,
                year: YEAR,
              });
              expect(res.status).toBe(200);
              await expectBillsMatchDeliveries(ids, s.month, charges);
            } else if (s.kind === 'receive') {
              const res = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
                customerId: ids[s.who],
                month: s.month - 1,
                year: YEAR,
                receivingPayment: s.amount / 100,
                paymentMode: s.mode,
              });
              expect(res.status).toBe(200);
            } else {
              const targets = (await billsOf(db, s.kind === 'delete' ? [ids[s.who]!] : ids)).filter(
                (b) => b.paymentMonth === s.month,
              );
              if (targets.length === 0) continue;
              const res =
                s.kind === 'delete'
                  ? await t.call('DELETE', `/api/payments/delete/${targets[0]!.paymentId}`)
                  : await t.call('DELETE', '/api/payments/delete', { ids: targets.map((b) => b.paymentId) });
              expect(res.status).toBe(200);
            }
            await expectLedgerConsistent(db, ids);
          }
        },
      ),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 100) },
    );
  }, 180_000);
});

/** After a generation, each bill of the month is its delivered days priced, plus the service charge. */
async function expectBillsMatchDeliveries(customerIds: number[], month: number, charges: number) {
  const db = t.database.db;
  const { from, to } = monthDates(YEAR, month);
  for (const customerId of customerIds) {
    const [delivered] = await db
      .select({ n: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${transaction.price}), 0)::text` })
      .from(transaction)
      .where(
        and(
          eq(transaction.customerId, customerId),
          eq(transaction.attendance, 1),
          gte(transaction.transactionDate, from),
          lt(transaction.transactionDate, to),
        ),
      );
    const bill = (await billsOf(db, [customerId])).find((b) => b.paymentMonth === month);
    if (delivered!.n === 0) expect(bill).toBeUndefined();
    else expect(bill?.totalPrice).toBe(Math.round(Number(delivered!.amount) * 100) + charges);
  }
}
