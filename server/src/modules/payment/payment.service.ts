import {
  countValue,
  type Month,
  monthIndex,
  monthOf,
  monthValue,
  nextMonth,
  type Paise,
  type PaymentStatus,
  type PhraseValue,
  paymentTexts,
} from '@dairy/contract';
import type { Db } from '../../db/client';
import { groupRows } from '../../db/rows';
import { withFreshStatistics } from '../../db/statistics';
import { billFigures, sumAmounts } from '../../domain/billing';
import type { Period } from '../../domain/ledger';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { allColonies, findColony, lockEnabledColonies } from '../colony/colony.repo';
import { requireColony, requireEnabledColony } from '../colony/colony.service';
import { lockCustomers } from '../customer/customer.repo';
import {
  type ChargedColony,
  type CustomerMonth,
  deletePayments,
  findPayments,
  followBills,
  type PlannedBill,
  plannedBills,
  writeMonthBills,
} from './billing.repo';
import { billTotalsOf, latestBillOf } from './colony-month.repo';
import { storeLedgers } from './ledger.repo';
import { listPayments, type PaymentFilter, type PaymentListRow } from './payment.repo';

/** A customer's delivery on a date that was added, changed or deleted. */
export interface TouchedDelivery {
  customerId: number;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * A bill follows its deliveries (docs/rules.md section 6): after any change to these customers'
 * transactions on these dates, the bills of those (customer, month) pairs are brought up to the
 * current deliveries, as billing makes them (lines, total; the service charge kept; a bill left
 * without a delivered day removed), and the ledger after them is derived again. A month without
 * a bill gets none. Every path that changes transactions calls it inside its database
 * transaction, after locking the customers (the customer locking rule).
 */
export async function followDeliveries(tx: Db, touched: readonly TouchedDelivery[]): Promise<void> {
  const months = new Map<string, CustomerMonth>();
  for (const { customerId, date } of touched) {
    const { year, month } = monthOf(date);
    months.set(`${customerId}-${year}-${month}`, { customerId, year, month });
  }
  const changed = await followBills(tx, [...months.values()]);
  if (changed.length === 0) return;
  const earliest = changed.reduce((a, b) => (monthIndex(b) < monthIndex(a) ? b : a));
  await storeLedgers(
    tx,
    changed.map((c) => c.customerId),
    earliest,
  );
}

export interface GenerateRequest extends Period {
  colonyCode: string;
  /** The service charge; undefined means the colony's. */
  charges: Paise | undefined;
}

const billSums = (bills: readonly PlannedBill[]) => ({
  bills: bills.length,
  ...sumAmounts(bills, ['productCharge', 'charges', 'totalPrice']),
});

/** The bills a generation would write, and the colony's total row, without writing anything. */
export async function previewPayments(db: Db, request: GenerateRequest) {
  const colony = await requireEnabledColony(db, request.colonyCode);
  const charges = request.charges ?? colony.charges;
  const bills = await plannedBills(db, [{ colonyCode: colony.colonyCode, charges }], request);
  const data = bills.map((b) => ({
    customerId: b.customerId,
    customerName: b.customerName,
    route: b.route,
    charges: b.charges,
    productCharge: b.productCharge,
    totalPrice: b.totalPrice,
    products: b.lines,
  }));
  return { data, totals: billSums(bills) };
}

/**
 * What billing every enabled colony would write, each with its stored service charge, as one
 * row per colony (in code order) and the dairy's total row, without writing anything.
 */
export async function previewAllPayments(db: Db, period: Period) {
  const colonies = (await allColonies(db)).filter((c) => c.disable === 0);
  const bills = await plannedBills(db, colonies, period);
  const byColony = groupRows(bills, (b) => b.colonyCode);
  const rows = colonies.map((c) => ({
    colonyCode: c.colonyCode,
    colonyName: c.colonyName,
    ...billSums(byColony.get(c.colonyCode) ?? []),
  }));
  return { ...period, colonies: rows, totals: billSums(bills) };
}

/**
 * Bills the month of these colonies, whose customers the caller locked: one set-based statement
 * writes the bills with their balances and their lines (and settles the customers whose ledger
 * ends with the month), then the ledger of every other customer billed or unbilled is derived
 * again after that month (its later periods, the customer's paid and due), as after any change to
 * bills. Billing the whole dairy is one pass over its month. Answers the customers billed, by
 * colony, and how many bills were removed.
 */
async function billColonies(tx: Db, colonies: readonly ChargedColony[], period: Period) {
  const { billed, removed, after } = await writeMonthBills(tx, colonies, period);
  await storeLedgers(tx, [...after.map((s) => s.customerId), ...removed], nextMonth(period), after);
  const count = new Map(billed.map((c) => [c.colonyCode, c.customerIds.length]));
  return { billed: (colonyCode: string) => count.get(colonyCode) ?? 0, removed: removed.length };
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
    const charges = request.charges ?? colony.charges;
    const { billed, removed } = await billColonies(tx, [{ colonyCode: colony.colonyCode, charges }], period);
    const count = billed(colony.colonyCode);
    await recordAudit(tx, {
      action: 'payment.generate',
      entity: 'payment',
      phrase: {
        key: 'billColony',
        values: {
          count: countValue(count, 'customer'),
          colony: colony.colonyCode,
          month: monthValue(period.month, period.year),
          removed: billsRemoved(removed),
        },
      },
      after: { colonyCode: colony.colonyCode, ...period, charges, billed: count, removed },
    });
    return { count, removed };
  });
}

