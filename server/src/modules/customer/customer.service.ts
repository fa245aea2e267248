import { customerPhrase, customerTexts, type Language, moneyValue, type Phrase } from '@dairy/contract';
import type { Db } from '../../db/client';
import { orNotFound, staleRecord } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { allColonies } from '../colony/colony.repo';
import { pageInColony, requireEnabledColony } from '../colony/colony.service';
import {
  type CustomerFilter,
  type CustomerRow,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
} from './customer.repo';

/** The customer of an id, or 404. */
export const requireCustomer = (db: Db, id: number): Promise<CustomerRow> =>
  orNotFound(findCustomer(db, id), customerTexts.notFound);

/** The colonies a form may put a record in: enabled ones, and `includeCode` even when disabled. */
export async function colonyChoices(db: Db, includeCode?: string) {
  return (await allColonies(db)).filter((c) => c.disable === 0 || c.colonyCode === includeCode);
}

/** A page of the customer list; a colony is named by its code in any case. */
export async function customerPage(
  db: Db,
  filter: Omit<CustomerFilter, 'colonyCode'> & { colonyCode?: string | undefined },
  window: { limit: number; offset: number },
) {
  return pageInColony(db, filter.colonyCode, (colonyCode) => listCustomers(db, { ...filter, colonyCode }, window));
}

export async function setCustomerDisabled(db: Db, id: number, disabled: boolean) {
  await db.transaction(async (tx) => {
    const existing = await requireCustomer(tx, id);
    await updateCustomer(tx, id, { disable: disabled ? 1 : 0 });
    await recordAudit(tx, {
      action: disabled ? 'customer.disable' : 'customer.enable',
      entity: 'customer',
      entityId: id,
      phrase: {
        key: disabled ? 'customerDisable' : 'customerEnable',
        values: { customer: customerPhrase(existing), colony: existing.colonyCode },
      },
      before: existing,
      after: await requireCustomer(tx, id),
    });
  });
}

interface CustomerFields {
  customerName: string;
  contactNumber: string;
  address: string;
  /** The colony code as sent, in any case. */
  colony: string;
  route: number;
}

/** A new customer in an enabled colony; `due` is the opening balance: nothing is billed or received yet. */
export async function addCustomer(db: Db, values: CustomerFields & { due: number; language: Language }) {
  return db.transaction(async (tx) => {
    const { colony, due, ...fields } = values;
    const { colonyCode } = await requireEnabledColony(tx, colony);
    const id = await insertCustomer(tx, { ...fields, colonyCode, openingBalance: due, due, paid: 0 });
    const row = await requireCustomer(tx, id);
    const phrase: Phrase = {
      key: 'customerAdd',
      values: { customer: customerPhrase(row), colony: colonyCode, amount: moneyValue(due) },
    };
    await recordAudit(tx, { action: 'customer.add', entity: 'customer', entityId: id, phrase, after: row });
    return row;
  });
}

/**
 * Changes what a person edits of a customer, at the version the screen read when it sent one.
 * The customer may stay in a colony that was disabled since, but not move into one. A missing
 * `defaulter` keeps the stored flag, a missing `language` the stored language.
 */
export async function changeCustomer(
  db: Db,
  id: number,
  values: CustomerFields & {
    defaulter?: 0 | 1 | undefined;
    language?: Language | undefined;
    version?: number | undefined;
  },
) {
  return db.transaction(async (tx) => {
    const existing = await requireCustomer(tx, id);
    const { colony, version, ...fields } = values;
    // A save from an older copy is refused before anything else is said about it.
    if (version !== undefined && version !== existing.version) throw staleRecord();
    const { colonyCode } = await requireEnabledColony(tx, colony, { unless: existing.colonyCode });
    if (!(await updateCustomer(tx, id, { ...fields, colonyCode }, version))) throw staleRecord();
    const after = await requireCustomer(tx, id);
    const phrase: Phrase = {
      key: 'customerUpdate',
      values: { customer: customerPhrase(after), colony: after.colonyCode },
    };
    await recordAudit(tx, {
      action: 'customer.update',
      entity: 'customer',
      entityId: id,
      phrase,
      before: existing,
      after,
    });
  });
}
