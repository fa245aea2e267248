import {
  type ChangeValues,
  CUSTOMER_AUTHOR,
  changeTexts,
  countValue,
  customerPhrase,
  type Phrase,
  type PhraseValue,
  quantityWithUnit,
} from '@dairy/contract';
import type { Db } from '../../db/client';
import { corrections, type DeliveryChange, overlaps } from '../../domain/changes';
import { badRequest, conflict, notFound, orNotFound } from '../../errors';
import { dateText, recordAudit } from '../audit/audit.service';
import { pageInColony } from '../colony/colony.service';
import { consumptionsOfCustomer, findConsumption } from '../consumption/consumption.repo';
import { lockCustomers } from '../customer/customer.repo';
import { followDeliveries } from '../payment/payment.service';
import { deliveriesOfCustomer, setDeliveries } from '../transaction/transaction.repo';
import {
  type ChangeFields,
  type ChangeFilter,
  type ChangeListRow,
  changesOfCustomer,
  deleteChange,
  findChange,
  findStoredChange,
  insertChange,
  listChanges,
  updateChange,
} from './change.repo';

/*
 * Delivery changes (docs/rules.md section 12). Every write locks the customer first (the customer
 * locking rule: it may change their deliveries and bills), checks overlaps under that lock, and corrects the
 * deliveries already generated in the change's range, all in one database transaction.
 */

type Window = { limit: number; offset: number };

/** A page of changes; a colony is named by its code in any case. */
export async function changePage(db: Db, filter: ChangeFilter, window: Window) {
  return pageInColony(db, filter.colonyCode, (colonyCode) => listChanges(db, { ...filter, colonyCode }, window));
}

export const requireChange = (db: Db, changeId: number) => orNotFound(findChange(db, changeId), changeTexts.notFound);

function fieldsOf(values: ChangeValues): ChangeFields {
  return {
    customerId: values.customerId,
    consumptionId: values.consumptionId ?? null,
    kind: values.kind,
    quantity: values.kind === 'quantity' ? (values.quantity ?? null) : null,
    fromDate: values.fromDate,
    toDate: values.toDate ?? null,
    reason: values.reason ?? null,
  };
}

/** Locks the customer (404 when there is none). */
async function lockCustomer(tx: Db, customerId: number) {
  const [locked] = await lockCustomers(tx, { customerIds: [customerId] });
  if (locked === undefined) throw notFound(changeTexts.customerNotFound);
}

/** A change names one of its customer's own consumptions, or none (the whole customer). */
async function requireOwnConsumption(tx: Db, customerId: number, consumptionId: number | null) {
  if (consumptionId === null) return;
  const found = await orNotFound(findConsumption(tx, consumptionId), changeTexts.consumptionNotFound);
  if (found.customerId !== customerId) throw badRequest(changeTexts.consumptionOfAnother, 'consumptionId');
}

/** 409 when the change overlaps another of the same kind (itself excepted, on an edit). */
function refuseOverlap(others: readonly (DeliveryChange & { changeId: number })[], next: DeliveryChange, own?: number) {
  if (others.some((other) => other.changeId !== own && overlaps(other, next))) throw conflict(changeTexts.overlaps);
}

/**
 * Puts the customer's generated deliveries that the `touched` changes cover (as written: an
 * edit's old and new versions) to their plan under the customer's changes as they now stand;
 * the bills of the months those rows lie in follow them. Returns how many rows changed.
 */
async function correctDeliveries(tx: Db, customerId: number, touched: readonly DeliveryChange[]) {
  const consumptions = (await consumptionsOfCustomer(tx, customerId)).filter((c) =>
    touched.some((t) => t.consumptionId === null || t.consumptionId === c.consumptionId),
  );
  const from = touched.map((t) => t.fromDate).reduce((a, b) => (a < b ? a : b));
  const ends = touched.map((t) => t.toDate);
  const to = ends.includes(null) ? null : (ends as string[]).reduce((a, b) => (a > b ? a : b));
  const byProduct = new Map(consumptions.map((c) => [c.productId, c.consumptionId]));
  const rows = await deliveriesOfCustomer(tx, customerId, [...byProduct.keys()], { from, to });
  const fixes = corrections(
    rows.map((r) => ({
      transactionId: r.transactionId,
      consumptionId: byProduct.get(r.productId)!,
      date: r.transactionDate,
      attendance: r.attendance,
      quantity: r.quantity,
    })),
    new Map(consumptions.map((c) => [c.consumptionId, c.quantity])),
    await changesOfCustomer(tx, customerId),
    touched,
  );
  if (fixes.length > 0) {
    await setDeliveries(tx, fixes);
    const dates = new Map(rows.map((r) => [r.transactionId, r.transactionDate]));
    await followDeliveries(
      tx,
      fixes.map((f) => ({ customerId, date: dates.get(f.transactionId)! })),
    );
  }
  return fixes.length;
}

