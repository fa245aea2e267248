import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equalsIgnoringCase } from '../../db/ignoring-case';
import { colony, customer } from '../../db/schema';
import { updateByKey } from '../../db/versions';

export type ColonyRow = typeof colony.$inferSelect;

/** By code ignoring case, as codes are unique ignoring case; "C" so every engine and locale agree. */
const byCode = sql`lower(${colony.colonyCode}) collate "C"`;

export async function listColonies(db: Db, window: { limit: number; offset: number }) {
  const rows = await db.select().from(colony).orderBy(byCode).limit(window.limit).offset(window.offset);
  const [total] = await db.select({ n: count() }).from(colony);
  return { rows, total: total?.n ?? 0 };
}

/** Looks a colony up by code, ignoring case as the unique index does. */
export async function findColony(db: Db, code: string): Promise<ColonyRow | undefined> {
  const [row] = await db.select().from(colony).where(equalsIgnoringCase(colony.colonyCode, code));
  return row;
}

export async function insertColony(db: Db, values: typeof colony.$inferInsert) {
  const [row] = await db.insert(colony).values(values).onConflictDoNothing().returning();
  return row;
}

/** Undefined when the colony is not at `version` any more (someone changed it since). */
export const updateColony = updateByKey<typeof colony, string>(colony, colony.colonyCode);

/** The colony, locked for the database transaction (generation holds it while it writes). */
export async function lockColony(db: Db, code: string): Promise<ColonyRow | undefined> {
  const [row] = await db.select().from(colony).where(equalsIgnoringCase(colony.colonyCode, code)).for('no key update');
  return row;
}

/**
 * The enabled colonies, locked for the database transaction in code order (the one order every
 * call that locks several colonies takes, so two of them wait for each other, never deadlock).
 */
export async function lockEnabledColonies(db: Db): Promise<ColonyRow[]> {
  return db.select().from(colony).where(eq(colony.disable, 0)).orderBy(byCode).for('no key update');
}

export async function allColonies(db: Db) {
  return db.select().from(colony).orderBy(byCode);
}

/** The customers of these colonies (codes as stored), by route then name. */
export async function customersOfColonies(db: Db, colonyCodes: string[]) {
  if (colonyCodes.length === 0) return [];
  return db
    .select({
      colonyCode: customer.colonyCode,
      customerId: customer.customerId,
      customerName: customer.customerName,
      route: customer.route,
      defaulter: customer.defaulter,
      disable: customer.disable,
    })
    .from(customer)
    .where(inArray(customer.colonyCode, colonyCodes))
    .orderBy(asc(customer.route), asc(customer.customerName), asc(customer.customerId));
}
