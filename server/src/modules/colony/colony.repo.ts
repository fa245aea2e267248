import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equalsIgnoringCase } from '../../db/ignoring-case';
import { colony, customer } from '../../db/schema';

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

export async function updateColony(db: Db, code: string, values: Partial<typeof colony.$inferInsert>) {
  const [row] = await db.update(colony).set(values).where(eq(colony.colonyCode, code)).returning();
  return row;
}

export async function allColonies(db: Db) {
  return db.select().from(colony).orderBy(byCode);
}

export async function customersOfAllColonies(db: Db) {
  return db
    .select({
      colonyCode: customer.colonyCode,
      customerId: customer.customerId,
      customerName: customer.customerName,
      defaulter: customer.defaulter,
      disable: customer.disable,
    })
    .from(customer)
    .orderBy(asc(customer.route), asc(customer.customerName), asc(customer.customerId));
}
