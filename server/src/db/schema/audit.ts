import type { Phrase } from '@dairy/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { appUser } from './users';

/**
 * One row per call that changed data, written in the same database transaction as the change
 * (docs/rules.md section 15): who, when, what, a summary a person can read, and the record before and
 * after. `user_id` is null only for changes made outside a signed-in call (command-line tools).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => appUser.userId),
    username: text('username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    /** The summary's phrase (docs/rules.md section 21); null on rows from before migration 0019. */
    phrase: jsonb('phrase').$type<Phrase>(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.auditId),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_entity_at_idx').on(t.entity, t.entityId, t.at),
  ],
);
