import { calendarDateIn, monthOf } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { customer, payment, receipt, transaction } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { makeColony } from '../helpers/factories';
import { days, PERIODS, period, type Seed, seedColony } from './payment-fixtures';

/**
 * The dashboard over random histories of the ledger test's kind (its periods, products and
 * amounts): opening balances, deliveries, billing one colony or all, receipts and refunds taken at
 * random moments (some a second either side of midnight in the business time zone), collection
 * entry and deleted bills. For a random month, every figure of the dashboard equals the sums of
 * the stored bills, receipts, dues and deliveries, worked out here. One database for all
 * sequences, cleared between them.
 */
const RUNS = Number(process.env.DASHBOARD_RUNS ?? 100);

const t = fileTestApp();
const db = () => t.database.db;
let seed: Seed;
let other: string;
beforeAll(async () => {
  seed = await seedColony(db());
  other = (await makeColony(db(), { charges: 5_00 })).colonyCode;
});

/** Three customers: two in the seeded colony, the third in the other one. */
const who = fc.integer({ min: 0, max: 2 });
const colonyOf = (w: number) => (w < 2 ? seed.colony.colonyCode : other);

const delivery = fc.record({
  who,
  period,
  day: fc.integer({ min: 1, max: 28 }),
  product: fc.constantFrom('milk' as const, 'curd' as const),
  quantity: fc.constantFrom(100, 50, 150, 125, 33),
  attendance: fc.constantFrom(0 as const, 1 as const, 1 as const),
});

/**
 * A moment a receipt was taken: the first, a middle or the last day of a period (or of the month
 * after), a second either side of midnight in the business time zone, or in the day.
 */
const takenAt = fc
  .record({
    period: fc.integer({ min: 0, max: PERIODS.length }),
    day: fc.constantFrom('first' as const, 'middle' as const, 'last' as const),
    time: fc.constantFrom('T18:29:59Z', 'T18:30:00Z', 'T06:00:00Z', 'T23:59:59Z'),
  })
  .map(({ period, day, time }) => {
    const { year, month } = PERIODS[period] ?? { year: 2026, month: 3 };
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const n = day === 'first' ? 1 : day === 'middle' ? 15 : last;
    return `${days(year, month, n, n)[0]!}${time}`;
  });

