import { formatPaise, monthName, type Paise } from '@dairy/contract';
import type { Db } from '../../db/client';
import { currentUser } from '../auth/current-user';
import { insertAudit } from './audit.repo';

export interface AuditEntry {
  /** `<entity>.<verb>`: `colony.add`, `receipt.add`, `transaction.generate`, `staff.update`… */
  action: string;
  entity: string;
  /** The record changed; absent for a call that changes a set (a generation, a bulk delete). */
  entityId?: string | number | null | undefined;
  /** What happened, in words a person reads on the Audit screen. */
  summary: string;
  before?: unknown;
  after?: unknown;
  /**
   * Who did it, when the call has no signed-in user: the first administrator's setup, or a
   * customer through their page (no user id, username `customer`).
   */
  by?: { userId: number | null; username: string } | undefined;
}

/** A value as it is stored in jsonb: dates as ISO text, absent as null. */
const asJson = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Writes the audit row of a change. Call it with the database transaction that makes the change,
 * so the row exists exactly when the change does (a failed call leaves neither); once per call.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  const user = entry.by ?? currentUser();
  await insertAudit(tx, {
    userId: user?.userId ?? null,
    username: user?.username ?? 'system',
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    before: asJson(entry.before),
    after: asJson(entry.after),
  });
}

/** ₹500.00: an amount in a summary. */
export const rupees = (paise: Paise) => `₹${formatPaise(paise)}`;

/** "November 2026". */
export const period = (month: number, year: number) => `${monthName(month)} ${year}`;

/** "3 customers": a count with its noun. */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;

/** "Asha (route 3)": a customer in a summary. */
export const customerLabel = (c: { customerName: string; route: number }) => `${c.customerName} (route ${c.route})`;
