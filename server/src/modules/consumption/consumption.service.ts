import { consumptionTexts, countValue, customerPhrase, type Phrase, quantityWithUnit } from '@dairy/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound, orNotFound, staleRecord } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { pageInColony, requireEnabledColony } from '../colony/colony.service';
import { combinationChoices } from '../combination/combination.repo';
import { enabledCustomers, findCustomer } from '../customer/customer.repo';
import { colonyChoices } from '../customer/customer.service';
import {
  asDayOption,
  findProductRow,
  isUsable,
  type ProductRow,
  productCodes,
  productRowsOfCode,
} from '../product/product.repo';
import {
  type ConsumptionFilter,
  type ConsumptionRow,
  deleteConsumptions,
  findConsumption,
  hasConsumption,
  insertConsumption,
  listConsumptions,
  toggleStatus,
  updateConsumption,
} from './consumption.repo';

/** "Asha (route 3): COW 1.5 L on Monday, Friday": a consumption in a summary. */
const described = (c: ConsumptionRow): Phrase => ({
  key: 'consumption',
  values: {
    customer: customerPhrase(c),
    product: c.productCode,
    quantity: quantityWithUnit(c.quantity, c.unit),
    days: { days: c.combinationDays },
  },
});

/** The consumption of an id, or 404. */
export const requireConsumption = (db: Db, id: number): Promise<ConsumptionRow> =>
  orNotFound(findConsumption(db, id), consumptionTexts.notFound);

/** The product row a form's (code, combination) pair names, or 404. */
const requireProductRow = (db: Db, code: string, combinationId: number) =>
  orNotFound(findProductRow(db, code, combinationId), consumptionTexts.productRowNotFound);

/** A new or changed consumption needs an available row on an enabled combination (409). */
function requireUsable(row: ProductRow) {
  if (!isUsable(row)) throw conflict(consumptionTexts.productRowUnavailable);
}

/** A page of the consumption list; a colony is named by its code in any case. */
export async function consumptionPage(
  db: Db,
  filter: Omit<ConsumptionFilter, 'colonyCode'> & { colonyCode?: string | undefined },
  window: { limit: number; offset: number },
) {
  return pageInColony(db, filter.colonyCode, (colonyCode) => listConsumptions(db, { ...filter, colonyCode }, window));
}

/** Disable, enable, or delete (only a disabled consumption: 409 otherwise). */
export async function actOnConsumption(db: Db, action: 'disable' | 'enable' | 'delete', id: number) {
  await db.transaction(async (tx) => {
    const existing = await requireConsumption(tx, id);
    if (action === 'delete') {
      if (existing.disable !== 1) throw conflict(consumptionTexts.deleteActive);
      await deleteConsumptions(tx, [id]);
    } else {
      await updateConsumption(tx, id, { disable: action === 'disable' ? 1 : 0 });
    }
    await recordAudit(tx, {
      action: `consumption.${action}`,
      entity: 'consumption',
      entityId: id,
      phrase: {
        key: ({ disable: 'consumptionDisable', enable: 'consumptionEnable', delete: 'consumptionDelete' } as const)[
          action
        ],
        values: { consumption: described(existing) },
      },
      before: existing,
      after: action === 'delete' ? null : await requireConsumption(tx, id),
    });
  });
}

export async function toggleConsumptionStatus(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const existing = await findConsumption(tx, id);
    if (existing === undefined || (await toggleStatus(tx, id)) === undefined) throw notFound(consumptionTexts.notFound);
    const after = await requireConsumption(tx, id);
    await recordAudit(tx, {
      action: 'consumption.status',
      entity: 'consumption',
      entityId: id,
      phrase: {
        key: after.isActive === 1 ? 'consumptionActive' : 'consumptionInactive',
        values: { consumption: described(after) },
      },
      before: existing,
      after,
    });
  });
}

/** Deletes all the consumptions or, when one id is unknown, none (404). Returns how many. */
export async function deleteManyConsumptions(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const deleted = await deleteConsumptions(tx, unique);
    if (deleted !== unique.length) throw notFound(consumptionTexts.notFound);
    await recordAudit(tx, {
      action: 'consumption.deleteMany',
      entity: 'consumption',
      phrase: { key: 'consumptionDeleteMany', values: { count: countValue(deleted, 'consumption') } },
      before: { consumptionIds: unique },
    });
    return deleted;
  });
}

