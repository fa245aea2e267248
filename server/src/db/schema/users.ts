import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const appUser = pgTable(
  'app_user',
  {
    userId: serial('user_id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().$type<'admin' | 'operator'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_username_lower_key').on(sql`lower(${t.username})`),
    check('app_user_role_check', sql`${t.role} in ('admin', 'operator')`),
  ],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const session = pgTable('session', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => appUser.userId, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
