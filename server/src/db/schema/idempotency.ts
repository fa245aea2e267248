import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { appUser } from './users';

/**
 * The answer of a money call made with an `Idempotency-Key`, written in the same database
 * transaction as what the call recorded: the same key again gets this answer and records nothing.
 * A key is the sender's own: another user's same key is another call (docs/rules.md section 24).
 * `status_code` and `response` are empty only inside the transaction that claimed the key.
 * Rows older than 7 days are removed lazily (see server/src/idempotency.ts).
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.userId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route the key was used on, e.g. /api/payments/receivingPaymentsForm. */
    requestPath: text('request_path').notNull(),
    /** SHA-256 of the validated request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_key_pkey', columns: [t.userId, t.key] }),
    index('idempotency_key_created_at_idx').on(t.createdAt),
  ],
);