type Step =
  | { kind: 'generate'; period: number; all: boolean }
  | { kind: 'receive'; who: number; period: number; amount: number; negative: boolean; at: string }
  | { kind: 'receiveMany'; period: number; entries: { who: number; amount: number }[]; at: string }
  | { kind: 'delete'; who: number; period: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('generate' as const), period, all: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      who,
      period,
      amount: fc.integer({ min: 1, max: 2_000_00 }),
      negative: fc.boolean(),
      at: takenAt,
    }),
  },
  fc.record({
    kind: fc.constant('receiveMany' as const),
    period,
    entries: fc.array(fc.record({ who, amount: fc.integer({ min: 1, max: 2_000_00 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    at: takenAt,
  }),
  fc.record({ kind: fc.constant('delete' as const), who, period }),
);

/** A month to look at: one of the periods, or the one before or after them. */
const lookAt = fc.constantFrom({ year: 2025, month: 10 }, ...PERIODS.map((p) => ({ year: p.year, month: p.month })), {
  year: 2026,
  month: 3,
});

/** The latest receipt's time, moved to when it was taken. */
const takenOn = (at: string, count = 1) =>
  db().execute(
    sql`update receipt set taken_at = ${at}::timestamptz
      where receipt_id in (select receipt_id from receipt order by receipt_id desc limit ${count})`,
  );

type Delivery = typeof delivery extends fc.Arbitrary<infer T> ? T : never;

async function start(openings: number[], deliveries: Delivery[]) {
  await db().delete(payment);
  await db().delete(receipt);
  await db().delete(transaction);
  await db().delete(customer);
  const rows = await db()
    .insert(customer)
    .values(
      openings.map((opening, n) => ({
        customerName: `Customer ${n}`,
        address: `House ${n}`,
        route: 1 + n,
        colonyCode: colonyOf(n),
        openingBalance: opening,
        due: opening,
        // Added long ago, or (the third) some weeks ago: never billed nor paid, they age from then.
        createdAt:
          n < 2
            ? new Date(Date.parse('2025-10-15T06:00:00Z') + n * 40 * 86_400_000)
            : new Date(Date.now() - 45 * 86_400_000),
      })),
    )
    .returning({ customerId: customer.customerId });
  const ids = rows.map((r) => r.customerId);
  const unique = new Map(deliveries.map((d) => [`${d.who} ${d.period} ${d.day} ${d.product}`, d]));
  if (unique.size > 0)
    await db()
      .insert(transaction)
      .values(
        [...unique.values()].map((d) => {
          const { year, month } = PERIODS[d.period]!;
          const product = seed[d.product];
          return {
            customerId: ids[d.who]!,
            productId: product.productId,
            combinationId: seed.daily.combinationId,
            transactionDate: days(year, month, d.day, d.day)[0]!,
            price: product.price,
            attendance: d.attendance,
            quantity: d.quantity,
          };
        }),
      );
  return ids;
}

async function apply(s: Step, ids: number[]) {
  const { year, month } = PERIODS[s.period]!;
  let res: { status: number; body: unknown };
  if (s.kind === 'generate')
    res = s.all
      ? await t.call('POST', '/api/payments/generateAll', { month, year })
      : await t.call('POST', '/api/payments/generatePayments', { colony: seed.colony.colonyCode, month, year });
  else if (s.kind === 'receive') {
    res = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: ids[s.who],
      month: month - 1,
      year,
      receivingPayment: s.amount / 100,
      paymentMode: s.negative ? 'negative' : 'positive',
    });
    await takenOn(s.at);
  } else if (s.kind === 'receiveMany') {
    const entries = s.entries.map((e) => ({ customerId: ids[e.who], amount: e.amount / 100 }));
    res = await t.call('POST', '/api/payments/receiveMany', { month, year, entries });
    await takenOn(s.at, entries.length);
  } else {
    const [bill] = await db()
      .select({ id: payment.paymentId })
      .from(payment)
      .where(
        sql`${payment.customerId} = ${ids[s.who]} and ${payment.paymentYear} = ${year} and ${payment.paymentMonth} = ${month}`,
      );
    if (!bill) return;
    res = await t.call('DELETE', `/api/payments/delete/${bill.id}`);
  }
  expect(res.status).toBe(200);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const same = (a: { year: number; month: number }, b: { year: number; month: number }) =>
  a.year === b.year && a.month === b.month;
const paise = (rupees: number) => Math.round(rupees * 100);

/** Every figure of the month's dashboard against the stored rows. */
async function expectDashboardAddsUp(chosen: { year: number; month: number }) {
  const zone = t.app.config.businessTz;
  const today = calendarDateIn(zone, new Date());
  const res = await t.call('GET', `/api/dashboard?month=${chosen.month}&year=${chosen.year}`);
  expect(res.status).toBe(200);
  const body = res.body;
  const bills = await db().select().from(payment);
  const receipts = (await db().select().from(receipt)).map((r) => {
    const date = calendarDateIn(zone, r.takenAt);
    return { ...r, date, taken: { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) } };
  });
  const customers = await db().select().from(customer);
  const deliveries = (await db().select().from(transaction)).filter((d) => d.attendance === 1);
  const colonyOfCustomer = new Map(customers.map((c) => [c.customerId, c.colonyCode]));
  const billedIn = (m: { year: number; month: number }, colony?: string) =>
    sum(
      bills
        .filter((b) => same({ year: b.paymentYear, month: b.paymentMonth }, m))
        .filter((b) => !colony || colonyOfCustomer.get(b.customerId) === colony)
        .map((b) => b.totalPrice),
    );
  const owing = customers.filter((c) => c.due > 0);

  expect(paise(body.cards.billed)).toBe(billedIn(chosen));
  expect(paise(body.cards.collected)).toBe(sum(receipts.filter((r) => same(r.taken, chosen)).map((r) => r.amount)));
  expect(paise(body.cards.outstanding)).toBe(sum(owing.map((c) => c.due)));
  for (const m of body.months) {
    expect(paise(m.billed)).toBe(billedIn(m));
    expect(paise(m.collected)).toBe(sum(receipts.filter((r) => same(r.taken, m)).map((r) => r.amount)));
  }
  expect(body.months.at(-1)).toMatchObject(chosen);

  for (const colony of body.colonies) {
    const collected = sum(
      receipts
        .filter((r) => same({ year: r.paymentYear, month: r.paymentMonth }, chosen))
        .filter((r) => colonyOfCustomer.get(r.customerId) === colony.colonyCode)
        .map((r) => r.amount),
    );
    expect([paise(colony.billed), paise(colony.collected)]).toEqual([billedIn(chosen, colony.colonyCode), collected]);
    if (colony.billed === 0) expect(colony.rate).toBeNull();
    else expect(Math.abs(colony.rate - collected / billedIn(chosen, colony.colonyCode))).toBeLessThanOrEqual(0.0005);
  }

  const previous = chosen.month === 1 ? { year: chosen.year - 1, month: 12 } : { ...chosen, month: chosen.month - 1 };
  const who = (test: (date: string) => boolean) =>
    new Set(deliveries.filter((d) => test(d.transactionDate)).map((d) => d.customerId));
  const now = who((d) => same(monthOf(d), chosen));
  const before = who((d) => same(monthOf(d), previous));
  const earlier = who((d) => d < `${chosen.year}-${String(chosen.month).padStart(2, '0')}-01`);
  expect([body.cards.customersDelivered, body.cards.customersStarted, body.cards.customersStopped]).toEqual([
    now.size,
    [...now].filter((c) => !earlier.has(c)).length,
    [...before].filter((c) => !now.has(c)).length,
  ]);
  const quantities = new Map<string, number>();
  for (const d of deliveries.filter((d) => same(monthOf(d.transactionDate), chosen))) {
    const code = d.productId === seed.milk.productId ? seed.milk.productCode : seed.curd.productCode;
    quantities.set(code, (quantities.get(code) ?? 0) + d.quantity);
  }
  expect(
    body.cards.quantities.map((q: { productCode: string; quantity: number }) => [q.productCode, paise(q.quantity)]),
  ).toEqual([...quantities.entries()].sort(([a], [b]) => a.localeCompare(b)));
  expect(sum(body.daily.map((d: { quantity: number }) => paise(d.quantity)))).toBe(sum([...quantities.values()]));

  // Ageing: days since the latest positive receipt, else the end of the first billed month, else the day added.
  const buckets = new Map<string, { customers: number; amount: number }>();
  for (const c of owing) {
    const paid = receipts.filter((r) => r.customerId === c.customerId && r.amount > 0).map((r) => r.date);
    const first = bills
      .filter((b) => b.customerId === c.customerId)
      .sort((a, b) => a.paymentYear - b.paymentYear || a.paymentMonth - b.paymentMonth)[0];
    const since = paid.length
      ? paid.sort().at(-1)!
      : first
        ? new Date(Date.UTC(first.paymentYear, first.paymentMonth, 0)).toISOString().slice(0, 10)
        : calendarDateIn(zone, c.createdAt);
    const daysSince = Math.max(0, (Date.parse(today) - Date.parse(since)) / 86_400_000);
    const bucket = daysSince <= 30 ? '0-30' : daysSince <= 60 ? '31-60' : daysSince <= 90 ? '61-90' : '90+';
    const b = buckets.get(bucket) ?? { customers: 0, amount: 0 };
    buckets.set(bucket, { customers: b.customers + 1, amount: b.amount + c.due });
  }
  expect(body.ageing).toEqual(
    ['0-30', '31-60', '61-90', '90+'].map((bucket) => {
      const b = buckets.get(bucket) ?? { customers: 0, amount: 0 };
      return { bucket, customers: b.customers, amount: b.amount / 100 };
    }),
  );
  expect(body.topDues.map((d: { customerId: number; due: number }) => [d.customerId, paise(d.due)])).toEqual(
    [...owing]
      .sort((a, b) => b.due - a.due || a.customerName.localeCompare(b.customerName))
      .slice(0, 10)
      .map((c) => [c.customerId, c.due]),
  );
}

describe('the dashboard over random histories', () => {
  it(`adds up to the stored bills, receipts, dues and deliveries, ${RUNS} sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -500_00, max: 500_00 }), { minLength: 3, maxLength: 3 }),
        fc.array(delivery, { maxLength: 12 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.array(lookAt, { minLength: 1, maxLength: 2 }),
        async (openings, deliveries, steps, months) => {
          const ids = await start(openings, deliveries);
          for (const s of steps) await apply(s, ids);
          for (const m of months) await expectDashboardAddsUp(m);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
