import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';
import { generatePayments } from '../src/modules/payment/payment.service';
import { bareBilling } from './bare-billing';
import { type Engine, onEachEngine } from './engines';
import type { Benchmark } from './measure';
import { alternatingPairs, type BenchResult } from './measure';

const CUSTOMERS = 5000;
const COLONY = 'BENCH';
const CHARGES = '25.00';
const RUNS = 5;
/** The month billed; the history is the twelve months before it. */
const YEAR = 2026;
const MONTH = 1;
const HISTORY_MONTHS = 12;

/**
 * 5,000 customers, each with about 45 delivered transactions in January 2026 (milk every day,
 * curd on the first 14 days), seeded set-based, with quantities: milk 1, 1.5, 0.5 or 1.25 L a day
 * by customer (and 2 L in the last week for every fifth), curd 1 or 0.75. Some owe an opening
 * balance, some start in credit.
 */
async function seed(db: Db) {
  await db.execute(
    sql`insert into colony (colony_code, colony_name, charges) values (${COLONY}, 'Bench colony', ${CHARGES})`,
  );
  await db.execute(sql`insert into combination (combination_days)
    values ('Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday')`);
  await db.execute(sql`insert into product (product_code, product_name, price, available, combination_id)
    select code, name, price, 1, (select min(combination_id) from combination)
    from (values ('M1', 'Cow Milk', 56.00), ('C1', 'Fresh Curd', 32.50)) as v(code, name, price)`);
  await db.execute(sql`
    insert into customer (customer_name, address, colony_code, route, opening_balance, due)
    select 'Customer ' || g, 'House ' || g, ${COLONY}, 1 + g % 40, o, o
    from generate_series(1, ${CUSTOMERS}) g
    cross join lateral (select case when g % 10 = 0 then -300.00 when g % 3 = 0 then 450.00 else 0 end) as b(o)`);
  await db.execute(sql`insert into transaction (customer_id, product_id, combination_id, price, transaction_date, attendance,
      quantity)
    select c.customer_id, p.product_id, p.combination_id, p.price, d::date, 1,
      case when p.product_code = 'C1' then (case when c.customer_id % 2 = 0 then 1 else 0.75 end)
        when c.customer_id % 5 = 0 and extract(day from d) > 24 then 2
        else (array[1, 1.5, 0.5, 1.25])[1 + c.customer_id % 4] end
    from customer c
    cross join product p
    cross join generate_series('2026-01-01'::date, '2026-01-31'::date, interval '1 day') d
    where p.product_code = 'M1' or extract(day from d) <= 14`);
  await db.execute(sql`analyze`);
}

/**
 * Twelve months of bills (with their lines) and receipts before the billed month, with their
 * balances derived as ours would store them. Most customers pay each bill in full; every
 * seventh pays part of it, every tenth pays ahead (a credit), every twenty-fifth has a refund.
 */
async function seedHistory(db: Db) {
  await db.execute(sql`
    insert into payment (customer_id, payment_year, payment_month, charges, total_price)
    select c.customer_id, (n - k) / 12, (n - k) % 12 + 1, ${CHARGES},
      1500.00 + (c.customer_id % 9) * 35.50 + ((n - k) % 12) * 12.00
    from customer c
    cross join (select ${YEAR * 12 + MONTH - 1}::int) as i(n)
    cross join generate_series(1, ${HISTORY_MONTHS}) k`);
  await db.execute(sql`
    insert into payment_line (payment_id, product_code, product_name, price, attendance, quantity, amount)
    select p.payment_id, 'M1', 'Cow Milk', round((p.total_price - ${CHARGES}) / 30, 2), 30, 30,
      round((p.total_price - ${CHARGES}) / 30, 2) * 30
    from payment p`);
  await db.execute(sql`
    insert into receipt (customer_id, payment_year, payment_month, amount, mode)
    select p.customer_id, p.payment_year, p.payment_month,
      case when p.customer_id % 7 = 0 then round(p.total_price * 0.6, 2)
        when p.customer_id % 10 = 0 then p.total_price + 200.00 else p.total_price end, 'positive'
    from payment p
    union all
    select p.customer_id, p.payment_year, p.payment_month, -150.00, 'negative'
    from payment p where p.customer_id % 25 = 0 and p.payment_month % 4 = 0`);
  await db.execute(sql`
    with periods as (
      select p.payment_id, p.customer_id, p.total_price,
        coalesce((select sum(r.amount) from receipt r where r.customer_id = p.customer_id
          and r.payment_year = p.payment_year and r.payment_month = p.payment_month), 0) as paid,
        p.payment_year * 12 + p.payment_month as n
      from payment p
    ), balances as (
      select p.payment_id, p.paid, p.total_price - p.paid as due,
        c.opening_balance + coalesce(sum(p.total_price - p.paid) over (
          partition by p.customer_id order by p.n rows between unbounded preceding and 1 preceding), 0) as previous_due
      from periods p join customer c on c.customer_id = p.customer_id
    )
    update payment set previous_due = b.previous_due, paid = b.paid, due = b.due
    from balances b where b.payment_id = payment.payment_id`);
  await settleCustomers(db);
  await db.execute(sql`analyze`);
}

