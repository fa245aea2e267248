import { DEFAULT_UNIT, parseQuantity } from '@dairy/contract';
import { and, asc, count, eq, gt, min, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { colony, customer, payment, product, transaction } from '../../db/schema';
import { billLinesOf } from '../payment/billing.repo';

/**
 * Delivered transactions per colony and product code on one date, with the quantity they delivered
 * in the code's unit; every colony when none is given.
 */
export async function dailyConsumption(db: Db, date: string, colonyCode: string | undefined) {
  const conditions = [eq(transaction.transactionDate, date), eq(transaction.attendance, 1)];
  if (colonyCode) conditions.push(eq(colony.colonyCode, colonyCode));
  const rows = await db
    .select({
      colonyCode: colony.colonyCode,
      colonyName: colony.colonyName,
      productCode: product.productCode,
      productName: min(product.productName),
      transactionCount: count(),
      quantity: sql<string>`sum(${transaction.quantity})::text`,
      // A code has one unit (docs/rules.md section 12).
      unit: min(product.unit),
    })
    .from(transaction)
    .innerJoin(customer, eq(customer.customerId, transaction.customerId))
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .innerJoin(product, eq(product.productId, transaction.productId))
    .where(and(...conditions))
    .groupBy(colony.colonyCode, colony.colonyName, product.productCode)
    .orderBy(asc(colony.colonyCode), asc(product.productCode));
  return rows.map((r) => ({
    ...r,
    productName: r.productName ?? r.productCode,
    quantity: parseQuantity(r.quantity),
    unit: r.unit ?? DEFAULT_UNIT,
  }));
}

/**
 * The outer customer's id inside a correlated subquery. Drizzle leaves a column unqualified when
 * a query has one table, which inside the subquery would name the subquery's own column.
 */
const outerCustomerId = sql`${customer}.${sql.identifier(customer.customerId.name)}`;

/**
 * Customers of a colony who had no delivery in [from, until) and still owe: the defaulter
 * candidates of docs/rules.md section 7, as one condition for the preview and the update alike.
 */
export function defaulterCandidates(colonyCode: string, range: { from: string; until: string }): SQL {
  const deliveredInMonth = sql`(select 1 from ${transaction} where ${and(
    sql`${transaction.customerId} = ${outerCustomerId}`,
    eq(transaction.attendance, 1),
    sql`${transaction.transactionDate} >= ${range.from}`,
    sql`${transaction.transactionDate} < ${range.until}`,
  )})`;
  return and(
    eq(customer.colonyCode, colonyCode),
    eq(customer.disable, 0),
    gt(customer.due, 0),
    notExists(deliveredInMonth),
  ) as SQL;
}

export function markedDefaulters(colonyCode: string): SQL {
  return and(eq(customer.colonyCode, colonyCode), eq(customer.defaulter, 1)) as SQL;
}

/**
 * No-transaction records of the customers matching `where`: their due now, the lines of their
 * latest bill and the date of their latest delivery. Two queries, whatever the number of customers.
 */
export async function noTransactionRecords(db: Db, where: SQL) {
  const lastDelivery = sql<string | null>`(select max(${transaction.transactionDate})::text from ${transaction}
    where ${transaction.customerId} = ${outerCustomerId} and ${transaction.attendance} = 1)`;
  const latestBill = sql<number | null>`(select ${payment.paymentId} from ${payment}
    where ${payment.customerId} = ${outerCustomerId}
    order by ${payment.paymentYear} desc, ${payment.paymentMonth} desc limit 1)`;
  const rows = await db
    .select({
      customerId: customer.customerId,
      route: customer.route,
      customerName: customer.customerName,
      contactNumber: customer.contactNumber,
      due: customer.due,
      lastDelivery,
      latestBill,
    })
    .from(customer)
    .where(where)
    .orderBy(asc(customer.route), asc(customer.customerName), asc(customer.customerId));
  const lines = await billLinesOf(
    db,
    rows.flatMap((r) => (r.latestBill === null ? [] : [Number(r.latestBill)])),
  );
  return rows.map(({ due, lastDelivery, latestBill, ...c }) => ({
    customer: c,
    due,
    lines: latestBill === null ? [] : (lines.get(Number(latestBill)) ?? []),
    lastDelivery,
  }));
}
