import {
  addDays,
  countValue,
  customerPhrase,
  type Hundredths,
  moneyValue,
  monthDates,
  monthOf,
  namesPhrase,
  type Paise,
  type Phrase,
  quantityWithUnit,
  type TransactionRow,
  transactionTexts,
} from '@dairy/contract';
import { type Db, inTransaction } from '../../db/client';
import { parseDays, periodDates } from '../../domain/schedule';
import { badRequest, conflict, notFound, staleRecord } from '../../errors';
import { dateText, recordAudit } from '../audit/audit.service';
import { allColonies } from '../colony/colony.repo';
import { pageInColony, requireEnabledColony } from '../colony/colony.service';
import { findCombination } from '../combination/combination.repo';
import { findCustomer, lockCustomers } from '../customer/customer.repo';
import { followDeliveries } from '../payment/payment.service';
import { asDayOption, findProductRow, productCodes, productRowsOfCode } from '../product/product.repo';
import {
  attendanceOf,
  deleteTransactions,
  findTransaction,
  insertManual,
  listTransactions,
  otherTransactionExists,
  setAttendance,
  type TransactionListRow,
  transactionOwners,
  updateTransaction,
} from './transaction.repo';

type Window = { limit: number; offset: number };

/** "COW 1.5 L for Asha (route 3) on 23/11/2026": a delivery in a summary. */
const delivery = (r: TransactionListRow): Phrase => ({
  key: 'delivery',
  values: {
    product: r.productCode,
    quantity: quantityWithUnit(r.quantity, r.unit),
    customer: customerPhrase(r),
    date: dateText(r.transactionDate),
  },
});

type MarkedRow = Awaited<ReturnType<typeof attendanceOf>>[number];

/**
 * "Marked 3 deliveries absent in GP on 26/11/2026: Asha, Ravi, Meena": the rows grouped by what
 * they became (absent first), colony and date, each group's customers once, in route order.
 */
