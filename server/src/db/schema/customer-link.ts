import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customerColumn } from './customer';
import { appUser } from './users';

/**
 * A customer's private link to their own page (docs/rules.md section 19): at most one per customer;
 * a new one replaces the old. `token` is the page's only credential, kept as it is so the office can
 * copy the link again; it never goes to the audit trail or the logs.
 */
export const customerLink = pgTable(
  'customer_link',
  {
    customerId: customerColumn().primaryKey(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => appUser.userId),
    /** When the page was last opened (to the minute); null until it is. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    unique('customer_link_token_key').on(t.token),
    check('customer_link_token_check', sql`${t.token} ~ '^[A-Za-z0-9_-]{43}$'`),
  ],
);
