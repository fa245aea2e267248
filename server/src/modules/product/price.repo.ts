import { formatPaise, type Paise } from '@dairy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * The queries of a price change (docs/rules.md section 23): which deliveries follow a code's new
 * price, and moving them. Each product row has its own old price: a delivery follows when it is
 * of that row, dated from the from date on, and at that row's old price.
 */

/** A product row of the code and the price it had before the change. */
export interface OldPrice {
  productId: number;
  price: Paise;
}

/** The first date the new price holds for, and the rows whose price changes. */
export interface Repricing {
  from: string;
  rows: readonly OldPrice[];
}

/** The rows as one JSON parameter, money as numeric text. */
const oldPrices = (rows: readonly OldPrice[]) =>
  sql`json_to_recordset(${JSON.stringify(rows.map((r) => ({ product_id: r.productId, price: formatPaise(r.price) })))}::json)
    as r(product_id int, price numeric)`;

/** The deliveries `t` that follow the new price (joined with the old prices `r`). */
const following = (change: Repricing) =>
  sql`t.product_id = r.product_id and t.price = r.price and t.transaction_date >= ${change.from}::date`;

/** A (customer, month) pair of a delivered row, as `followDeliveries` takes it (the 1st of the month). */
const deliveredMonths = (rows: SQL) =>
  sql`(select coalesce(json_agg(m), '[]'::json) from (
      select distinct customer_id as "customerId", to_char(transaction_date, 'YYYY-MM-01') as date
      from ${rows} x where attendance = 1) m)`;

export interface RepricedMonth {
  customerId: number;
  date: string;
}

/**
 * The customers whose deliveries the change may move: those with deliveries of the rows from the
 * date, and those with a consumption of the rows (what generation could be adding meanwhile).
 */
export async function customersToReprice(db: Db, change: Repricing): Promise<number[]> {
  if (change.rows.length === 0) return [];
  const rows = await rowsOf<{ ids: number[] | null }>(
    db,
    sql`select array_agg(distinct customer_id) as ids from (
        select t.customer_id from "transaction" t join ${oldPrices(change.rows)} on ${following(change)}
        union
        select c.customer_id from consumption c join ${oldPrices(change.rows)} on c.product_id = r.product_id
      ) s`,
  );
  return rows[0]?.ids ?? [];
}

/** Every row of the code at `price`; answers how many rows changed (their versions grow). */
export async function priceProductCode(db: Db, code: string, price: Paise): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with changed as (
        update product set price = ${formatPaise(price)}::numeric
        where product_code = ${code} and price <> ${formatPaise(price)}::numeric
        returning 1)
      select count(*)::int as n from changed`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Puts the following deliveries of these (locked) customers at `price` in one statement; answers
 * how many changed and the months of the delivered ones (their bills follow).
 */
export async function repriceDeliveries(db: Db, change: Repricing, price: Paise, customerIds: readonly number[]) {
  if (change.rows.length === 0 || customerIds.length === 0) return { transactions: 0, months: [] };
  const [row] = await rowsOf<{ transactions: number; months: RepricedMonth[] }>(
    db,
    sql`with changed as (
        update "transaction" t set price = ${formatPaise(price)}::numeric
        from ${oldPrices(change.rows)}
        where ${following(change)} and t.customer_id = any(${`{${customerIds.join(',')}}`}::int[])
        returning t.customer_id, t.transaction_date, t.attendance)
      select (select count(*)::int from changed) as transactions, ${deliveredMonths(sql`changed`)} as months`,
  );
  return { transactions: row?.transactions ?? 0, months: row?.months ?? [] };
}

/**
 * What the change would move, without moving it: the deliveries, and the bills of the months
 * their delivered ones lie in (a bill follows its delivered rows only).
 */
export async function repricingCounts(db: Db, change: Repricing) {
  if (change.rows.length === 0) return { transactions: 0, bills: 0 };
  const [row] = await rowsOf<{ transactions: number; bills: number }>(
    db,
    sql`with moving as (
        select t.customer_id, t.transaction_date, t.attendance
        from "transaction" t join ${oldPrices(change.rows)} on ${following(change)}),
      months as (
        select distinct customer_id, extract(year from transaction_date)::int as y,
          extract(month from transaction_date)::int as m
        from moving where attendance = 1)
      select (select count(*)::int from moving) as transactions,
        (select count(*)::int from payment p join months on p.customer_id = months.customer_id
          and p.payment_year = months.y and p.payment_month = months.m) as bills`,
  );
  return { transactions: row?.transactions ?? 0, bills: row?.bills ?? 0 };
}
