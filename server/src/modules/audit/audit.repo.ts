import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: Db, row: AuditInsert) {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  userId?: number | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Calendar dates in `timeZone`, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

/** The start of a calendar date in the business time zone, as an instant. */
const startOf = (date: string, timeZone: string) => sql`(${date}::date)::timestamp at time zone ${timeZone}`;

/** A page of the trail, newest first. */
export async function auditPage(db: Db, filter: AuditFilter, window: { limit: number; offset: number }) {
  const where: (SQL | undefined)[] = [
    filter.userId === undefined ? undefined : eq(auditLog.userId, filter.userId),
    filter.entity === undefined ? undefined : eq(auditLog.entity, filter.entity),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.from === undefined ? undefined : gte(auditLog.at, startOf(filter.from, filter.timeZone)),
    filter.to === undefined
      ? undefined
      : lt(auditLog.at, sql`${startOf(filter.to, filter.timeZone)} + interval '1 day'`),
  ];
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.auditId))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
