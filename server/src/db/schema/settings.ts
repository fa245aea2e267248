import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The business's details printed on bills: at most one row (id 1), written by the first save. */
export const businessSettings = pgTable(
  'business_settings',
  {
    settingsId: integer('settings_id').primaryKey().default(1),
    businessName: text('business_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    upiId: text('upi_id').notNull().default(''),
    upiName: text('upi_name').notNull().default(''),
    billNote: text('bill_note').notNull().default(''),
    /** Changes from the customer's page for a date close at this time the day before (docs/rules.md section 19). */
    cutoffTime: text('cutoff_time').notNull().default('20:00'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('business_settings_one_row_check', sql`${t.settingsId} = 1`),
    check('business_settings_cutoff_time_check', sql`${t.cutoffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
