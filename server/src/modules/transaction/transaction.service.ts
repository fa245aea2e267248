import { type Paise, transactionTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { withFreshStatistics } from '../../db/statistics';
import { covers, parseDays, periodDates } from '../../domain/schedule';
import { badRequest, conflict, notFound } from '../../errors';
import { findColony } from '../colony/colony.repo';
import { findCombination } from '../combination/combination.repo';
import { lockCustomers } from '../customer/customer.repo';
import {
  allCombinations,
  deleteTransactions,
  findCustomer,
  findProductRow,
  findTransaction,
  insertManual,
  insertScheduled,
  lockColony,
  otherTransactionExists,
  previewScheduled,
  refreshLastActive,
  toggleAttendance,
  transactionOwners,
  updateTransaction,
} from './transaction.repo';

/** The combinations whose days cover `date` (the rule lives in domain/schedule.ts). */
async function coveringCombinations(db: Db, date: string): Promise<number[]> {
  const combinations = await allCombinations(db);
  return combinations.filter((c) => covers(parseDays(c.combinationDays), date)).map((c) => c.combinationId);
}

async function enabledColony(db: Db, code: string, find = findColony) {
  const colony = await find(db, code);
  if (!colony) throw notFound(transactionTexts.colonyNotFound);
  if (colony.disable === 1) throw conflict(transactionTexts.colonyDisabled);
  return colony;
}

/**
 * Generate by colony (DESIGN.md section 5): one database transaction, one set-based statement
 * for the customers locked first (it moves their `last_active`).
 */
export async function generateForColony(db: Db, colonyCode: string, date: string) {
  return withFreshStatistics(db).transaction(async (tx) => {
    const colony = await enabledColony(tx, colonyCode, lockColony);
    const customerIds = await lockCustomers(tx, { colonyCode: colony.colonyCode });
    return insertScheduled(tx, colony.colonyCode, customerIds, date, await coveringCombinations(tx, date));
  });
}

export async function previewForColony(
  db: Db,
  colonyCode: string,
  date: string,
  window: { limit: number; offset: number },
) {
  const colony = await enabledColony(db, colonyCode);
  return previewScheduled(db, colony.colonyCode, date, await coveringCombinations(db, date), window);
}

export interface ManualEntry {
  colony: string;
  customerId: number;
  productCode: string;
  combinationId: number;
  price: Paise;
  transactionType: 'single' | 'period';
  fromDate: string;
  toDate?: string | undefined;
}

/** Single User Transaction: one date whatever the schedule, or the covered dates of a period. */
export async function addManual(db: Db, entry: ManualEntry) {
  return db.transaction(async (tx) => {
    const colony = await enabledColony(tx, entry.colony);
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
      },
      dates,
    );
    return { created, duplicates: dates.length - created.length };
  });
}

/** Locks the customers of these transactions (404 when one is unknown); returns their ids. */
async function lockOwners(tx: Db, transactionIds: readonly number[]) {
  const owners = await transactionOwners(tx, transactionIds);
  if (owners.length < transactionIds.length) throw notFound(transactionTexts.notFound);
  return lockCustomers(tx, { customerIds: [...new Set(owners.map((o) => o.customerId))] });
}

export async function toggle(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const customerIds = await lockOwners(tx, [id]);
    // Undefined when another operator deleted it while this one waited for the lock.
    const row = await toggleAttendance(tx, id);
    if (!row) throw notFound(transactionTexts.notFound);
    await refreshLastActive(tx, customerIds);
    return row.attendance;
  });
}

/** Deletes all the ids or, when one is unknown, none. */
export async function remove(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const customerIds = await lockOwners(tx, unique);
    const deleted = await deleteTransactions(tx, unique);
    // Fewer when another operator deleted one while this one waited for the lock.
    if (deleted.length < unique.length) throw notFound(transactionTexts.notFound);
    await refreshLastActive(tx, customerIds);
    return deleted.length;
  });
}

export interface TransactionChange {
  transactionId: number;
  productCode: string;
  combinationId: number;
  price: Paise;
  attendance: 0 | 1;
}

export async function change(db: Db, input: TransactionChange) {
  return db.transaction(async (tx) => {
    const existing = await findTransaction(tx, input.transactionId);
    if (!existing) throw notFound(transactionTexts.notFound);
    await lockCustomers(tx, { customerIds: [existing.customerId] });
    const row = await findProductRow(tx, input.productCode, input.combinationId);
    if (!row) throw notFound(transactionTexts.productNotFound);
    const key = {
      customerId: existing.customerId,
      productId: row.productId,
      transactionDate: existing.transactionDate,
    };
    if (await otherTransactionExists(tx, input.transactionId, key)) throw conflict(transactionTexts.duplicate);
    const updated = await updateTransaction(tx, input.transactionId, {
      productId: row.productId,
      combinationId: row.combinationId,
      price: input.price,
      attendance: input.attendance,
    });
    if (!updated) throw notFound(transactionTexts.notFound);
    await refreshLastActive(tx, [existing.customerId]);
  });
}
