import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { combination } from './combination';
import { flag, money, version } from './types';

/** A product row: one code may have several rows, one per combination, each with its price. */
export const product = pgTable(
  'product',
  {
    productId: serial('product_id').primaryKey(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    /** Like the name, one unit per code: written to every row of the code. */
    unit: text('unit').notNull().default('L'),
    price: money('price').notNull(),
    available: flag('available'),
    combinationId: integer('combination_id')
      .notNull()
      .references(() => combination.combinationId),

    version: version(),
  },
  (t) => [
    unique('product_code_combination_key').on(t.productCode, t.combinationId),
    index('product_combination_idx').on(t.combinationId),
    check('product_available_check', sql`${t.available} in (0, 1)`),
    check('product_price_check', sql`${t.price} >= 0`),
    check('product_unit_check', sql`char_length(${t.unit}) between 1 and 10`),
  ],
);

/** The product row a record is of (`product_id`, required). */
export const productColumn = () =>
  integer('product_id')
    .notNull()
    .references(() => product.productId);
