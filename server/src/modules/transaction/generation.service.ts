import { countValue, monthOf } from '@dairy/contract';
import type { Db } from '../../db/client';
import { withFreshStatistics } from '../../db/statistics';
import { covers, parseDays } from '../../domain/schedule';
import { dateText, recordAudit } from '../audit/audit.service';
import { lockEnabledColonies } from '../colony/colony.repo';
import { requireEnabledColony } from '../colony/colony.service';
import { allCombinations } from '../combination/combination.repo';
import { lockCustomers } from '../customer/customer.repo';
import { anyBillOfMonth } from '../payment/billing.repo';
import { followDeliveries } from '../payment/payment.service';
import { insertScheduled, pausesOn, pendingSums, previewScheduled } from './generation.repo';

/*
 * Scheduled generation (docs/rules.md sections 5 and 13): the day's deliveries created from the
 * consumptions, their preview and what is still to create. The transaction list and its edits are
 * in transaction.service.ts.
 */

/** The combinations whose days cover `date` (the rule lives in domain/schedule.ts). */
async function coveringCombinations(db: Db, date: string): Promise<number[]> {
  const combinations = await allCombinations(db);
  return combinations.filter((c) => covers(parseDays(c.combinationDays), date)).map((c) => c.combinationId);
}

/**
 * Generate by colony (docs/rules.md section 5): one database transaction, one set-based statement
 * for the customers locked first.
 */
export async function generateForColony(db: Db, colonyCode: string, date: string) {
  return withFreshStatistics(db).transaction(async (tx) => {
    const colony = await requireEnabledColony(tx, colonyCode, { lock: true });
    const customerIds = await lockCustomers(tx, { colonyCode: colony.colonyCode });
    const scope = { colonyCodes: [colony.colonyCode], customerIds };
    const { colonies, existingUsers } = await insertFollowed(tx, scope, date, { existingUsers: true });
    const created = colonies[0]?.created ?? 0;
    await recordAudit(tx, {
      action: 'transaction.generate',
      entity: 'transaction',
      phrase: {
        key: 'generateColony',
        values: { count: countValue(created, 'transaction'), colony: colony.colonyCode, date: dateText(date) },
      },
      after: { colonyCode: colony.colonyCode, date, created, existingUsers: existingUsers.length },
    });
    return { created, existingUsers };
  });
}

/**
 * The generation statement for customers the caller locked; when some of them already have a
 * bill of the date's month, those bills follow the rows created (a bill follows its deliveries).
 */
async function insertFollowed(
  tx: Db,
  scope: { colonyCodes: readonly string[]; customerIds: readonly number[] },
  date: string,
  options: { existingUsers?: boolean } = {},
) {
  const billed = await anyBillOfMonth(tx, scope.customerIds, monthOf(date));
  const result = await insertScheduled(tx, scope, date, await coveringCombinations(tx, date), {
    ...options,
    createdFor: billed,
  });
  await followDeliveries(
    tx,
    result.createdFor.map((customerId) => ({ customerId, date })),
  );
  return result;
}

/**
 * Generate for every enabled colony at once (docs/rules.md section 13): the same statement as by
 * colony, over all of them, in one database transaction. The colonies are locked in code order,
 * then their customers in id order, so it waits for (never deadlocks with) any other generation.
 */
export async function generateForAllColonies(db: Db, date: string) {
  return withFreshStatistics(db).transaction(async (tx) => {
    const colonies = await lockEnabledColonies(tx);
    const colonyCodes = colonies.map((c) => c.colonyCode);
    const customerIds = await lockCustomers(tx, { colonyCodes });
    const { colonies: generated } = await insertFollowed(tx, { colonyCodes, customerIds }, date);
    const created = generated.reduce((sum, c) => sum + c.created, 0);
    await recordAudit(tx, {
      action: 'transaction.generateAll',
      entity: 'transaction',
      phrase: {
        key: 'generateColonies',
        values: {
          count: countValue(created, 'transaction'),
          colonies: countValue(colonyCodes.length, 'colony'),
          date: dateText(date),
        },
      },
      after: { date, colonies: generated },
    });
    return generated;
  });
}

/** What generation would create on a date in these colonies, summed per colony and product code. */
export async function pendingOn(db: Db, colonyCodes: readonly string[], date: string) {
  return pendingSums(db, colonyCodes, date, await coveringCombinations(db, date));
}

/** What generation would create on the date, a page of it, and who a pause keeps out that day. */
export async function previewForColony(
  db: Db,
  colonyCode: string,
  date: string,
  window: { limit: number; offset: number },
) {
  const colony = await requireEnabledColony(db, colonyCode);
  const page = await previewScheduled(db, colony.colonyCode, date, await coveringCombinations(db, date), window);
  return { ...page, paused: await pausesOn(db, colony.colonyCode, date) };
}
