import { and, asc, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { colony, combination, consumption, customer, payment, product } from '../../db/schema';
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

/** The customer's live consumptions (enabled and active), by product code. */
export async function liveConsumptions(db: Db, customerId: number) {
  return db
    .select({
      consumptionId: consumption.consumptionId,
      productCode: product.productCode,
      productName: product.productName,
      unit: product.unit,
      quantity: consumption.quantity,
      days: combination.combinationDays,
    })
    .from(consumption)
    .innerJoin(product, eq(product.productId, consumption.productId))
    .innerJoin(combination, eq(combination.combinationId, product.combinationId))
    .where(and(eq(consumption.customerId, customerId), eq(consumption.disable, 0), eq(consumption.isActive, 1)))
    .orderBy(asc(product.productCode), asc(consumption.consumptionId));
}

/** The customer's bills from `first` to `last` (periods), newest first, with their balances. */
export async function billsBetween(db: Db, customerId: number, first: Period, last: Period) {
  const rows = await db
    .select({
      month: payment.paymentMonth,
      year: payment.paymentYear,
      charges: payment.charges,
      totalPrice: payment.totalPrice,
      previousDue: payment.previousDue,
      paid: payment.paid,
    })
    .from(payment)
    .where(
      and(
        eq(payment.customerId, customerId),
        // Two years at most: the (customer, year, month) key serves these as ranges.
        gte(payment.paymentYear, first.year),
        lte(payment.paymentYear, last.year),
        or(sql`${payment.paymentYear} > ${first.year}`, gte(payment.paymentMonth, first.month)),
        or(sql`${payment.paymentYear} < ${last.year}`, lte(payment.paymentMonth, last.month)),
      ),
    )
    .orderBy(desc(payment.paymentYear), desc(payment.paymentMonth));
  return rows.map((bill) => ({
    month: bill.month,
    year: bill.year,
    totalPrice: bill.totalPrice,
    paid: bill.paid,
    balance: billFigures(bill).balance,
  }));
}
