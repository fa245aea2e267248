import type { Month } from '@dairy/contract';
import { and, asc, count, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customer, payment } from '../../db/schema';
import type { Period } from '../../domain/ledger';
import { billLinesOf } from './billing.repo';
import { periodCompared } from './sql-parts';

/* The lists of bills: Payments, the monthly report and the statement read them here. */

/**
 * Bills of the periods from `from` to `to` (inclusive, either open). Within one year it is said
 * column by column: the planner estimates a row value by its year alone, so a month of this year
 * would look like the whole year and the index would lose to a scan of every bill.
 */
function periodRange(from: Period | undefined, to: Period | undefined): SQL | undefined {
  if (from && to && from.year === to.year)
    return and(
      eq(payment.paymentYear, from.year),
      from.month === to.month
        ? eq(payment.paymentMonth, from.month)
        : sql`${payment.paymentMonth} between ${from.month}::int and ${to.month}::int`,
    );
  return and(from && periodCompared(payment, '>=', from), to && periodCompared(payment, '<=', to));
}

export interface PaymentFilter {
  /** The code as stored (`findColony` finds it ignoring case): the customer index serves it. */
  colonyCode?: string;
  customerId?: number;
  year?: number;
  month?: Month;
  /** Inclusive bounds. */
  from?: Period;
  to?: Period;
  status?: 'all' | 'paid' | 'unpaid';
}

function filterCondition(f: PaymentFilter): SQL | undefined {
  return and(
    f.colonyCode === undefined ? undefined : eq(customer.colonyCode, f.colonyCode),
    f.customerId === undefined ? undefined : eq(payment.customerId, f.customerId),
    f.year === undefined ? undefined : eq(payment.paymentYear, f.year),
    f.month === undefined ? undefined : eq(payment.paymentMonth, f.month),
    periodRange(f.from, f.to),
    f.status === 'paid' ? lte(payment.due, 0) : undefined,
    f.status === 'unpaid' ? sql`${payment.due} > 0` : undefined,
  );
}

export type PaymentListRow = Awaited<ReturnType<typeof listPayments>>['rows'][number];

/**
 * Bills with their customer and lines, by route then name then period: a page of them with
 * `window` (and the count of all), else every one (a colony's month for the monthly report).
 */
export async function listPayments(db: Db, filter: PaymentFilter, window?: { limit: number; offset: number }) {
  const where = filterCondition(filter);
  const query = db
    .select({
      paymentId: payment.paymentId,
      paymentYear: payment.paymentYear,
      paymentMonth: payment.paymentMonth,
      charges: payment.charges,
      totalPrice: payment.totalPrice,
      previousDue: payment.previousDue,
      paid: payment.paid,
      due: payment.due,
      customer: {
        customerId: customer.customerId,
        customerName: customer.customerName,
        route: customer.route,
        contactNumber: customer.contactNumber,
        colonyCode: customer.colonyCode,
      },
    })
    .from(payment)
    .innerJoin(customer, eq(customer.customerId, payment.customerId))
    .where(where)
    .orderBy(
      asc(customer.route),
      asc(customer.customerName),
      asc(customer.customerId),
      asc(payment.paymentYear),
      asc(payment.paymentMonth),
    )
    .$dynamic();
  const bills = window ? await query.limit(window.limit).offset(window.offset) : await query;
  // Only a colony needs the customers to count; the other filters are the bills' own.
  const counted = db.select({ n: count() }).from(payment).$dynamic();
  if (filter.colonyCode !== undefined) counted.innerJoin(customer, eq(customer.customerId, payment.customerId));
  const [total] = window ? await counted.where(where) : [{ n: bills.length }];
  const linesOf = await billLinesOf(
    db,
    bills.map((b) => b.paymentId),
  );
  return {
    rows: bills.map((b) => ({ ...b, lines: linesOf.get(b.paymentId) ?? [] })),
    total: total?.n ?? 0,
  };
}
