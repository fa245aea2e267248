import type { Language } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { colony } from './colony';
import { flag, money, moneyTotal, version } from './types';

/**
 * Stored with fillfactor 80 (migration 0001): its derived fields are rewritten in place. The last
 * active date is not stored: customer.repo reads it from the deliveries (`lastActiveOf`).
 */
export const customer = pgTable(
  'customer',
  {
    customerId: serial('customer_id').primaryKey(),
    customerName: text('customer_name').notNull(),
    contactNumber: text('contact_number').notNull().default(''),
    address: text('address').notNull(),
    colonyCode: text('colony_code')
      .notNull()
      .references(() => colony.colonyCode),
    route: integer('route').notNull(),
    defaulter: flag('defaulter'),
    disable: flag('disable'),
    /** What was owed before this system (negative: an advance). */
    openingBalance: money('opening_balance').notNull().default(0),
    /** Derived: sum of all receipts. */
    paid: moneyTotal('paid').notNull().default(0),
    /** Derived: opening balance + sum over all periods of (bill - receipts). */
    due: moneyTotal('due').notNull().default(0),
    /** When the customer was added (migration 0014 dates the earlier ones); the dashboard's ageing reads it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    /** The language of the customer's page and messages (docs/rules.md section 21). */
    language: text('language').$type<Language>().notNull().default('en'),
  },
  (t) => [
    index('customer_colony_route_idx').on(t.colonyCode, t.route, t.customerName),
    check('customer_defaulter_check', sql`${t.defaulter} in (0, 1)`),
    check('customer_disable_check', sql`${t.disable} in (0, 1)`),
    check('customer_route_check', sql`${t.route} >= 1`),
    check('customer_language_check', sql`${t.language} in ('en', 'hi', 'gu')`),
  ],
);

/** The customer a record belongs to (`customer_id`, required). */
export const customerColumn = () =>
  integer('customer_id')
    .notNull()
    .references(() => customer.customerId);