/** What Add Consumption offers: enabled colonies and customers, usable codes, enabled combinations. */
export async function addFormChoices(db: Db) {
  return {
    colonies: await colonyChoices(db),
    customers: await enabledCustomers(db),
    products: await productCodes(db, { usableOnly: true }),
    days: await combinationChoices(db),
  };
}

/**
 * A new consumption: the customer must be enabled and live in the chosen colony, which must be
 * enabled; the row must be usable; a customer has a row at most once (409).
 */
export async function addConsumption(
  db: Db,
  values: { colonyCode: string; customerId: number; productCode: string; combinationId: number; quantity: number },
) {
  return db.transaction(async (tx) => {
    const colony = await requireEnabledColony(tx, values.colonyCode);
    const customer = await orNotFound(findCustomer(tx, values.customerId), consumptionTexts.customerNotFound);
    if (customer.colonyCode !== colony.colonyCode) throw badRequest(consumptionTexts.customerNotInColony, 'customerId');
    if (customer.disable === 1) throw conflict(consumptionTexts.customerDisabled);
    const row = await requireProductRow(tx, values.productCode, values.combinationId);
    requireUsable(row);
    // The unique (customer, product row) key decides, so a double submit cannot add two.
    const id = await insertConsumption(tx, {
      customerId: customer.customerId,
      productId: row.productId,
      quantity: values.quantity,
      isActive: 1,
      disable: 0,
    });
    if (id === undefined) throw conflict(consumptionTexts.duplicate);
    const added = await requireConsumption(tx, id);
    const phrase: Phrase = { key: 'consumptionAdd', values: { consumption: described(added) } };
    await recordAudit(tx, { action: 'consumption.add', entity: 'consumption', entityId: id, phrase, after: added });
    return added;
  });
}

/**
 * Update Consumption's record and choices. The consumption's own customer, code and row stay
 * choosable even when disabled since.
 */
export async function consumptionForUpdate(db: Db, id: number) {
  const row = await requireConsumption(db, id);
  const ownCodeRows = await productRowsOfCode(db, row.productCode);
  return {
    row,
    choices: {
      colonies: await colonyChoices(db, row.colonyCode),
      customers: await enabledCustomers(db, row.colonyCode, row.customerId),
      products: await productCodes(db, { usableOnly: true, includeCode: row.productCode }),
      days: ownCodeRows.filter((r) => isUsable(r) || r.productId === row.productId).map(asDayOption),
    },
  };
}

/**
 * Moves a consumption to another row (the customer stays) and sets its status and quantity (each
 * kept when left out), at the version the screen read when it sent one. A new row must be usable
 * and not one the customer has already.
 */
export async function changeConsumption(
  db: Db,
  id: number,
  values: {
    productCode: string;
    combinationId: number;
    isActive?: 0 | 1 | undefined;
    quantity?: number | undefined;
    version?: number | undefined;
  },
) {
  await db.transaction(async (tx) => {
    const existing = await requireConsumption(tx, id);
    const { version } = values;
    // A save from an older copy is refused before anything else is said about it.
    if (version !== undefined && version !== existing.version) throw staleRecord();
    const row = await requireProductRow(tx, values.productCode, values.combinationId);
    if (row.productId !== existing.productId) {
      requireUsable(row);
      if (await hasConsumption(tx, existing.customerId, row.productId)) throw conflict(consumptionTexts.duplicate);
    }
    const changed = await updateConsumption(
      tx,
      id,
      { productId: row.productId, isActive: values.isActive, quantity: values.quantity },
      version,
    );
    if (!changed) throw staleRecord();
    const after = await requireConsumption(tx, id);
    const phrase: Phrase = { key: 'consumptionUpdate', values: { consumption: described(after) } };
    await recordAudit(tx, {
      action: 'consumption.update',
      entity: 'consumption',
      entityId: id,
      phrase,
      before: existing,
      after,
    });
  });
}
