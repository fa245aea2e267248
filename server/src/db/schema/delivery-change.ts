import type { ChangeKind } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { consumption } from './consumption';
import { customerColumn } from './customer';
import { quantity } from './types';
import { appUser } from './users';

/**
 * A change of what generation delivers on a range of dates (docs/rules.md section 12): a pause
 * (nothing) or another quantity, for one consumption or (`consumption_id` null, a pause only)
 * every consumption of the customer. Deleting the consumption deletes its changes.
 */
export const deliveryChange = pgTable(
  'delivery_change',
  {
    changeId: serial('change_id').primaryKey(),
    customerId: customerColumn(),
    consumptionId: integer('consumption_id').references(() => consumption.consumptionId, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<ChangeKind>(),
    /** A quantity change's quantity; null for a pause. */
    quantity: quantity('quantity'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    /** Null: a pause until further notice. */
    toDate: date('to_date', { mode: 'string' }),
    reason: text('reason'),
    /** The staff member who made it; null: the customer, through their page (docs/rules.md section 19). */
    createdBy: integer('created_by').references(() => appUser.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Generation asks for the changes of its customers covering one date.
    index('delivery_change_customer_dates_idx').on(t.customerId, t.fromDate, t.toDate),
    index('delivery_change_consumption_idx').on(t.consumptionId),
    // Today counts the changes customers made lately.
    index('delivery_change_by_customer_idx').on(t.createdAt).where(sql`${t.createdBy} is null`),
    check('delivery_change_kind_check', sql`${t.kind} in ('pause', 'quantity')`),
    check(
      'delivery_change_shape_check',
      sql`(${t.kind} = 'pause' and ${t.quantity} is null)
        or (${t.kind} = 'quantity' and ${t.quantity} is not null and ${t.toDate} is not null
            and ${t.consumptionId} is not null)`,
    ),
    check('delivery_change_quantity_check', sql`${t.quantity} > 0 and ${t.quantity} <= 999.99`),
    check('delivery_change_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
    check('delivery_change_reason_check', sql`char_length(${t.reason}) <= 200`),
  ],
);
