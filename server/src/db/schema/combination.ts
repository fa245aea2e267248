import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { flag, version } from './types';

export const combination = pgTable(
  'combination',
  {
    combinationId: serial('combination_id').primaryKey(),
    /** Canonical order Monday…Sunday, Monthly, Weekly, Special, joined by ", ". */
    combinationDays: text('combination_days').notNull(),
    disable: flag('disable'),

    version: version(),
  },
  (t) => [
    unique('combination_days_key').on(t.combinationDays),
    check('combination_disable_check', sql`${t.disable} in (0, 1)`),
  ],
);
