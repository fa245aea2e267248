import {
  type Hundredths,
  monthStart,
  nextMonth,
  type Paise,
  parsePaise,
  parseQuantity,
  type YearMonth,
} from '@dairy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * The sums of the owner's dashboard (docs/rules.md section 22). Each is one grouped statement over
 * the whole dairy: the dashboard costs a handful of queries, never one per customer, colony or day.
 * Dates are `YYYY-MM-DD`, ranges half-open (from <= date < until), as `monthDates` gives them.
 */

/**
 * When a receipt was taken, said once (`r` is the receipt; docs/rules.md section 20). The collected
 * figures count a receipt on this instant's date in the business time zone.
 */
const TAKEN_AT = sql`r.taken_at`;

/** The instant a date starts in the business time zone. */
const startOf = (date: string, timeZone: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;

/**
 * A bill's or a receipt's period as the number `monthIndex` (packages/contract/src/periods.ts)
 * gives it, so that months compare and count as numbers (`row` is its table's alias).
 */
const monthNumber = (row: SQL) => sql`(${row}.payment_year * 12 + ${row}.payment_month - 1)`;

export interface DeliveredDay {
  date: string;
  productCode: string;
  productName: string;
  unit: string;
  quantity: Hundredths;
}

/**
 * Delivered quantities (attendance 1) per date and product code, dates without any left out. Read
 * from the quantities kept per colony, date and product row as deliveries are written (migration
 * 0020): a month costs its dates times colonies, not its deliveries.
 */
export async function deliveredByDay(db: Db, from: string, until: string): Promise<DeliveredDay[]> {
  const rows = await rowsOf<Omit<DeliveredDay, 'quantity'> & { quantity: string }>(
    db,
    sql`
    select c.transaction_date::text as date, p.product_code as "productCode", min(p.product_name) as "productName",
      min(p.unit) as unit, sum(c.delivered)::text as quantity
    from derived.transaction_count c
    join product p on p.product_id = c.product_id
    where c.transaction_date >= ${from}::date and c.transaction_date < ${until}::date
    group by c.transaction_date, p.product_code
    having sum(c.delivered) > 0`,
  );
  return rows.map((r) => ({ ...r, quantity: parseQuantity(r.quantity) }));
}

export interface CustomerCounts {
  delivered: number;
  started: number;
  stopped: number;
}

/**
 * Customers with a delivery in the month [from, until), those of them with none before it, and
 * those with one in the month before [previousFrom, from) but none in this one. Each customer's
 * deliveries are probed by (customer, date), each probe stopping at the first delivered row; the
 * probes run once per customer (a materialized step) and the earliest only where the month before
 * had none.
 */
export async function customerCounts(
  db: Db,
  range: { previousFrom: string; from: string; until: string },
): Promise<CustomerCounts> {
  const deliveredIn = (customerId: SQL, from: string | undefined, until: string) => sql`exists (
    select 1 from "transaction" t
    where t.customer_id = ${customerId} and t.attendance = 1
      ${from === undefined ? sql`` : sql`and t.transaction_date >= ${from}::date`} and t.transaction_date < ${until}::date)`;
  const [counts] = await rowsOf<CustomerCounts>(
    db,
    sql`
    with probed as materialized (
      select c.customer_id,
        ${deliveredIn(sql`c.customer_id`, range.from, range.until)} as this_month,
        ${deliveredIn(sql`c.customer_id`, range.previousFrom, range.from)} as last_month
      from customer c
    )
    select count(*) filter (where p.this_month)::int as delivered,
      count(*) filter (where p.this_month and not p.last_month
        and not ${deliveredIn(sql`p.customer_id`, undefined, range.previousFrom)})::int as started,
      count(*) filter (where p.last_month and not p.this_month)::int as stopped
    from probed p`,
  );
  return counts ?? { delivered: 0, started: 0, stopped: 0 };
}

export interface MonthSum {
  year: number;
  month: number;
  amount: Paise;
}

const monthSums = (rows: { year: number; month: number; amount: string }[]): MonthSum[] =>
  rows.map((r) => ({ ...r, amount: parsePaise(r.amount) }));

/** The sum of the bills (total price) of each bill month from `first` to `last`. */
export async function billedByMonth(db: Db, first: YearMonth, last: YearMonth): Promise<MonthSum[]> {
  const rows = await rowsOf<{ year: number; month: number; amount: string }>(
    db,
    sql`
    select p.payment_year as year, p.payment_month as month, sum(p.total_price)::text as amount
    from payment p
    where (p.payment_year, p.payment_month) >= (${first.year}::int, ${first.month}::int)
      and (p.payment_year, p.payment_month) <= (${last.year}::int, ${last.month}::int)
    group by p.payment_year, p.payment_month`,
  );
  return monthSums(rows);
}

/** The sum of the receipts (refunds negative) by the month of the date they were taken, from `first` to `last`. */
export async function collectedByMonth(
  db: Db,
  first: YearMonth,
  last: YearMonth,
  timeZone: string,
): Promise<MonthSum[]> {
  const rows = await rowsOf<{ year: number; month: number; amount: string }>(
    db,
    sql`
    select extract(year from r.taken)::int as year, extract(month from r.taken)::int as month,
      sum(r.amount)::text as amount
    from (
      select ${TAKEN_AT} at time zone ${timeZone} as taken, r.amount
      from receipt r
      where ${TAKEN_AT} >= ${startOf(monthStart(first), timeZone)}
        and ${TAKEN_AT} < ${startOf(monthStart(nextMonth(last)), timeZone)}
    ) r
    group by 1, 2`,
  );
  return monthSums(rows);
}

export interface ColonySum {
  colonyCode: string;
  billed: Paise;
  collected: Paise;
}

/** Per colony: the bills of the period and the receipts recorded against it (colonies with either). */
export async function colonySums(db: Db, period: YearMonth): Promise<ColonySum[]> {
  const rows = await rowsOf<{ colonyCode: string; billed: string; collected: string }>(
    db,
    sql`
    select cu.colony_code as "colonyCode", sum(s.billed)::text as billed, sum(s.collected)::text as collected
    from (
      select p.customer_id, p.total_price as billed, 0 as collected
      from payment p where p.payment_year = ${period.year} and p.payment_month = ${period.month}
      union all
      select r.customer_id, 0, r.amount
      from receipt r where r.payment_year = ${period.year} and r.payment_month = ${period.month}
    ) s
    join customer cu on cu.customer_id = s.customer_id
    group by cu.colony_code`,
  );
  return rows.map((r) => ({
    colonyCode: r.colonyCode,
    billed: parsePaise(r.billed),
    collected: parsePaise(r.collected),
  }));
}

export interface OwingByDays {
  days: number;
  customers: number;
  amount: Paise;
}

/**
 * Customers whose due is above 0, grouped by the days from when they last paid to `today`: the
 * date their latest positive receipt was taken; never paid, the last day of their first billed
 * month; with no bill either, the date they were added. A date after today counts as 0 days.
 */
export async function owingByDays(db: Db, today: string, timeZone: string): Promise<OwingByDays[]> {
  const rows = await rowsOf<{ days: number; customers: number; amount: string }>(
    db,
    sql`
    with paid as (
      select r.customer_id, max(${TAKEN_AT}) as taken from receipt r where r.amount > 0 group by r.customer_id
    ), first_billed as (
      select p.customer_id, min(${monthNumber(sql`p`)}) as month from payment p group by p.customer_id
    )
    select greatest(${today}::date - coalesce(
        (paid.taken at time zone ${timeZone})::date,
        make_date(b.month / 12, b.month % 12 + 1, 1) + interval '1 month' - interval '1 day',
        (c.created_at at time zone ${timeZone})::date)::date, 0) as days,
      count(*)::int as customers, sum(c.due)::text as amount
    from customer c
    left join paid on paid.customer_id = c.customer_id
    left join first_billed b on b.customer_id = c.customer_id
    where c.due > 0
    group by 1`,
  );
  return rows.map((r) => ({ ...r, amount: parsePaise(r.amount) }));
}

export interface Due {
  customerId: number;
  customerName: string;
  colonyCode: string;
  route: number;
  due: Paise;
}

/** The `limit` largest dues above 0, largest first; ties by name, then the customer's id. */
export async function largestDues(db: Db, limit: number): Promise<Due[]> {
  const rows = await rowsOf<Omit<Due, 'due'> & { due: string }>(
    db,
    sql`
    select c.customer_id as "customerId", c.customer_name as "customerName", c.colony_code as "colonyCode",
      c.route, c.due::text as due
    from customer c
    where c.due > 0
    order by c.due desc, c.customer_name, c.customer_id
    limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, due: parsePaise(r.due) }));
}
