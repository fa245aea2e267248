import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { combination, product } from '../../db/schema';
import { updateByKey } from '../../db/versions';
import { containsPattern } from '../../domain/search';

const productColumns = {
  productId: product.productId,
  productCode: product.productCode,
  productName: product.productName,
  unit: product.unit,
  price: product.price,
  available: product.available,
  combinationId: product.combinationId,
  combinationDays: combination.combinationDays,
  combinationDisable: combination.disable,
  version: product.version,
};
export type ProductRow = {
  productId: number;
  productCode: string;
  productName: string;
  unit: string;
  price: number;
  available: 0 | 1;
  combinationId: number;
  combinationDays: string;
  combinationDisable: 0 | 1;
  version: number;
};

/** Product rows with their combinations. */
const selectProducts = (db: Db) =>
  db.select(productColumns).from(product).innerJoin(combination, eq(combination.combinationId, product.combinationId));

export async function listProducts(
  db: Db,
  filter: { isActive?: 0 | 1; name?: string },
  window: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.isActive !== undefined) conditions.push(eq(product.available, filter.isActive));
  if (filter.name) {
    const pattern = containsPattern(filter.name);
    conditions.push(or(ilike(product.productCode, pattern), ilike(product.productName, pattern)) as SQL);
  }
  const where = and(...conditions);
  const rows = await selectProducts(db)
    .where(where)
    .orderBy(asc(product.productCode), asc(product.productId))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(product).where(where);
  return { rows: rows as ProductRow[], total: total?.n ?? 0 };
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(eq(product.productId, id));
  return row as ProductRow | undefined;
}

/** The rows of one code, with their combinations, in combination order. */
export async function productRowsOfCode(db: Db, code: string): Promise<ProductRow[]> {
  const rows = await selectProducts(db).where(eq(product.productCode, code)).orderBy(asc(product.combinationId));
  return rows as ProductRow[];
}

/** The product row a form's (code, combination) pair names (docs/rules.md section 11). */
export async function findProductRow(db: Db, code: string, combinationId: number): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(
    and(eq(product.productCode, code), eq(product.combinationId, combinationId)),
  );
  return row as ProductRow | undefined;
}

/** Product rows as the day options of the forms: `id` is the combination, `name` its days. */
export const asDayOption = (r: ProductRow) => ({ id: r.combinationId, name: r.combinationDays, price: r.price });

/** Inserts unless the (code, combination) row exists; returns undefined then. */
export async function insertProduct(db: Db, values: typeof product.$inferInsert) {
  const [row] = await db.insert(product).values(values).onConflictDoNothing().returning({ id: product.productId });
  return row?.id;
}

/** Undefined when the row is not at `version` any more (someone changed it since). */
export const updateProduct = updateByKey<typeof product, number>(product, product.productId);

/**
 * Holds the code until the transaction ends: a code's name lives on all its rows, and two saves
 * of one code at once (even of a code with no row yet) must not leave rows with different names.
 */
export async function lockProductCode(db: Db, code: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${code}))`);
}

/** A code has one name and one unit: they are written to every row of the code. */
export async function nameProductCode(db: Db, code: string, values: { productName: string; unit: string }) {
  await db.update(product).set(values).where(eq(product.productCode, code));
}

/**
 * One entry per code with the name (and unit) of its first row. `usableOnly` keeps the codes a new
 * record may use (an available row on an enabled combination), and `includeCode` anyway.
 */
export async function productCodes(db: Db, options: { usableOnly: boolean; includeCode?: string }) {
  let where: SQL | undefined;
  if (options.usableOnly) {
    where = and(eq(product.available, 1), eq(combination.disable, 0));
    if (options.includeCode !== undefined) where = or(where, eq(product.productCode, options.includeCode));
  }
  return db
    .selectDistinctOn([product.productCode], {
      productCode: product.productCode,
      productName: product.productName,
      unit: product.unit,
    })
    .from(product)
    .innerJoin(combination, eq(combination.combinationId, product.combinationId))
    .where(where)
    .orderBy(asc(product.productCode), asc(product.productId));
}

export async function allProductRows(db: Db) {
  return db
    .select({
      productId: product.productId,
      productCode: product.productCode,
      productName: product.productName,
      unit: product.unit,
    })
    .from(product)
    .orderBy(asc(product.productCode), asc(product.productId));
}

export const isUsable = (row: ProductRow) => row.available === 1 && row.combinationDisable === 0;
