import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { combination, product } from '../../db/schema';

export async function listCombinations(db: Db, window: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(combination)
    .orderBy(asc(combination.combinationId))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(combination);
  return { rows, total: total?.n ?? 0 };
}

export async function findCombination(db: Db, id: number) {
  const [row] = await db.select().from(combination).where(eq(combination.combinationId, id));
  return row;
}

/** Inserts unless the same days exist; returns undefined on a duplicate. */
export async function insertCombination(db: Db, days: string) {
  const [row] = await db.insert(combination).values({ combinationDays: days }).onConflictDoNothing().returning();
  return row;
}

export async function updateCombination(db: Db, id: number, values: Partial<typeof combination.$inferInsert>) {
  const [row] = await db.update(combination).set(values).where(eq(combination.combinationId, id)).returning();
  return row;
}

export async function findCombinationByDays(db: Db, days: string) {
  const [row] = await db.select().from(combination).where(eq(combination.combinationDays, days));
  return row;
}

export async function isCombinationUsed(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(product).where(eq(product.combinationId, id));
  return (row?.n ?? 0) > 0;
}

export async function deleteCombination(db: Db, id: number) {
  await db.delete(combination).where(eq(combination.combinationId, id));
}

/** Every combination, disabled ones too (a schedule still covers their days). */
export async function allCombinations(db: Db) {
  return db.select().from(combination).orderBy(asc(combination.combinationId));
}
