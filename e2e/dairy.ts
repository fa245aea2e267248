import type { Db } from '../server/src/db/client';
import type { product, transaction } from '../server/src/db/schema';
import { EVERY_DAY, makeCombination, makeProduct, makeTransaction } from '../server/test/helpers/factories';

/* The browser tests' dairies: rows seeded straight into the database (amounts in paise). */

export * from '../server/test/helpers/factories';

type Product = typeof product.$inferSelect;

/** A product delivered on `days` (their combination made if missing). */
export async function makeProductOn(
  db: Db,
  days: string,
  values: Partial<Omit<typeof product.$inferInsert, 'combinationId'>> = {},
) {
  const combination = await makeCombination(db, days);
  return makeProduct(db, { ...values, combinationId: combination.combinationId });
}

/** A product delivered every day. */
export const makeDailyProduct = (db: Db, values: Parameters<typeof makeProductOn>[2]) =>
  makeProductOn(db, EVERY_DAY, values);

/** A delivery of `delivered` to the customer on each of `dates`, at the product's price unless `values` say. */
export async function deliver(
  db: Db,
  customerId: number,
  delivered: Pick<Product, 'productId' | 'combinationId' | 'price'>,
  dates: string[],
  values: Partial<typeof transaction.$inferInsert> = {},
) {
  const { productId, combinationId, price } = delivered;
  for (const transactionDate of dates)
    await makeTransaction(db, { customerId, productId, combinationId, price, transactionDate, ...values });
}

/** The dates of `days` in a month written '2026-03'. */
export const daysOf = (month: string, days: number[]) => days.map((day) => `${month}-${String(day).padStart(2, '0')}`);