/** Customer paid and due from their stored bills and receipts (untimed set-up). */
async function settleCustomers(db: Db) {
  await db.execute(sql`
    update customer c set
      paid = coalesce((select sum(amount) from receipt r where r.customer_id = c.customer_id), 0),
      due = c.opening_balance
        + coalesce((select sum(total_price) from payment p where p.customer_id = c.customer_id), 0)
        - coalesce((select sum(amount) from receipt r where r.customer_id = c.customer_id), 0)`);
}

async function ours(db: Db) {
  await generatePayments(db, { colonyCode: COLONY, year: YEAR, month: MONTH, charges: undefined });
}

/** Back to no bills for the month (untimed), so every run bills the month afresh. */
async function unbill(db: Db) {
  await db.execute(sql`delete from payment where payment_year = ${YEAR} and payment_month = ${MONTH}`);
  await settleCustomers(db);
  // The reset's own changes are counted before the analyze clears them, not charged to the next billing.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`vacuum analyze payment, payment_line, customer`);
}

/** What a billing wrote: counts and sums that differ if either side computed something else. */
async function written(db: Db) {
  const result = (await db.execute(sql`
    select (select count(*)::int from payment where payment_year = ${YEAR} and payment_month = ${MONTH}) as bills,
      (select concat_ws(' ', count(*), sum(l.attendance), sum(l.quantity), sum(l.amount))
        from payment_line l join payment p on p.payment_id = l.payment_id
        where p.payment_year = ${YEAR} and p.payment_month = ${MONTH}) as lines,
      (select concat_ws(' ', sum(total_price), sum(previous_due), sum(paid), sum(due)) from payment
        where payment_year = ${YEAR} and payment_month = ${MONTH}) as bill_sums,
      (select concat_ws(' ', sum(paid), sum(due)) from customer) as customer_sums`)) as unknown as {
    rows: { bills: number; lines: string; bill_sums: string; customer_sums: string }[];
  };
  return result.rows[0]!;
}

/** Ours against the bare SQL in alternating pairs, each side billing the month afresh. */
async function compare(database: Database, name: string, target: { limit: number; note?: string }) {
  const db = database.db;
  let expected: string | undefined;
  const pairs = await alternatingPairs(
    () => ours(db),
    () => db.execute(bareBilling({ year: YEAR, month: MONTH }, COLONY)),
    {
      runs: RUNS,
      before: () => unbill(db),
      after: async (side) => {
        const result = JSON.stringify(await written(db));
        if (side === 'ours') expected ??= result;
        if (!result.includes(`"bills":${CUSTOMERS},`)) throw new Error(`${name}: ${side} wrote ${result}`);
        if (expected !== undefined && result !== expected)
          throw new Error(`${name}: ${side} wrote ${result}, ours wrote ${expected}`);
      },
    },
  );
  const note = target.note && `${target.note}: ${pairs.ours.median < 2000 ? 'yes' : 'NO'}`;
  return { name, engine: database.kind, ...pairs, baselineName: 'bare set-based SQL', limit: target.limit, note };
}

async function measure(engine: Engine, target: { limit: number; note?: string }): Promise<BenchResult[]> {
  const database = await engine.open('billing');
  await seed(database.db);
  const rows = [
    await compare(database, `bill a month with quantities: ${CUSTOMERS} customers x ~45 deliveries`, target),
  ];
  await seedHistory(database.db);
  rows.push(await compare(database, `the same, after ${HISTORY_MONTHS} months of bills and receipts`, target));
  await database.close();
  return rows;
}

export const benchmarks: Benchmark[] = onEachEngine((engine) =>
  measure(engine, engine.kind === 'pglite' ? { limit: 1.5, note: '< 2000 ms' } : { limit: 1.5 }),
);
