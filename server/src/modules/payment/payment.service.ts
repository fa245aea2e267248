import { type Paise, type PaymentStatus, paymentTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { groupRows } from '../../db/rows';
import { withFreshStatistics } from '../../db/statistics';
import { type Bill, type BillLine, billFigures, lineAmount, makeBill, sumAmounts } from '../../domain/billing';
import { monthDates } from '../../domain/calendar';
import { deriveLedger, type Period, type PeriodSummary, periodIndex, summarizePeriod } from '../../domain/ledger';
import { notFound } from '../../errors';
import { counted, customerLabel, period as periodText, recordAudit, rupees } from '../audit/audit.service';
import { currentUser } from '../auth/current-user';
import { findColony } from '../colony/colony.repo';
import { requireEnabledColony } from '../colony/colony.service';
import { findCustomer, lockCustomers, updateCustomerBalances } from '../customer/customer.repo';
import {
  deletePayments,
  deleteStaleBills,
  deliveredGroups,
  findPayments,
  insertReceipt,
  ledgerInputs,
  listPayments,
  type PaymentFilter,
  type PaymentListRow,
  updateBillBalances,
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
  const billsOf = groupRows(bills, (b) => b.customerId);
  const receiptsOf = groupRows(receipts, (r) => r.customerId);
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

export interface PlannedBill extends Bill {
  customerId: number;
  customerName: string;
  route: number;
}

/** The bills a generation would write, by route then name, without writing anything. */
async function planBills(db: Db, colonyCode: string, period: Period, charges: Paise): Promise<PlannedBill[]> {
  const groups = await deliveredGroups(db, colonyCode, monthDates(period.year, period.month));
  return [...groupRows(groups, (g) => g.customerId).values()].map((own) => {
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

/** A bill's lines with what each comes to. */
export function withAmounts(lines: readonly BillLine[]) {
  return lines.map((line) => ({ ...line, amount: lineAmount(line) }));
}

/** The bills a generation would write, and the colony's total row, without writing anything. */
export async function previewPayments(db: Db, request: GenerateRequest) {
  const colony = await requireEnabledColony(db, request.colonyCode);
  const bills = await planBills(db, colony.colonyCode, request, request.charges ?? colony.charges);
  const data = bills.map((b) => ({
    customerId: b.customerId,
    customerName: b.customerName,
    route: b.route,
    charges: b.charges,
    productCharge: b.productCharge,
    totalPrice: b.totalPrice,
    products: withAmounts(b.lines),
  }));
  return { data, totals: { bills: data.length, ...sumAmounts(data, ['productCharge', 'charges', 'totalPrice']) } };
}

/**
 * Bills the colony's month in one transaction. The customers are locked first, so a second
 * generation at the same moment waits and then finds the bills already written: nothing is
 * billed twice (the unique period key is the last guard).
 */
export async function generatePayments(db: Db, request: GenerateRequest) {
  return withFreshStatistics(db).transaction(async (tx) => {
    const colony = await requireEnabledColony(tx, request.colonyCode);
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
    await recordAudit(tx, {
      action: 'payment.generate',
      entity: 'payment',
      summary: `Billed ${counted(bills.length, 'customer')} of ${colony.colonyCode} for ${periodText(period.month, period.year)}${removed.length > 0 ? `; removed ${counted(removed.length, 'bill')}` : ''}`,
      after: {
        colonyCode: colony.colonyCode,
        ...period,
        charges: request.charges ?? colony.charges,
        billed: bills.length,
        removed: removed.length,
      },
    });
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
    const one = found.length === 1 ? found[0] : undefined;
    await recordAudit(tx, {
      action: 'payment.delete',
      entity: 'payment',
      entityId: one?.paymentId,
      summary: one
        ? `Deleted the bill of customer ${one.customerId} for ${periodText(one.month, one.year)}`
        : `Deleted ${counted(deleted.length, 'bill')}`,
      before: found,
    });
    return deleted.length;
  });
}

export interface CustomerPeriod extends Period {
  customerId: number;
}

export interface ReceivingView {
  currentBill: PeriodSummary & { paymentId: number | null };
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
  const { customerId, customerName, paid, due } = customer;
  return {
    currentBill: { paymentId: bill?.paymentId ?? null, ...summarizePeriod(ledger, request) },
    customer: { customerId, customerName, paid, due },
  };
}

/** Records a receipt (`negative` takes money back) and recomputes the customer's ledger. */
export async function receivePayment(
  db: Db,
  request: CustomerPeriod & { amount: Paise; mode: 'positive' | 'negative' },
): Promise<ReceivingView> {
  return db.transaction(async (tx) => {
    const [locked] = await lockCustomers(tx, { customerIds: [request.customerId] });
    if (!locked) throw notFound(paymentTexts.customerNotFound);
    const taken = await insertReceipt(tx, {
      customerId: request.customerId,
      paymentYear: request.year,
      paymentMonth: request.month,
      amount: request.mode === 'negative' ? -request.amount : request.amount,
      mode: request.mode,
      receivedBy: currentUser()?.userId ?? null,
    });
    await recomputeLedger(tx, [request.customerId], request);
    const customer = (await findCustomer(tx, request.customerId))!;
    const when = periodText(request.month, request.year);
    await recordAudit(tx, {
      action: 'receipt.add',
      entity: 'receipt',
      entityId: taken.receiptId,
      summary:
        request.mode === 'negative'
          ? `Gave back ${rupees(request.amount)} to ${customerLabel(customer)} for ${when}`
          : `Received ${rupees(request.amount)} from ${customerLabel(customer)} for ${when}`,
      after: taken,
    });
    return readPeriod(tx, request);
  });
}

/** A stored bill as the payment screens show it: its customer, its figures and its lines with amounts. */
function billView(row: PaymentListRow) {
  return {
    paymentId: row.paymentId,
    customerId: row.customer.customerId,
    customerName: row.customer.customerName,
    customer: row.customer,
    paymentMonth: row.paymentMonth,
    paymentYear: row.paymentYear,
    charges: row.charges,
    totalPrice: row.totalPrice,
    previousDue: row.previousDue,
    paid: row.paid,
    due: row.due,
    ...billFigures(row),
    paymentProducts: withAmounts(row.lines),
  };
}

/**
 * A page of bills as the screens show them. The filter's colony code may differ in case from the
 * stored one; an unknown colony has no bills.
 */
export async function listBills(db: Db, filter: PaymentFilter, window: { limit: number; offset: number }) {
  let colonyCode = filter.colonyCode;
  if (colonyCode !== undefined) {
    const colony = await findColony(db, colonyCode);
    if (!colony) return { rows: [], total: 0 };
    colonyCode = colony.colonyCode;
  }
  const { rows, total } = await listPayments(db, { ...filter, colonyCode }, window);
  return { rows: rows.map(billView), total };
}

export interface DetailsFilter {
  colonyCode?: string;
  customerId?: number;
  status: PaymentStatus;
  /** A start without a month starts at January; an end without one ends at December. */
  start?: { year: number; month?: number };
  end?: { year: number; month?: number };
}

/** Users Payments Details: bills of a range of periods. */
export async function paymentDetails(db: Db, filter: DetailsFilter, window: { limit: number; offset: number }) {
  const { start, end } = filter;
  return listBills(
    db,
    {
      colonyCode: filter.colonyCode,
      customerId: filter.customerId,
      status: filter.status,
      fromIndex: start && periodIndex({ year: start.year, month: start.month ?? 1 }),
      toIndex: end && periodIndex({ year: end.year, month: end.month ?? 12 }),
    },
    window,
  );
}
