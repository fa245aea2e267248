import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { combination } from './combination';
import { customerColumn } from './customer';
import { productColumn } from './product';
import { flag, money, quantity, version } from './types';

/** One delivery (or planned delivery) of a product row to a customer on a date. */
export const transaction = pgTable(
  'transaction',
  {
    transactionId: serial('transaction_id').primaryKey(),
    customerId: customerColumn(),
    productId: productColumn(),
    combinationId: integer('combination_id')
      .notNull()
      .references(() => combination.combinationId),
    /** Copied from the product row when the transaction is created. */
    price: money('price').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    /** 1 delivered, 0 the customer was away (not billed). */
    attendance: flag('attendance'),
    /** Units delivered that day. */
    quantity: quantity('quantity').notNull().default(sql`1`),

    version: version(),
  },
  (t) => [
    unique('transaction_customer_product_date_key').on(t.customerId, t.productId, t.transactionDate),
    index('transaction_date_idx').on(t.transactionDate),
    // A customer's deliveries by date. Migration 0012 adds billing's columns (product row, price,
    // attendance, quantity) as INCLUDE columns, which drizzle cannot declare: they are read from
    // the index alone.
    index('transaction_customer_date_idx').on(t.customerId, t.transactionDate),
    index('transaction_product_idx').on(t.productId),
    check('transaction_attendance_check', sql`${t.attendance} in (0, 1)`),
    check('transaction_price_check', sql`${t.price} >= 0`),
    check('transaction_quantity_check', sql`${t.quantity} > 0 and ${t.quantity} <= 999.99`),
  ],
);
