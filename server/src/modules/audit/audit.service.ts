import { dateTimeFormat, type Phrase, phraseText } from '@dairy/contract';
import { currentUser } from '../../current-user';
import type { Db } from '../../db/client';
import { insertAudit } from './audit.repo';

export interface AuditEntry {
  /** `<entity>.<verb>`: `colony.add`, `receipt.add`, `transaction.generate`, `staff.update`… */
  action: string;
  entity: string;
  /** The record changed; absent for a call that changes a set (a generation, a bulk delete). */
  entityId?: string | number | null | undefined;
  /**
   * What happened, in words a person reads on the Audit screen: kept as the phrase, which the
   * screen shows in its reader's language, and written out in English as the row's summary.
   */
  phrase: Phrase;
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
    summary: phraseText('en', entry.phrase),
    phrase: entry.phrase,
    before: asJson(entry.before),
    after: asJson(entry.after),
  });
}

/** 26/11/2026: a calendar date in a summary, as people in India read it (docs/rules.md section 23). */
export const dateText = (date: string) => date.split('-').reverse().join('/');

/** "26/11/2026 07:10": an instant in a summary, in the business time zone. */
export function momentText(at: Date, timeZone: string): string {
  const part = dateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return part.format(at).replace(',', '');
}
