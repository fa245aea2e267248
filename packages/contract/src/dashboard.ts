import { z } from 'zod';
import { dateOutput, optional } from './common';
import { money } from './money';
import { oneBasedMonthInput, yearInput } from './months';
import { quantity } from './quantity';
import { productQuantity } from './today';

/*
 * The owner's dashboard (docs/rules.md section 22): one month's figures, the twelve months up to
 * it, what is owed now and for how long. Months are 1-12 on the wire; money and quantities as in
 * every answer.
 */

/** Outstanding dues by days since the customer last paid, in this order. */
export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The most dues `topDues` lists. */
export const TOP_DUES = 10;

// ---- GET /api/dashboard?month&year ----------------------------------------------------------

/** Both may be left out: the current month (and year) in the business time zone. */
export const dashboardQuery = z.object({ month: optional(oneBasedMonthInput), year: optional(yearInput) });
export type DashboardQuery = z.input<typeof dashboardQuery>;

export const dashboardCards = z.object({
  /** Delivered quantities (attendance 1) of the month per product code, in code order. */
  quantities: z.array(productQuantity),
  /** The month's bills (their total price). */
  billed: money,
  /** Receipts taken on the month's dates (refunds count negative). */
  collected: money,
  /** Every customer's due above 0, now. */
  outstanding: money,
  customersDelivered: z.number(),
  /** Customers whose first delivery ever is in the month. */
  customersStarted: z.number(),
  /** Customers with a delivery in the month before and none in this one. */
  customersStopped: z.number(),
});
export type DashboardCards = z.output<typeof dashboardCards>;

/** One product code's delivered quantity on one date (dates without deliveries are left out). */
export const dashboardDay = z.object({ date: dateOutput, productCode: z.string(), quantity });
export type DashboardDay = z.output<typeof dashboardDay>;

/** A month of the twelve ending with the chosen one: bills by bill month, receipts by the date taken. */
export const dashboardMonth = z.object({ month: z.number(), year: z.number(), billed: money, collected: money });
export type DashboardMonth = z.output<typeof dashboardMonth>;

export const dashboardAgeing = z.object({ bucket: z.enum(AGEING_BUCKETS), customers: z.number(), amount: money });
export type DashboardAgeing = z.output<typeof dashboardAgeing>;

/** An active colony's bills of the month and the receipts recorded against that month. */
export const dashboardColony = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  billed: money,
  collected: money,
  /** collected ÷ billed, rounded to 3 decimals; null when nothing was billed. */
  rate: z.number().nullable(),
});
export type DashboardColony = z.output<typeof dashboardColony>;

export const dashboardDue = z.object({
  customerId: z.number(),
  customerName: z.string(),
  colonyCode: z.string(),
  route: z.number(),
  due: money,
});
export type DashboardDue = z.output<typeof dashboardDue>;

export const dashboardResponse = z.object({
  month: z.number(),
  year: z.number(),
  cards: dashboardCards,
  /** In date order, then product code. */
  daily: z.array(dashboardDay),
  /** Twelve months, the oldest first. */
  months: z.array(dashboardMonth),
  /** Every bucket, in AGEING_BUCKETS order. */
  ageing: z.array(dashboardAgeing),
  /** Every active colony, in code order. */
  colonies: z.array(dashboardColony),
  /** The largest dues now, largest first, ties by name. */
  topDues: z.array(dashboardDue),
});
export type DashboardResponse = z.output<typeof dashboardResponse>;
