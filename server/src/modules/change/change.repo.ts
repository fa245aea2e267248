import { type ChangeKind, CUSTOMER_AUTHOR, type Hundredths } from '@dairy/contract';
import { and, asc, count, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, consumption, customer, deliveryChange, product } from '../../db/schema';
import type { DeliveryChange } from '../../domain/changes';

/** A change with its customer, its consumption's product and who made it, as lists show it. */
const changeColumns = {
  changeId: deliveryChange.changeId,
  customerId: deliveryChange.customerId,
  customerName: customer.customerName,
  colonyCode: customer.colonyCode,
  route: customer.route,
  consumptionId: deliveryChange.consumptionId,
  productCode: product.productCode,
  productName: product.productName,
  unit: product.unit,
  kind: deliveryChange.kind,
  quantity: deliveryChange.quantity,
  fromDate: deliveryChange.fromDate,
  toDate: deliveryChange.toDate,
  reason: deliveryChange.reason,
  // No staff author: the customer made it through their page (docs/rules.md section 19).
  createdBy: sql<string>`coalesce(${appUser.username}, ${CUSTOMER_AUTHOR})`,
  createdAt: deliveryChange.createdAt,
  byCustomer: sql<boolean>`${deliveryChange.createdBy} is null`,
};

const selectChanges = (db: Db) =>
  db
    .select(changeColumns)
    .from(deliveryChange)
    .innerJoin(customer, eq(customer.customerId, deliveryChange.customerId))
    .leftJoin(consumption, eq(consumption.consumptionId, deliveryChange.consumptionId))
    .leftJoin(product, eq(product.productId, consumption.productId))
    .leftJoin(appUser, eq(appUser.userId, deliveryChange.createdBy));
export type ChangeListRow = Awaited<ReturnType<typeof selectChanges>>[number];

export interface ChangeFilter {
  /** The stored code (see findColony). */
  colonyCode?: string | undefined;
  customerId?: number | undefined;
  /** Changes covering this date or later. */
  activeOn?: string | undefined;
  /** With `activeOn`: changes kept whatever their dates. */
  keep?: readonly number[] | undefined;
  /** Only the changes customers made through their page. */
  byCustomer?: boolean | undefined;
}

/** Changes covering `activeOn` or later, and those of `keep` whatever their dates. */
function currentOrKept(activeOn: string, keep: readonly number[] | undefined) {
  const current = or(isNull(deliveryChange.toDate), gte(deliveryChange.toDate, activeOn));
  return keep?.length ? or(current, inArray(deliveryChange.changeId, [...keep])) : current;
}

function filterWhere(filter: ChangeFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.colonyCode ? eq(customer.colonyCode, filter.colonyCode) : undefined,
    filter.customerId !== undefined ? eq(deliveryChange.customerId, filter.customerId) : undefined,
    filter.activeOn ? currentOrKept(filter.activeOn, filter.keep) : undefined,
    filter.byCustomer ? isNull(deliveryChange.createdBy) : undefined,
  ];
  return and(...conditions);
}

/** A page of changes: by from date, then route, then name. */
export async function listChanges(db: Db, filter: ChangeFilter, window: { limit: number; offset: number }) {
  const where = filterWhere(filter);
  const rows = await selectChanges(db)
    .where(where)
    .orderBy(
      asc(deliveryChange.fromDate),
      asc(customer.route),
      asc(customer.customerName),
      asc(deliveryChange.customerId),
      asc(deliveryChange.changeId),
    )
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db
    .select({ n: count() })
    .from(deliveryChange)
    .innerJoin(customer, eq(customer.customerId, deliveryChange.customerId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A customer's changes covering `activeOn` or later (running and upcoming), by from date: no count. */
export async function currentChanges(db: Db, customerId: number, activeOn: string): Promise<ChangeListRow[]> {
  return selectChanges(db)
    .where(filterWhere({ customerId, activeOn }))
    .orderBy(asc(deliveryChange.fromDate), asc(deliveryChange.changeId));
}

export async function findChange(db: Db, changeId: number): Promise<ChangeListRow | undefined> {
  const [row] = await selectChanges(db).where(eq(deliveryChange.changeId, changeId));
  return row;
}

const ruleColumns = {
  changeId: deliveryChange.changeId,
  customerId: deliveryChange.customerId,
  consumptionId: deliveryChange.consumptionId,
  kind: deliveryChange.kind,
  quantity: deliveryChange.quantity,
  fromDate: deliveryChange.fromDate,
  toDate: deliveryChange.toDate,
};
export type StoredChange = DeliveryChange & { changeId: number; customerId: number };

/** A change as the rules read it. */
export async function findStoredChange(db: Db, changeId: number): Promise<StoredChange | undefined> {
  const [row] = await db.select(ruleColumns).from(deliveryChange).where(eq(deliveryChange.changeId, changeId));
  return row;
}

/** Every change of a customer, as the rules read them. */
export async function changesOfCustomer(db: Db, customerId: number): Promise<StoredChange[]> {
  return db
    .select(ruleColumns)
    .from(deliveryChange)
    .where(eq(deliveryChange.customerId, customerId))
    .orderBy(asc(deliveryChange.fromDate), asc(deliveryChange.changeId));
}

export interface ChangeFields {
  customerId: number;
  consumptionId: number | null;
  kind: ChangeKind;
  quantity: Hundredths | null;
  fromDate: string;
  toDate: string | null;
  reason: string | null;
}

/** Inserts a change made by the signed-in user of that name (null: the customer); returns its id. */
export async function insertChange(db: Db, values: ChangeFields, username: string | null): Promise<number> {
  const [row] = await db
    .insert(deliveryChange)
    .values({
      ...values,
      createdBy:
        username === null
          ? null
          : sql`(select ${appUser.userId} from ${appUser} where ${appUser.username} = ${username})`,
    })
    .returning({ changeId: deliveryChange.changeId });
  return row!.changeId;
}

export async function updateChange(db: Db, changeId: number, values: ChangeFields) {
  await db.update(deliveryChange).set(values).where(eq(deliveryChange.changeId, changeId));
}

/** Deletes a change; returns it as it was, or undefined when there was none. */
export async function deleteChange(db: Db, changeId: number): Promise<StoredChange | undefined> {
  const [row] = await db.delete(deliveryChange).where(eq(deliveryChange.changeId, changeId)).returning(ruleColumns);
  return row;
}
