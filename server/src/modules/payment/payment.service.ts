import { type Paise, paymentTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { withFreshStatistics } from '../../db/statistics';
import { type Bill, makeBill } from '../../domain/billing';
import { monthDates } from '../../domain/calendar';
import { deriveLedger, type Period, type PeriodSummary, periodIndex, summarizePeriod } from '../../domain/ledger';
import { conflict, notFound } from '../../errors';
import { findColony } from '../colony/colony.repo';
import { lockCustomers } from '../customer/customer.repo';
import {
  type DeliveredGroup,
  deletePayments,
  deleteStaleBills,
  deliveredGroups,
  findCustomer,
  findPayments,
  insertReceipt,
  ledgerInputs,
  updateBillBalances,
  updateCustomerBalances,
  writeBills,
} from './payment.repo';

interface Balances {
  previousDue: Paise;
  paid: Paise;
  due: Paise;
}

interface LedgerWrites {
  /** Stored bills whose balances differ from the derived ones. */
  bills: (Balances & { paymentId: number })[];
  customers: { customerId: number; paid: Paise; due: Paise }[];
  /** With `replace`: the balances of the replaced period's bills, by customer. */
  replaced: Map<number, Balances>;
}

/**
 * Derives the customers' ledgers from their stored bills and receipts and returns what must be
 * written. Only the periods from `from` on are derived again: a change never alters earlier
 * ones. `totals` derives as if the `from` period's bills had these totals (a customer missing
 * from it has no bill that period): generation writes those bills with their balances.
 */
async function ledgerWrites(
  tx: Db,
  customerIds: number[],
  from: Period,
  totals?: Map<number, Paise>,
): Promise<LedgerWrites> {
  const writes: LedgerWrites = { bills: [], customers: [], replaced: new Map() };
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return writes;
  const { customers, bills, receipts } = await ledgerInputs(tx, ids, from);
  const billsOf = groupBy(bills, (b) => b.customerId);
  const receiptsOf = groupBy(receipts, (r) => r.customerId);
  const key = (p: Period) => `${p.year}-${p.month}`;
  for (const c of customers) {
    const replacedTotal = totals?.get(c.customerId);
    const own = (billsOf.get(c.customerId) ?? []).filter((b) => !totals || key(b) !== key(from));
    const entries = replacedTotal !== undefined ? [...own, { ...from, totalPrice: replacedTotal }] : own;
    const ledger = deriveLedger({
      openingBalance: c.openingBalance,
      earlier: { billed: c.billedBefore, received: c.receivedBefore },
      bills: entries,
      receipts: receiptsOf.get(c.customerId) ?? [],
    });
    const derived = new Map(ledger.periods.map((p) => [key(p), p]));
    for (const bill of own) {
      const d = derived.get(key(bill))!;
      if (d.previousDue !== bill.previousDue || d.paid !== bill.paid || d.due !== bill.due)
        writes.bills.push({ paymentId: bill.paymentId, previousDue: d.previousDue, paid: d.paid, due: d.due });
    }
    if (replacedTotal !== undefined) {
      const { previousDue, paid, due } = derived.get(key(from))!;
      writes.replaced.set(c.customerId, { previousDue, paid, due });
    }
    if (ledger.paid !== c.paid || ledger.due !== c.due)
      writes.customers.push({ customerId: c.customerId, paid: ledger.paid, due: ledger.due });
  }
  return writes;
}

/**
 * Derives the ledgers of these customers from `from` on and stores what changed (payment
 * previous_due/paid/due, customer paid/due). Call it inside the database transaction of every
 * change to bills or receipts of `from` or later, after locking the customers.
 */
export async function recomputeLedger(tx: Db, customerIds: number[], from: Period): Promise<void> {
  const writes = await ledgerWrites(tx, customerIds, from);
  await updateBillBalances(tx, writes.bills);
  await updateCustomerBalances(tx, writes.customers);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export interface PlannedBill extends Bill {
  customerId: number;
  customerName: string;
  route: number;
}

async function usableColony(db: Db, colonyCode: string) {
  const colony = await findColony(db, colonyCode);
  if (!colony) throw notFound(paymentTexts.colonyNotFound);
  if (colony.disable === 1) throw conflict(paymentTexts.colonyDisabled);
  return colony;
}

/** The bills a generation would write, by route then name, without writing anything. */
async function planBills(db: Db, colonyCode: string, period: Period, charges: Paise): Promise<PlannedBill[]> {
  const groups = await deliveredGroups(db, colonyCode, monthDates(period.year, period.month));
  const byCustomer = new Map<number, DeliveredGroup[]>();
  for (const g of groups) {
    const list = byCustomer.get(g.customerId);
    if (list) list.push(g);
    else byCustomer.set(g.customerId, [g]);
  }
  return [...byCustomer.values()].map((own) => {
    const { customerId, customerName, route } = own[0]!;
    const lines = own.map(({ productCode, productName, price, attendance }) => ({
      productCode,
      productName,
      price,
      attendance,
    }));
    return { customerId, customerName, route, ...makeBill(lines, charges) };
  });
}

export interface GenerateRequest extends Period {
  colonyCode: string;
  /** The service charge; undefined means the colony's. */
  charges: Paise | undefined;
}

export async function previewPayments(db: Db, request: GenerateRequest): Promise<PlannedBill[]> {
  const colony = await usableColony(db, request.colonyCode);
  return planBills(db, colony.colonyCode, request, request.charges ?? colony.charges);
}

/**
 * Bills the colony's month in one transaction. The customers are locked first, so a second
 * generation at the same moment waits and then finds the bills already written: nothing is
 * billed twice (the unique period key is the last guard).
 */
export async function generatePayments(db: Db, request: GenerateRequest) {
  return withFreshStatistics(db).transaction(async (tx) => {
    const colony = await usableColony(tx, request.colonyCode);
    await lockCustomers(tx, { colonyCode: colony.colonyCode });
    const period = { year: request.year, month: request.month };
    const bills = await planBills(tx, colony.colonyCode, period, request.charges ?? colony.charges);
    const billed = bills.map((b) => b.customerId);
    const removed = await deleteStaleBills(tx, colony.colonyCode, period, billed);
    // The ledger is derived before writing, so each bill is written once, with its balances.
    const writes = await ledgerWrites(
      tx,
      [...billed, ...removed.map((r) => r.customerId)],
      period,
      new Map(bills.map((b) => [b.customerId, b.totalPrice])),
    );
    await writeBills(
      tx,
      period,
      bills.map((b) => ({ ...b, ...writes.replaced.get(b.customerId)! })),
    );
    await updateBillBalances(tx, writes.bills);
    await updateCustomerBalances(tx, writes.customers);
    return { count: bills.length, removed: removed.length };
  });
}

/** Deletes bills (receipts stay) and recomputes their customers. Unknown ids: 404, nothing deleted. */
export async function deleteBills(db: Db, paymentIds: number[]) {
  const ids = [...new Set(paymentIds)];
  return db.transaction(async (tx) => {
    const found = await findPayments(tx, ids);
    if (found.length !== ids.length) throw notFound(paymentTexts.paymentNotFound);
    const customerIds = found.map((p) => p.customerId);
    await lockCustomers(tx, { customerIds });
    const deleted = await deletePayments(tx, ids);
    const earliest = found.reduce((a, b) => (periodIndex(b) < periodIndex(a) ? b : a));
    await recomputeLedger(tx, customerIds, earliest);
    return deleted.length;
  });
}

export interface CustomerPeriod extends Period {
  customerId: number;
}

export interface ReceivingView {
  paymentId: number | null;
  summary: PeriodSummary;
  customer: { customerId: number; customerName: string; paid: Paise; due: Paise };
}

/**
 * A customer's figures for one period, billed or not, derived from their bills and receipts.
 * Read in one snapshot, so a receipt landing between the reads cannot split the summary.
 */
export async function periodOfCustomer(db: Db, request: CustomerPeriod): Promise<ReceivingView> {
  return db.transaction((tx) => readPeriod(tx, request), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readPeriod(db: Db, request: CustomerPeriod): Promise<ReceivingView> {
  const customer = await findCustomer(db, request.customerId);
  if (!customer) throw notFound(paymentTexts.customerNotFound);
  const { customers, bills, receipts } = await ledgerInputs(db, [customer.customerId]);
  const ledger = deriveLedger({ openingBalance: customers[0]!.openingBalance, bills, receipts });
  const bill = bills.find((b) => b.year === request.year && b.month === request.month);
  return { paymentId: bill?.paymentId ?? null, summary: summarizePeriod(ledger, request), customer };
}

/** Records a receipt (`negative` takes money back) and recomputes the customer's ledger. */
export async function receivePayment(
  db: Db,
  request: CustomerPeriod & { amount: Paise; mode: 'positive' | 'negative' },
): Promise<ReceivingView> {
  return db.transaction(async (tx) => {
    const [locked] = await lockCustomers(tx, { customerIds: [request.customerId] });
    if (!locked) throw notFound(paymentTexts.customerNotFound);
    await insertReceipt(tx, {
      customerId: request.customerId,
      paymentYear: request.year,
      paymentMonth: request.month,
      amount: request.mode === 'negative' ? -request.amount : request.amount,
      mode: request.mode,
    });
    await recomputeLedger(tx, [request.customerId], request);
    return readPeriod(tx, request);
  });
}
