import {
  addDays,
  addMonths,
  CUSTOMER_AUTHOR,
  calendarDateIn,
  changeTexts,
  datesFromTo,
  MAX_CHANGE_DAYS,
  type MyChangeValues,
  monthIndex,
  monthOf,
  myTexts,
  PAGE_MONTHS,
  STATEMENT_MONTHS,
} from '@dairy/contract';
import type { Db } from '../../db/client';
import { earliestChangeDate } from '../../domain/cutoff';
import type { Period } from '../../domain/ledger';
import { badRequest, conflict, notFound } from '../../errors';
import { type ChangeListRow, currentChanges, findChange } from '../change/change.repo';
import { addChange, editChange, removeChange } from '../change/change.service';
import { findConsumption } from '../consumption/consumption.repo';
import { lockCustomers } from '../customer/customer.repo';
import { readAllSettings } from '../settings/settings.repo';
import { statementOf } from '../statement/statement.service';
import { type PageCustomer, pageCustomer, pageRecords } from './my.repo';

/*
 * The customer's own page (docs/rules.md section 19). Every function takes the customer the token
 * named, never one from the request; a change goes through the change module's own functions, so
 * it corrects deliveries and bills as the office's changes do, under the same lock.
 */

/** The moment and the place of a call: the business clock decides today and the cut-off. */
export interface PageClock {
  now: Date;
  timeZone: string;
}

const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The token's customer (their row exists while their link does). */
async function requirePageCustomer(db: Db, customerId: number): Promise<PageCustomer> {
  const found = await pageCustomer(db, customerId);
  if (!found) throw notFound(myTexts.notValid);
  return found;
}

/** A change as the page shows it: the office's under the dairy's name, not a member of staff's. */
const shownToCustomer = (row: ChangeListRow) => ({
  ...row,
  createdBy: row.byCustomer ? CUSTOMER_AUTHOR : myTexts.dairy,
  createdAt: row.createdAt.toISOString(),
});

/** The page: the dairy, the customer, this month's statement and changes, the last 12 months' bills. */
export async function customerPage(db: Db, customerId: number, clock: PageClock, productLabel: string) {
  // The token's lookup noted the opening (a read, not audited).
  return db.transaction(async (tx) => {
    const settings = await readAllSettings(tx);
    const today = calendarDateIn(clock.timeZone, clock.now);
    const current = monthOf(today);
    const records = await pageRecords(tx, customerId, addMonths(current, 1 - PAGE_MONTHS), current);
    if (!records) throw notFound(myTexts.notValid);
    const { customer, consumptions, months } = records;
    const { cutoffTime, ...business } = settings;
    const { whatsappLink: _, ...statement } = await statementOf(tx, customer, current, productLabel, { business });
    const changes = await currentChanges(tx, customerId, today);
    return {
      business: { businessName: settings.businessName, phone: settings.phone },
      customer: {
        customerName: customer.customerName,
        route: customer.route,
        colonyName: customer.colonyName,
        address: customer.address,
        language: customer.language,
      },
      today,
      cutoff: {
        time: cutoffTime,
        earliestDate: earliestChangeDate(clock.now, clock.timeZone, cutoffTime),
      },
      consumptions,
      statement,
      changes: changes.map(shownToCustomer),
      months,
    };
  }, SNAPSHOT);
}

/** A month's statement: the current month or one of the 23 before it. */
export async function customerPageStatement(
  db: Db,
  customerId: number,
  period: Period,
  clock: PageClock,
  productLabel: string,
) {
  const current = monthOf(calendarDateIn(clock.timeZone, clock.now));
  const back = monthIndex(current) - monthIndex(period);
  if (back < 0 || back >= STATEMENT_MONTHS) throw badRequest(myTexts.statementsBack);
  return db.transaction(async (tx) => {
    const customer = await requirePageCustomer(tx, customerId);
    const { whatsappLink: _, ...statement } = await statementOf(tx, customer, period, productLabel);
    return statement;
  }, SNAPSHOT);
}