function attendancePhrase(rows: readonly MarkedRow[]): Phrase {
  const order = (r: MarkedRow) => [
    r.attendance,
    r.colonyCode,
    r.transactionDate,
    r.route,
    r.customerName,
    r.customerId,
  ];
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i < 0 ? 0 : x[i]! < y[i]! ? -1 : 1;
  });
  const groups = new Map<string, MarkedRow[]>();
  for (const r of sorted) {
    const key = `${r.attendance} ${r.colonyCode} ${r.transactionDate}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const parts = [...groups.values()].map((group) => {
    const [first] = group as [MarkedRow];
    const names = [...new Map(group.map((r) => [r.customerId, r.customerName])).values()];
    return {
      key: first.attendance === 1 ? 'markedDelivered' : 'markedAbsent',
      values: {
        count: countValue(group.length, 'delivery'),
        colony: first.colonyCode,
        date: dateText(first.transactionDate),
        names: namesPhrase(names),
      },
    } satisfies Phrase;
  });
  return { key: 'marked', values: { groups: { each: parts } } };
}

/** A joined row in the shape of the contract's transaction row. */
function asTransactionRow(r: TransactionListRow): TransactionRow {
  return {
    transactionId: r.transactionId,
    customerId: r.customerId,
    productId: r.productId,
    combinationId: r.combinationId,
    price: r.price,
    transactionDate: r.transactionDate,
    attendance: r.attendance,
    quantity: r.quantity,
    version: r.version,
    customer: {
      customerId: r.customerId,
      customerName: r.customerName,
      route: r.route,
      colonyCode: r.colonyCode,
      colony: { colonyCode: r.colonyCode, colonyName: r.colonyName },
    },
    product: { productId: r.productId, productCode: r.productCode, productName: r.productName, unit: r.unit },
    combination:
      r.combinationDays === null ? null : { combinationId: r.combinationId, combinationDays: r.combinationDays },
  };
}

export interface ListFilters {
  colonyCode?: string | undefined;
  productName?: string | undefined;
  customerId?: number | undefined;
  date?: string | undefined;
  /** `YYYY-MM`: every date of that month. */
  monthyr?: string | undefined;
}

export async function findTransactions(db: Db, filters: ListFilters, window: Window) {
  const { date, monthyr, colonyCode, ...rest } = filters;
  const month = monthyr ? monthDates(monthOf(`${monthyr}-01`)) : undefined;
  const { rows, total } = await pageInColony(db, colonyCode, (storedCode) =>
    listTransactions(
      db,
      { ...rest, colonyCode: storedCode, from: date ?? month?.from, to: date ?? (month && addDays(month.until, -1)) },
      window,
    ),
  );
  return { rows: rows.map(asTransactionRow), total };
}

/** Every colony and one entry per product code: the choices of the transaction screens. */
export async function formChoices(db: Db) {
  return { colonies: await allColonies(db), products: await productCodes(db, { usableOnly: false }) };
}

/** Update Transaction's record, with the product codes and the rows (days) of its own code. */
export async function updateForm(db: Db, id: number) {
  const row = await findTransaction(db, id);
  if (!row) throw notFound(transactionTexts.notFound);
  return {
    transaction: asTransactionRow(row),
    products: await productCodes(db, { usableOnly: false }),
    days: (await productRowsOfCode(db, row.productCode)).map(asDayOption),
  };
}

export interface ManualEntry {
  colony: string;
  customerId: number;
  productCode: string;
  combinationId: number;
  price: Paise;
  quantity: Hundredths;
  transactionType: 'single' | 'period';
  fromDate: string;
  toDate?: string | undefined;
}

/** Single User Transaction: one date whatever the schedule, or the covered dates of a period. */
export async function addManual(db: Db, entry: ManualEntry) {
  return db.transaction(async (tx) => {
    const colony = await requireEnabledColony(tx, entry.colony);
    const customer = await findCustomer(tx, entry.customerId);
    if (!customer) throw notFound(transactionTexts.customerNotFound);
    if (customer.colonyCode !== colony.colonyCode) throw badRequest(transactionTexts.customerNotInColony, 'customerId');
    const row = await findProductRow(tx, entry.productCode, entry.combinationId);
    const days = row && (await findCombination(tx, row.combinationId));
    if (!row || !days) throw notFound(transactionTexts.productNotFound);

    // The contract caps a period at MAX_PERIOD_DATES.
    const dates =
      entry.transactionType === 'period'
        ? periodDates(parseDays(days.combinationDays), entry.fromDate, entry.toDate ?? entry.fromDate)
        : [entry.fromDate];
    await lockCustomers(tx, { customerIds: [customer.customerId] });
    const created = await insertManual(
      tx,
      {
        customerId: customer.customerId,
        productId: row.productId,
        combinationId: row.combinationId,
        price: entry.price,
        quantity: entry.quantity,
      },
      dates,
    );
    await followDeliveries(
      tx,
      created.map((r) => ({ customerId: r.customerId, date: r.transactionDate })),
    );
    await recordAudit(tx, {
      action: 'transaction.add',
      entity: 'transaction',
      entityId: created.length === 1 ? created[0]?.transactionId : undefined,
      phrase: {
        key: dates.length > 1 ? 'transactionAddDays' : 'transactionAdd',
        values: {
          count: countValue(created.length, 'transaction'),
          product: row.productCode,
          quantity: quantityWithUnit(entry.quantity, row.unit),
          amount: moneyValue(entry.price),
          customer: customerPhrase(customer),
          date: dateText(dates[0]!),
          from: dateText(dates[0]!),
          to: dateText(dates.at(-1)!),
        },
      },
      after: { customerId: customer.customerId, productId: row.productId, dates: dates.length, created },
    });
    return { created, duplicates: dates.length - created.length };
  });
}

/** Locks the customers of these transactions (404 when one is unknown). */
async function lockOwners(tx: Db, transactionIds: readonly number[]) {
  const owners = await transactionOwners(tx, transactionIds);
  if (owners.length < transactionIds.length) throw notFound(transactionTexts.notFound);
  await lockCustomers(tx, { customerIds: [...new Set(owners.map((o) => o.customerId))] });
}

/** Flips attendance (a change: the row's version grows). */
export async function toggle(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await applyAttendance(tx, [id], (attendance) => (attendance === 1 ? 0 : 1));
    const after = (await findTransaction(tx, id))!;
    await recordAudit(tx, {
      action: 'transaction.attendance',
      entity: 'transaction',
      entityId: id,
      phrase: { key: row!.attendance === 1 ? 'markDelivered' : 'markAbsent', values: { delivery: delivery(after) } },
      before: { transactionId: id, attendance: row!.attendance === 1 ? 0 : 1 },
      after,
    });
    return row!.attendance;
  });
}

/**
 * The route sheet's Save (docs/rules.md section 13): every change or, when one id is unknown, none
 * (404). Answers how many rows changed; a row already at the attendance sent is left as it was,
 * and a save that changes nothing writes no audit row.
 */
export async function markAttendance(db: Db, changes: readonly { transactionId: number; attendance: 0 | 1 }[]) {
  const wanted = new Map(changes.map((c) => [c.transactionId, c.attendance]));
  return inTransaction(db, async (tx) => {
    const rows = await applyAttendance(tx, [...wanted.keys()], (_, id) => wanted.get(id)!);
    const changed = rows.filter((r) => r.changed);
    // Nothing changed, nothing to account for: the trail records changes, not saves.
    if (changed.length === 0) return 0;
    await recordAudit(tx, {
      action: 'transaction.attendance',
      entity: 'transaction',
      phrase: attendancePhrase(changed),
      before: changed.map((r) => ({ transactionId: r.transactionId, attendance: r.attendance === 1 ? 0 : 1 })),
      after: changed.map((r) => ({ transactionId: r.transactionId, attendance: r.attendance })),
    });
    return changed.length;
  });
}

/**
 * Every change of attendance goes through here (the toggle and the route sheet): the rows'
 * customers locked in id order, the rows read under that lock (404 when one is gone), the new
 * attendance of each (`next`) written in one statement, and the billed months of the changed rows brought up to date (`followDeliveries`).
 */
async function applyAttendance(tx: Db, ids: readonly number[], next: (attendance: 0 | 1, id: number) => 0 | 1) {
  await lockOwners(tx, ids);
  // Fewer when another operator deleted one while this one waited for the lock.
  const found = await attendanceOf(tx, ids);
  if (found.length < ids.length) throw notFound(transactionTexts.notFound);
  const rows = found.map((r) => {
    const attendance = next(r.attendance, r.transactionId);
    return { ...r, attendance, changed: attendance !== r.attendance };
  });
  const changed = rows.filter((r) => r.changed);
  await setAttendance(tx, changed);
  await followDeliveries(
    tx,
    changed.map((r) => ({ customerId: r.customerId, date: r.transactionDate })),
  );
  return rows;
}

/** Deletes all the ids or, when one is unknown, none. */
export async function remove(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await lockOwners(tx, unique);
    const one = unique.length === 1 ? await findTransaction(tx, unique[0]!) : undefined;
    const deleted = await deleteTransactions(tx, unique);
    // Fewer when another operator deleted one while this one waited for the lock.
    if (deleted.length < unique.length) throw notFound(transactionTexts.notFound);
    await followDeliveries(
      tx,
      deleted.map((r) => ({ customerId: r.customerId, date: r.transactionDate })),
    );
    await recordAudit(tx, {
      action: 'transaction.delete',
      entity: 'transaction',
      entityId: one?.transactionId,
      phrase: one
        ? { key: 'transactionDelete', values: { delivery: delivery(one) } }
        : { key: 'transactionDeleteMany', values: { count: countValue(deleted.length, 'transaction') } },
      before: one ?? { transactionIds: unique },
    });
    return deleted.length;
  });
}

export interface TransactionChange {
  transactionId: number;
  productCode: string;
  combinationId: number;
  price: Paise;
  attendance: 0 | 1;
  /** Left out: the stored quantity is kept. */
  quantity?: Hundredths | undefined;
  /** The version Update Transaction read; without it the change is made whatever happened since. */
  version?: number | undefined;
}

/** Update Transaction: product row, price, attendance and quantity, at the version the screen read. */
export async function change(db: Db, input: TransactionChange) {
  return db.transaction(async (tx) => {
    await lockOwners(tx, [input.transactionId]);
    // Read under the lock, so a change committed meanwhile is seen.
    const existing = await findTransaction(tx, input.transactionId);
    if (!existing) throw notFound(transactionTexts.notFound);
    const row = await findProductRow(tx, input.productCode, input.combinationId);
    if (!row) throw notFound(transactionTexts.productNotFound);
    const key = {
      customerId: existing.customerId,
      productId: row.productId,
      transactionDate: existing.transactionDate,
    };
    if (await otherTransactionExists(tx, input.transactionId, key)) throw conflict(transactionTexts.duplicate);
    const values = {
      productId: row.productId,
      combinationId: row.combinationId,
      price: input.price,
      attendance: input.attendance,
      quantity: input.quantity,
    };
    if (!(await updateTransaction(tx, input.transactionId, values, input.version))) throw staleRecord();
    await followDeliveries(tx, [{ customerId: existing.customerId, date: existing.transactionDate }]);
    const after = await findTransaction(tx, input.transactionId);
    await recordAudit(tx, {
      action: 'transaction.update',
      entity: 'transaction',
      entityId: input.transactionId,
      phrase: {
        key: input.attendance === 1 ? 'transactionUpdateDelivered' : 'transactionUpdateAbsent',
        values: { delivery: delivery(after ?? existing), amount: moneyValue(input.price) },
      },
      before: existing,
      after,
    });
  });
}
