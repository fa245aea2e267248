import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, money, version } from './types';

export const colony = pgTable(
  'colony',
  {
    colonyCode: text('colony_code').primaryKey(),
    colonyName: text('colony_name').notNull(),
    charges: money('charges').notNull().default(0),
    disable: flag('disable'),

    version: version(),
  },
  (t) => [
    uniqueIndex('colony_code_lower_key').on(sql`lower(${t.colonyCode})`),
    check('colony_disable_check', sql`${t.disable} in (0, 1)`),
    check('colony_charges_check', sql`${t.charges} >= 0`),
  ],
);