/**
 * Runs `work` on the customer's changes: the customer locked first (the customer locking rule),
 * refused while their deliveries have stopped, with the first date still open to changes.
 */
async function changingDeliveries<T>(
  db: Db,
  customerId: number,
  clock: PageClock,
  work: (tx: Db, open: { earliestDate: string; cutoffTime: string }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockCustomers(tx, { customerIds: [customerId] });
    const customer = await requirePageCustomer(tx, customerId);
    if (customer.stopped) throw conflict(myTexts.stopped);
    const { cutoffTime } = await readAllSettings(tx);
    return work(tx, { cutoffTime, earliestDate: earliestChangeDate(clock.now, clock.timeZone, cutoffTime) });
  });
}

/** The change of this customer, or 404 (another customer's looks like none). */
async function ownChange(tx: Db, customerId: number, changeId: number) {
  const found = await findChange(tx, changeId);
  if (!found || found.customerId !== customerId) throw notFound(changeTexts.notFound);
  return found;
}

/** A pause or a quantity change from the page: section 12's rules, from the first open date on. */
export async function addPageChange(db: Db, customerId: number, values: MyChangeValues, clock: PageClock) {
  return changingDeliveries(db, customerId, clock, async (tx, open) => {
    if (values.fromDate < open.earliestDate)
      throw badRequest(myTexts.closed(values.fromDate, open.cutoffTime, open.earliestDate), 'fromDate');
    if (values.consumptionId !== undefined) {
      const found = await findConsumption(tx, values.consumptionId);
      if (found?.customerId !== customerId) throw notFound(changeTexts.consumptionNotFound);
    }
    const { change } = await addChange(tx, { ...values, customerId }, null);
    return { change: shownToCustomer(change) };
  });
}

/** A change's last date; until further notice compares after every date. */
const endOf = (toDate: string | null) => toDate ?? '9999-12-31';

/**
 * Moves the end of a change of this customer, the office's included: earlier (a customer back
 * early) or later. The dates whose deliveries it alters must all be open.
 */
export async function endPageChange(
  db: Db,
  customerId: number,
  changeId: number,
  toDate: string | null,
  clock: PageClock,
) {
  return changingDeliveries(db, customerId, clock, async (tx, open) => {
    const change = await ownChange(tx, customerId, changeId);
    if (toDate === change.toDate) return { change: shownToCustomer(change) };
    if (toDate !== null && toDate < change.fromDate) throw badRequest(changeTexts.toBeforeFrom, 'toDate');
    if (change.kind === 'quantity' && toDate === null) throw badRequest(changeTexts.quantityNeedsTo, 'toDate');
    // The deliveries the move alters are those after the earlier of the two ends, up to the later.
    const firstAltered = addDays(endOf(toDate) < endOf(change.toDate) ? toDate! : change.toDate!, 1);
    if (firstAltered < open.earliestDate)
      throw badRequest(myTexts.closed(firstAltered, open.cutoffTime, open.earliestDate), 'toDate');
    if (toDate !== null && toDate > endOf(change.toDate) && datesFromTo(change.fromDate, toDate) > MAX_CHANGE_DAYS)
      throw badRequest(myTexts.tooLong, 'toDate');
    const values = {
      customerId,
      consumptionId: change.consumptionId ?? undefined,
      kind: change.kind,
      fromDate: change.fromDate,
      toDate: toDate ?? undefined,
      quantity: change.quantity ?? undefined,
      reason: change.reason ?? undefined,
    };
    const { change: saved } = await editChange(tx, changeId, values, true);
    return { change: shownToCustomer(saved) };
  });
}

/** Deletes a change the customer made through the page, while none of its dates has closed. */
export async function deletePageChange(db: Db, customerId: number, changeId: number, clock: PageClock) {
  return changingDeliveries(db, customerId, clock, async (tx, open) => {
    const change = await ownChange(tx, customerId, changeId);
    if (!change.byCustomer) throw conflict(myTexts.byDairy);
    if (change.fromDate < open.earliestDate) throw conflict(myTexts.started);
    await removeChange(tx, changeId, true);
    return { deleted: 1 as const };
  });
}
