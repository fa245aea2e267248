import { asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumption, customer, deliveryChange, payment, paymentLine, receipt, transaction } from '../../src/db/schema';
import { lineAmount } from '../../src/domain/billing';
import { deriveLedger } from '../../src/domain/ledger';
import { fileTestApp } from '../helpers/app';
import { days, PERIODS, period, type Seed, seedColony, who } from './payment-fixtures';

/**
 * Random sequences of what an operator (or the transactions screens) may do, checked after
 * every step against a model kept here: the receipts issued, the bills the deliveries imply at
 * each generation (and after every change of a billed month's deliveries: extra deliveries,
 * attendance toggles, pauses made and deleted), and the balances the domain derives from them.
 * Deliveries carry quantities, billed as price × the month's quantity. One database for all
 * sequences, cleared between them, so that thousands of sequences stay cheap.
 */
const RUNS = Number(process.env.LEDGER_RUNS ?? 1000);
const COLONY_CHARGES = 20_00;

/** A delivery's place: whose, which period, which day of it, which product row; and its quantity. */
const slot = fc.record({
  who,
  period,
  day: fc.integer({ min: 1, max: 3 }),
  product: fc.constantFrom('milk' as const, 'curd' as const),
  quantity: fc.constantFrom(100, 50, 150, 125, 33),
});
type Slot = typeof slot extends fc.Arbitrary<infer T> ? T : never;
const slotKey = (d: Slot) => `${d.who} ${d.period} ${d.day} ${d.product}`;

/** A date of the sequence: a period and a day of it. */
const when = fc.record({ period, day: fc.integer({ min: 1, max: 3 }) });
type When = { period: number; day: number };
const dateOf = (w: When) => {
  const { year, month } = PERIODS[w.period]!;
  return days(year, month, w.day, w.day)[0]!;
};

