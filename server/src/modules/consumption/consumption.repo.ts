import { formatQuantity, type Hundredths } from '@dairy/contract';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equalsIgnoringCase } from '../../db/ignoring-case';
import { colony, combination, consumption, customer, product } from '../../db/schema';
import { updateByKey } from '../../db/versions';

const consumptionColumns = {
  consumptionId: consumption.consumptionId,
  customerName: customer.customerName,
  route: customer.route,
  colonyName: colony.colonyName,
  productCode: product.productCode,
  productName: product.productName,
  unit: product.unit,
  price: product.price,
  combinationDays: combination.combinationDays,
  quantity: consumption.quantity,
  isActive: consumption.isActive,
  disable: consumption.disable,
  colonyCode: customer.colonyCode,
  customerId: consumption.customerId,
  productId: consumption.productId,
  combinationId: product.combinationId,
  version: consumption.version,
};
export type ConsumptionRow = {
  consumptionId: number;
  customerName: string;
  route: number;
  colonyName: string | null;
  productCode: string;
  productName: string;
  unit: string;
  price: number;
  combinationDays: string;
  /** Hundredths of a unit. */
  quantity: number;
  isActive: 0 | 1;
  disable: 0 | 1;
  colonyCode: string;
  customerId: number;
  productId: number;
  combinationId: number;
  version: number;
};

/** Consumptions with their customer, colony, product row and combination. */
const selectConsumptions = (db: Db) =>
  db
    .select(consumptionColumns)
    .from(consumption)
    .innerJoin(customer, eq(customer.customerId, consumption.customerId))
    .leftJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .innerJoin(product, eq(product.productId, consumption.productId))
    .innerJoin(combination, eq(combination.combinationId, product.combinationId));

export interface ConsumptionFilter {
  /** The stored code (see findColony). */
  colonyCode?: string;
  customerId?: number;
  /** A product code or name. */
  productName?: string;
}

function filterConditions(filter: ConsumptionFilter) {
  const conditions: SQL[] = [];
  if (filter.colonyCode) conditions.push(eq(customer.colonyCode, filter.colonyCode));
  if (filter.customerId !== undefined) conditions.push(eq(consumption.customerId, filter.customerId));
  if (filter.productName) {
    const wanted = filter.productName;
    conditions.push(
      or(equalsIgnoringCase(product.productCode, wanted), equalsIgnoringCase(product.productName, wanted)) as SQL,
    );
  }
  return and(...conditions);
}

export async function listConsumptions(db: Db, filter: ConsumptionFilter, window: { limit: number; offset: number }) {
  const where = filterConditions(filter);
  const rows = await selectConsumptions(db)
    .where(where)
    .orderBy(asc(customer.route), asc(customer.customerName), asc(consumption.consumptionId))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db
    .select({ n: count() })
    .from(consumption)
    .innerJoin(customer, eq(customer.customerId, consumption.customerId))
    .innerJoin(product, eq(product.productId, consumption.productId))
    .where(where);
  return { rows: rows as ConsumptionRow[], total: total?.n ?? 0 };
}

export async function findConsumption(db: Db, id: number): Promise<ConsumptionRow | undefined> {
  const [row] = await selectConsumptions(db).where(eq(consumption.consumptionId, id));
  return row as ConsumptionRow | undefined;
}

/** Inserts unless the customer already has this product row; returns undefined then. */
export async function insertConsumption(db: Db, values: typeof consumption.$inferInsert) {
  const [row] = await db
    .insert(consumption)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: consumption.consumptionId });
  return row?.id;
}

/** Undefined when there is no such consumption, or it is not at `version` any more (someone changed it since). */
export const updateConsumption = updateByKey<typeof consumption, number>(consumption, consumption.consumptionId);

/** A customer's consumptions: what delivery changes apply to (their rows are the product row's). */
export async function consumptionsOfCustomer(db: Db, customerId: number) {
  return db
    .select({
      consumptionId: consumption.consumptionId,
      productId: consumption.productId,
      quantity: consumption.quantity,
    })
    .from(consumption)
    .where(eq(consumption.customerId, customerId))
    .orderBy(asc(consumption.consumptionId));
}

export async function hasConsumption(db: Db, customerId: number, productId: number) {
  const [row] = await db
    .select({ id: consumption.consumptionId })
    .from(consumption)
    .where(and(eq(consumption.customerId, customerId), eq(consumption.productId, productId)));
  return row?.id;
}

export async function toggleStatus(db: Db, id: number) {
  const [row] = await db
    .update(consumption)
    .set({ isActive: sql`1 - ${consumption.isActive}` })
    .where(eq(consumption.consumptionId, id))
    .returning({ isActive: consumption.isActive });
  return row?.isActive;
}

export async function deleteConsumptions(db: Db, ids: number[]) {
  const deleted = await db
    .delete(consumption)
    .where(inArray(consumption.consumptionId, ids))
    .returning({ id: consumption.consumptionId });
  return deleted.length;
}

/** Inserts many consumptions in one statement (an import of thousands). */
export async function insertConsumptions(
  db: Db,
  rows: readonly { customerId: number; productId: number; quantity: Hundredths; isActive: 0 | 1; disable: 0 | 1 }[],
) {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    customer_id: r.customerId,
    product_id: r.productId,
    quantity: formatQuantity(r.quantity),
    is_active: r.isActive,
    disable: r.disable,
  }));
  await db.execute(sql`
    insert into consumption (customer_id, product_id, quantity, is_active, disable)
    select v.customer_id, v.product_id, v.quantity, v.is_active, v.disable
    from json_to_recordset(${JSON.stringify(values)}::json) as v(customer_id int, product_id int, quantity numeric,
      is_active smallint, disable smallint)`);
}
