import { monthIndex, parsePaise, parseQuantity } from '@dairy/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { colony, customer } from '../../db/schema';
import { billFigures } from '../../domain/billing';
import type { Period } from '../../domain/ledger';

/*
 * What the customer's page reads of its customer (docs/rules.md section 19), always by the id the
 * token gave: no query here can reach another customer's rows.
 */

/** The customer as the page and their statement show them, and whether deliveries have stopped. */
export async function pageCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({
      customerId: customer.customerId,
      customerName: customer.customerName,
      route: customer.route,
      address: customer.address,
      contactNumber: customer.contactNumber,
      colonyName: colony.colonyName,
      language: customer.language,
      stopped: sql<boolean>`(${customer.disable} = 1 or ${colony.disable} = 1)`,
    })
    .from(customer)
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .where(eq(customer.customerId, customerId));
  return row;
}
export type PageCustomer = NonNullable<Awaited<ReturnType<typeof pageCustomer>>>;

type ConsumptionText = {
  consumptionId: number;
  productCode: string;
  productName: string;
  unit: string;
  quantity: string;
  days: string;
};
type BillText = { month: number; year: number; charges: string; totalPrice: string; previousDue: string; paid: string };

/**
 * What the page shows of the customer, in one statement (a page is opened far more often than
 * anything else is read): the customer, their live consumptions (enabled and active) by product
 * code, and their bills from `first` to `last` (periods), newest first, with their balances.
 */
export async function pageRecords(db: Db, customerId: number, first: Period, last: Period) {
  const [row] = await rowsOf<PageCustomer & { consumptions: ConsumptionText[]; bills: BillText[] }>(
    db,
    sql`
    select cu.customer_id as "customerId", cu.customer_name as "customerName", cu.route, cu.address,
      cu.contact_number as "contactNumber", col.colony_name as "colonyName", cu.language,
      (cu.disable = 1 or col.disable = 1) as stopped,
      coalesce((
        select json_agg(json_build_object('consumptionId', co.consumption_id, 'productCode', p.product_code,
          'productName', p.product_name, 'unit', p.unit, 'quantity', co.quantity::text, 'days', cb.combination_days)
          order by p.product_code, co.consumption_id)
        from consumption co
        join product p on p.product_id = co.product_id
        join combination cb on cb.combination_id = p.combination_id
        where co.customer_id = cu.customer_id and co.disable = 0 and co.is_active = 1), '[]') as consumptions,
      coalesce((
        select json_agg(json_build_object('month', b.payment_month, 'year', b.payment_year,
          'charges', b.charges::text, 'totalPrice', b.total_price::text, 'previousDue', b.previous_due::text,
          'paid', b.paid::text) order by b.payment_year desc, b.payment_month desc)
        from payment b
        -- Two years at most: the (customer, year, month) key serves the years as a range.
        where b.customer_id = cu.customer_id and b.payment_year between ${first.year} and ${last.year}
          -- The period numbered as monthIndex (packages/contract/src/periods.ts) numbers it.
          and b.payment_year * 12 + b.payment_month - 1 between ${monthIndex(first)} and ${monthIndex(last)}), '[]') as bills
    from customer cu
    join colony col on col.colony_code = cu.colony_code
    where cu.customer_id = ${customerId}`,
  );
  if (!row) return undefined;
  const { consumptions, bills, ...found } = row;
  return {
    customer: found,
    consumptions: consumptions.map((c) => ({ ...c, quantity: parseQuantity(c.quantity) })),
    months: bills.map((text) => {
      const bill = {
        charges: parsePaise(text.charges),
        totalPrice: parsePaise(text.totalPrice),
        previousDue: parsePaise(text.previousDue),
        paid: parsePaise(text.paid),
      };
      return {
        month: text.month,
        year: text.year,
        totalPrice: bill.totalPrice,
        paid: bill.paid,
        balance: billFigures(bill).balance,
      };
    }),
  };
}