type Step =
  | ({ kind: 'deliver' } & Slot)
  | { kind: 'miss'; who: number; period: number }
  /** A pause (Pauses & Changes) of one product or every one, over dates that may span months. */
  | { kind: 'pause'; who: number; product: 'milk' | 'curd' | 'all'; from: When; to: When }
  | { kind: 'unpause'; who: number }
  /** `all`: every colony at once (POST /payments/generateAll), with the colony's own charge. */
  | { kind: 'generate'; period: number; charges: number | undefined; all: boolean }
  | { kind: 'receive'; who: number; period: number; amount: number; mode: 'positive' | 'negative' }
  /** Collection entry's 'Save all' (POST /payments/receiveMany): positive receipts of one period. */
  | { kind: 'receiveMany'; period: number; entries: { who: number; amount: number }[] }
  | { kind: 'delete'; who: number; period: number }
  /** Every bill of two periods (or one, twice), as a bulk delete across months does. */
  | { kind: 'deleteAll'; period: number; andPeriod: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  slot.map((d) => ({ kind: 'deliver' as const, ...d })),
  fc.record({ kind: fc.constant('miss' as const), who, period }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('generate' as const),
      period,
      charges: fc.option(fc.integer({ min: 0, max: 50_00 }), { nil: undefined }),
      all: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      who,
      period,
      amount: fc.integer({ min: 1, max: 2_000_00 }),
      mode: fc.constantFrom('positive' as const, 'negative' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('receiveMany' as const),
      period,
      entries: fc.array(fc.record({ who, amount: fc.integer({ min: 1, max: 2_000_00 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  },
  fc.record({ kind: fc.constant('delete' as const), who, period }),
  fc.record({ kind: fc.constant('deleteAll' as const), period, andPeriod: period }),
  fc
    .record({
      who,
      product: fc.constantFrom('milk' as const, 'curd' as const, 'all' as const),
      a: when,
      b: when,
    })
    .map(({ who, product, a, b }) => {
      const [from, to] = dateOf(a) <= dateOf(b) ? [a, b] : [b, a];
      return { kind: 'pause' as const, who, product, from, to };
    }),
  fc.record({ kind: fc.constant('unpause' as const), who }),
);

interface Delivery extends Slot {
  transactionId: number;
  price: number;
  attendance: 0 | 1;
}

interface ModelLine {
  productCode: string;
  price: number;
  /** Delivered days. */
  attendance: number;
  /** Delivered quantities summed, in hundredths. */
  quantity: number;
  amount: number;
}

interface ModelBill {
  who: number;
  period: number;
  charges: number;
  totalPrice: number;
  /** By product code. */
  lines: ModelLine[];
}

interface ModelPause {
  changeId: number;
  product: 'milk' | 'curd' | 'all';
  from: string;
  to: string;
}

interface Model {
  openings: number[];
  /** In the order they were made (transaction id order). */
  deliveries: Delivery[];
  bills: ModelBill[];
  /** Signed, in the order they were received. */
  receipts: { who: number; period: number; amount: number; mode: 'positive' | 'negative' }[];
  /** Each customer's pause, at most one (two would overlap or not: the model keeps it simple). */
  pauses: (ModelPause | undefined)[];
}

/** A customer's bill lines of a period from the model's deliveries (sections 6 and 12). */
function modelLines(model: Model, who: number, period: number): ModelLine[] {
  const delivered = model.deliveries.filter((d) => d.who === who && d.period === period && d.attendance === 1);
  return (['curd', 'milk'] as const)
    .map((p) => ({ productCode: seed[p].productCode, price: seed[p].price, of: p }))
    .sort((a, b) => a.productCode.localeCompare(b.productCode))
    .map(({ productCode, price, of }) => {
      const own = delivered.filter((d) => d.product === of);
      const quantity = own.reduce((sum, d) => sum + d.quantity, 0);
      return { productCode, price, attendance: own.length, quantity, amount: lineAmount(price, quantity) };
    })
    .filter((l) => l.attendance > 0);
}

/** A bill follows its deliveries: the bills of these (who, period) pairs made again, charges kept. */
function follow(model: Model, touched: { who: number; period: number }[]) {
  for (const { who, period } of touched) {
    const bill = model.bills.find((b) => b.who === who && b.period === period);
    if (!bill) continue;
    const lines = modelLines(model, who, period);
    if (lines.length === 0) model.bills = model.bills.filter((b) => b !== bill);
    else Object.assign(bill, { lines, totalPrice: lines.reduce((sum, l) => sum + l.amount, 0) + bill.charges });
  }
}

const t = fileTestApp();
let seed: Seed;
beforeAll(async () => {
  seed = await seedColony(t.database.db, COLONY_CHARGES);
});

describe('the stored ledger', () => {
  it(`matches the model after every step of ${RUNS} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: -500_00, max: 500_00 }), fc.integer({ min: -500_00, max: 500_00 })),
        fc.uniqueArray(slot, { selector: slotKey, maxLength: 8 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (openings, delivered, steps) => {
          const model: Model = { openings, deliveries: [], bills: [], receipts: [], pauses: [undefined, undefined] };
          const ids = await startSequence(model, delivered);
          for (const s of steps) {
            await apply(s, ids, model);
            await expectStoredEqualsModel(ids, model);
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});

/**
 * Clears the few tables a sequence writes, adds its two customers (due = opening balance)
 * and their first deliveries.
 */
async function startSequence(model: Model, delivered: Slot[]): Promise<number[]> {
  const db = t.database.db;
  await db.delete(deliveryChange);
  await db.delete(consumption);
  await db.delete(payment);
  await db.delete(receipt);
  await db.delete(transaction);
  await db.delete(customer);
  const rows = await db
    .insert(customer)
    .values(
      model.openings.map((opening, n) => ({
        customerName: `Customer ${n}`,
        address: `House ${n}`,
        route: 1,
        colonyCode: seed.colony.colonyCode,
        openingBalance: opening,
        due: opening,
      })),
    )
    .returning({ customerId: customer.customerId });
  const ids = rows.map((r) => r.customerId);
  // Each takes both products, 1 a day: a pause covers their deliveries, and gives them back at 1.
  await db.insert(consumption).values(
    ids.flatMap((customerId) =>
      [seed.milk, seed.curd].map((p) => ({
        customerId,
        productId: p.productId,
        isActive: 1 as const,
        disable: 0 as const,
      })),
    ),
  );
  if (delivered.length === 0) return ids;
  const values = delivered.map((d) => transactionOf(d, ids));
  const made = await db.insert(transaction).values(values).returning({ transactionId: transaction.transactionId });
  delivered.forEach((d, n) => {
    model.deliveries.push({ ...d, transactionId: made[n]!.transactionId, price: values[n]!.price, attendance: 1 });
  });
  return ids;
}

function transactionOf(d: Slot, ids: number[]) {
  const { year, month } = PERIODS[d.period]!;
  const product = seed[d.product];
  return {
    customerId: ids[d.who]!,
    productId: product.productId,
    combinationId: seed.daily.combinationId,
    transactionDate: days(year, month, d.day, d.day)[0]!,
    price: product.price,
    attendance: 1 as const,
    quantity: d.quantity,
  };
}

/** Does the step to the database (through the payments API where it is one) and to the model. */
async function apply(s: Step, ids: number[], model: Model): Promise<void> {
  const db = t.database.db;
  if (s.kind === 'pause' || s.kind === 'unpause') return changePause(s, ids, model);
  const { year, month } = PERIODS[s.period]!;
  if (s.kind === 'deliver') {
    if (
      model.deliveries.some(
        (d) => d.who === s.who && d.period === s.period && d.day === s.day && d.product === s.product,
      )
    )
      return;
    // An extra delivery (Single User Transaction), in a billed month or not.
    const values = transactionOf(s, ids);
    const res = await t.call('POST', '/api/transactions/singletransaction', {
      colony: seed.colony.colonyCode,
      customerId: values.customerId,
      productId: seed[s.product].productCode,
      days: seed.daily.combinationId,
      price: values.price / 100,
      transactionType: 'single',
      fromDate: values.transactionDate,
      quantity: s.quantity / 100,
    });
    expect(res.status).toBe(200);
    model.deliveries.push({ ...s, transactionId: res.body.data[0].transactionId, price: values.price, attendance: 1 });
    follow(model, [s]);
    return;
  }
  if (s.kind === 'miss') {
    const first = model.deliveries.find((d) => d.who === s.who && d.period === s.period && d.attendance === 1);
    if (!first) return;
    // The attendance toggle of All Transactions.
    const res = await t.call('POST', `/api/transactions/update/${first.transactionId}`);
    expect(res.status).toBe(200);
    first.attendance = 0;
    follow(model, [s]);
    return;
  }
  if (s.kind === 'generate') {
    const res = s.all
      ? await t.call('POST', '/api/payments/generateAll', { month, year })
      : await t.call('POST', '/api/payments/generatePayments', {
          colony: seed.colony.colonyCode,
          month,
          year,
          ...(s.charges === undefined ? {} : { charges: s.charges / 100 }),
        });
    expect(res.status).toBe(200);
    const charges = s.all ? COLONY_CHARGES : (s.charges ?? COLONY_CHARGES);
    model.bills = model.bills.filter((b) => b.period !== s.period);
    for (const w of [0, 1]) {
      const delivered = model.deliveries.filter((d) => d.who === w && d.period === s.period && d.attendance === 1);
      if (delivered.length === 0) continue;
      const lines = modelLines(model, w, s.period);
      const productCharge = lines.reduce((sum, l) => sum + l.amount, 0);
      model.bills.push({ who: w, period: s.period, charges, totalPrice: productCharge + charges, lines });
    }
    return;
  }
  if (s.kind === 'receive') {
    const res = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: ids[s.who],
      month: month - 1, // zero-based on this call
      year,
      receivingPayment: s.amount / 100,
      paymentMode: s.mode,
    });
    expect(res.status).toBe(200);
    model.receipts.push({
      who: s.who,
      period: s.period,
      amount: s.mode === 'negative' ? -s.amount : s.amount,
      mode: s.mode,
    });
    return;
  }
  if (s.kind === 'receiveMany') {
    const res = await t.call('POST', '/api/payments/receiveMany', {
      month,
      year,
      entries: s.entries.map((e) => ({ customerId: ids[e.who], amount: e.amount / 100 })),
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(s.entries.reduce((sum, e) => sum + e.amount, 0) / 100);
    for (const e of s.entries)
      model.receipts.push({ who: e.who, period: s.period, amount: e.amount, mode: 'positive' });
    return;
  }
  const whose = s.kind === 'delete' ? [s.who] : [0, 1];
  const periods = s.kind === 'delete' ? [s.period] : [s.period, s.andPeriod];
  const targets = model.bills.filter((b) => periods.includes(b.period) && whose.includes(b.who));
  if (targets.length === 0) return;
  const stored = (await db.select().from(payment).where(inArray(payment.customerId, ids))).filter((b) =>
    targets.some(
      (m) =>
        ids[m.who] === b.customerId &&
        PERIODS[m.period]!.month === b.paymentMonth &&
        PERIODS[m.period]!.year === b.paymentYear,
    ),
  );
  const res =
    s.kind === 'delete'
      ? await t.call('DELETE', `/api/payments/delete/${stored[0]!.paymentId}`)
      : await t.call('DELETE', '/api/payments/delete', { ids: stored.map((b) => b.paymentId) });
  expect(res.status).toBe(200);
  model.bills = model.bills.filter((b) => !targets.includes(b));
}

/**
 * A pause made (when the customer has none) or deleted (when they have one) through the changes
 * API. Made, it sets attendance 0 on the deliveries it covers; deleted, it puts them back to the
 * plan (attendance 1, the consumption's quantity 1); the bills of the months touched follow.
 */
async function changePause(s: Extract<Step, { kind: 'pause' | 'unpause' }>, ids: number[], model: Model) {
  const current = model.pauses[s.who];
  if (s.kind === 'pause' && current) return;
  if (s.kind === 'unpause' && !current) return;
  const pause = current ?? { changeId: 0, product: s.kind === 'pause' ? s.product : 'all', from: '', to: '' };
  if (s.kind === 'pause') {
    pause.from = dateOf(s.from);
    pause.to = dateOf(s.to);
    const own = await t.database.db
      .select({ id: consumption.consumptionId, productId: consumption.productId })
      .from(consumption)
      .where(eq(consumption.customerId, ids[s.who]!));
    const consumptionId =
      s.product === 'all'
        ? undefined
        : own.find((c) => c.productId === seed[s.product as 'milk' | 'curd'].productId)?.id;
    const res = await t.call('POST', '/api/changes', {
      customerId: ids[s.who],
      consumptionId,
      kind: 'pause',
      fromDate: pause.from,
      toDate: pause.to,
    });
    expect(res.status).toBe(201);
    pause.changeId = res.body.change.changeId;
    model.pauses[s.who] = pause;
  } else {
    const res = await t.call('DELETE', `/api/changes/${pause.changeId}`);
    expect(res.status).toBe(200);
    model.pauses[s.who] = undefined;
  }
  const covered = model.deliveries.filter(
    (d) =>
      d.who === s.who &&
      (pause.product === 'all' || pause.product === d.product) &&
      pause.from <= dateOf(d) &&
      dateOf(d) <= pause.to,
  );
  for (const d of covered) {
    if (s.kind === 'pause') d.attendance = 0;
    else Object.assign(d, { attendance: 1, quantity: 100 });
  }
  follow(model, covered);
}

/**
 * The receipt table holds exactly the model's receipts; the bills (and their lines) are the
 * model's; their balances are what the domain derives from the model; and customer due =
 * opening balance + stored bills - the model's receipts.
 */
async function expectStoredEqualsModel(ids: number[], model: Model) {
  const db = t.database.db;
  const whoOf = (customerId: number) => ids.indexOf(customerId);
  const periodOf = (year: number, month: number) => PERIODS.findIndex((p) => p.year === year && p.month === month);

  const receipts = await db
    .select()
    .from(receipt)
    .where(inArray(receipt.customerId, ids))
    .orderBy(asc(receipt.receiptId));
  expect(
    receipts.map((r) => ({
      who: whoOf(r.customerId),
      period: periodOf(r.paymentYear, r.paymentMonth),
      amount: r.amount,
      mode: r.mode,
    })),
  ).toEqual(model.receipts);

  const rows = await db
    .select({ bill: payment, line: paymentLine })
    .from(payment)
    .leftJoin(paymentLine, eq(paymentLine.paymentId, payment.paymentId))
    .where(inArray(payment.customerId, ids))
    .orderBy(asc(paymentLine.paymentLineId));
  const bills = [...new Map(rows.map((r) => [r.bill.paymentId, r.bill])).values()];
  const byBill = (a: { who: number; period: number }, b: { who: number; period: number }) =>
    a.who - b.who || a.period - b.period;
  expect(
    bills
      .map((b) => ({
        who: whoOf(b.customerId),
        period: periodOf(b.paymentYear, b.paymentMonth),
        charges: b.charges,
        totalPrice: b.totalPrice,
        lines: rows
          .filter((r) => r.bill.paymentId === b.paymentId && r.line)
          .map((r) => ({
            productCode: r.line!.productCode,
            price: r.line!.price,
            attendance: r.line!.attendance,
            quantity: r.line!.quantity,
            amount: r.line!.amount,
          })),
      }))
      .sort(byBill),
  ).toEqual([...model.bills].sort(byBill));

  const customers = await db.select().from(customer).where(inArray(customer.customerId, ids));
  for (const c of customers) {
    const w = whoOf(c.customerId);
    const own = model.receipts.filter((r) => r.who === w);
    const received = own.reduce((sum, r) => sum + r.amount, 0);
    const billed = bills.filter((b) => b.customerId === c.customerId).reduce((sum, b) => sum + b.totalPrice, 0);
    expect(c.due).toBe(model.openings[w]! + billed - received);
    expect(c.paid).toBe(received);

    const ledger = deriveLedger({
      openingBalance: model.openings[w]!,
      bills: model.bills.filter((b) => b.who === w).map((b) => ({ ...PERIODS[b.period]!, totalPrice: b.totalPrice })),
      receipts: own.map((r) => ({ ...PERIODS[r.period]!, amount: r.amount })),
    });
    expect(c.due).toBe(ledger.due);
    const derived = ledger.periods
      .filter((p) => p.billed)
      .map((p) => ({ period: periodOf(p.year, p.month), previousDue: p.previousDue, paid: p.paid, due: p.due }));
    const stored = bills
      .filter((b) => b.customerId === c.customerId)
      .map((b) => ({
        period: periodOf(b.paymentYear, b.paymentMonth),
        previousDue: b.previousDue,
        paid: b.paid,
        due: b.due,
      }))
      .sort((a, b) => a.period - b.period);
    expect(stored).toEqual(derived);
  }
}