/**
 * Bills every enabled colony's month with its stored service charge (docs/rules.md section 17),
 * exactly as Generate Payments would colony by colony, in one database transaction. The colonies
 * are locked in code order, then their customers in id order: a second run at the same moment
 * waits, then writes the same bills again (idempotent). Answers the bills written per colony.
 */
export async function generateAllPayments(db: Db, period: Period) {
  return withFreshStatistics(db).transaction(async (tx) => {
    const colonies = await lockEnabledColonies(tx);
    await lockCustomers(tx, { colonyCodes: colonies.map((c) => c.colonyCode) });
    const { billed, removed } = await billColonies(tx, colonies, period);
    const answer = colonies.map((c) => ({ colonyCode: c.colonyCode, billed: billed(c.colonyCode) }));
    const total = answer.reduce((sum, c) => sum + c.billed, 0);
    await recordAudit(tx, {
      action: 'payment.generateAll',
      entity: 'payment',
      phrase: {
        key: 'billColonies',
        values: {
          count: countValue(total, 'customer'),
          colonies: countValue(colonies.length, 'colony'),
          month: monthValue(period.month, period.year),
          removed: billsRemoved(removed),
        },
      },
      after: { ...period, colonies: answer, removed },
    });
    return answer;
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
    const earliest = found.reduce((a, b) => (monthIndex(b) < monthIndex(a) ? b : a));
    await storeLedgers(tx, customerIds, earliest);
    const one = found.length === 1 ? found[0] : undefined;
    await recordAudit(tx, {
      action: 'payment.delete',
      entity: 'payment',
      entityId: one?.paymentId,
      phrase: one
        ? { key: 'billDelete', values: { id: one.customerId, month: monthValue(one.month, one.year) } }
        : { key: 'billDeleteMany', values: { count: countValue(deleted.length, 'bill') } },
      before: found,
    });
    return deleted.length;
  });
}

/**
 * The month and year of the colony's latest bill (nulls before its first): receipts are taken
 * for it by default, as bills are made in the first days of the next month (docs/rules.md section 23).
 */
export async function latestBill(db: Db, colonyCode: string) {
  const colony = await requireColony(db, colonyCode);
  return (await latestBillOf(db, colony.colonyCode)) ?? { month: null, year: null };
}

/** The total row of the colony's bills of a month: every bill, not one page. */
export async function monthTotals(db: Db, request: Period & { colonyCode: string }) {
  const colony = await requireColony(db, request.colonyCode);
  return billTotalsOf(db, colony.colonyCode, request);
}

/** "; removed 2 bills": bills of customers no longer billed, when there were any. */
const billsRemoved = (removed: number): PhraseValue =>
  removed > 0 ? { key: 'billsRemoved', values: { count: countValue(removed, 'bill') } } : '';

/** A stored bill as the payment screens show it: its customer, its figures and its lines. */
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
    paymentProducts: row.lines,
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
  start?: { year: number; month?: Month | undefined };
  end?: { year: number; month?: Month | undefined };
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
      from: start && { year: start.year, month: start.month ?? 1 },
      to: end && { year: end.year, month: end.month ?? 12 },
    },
    window,
  );
}
