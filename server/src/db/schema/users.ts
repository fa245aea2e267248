import type { Language, Role } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { colony } from './colony';

export const appUser = pgTable(
  'app_user',
  {
    userId: serial('user_id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().$type<Role>(),
    /** A disabled user cannot sign in and has no sessions. */
    disabled: boolean('disabled').notNull().default(false),
    /** The language of their screens (docs/rules.md section 21). */
    language: text('language').notNull().default('en').$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_username_lower_key').on(sql`lower(${t.username})`),
    check('app_user_role_check', sql`${t.role} in ('admin', 'operator', 'collector')`),
    check('app_user_language_check', sql`${t.language} in ('en', 'hi', 'gu')`),
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

/** The colonies a collector works in (docs/rules.md section 15); other roles have none. */
export const userColony = pgTable(
  'user_colony',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.userId, { onDelete: 'cascade' }),
    colonyCode: text('colony_code')
      .notNull()
      .references(() => colony.colonyCode),
  },
  (t) => [primaryKey({ columns: [t.userId, t.colonyCode] }), index('user_colony_colony_idx').on(t.colonyCode)],
);
