import { asc, count, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { combination, product } from '../../db/schema';
import { updateByKey } from '../../db/versions';

export type CombinationRow = typeof combination.$inferSelect;

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

export async function findCombination(db: Db, id: number): Promise<CombinationRow | undefined> {
  const [row] = await db.select().from(combination).where(eq(combination.combinationId, id));
  return row;
}

/** Inserts unless the same days exist; returns undefined on a duplicate. */
export async function insertCombination(db: Db, days: string) {
  const [row] = await db.insert(combination).values({ combinationDays: days }).onConflictDoNothing().returning();
  return row;
}

/** Undefined when the combination is not at `version` any more (someone changed it since). */
export const updateCombination = updateByKey<typeof combination, number>(combination, combination.combinationId);

export async function findCombinationByDays(db: Db, days: string) {
  const [row] = await db.select().from(combination).where(eq(combination.combinationDays, days));
  return row;
}

export async function deleteCombination(db: Db, id: number) {
  await db.delete(combination).where(eq(combination.combinationId, id));
}

/** Every combination, disabled ones too (a schedule still covers their days). */
export async function allCombinations(db: Db) {
  return db.select().from(combination).orderBy(asc(combination.combinationId));
}

/** The enabled combinations, and `includeId` anyway (a record's own, even when disabled), by id. */
export async function combinationChoices(db: Db, includeId?: number) {
  return db
    .select()
    .from(combination)
    .where(
      includeId === undefined
        ? eq(combination.disable, 0)
        : or(eq(combination.disable, 0), eq(combination.combinationId, includeId)),
    )
    .orderBy(asc(combination.combinationId));
}

/** Whether any product row is on the combination (it cannot be deleted then). */
export async function isCombinationUsed(db: Db, combinationId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(product).where(eq(product.combinationId, combinationId));
  return (row?.n ?? 0) > 0;
}