/** "pause of every product for Asha (route 3) from 01/11/2026 until further notice". */
function describeChange(c: ChangeListRow): Phrase {
  const values = {
    customer: customerPhrase(c),
    from: dateText(c.fromDate),
    to: c.toDate ? { key: 'toDate', values: { date: dateText(c.toDate) } } : { key: 'untilFurtherNotice' },
  } satisfies Phrase['values'];
  if (c.kind === 'quantity')
    return {
      key: 'quantityChange',
      values: { ...values, product: c.productCode ?? '', quantity: quantityWithUnit(c.quantity ?? 0, c.unit ?? '') },
    };
  return c.productCode === null
    ? { key: 'pauseEveryProduct', values }
    : { key: 'pause', values: { ...values, product: c.productCode } };
}

/** "; 3 deliveries corrected": deliveries already generated that followed the change. */
const corrected = (affected: number): PhraseValue =>
  affected > 0 ? { key: 'corrected', values: { count: countValue(affected, 'delivery') } } : '';

/** The audit trail's author of a change the customer made through their page; else the signed-in user. */
const auditedAs = (byCustomer: boolean) => (byCustomer ? { userId: null, username: CUSTOMER_AUTHOR } : undefined);

/**
 * A new change, made by the signed-in user `username`, or (null) by the customer through their
 * page; the deliveries already generated in its range follow it.
 */
export async function addChange(db: Db, values: ChangeValues, username: string | null) {
  return db.transaction(async (tx) => {
    const fields = fieldsOf(values);
    await lockCustomer(tx, fields.customerId);
    await requireOwnConsumption(tx, fields.customerId, fields.consumptionId);
    refuseOverlap(await changesOfCustomer(tx, fields.customerId), fields);
    const changeId = await insertChange(tx, fields, username);
    const affected = await correctDeliveries(tx, fields.customerId, [fields]);
    const change = await requireChange(tx, changeId);
    const phrase: Phrase = {
      key: 'changeAdd',
      values: { change: describeChange(change), corrected: corrected(affected) },
    };
    await recordAudit(tx, {
      action: 'change.add',
      entity: 'change',
      entityId: changeId,
      phrase,
      after: change,
      by: auditedAs(username === null),
    });
    return { change, affected };
  });
}

/**
 * Changes a change (its customer stays); the deliveries of its old and new ranges follow: those
 * it no longer covers go back to the plan.
 */
export async function editChange(db: Db, changeId: number, values: ChangeValues, byCustomer = false) {
  return db.transaction(async (tx) => {
    const found = await orNotFound(findStoredChange(tx, changeId), changeTexts.notFound);
    const fields = fieldsOf(values);
    if (fields.customerId !== found.customerId) throw badRequest(changeTexts.customerFixed, 'customerId');
    await lockCustomer(tx, found.customerId);
    // Read again under the lock: another operator may have changed or deleted it meanwhile.
    const changes = await changesOfCustomer(tx, found.customerId);
    const before = changes.find((c) => c.changeId === changeId);
    if (!before) throw notFound(changeTexts.notFound);
    await requireOwnConsumption(tx, fields.customerId, fields.consumptionId);
    refuseOverlap(changes, fields, changeId);
    const shown = await requireChange(tx, changeId);
    await updateChange(tx, changeId, fields);
    const affected = await correctDeliveries(tx, found.customerId, [before, fields]);
    const change = await requireChange(tx, changeId);
    const phrase: Phrase = {
      key: 'changeUpdate',
      values: { before: describeChange(shown), after: describeChange(change), corrected: corrected(affected) },
    };
    await recordAudit(tx, {
      action: 'change.update',
      entity: 'change',
      entityId: changeId,
      phrase,
      before: shown,
      after: change,
      by: auditedAs(byCustomer),
    });
    return { change, affected };
  });
}

/** Deletes a change; the deliveries it covered go back to the plan. */
export async function removeChange(db: Db, changeId: number, byCustomer = false) {
  return db.transaction(async (tx) => {
    const found = await orNotFound(findStoredChange(tx, changeId), changeTexts.notFound);
    await lockCustomer(tx, found.customerId);
    const shown = await requireChange(tx, changeId);
    const deleted = await orNotFound(deleteChange(tx, changeId), changeTexts.notFound);
    const affected = await correctDeliveries(tx, found.customerId, [deleted]);
    const phrase: Phrase = {
      key: 'changeDelete',
      values: { change: describeChange(shown), corrected: corrected(affected) },
    };
    await recordAudit(tx, {
      action: 'change.delete',
      entity: 'change',
      entityId: changeId,
      phrase,
      before: shown,
      by: auditedAs(byCustomer),
    });
    return { affected };
  });
}
