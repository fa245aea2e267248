import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { customerColumn } from './customer';
import { productColumn } from './product';
import { flag, quantity, version } from './types';

/** A customer's subscription to a product row (which fixes the combination). */
export const consumption = pgTable(
  'consumption',
  {
    consumptionId: serial('consumption_id').primaryKey(),
    customerId: customerColumn(),
    productId: productColumn(),
    isActive: flag('is_active'),
    disable: flag('disable'),
    /** Units delivered each scheduled day. */
    quantity: quantity('quantity').notNull().default(sql`1`),

    version: version(),
  },
  (t) => [
    unique('consumption_customer_product_key').on(t.customerId, t.productId),
    index('consumption_product_idx').on(t.productId),
    check('consumption_is_active_check', sql`${t.isActive} in (0, 1)`),
    check('consumption_disable_check', sql`${t.disable} in (0, 1)`),
    check('consumption_quantity_check', sql`${t.quantity} > 0 and ${t.quantity} <= 999.99`),
  ],
);
