import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customerColumn } from './customer';
import { money, moneyTotal, quantityTotal } from './types';
import { appUser } from './users';

/** Whose and which period (year, month 1-12) a bill or a receipt is. */
const customerPeriod = () => ({
  customerId: customerColumn(),
  paymentYear: integer('payment_year').notNull(),
  paymentMonth: integer('payment_month').notNull(),
});

/** A bill: one per customer and period (year, month 1-12). */
export const payment = pgTable(
  'payment',
  {
    paymentId: serial('payment_id').primaryKey(),
    ...customerPeriod(),
    /** The service charge. */
    charges: money('charges').notNull(),
    /** Product charge + service charge. */
    totalPrice: moneyTotal('total_price').notNull(),
    /** Derived: opening balance + sum over earlier periods of (bill - receipts). */
    previousDue: moneyTotal('previous_due').notNull().default(0),
    /** Derived: receipts of this period. */
    paid: moneyTotal('paid').notNull().default(0),
    /** Derived: total_price - paid. */
    due: moneyTotal('due').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_customer_period_key').on(t.customerId, t.paymentYear, t.paymentMonth),
    index('payment_period_idx').on(t.paymentYear, t.paymentMonth),
    check('payment_month_check', sql`${t.paymentMonth} between 1 and 12`),
  ],
);

/**
 * A bill line: one product row at one price, with the number of delivered days, the sum of the
 * delivered quantities and price × quantity (docs/rules.md section 12; empty until billing writes them).
 */
export const paymentLine = pgTable(
  'payment_line',
  {
    paymentLineId: serial('payment_line_id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payment.paymentId, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    price: money('price').notNull(),
    attendance: integer('attendance').notNull(),
    quantity: quantityTotal('quantity'),
    amount: moneyTotal('amount'),
  },
  (t) => [index('payment_line_payment_idx').on(t.paymentId)],
);

/** Money received from (positive) or given back to (negative) a customer for a period. */
export const receipt = pgTable(
  'receipt',
  {
    receiptId: serial('receipt_id').primaryKey(),
    ...customerPeriod(),
    /** Signed: negative for a refund or correction. */
    amount: money('amount').notNull(),
    mode: text('mode').notNull().$type<'positive' | 'negative'>(),
    /** When it arrived at the server. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the collector took it (docs/rules.md section 20): its date in the business time zone is
     * the receipt's date. The arrival's time unless a phone that was offline says otherwise.
     */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who took it; null for receipts older than the audit trail. */
    receivedBy: integer('received_by').references(() => appUser.userId),
  },
  (t) => [
    index('receipt_customer_period_idx').on(t.customerId, t.paymentYear, t.paymentMonth),
    // Today's Collected and the dashboard: the receipts taken on one date.
    index('receipt_taken_at_idx').on(t.takenAt),
    check('receipt_mode_check', sql`${t.mode} in ('positive', 'negative')`),
    check('receipt_month_check', sql`${t.paymentMonth} between 1 and 12`),
  ],
);
