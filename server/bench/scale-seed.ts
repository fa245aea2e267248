import { performance } from 'node:perf_hooks';
import { addDays, datesBetween, monthDates, monthOf } from '@dairy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { covers, parseDays } from '../src/domain/schedule';

/**
 * The dairy of `npm run bench -- --scale`, seeded set-based (INSERT … SELECT, never through the
 * API): 20 colonies of 500 customers, each taking milk and curd every day, every eighth also milk
 * on Monday/Wednesday/Friday and every fifth ghee monthly. `large` holds six months of deliveries
 * (about 3.7 million transactions), bills and receipts of the first five; `small` the same
 * customers with one day of deliveries and that month's bills and receipts. One in fifty stopped
 * taking anything after April still owing (see `stopped`), half of those already marked
 * defaulters: the defaulter lists have rows to find on both dairies. On the small dairy they have
 * their last day, April 30, and its bill, so that both dairies answer those lists alike.
 */
export const COLONIES = 20;
export const CUSTOMERS_PER_COLONY = 500;
export const FIRST_DAY = '2026-01-01';
export const LAST_DAY = '2026-06-30';
/** Billed when seeded: January to May (large), May (small). June is billed by the benchmarks. */
export const LAST_BILLED = { year: 2026, month: 5 } as const;
export const BILL_MONTH = { year: 2026, month: 6 } as const;
/** The small dairy's one day of deliveries. */
export const SMALL_DAY = '2026-05-31';

const DAILY = 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday';
const COMBINATIONS = [DAILY, 'Monday, Wednesday, Friday', 'Monthly', 'Special'];

export const colonyCode = (i: number) => `C${String(i).padStart(2, '0')}`;

/** The first day without deliveries for the customers who stopped. */
const STOPPED_FROM = '2026-05-01';
/** Their last day of deliveries, and its month. */
const STOPPED_LAST_DAY = '2026-04-30';
const STOPPED_LAST_MONTH = { year: 2026, month: 4 } as const;
/** Whether the customer numbered `n` in its colony (1-500) stopped taking anything after April. */
const stopped = (n: SQL) => sql`${n} % 50 = 17`;
/** A customer's number in its colony: ids follow colonies, then customers. */
const numberInColony = (customerId: SQL) => sql`((${customerId} - 1) % ${CUSTOMERS_PER_COLONY} + 1)`;

async function execute(db: Db, query: ReturnType<typeof sql>) {
  const t0 = performance.now();
  await db.execute(query);
  if (process.env.SEED_TRACE) console.log('  step', (performance.now() - t0).toFixed(0), 'ms');
}

/** Colonies, combinations, product rows, customers and their consumptions. */
async function seedMasterData(db: Db) {
  await execute(
    db,
    sql`insert into colony (colony_code, colony_name, charges)
      select 'C' || lpad(i::text, 2, '0'), 'Colony ' || lpad(i::text, 2, '0'), 20 + (i % 5) * 5
      from generate_series(1, ${COLONIES}) i`,
  );
  await execute(
    db,
    sql`insert into combination (combination_days)
      select value from json_array_elements_text(${JSON.stringify(COMBINATIONS)}::json)`,
  );
  await execute(
    db,
    sql`insert into product (product_code, product_name, price, available, combination_id)
      select v.code, v.name, v.price, 1, c.combination_id
      from (values ('MILK', 'Cow milk', 62.50, ${DAILY}), ('CURD', 'Fresh curd', 40.00, ${DAILY}),
        ('MILK', 'Cow milk', 60.00, 'Monday, Wednesday, Friday'), ('GHEE', 'Pure ghee', 650.00, 'Monthly'),
        ('PANEER', 'Paneer', 90.00, 'Special')) as v(code, name, price, days)
      join combination c on c.combination_days = v.days`,
  );
  // Some owe from before (opening balance), some start in credit; five in each colony are disabled.
  // Those who stopped owe more than any overpayment of four months takes back.
  await execute(
    db,
    sql`insert into customer (customer_name, contact_number, address, colony_code, route, disable, defaulter,
        opening_balance, due)
      select 'Customer ' || lpad(c::text, 2, '0') || '-' || lpad(n::text, 3, '0'), '98' || lpad((c * 1000 + n)::text, 8, '0'),
        'House ' || n || ', Street ' || (1 + n % 25), 'C' || lpad(c::text, 2, '0'), 1 + n % 40,
        case when n % 100 = 0 then 1 else 0 end, case when ${stopped(sql`n`)} and n % 100 < 50 then 1 else 0 end, o, o
      from generate_series(1, ${COLONIES}) c
      cross join generate_series(1, ${CUSTOMERS_PER_COLONY}) n
      cross join lateral (select case when ${stopped(sql`n`)} then 2000.00 when n % 10 = 0 then -300.00
        when n % 3 = 0 then 450.00 else 0 end) as b(o)
      order by c, n`,
  );
  await execute(
    db,
    sql`insert into consumption (customer_id, product_id, is_active, disable)
      select cu.customer_id, p.product_id, case when ${stopped(numberInColony(sql`cu.customer_id`))} then 0 else 1 end, 0
      from customer cu
      join product p on (p.product_code in ('MILK', 'CURD') and p.price in (62.50, 40.00))
        or (p.product_code = 'MILK' and p.price = 60.00 and cu.customer_id % 8 = 0)
        or (p.product_code = 'GHEE' and cu.customer_id % 5 = 0)
      order by cu.customer_id, p.product_id`,
  );
  await execute(db, sql`analyze`);
}

/** Each combination's covered dates from `from` to `to`, decided by the schedule's own rule. */
async function coveredDates(db: Db, from: string, to: string) {
  const rows = (await db.execute(sql`select combination_id, combination_days from combination`)) as unknown as {
    rows: { combination_id: number; combination_days: string }[];
  };
  const pairs: { combination_id: number; date: string }[] = [];
  for (let i = 0; i < datesBetween(from, to); i++) {
    const date = addDays(from, i);
    for (const c of rows.rows)
      if (covers(parseDays(c.combination_days), date)) pairs.push({ combination_id: c.combination_id, date });
  }
  return pairs;
}

/**
 * Runs `load` with the table's unique constraints and secondary indexes dropped, then builds them
 * again from their own definitions, as a restore does: millions of rows load several times faster.
 */
async function withoutIndexes(db: Db, table: string, load: () => Promise<void>) {
  const result = (await db.execute(sql`
    select 'alter table ' || c.conrelid::regclass || ' add constraint ' || quote_ident(c.conname) || ' '
        || pg_get_constraintdef(c.oid) as create,
      'alter table ' || c.conrelid::regclass || ' drop constraint ' || quote_ident(c.conname) as drop
    from pg_constraint c where c.conrelid = ${table}::regclass and c.contype = 'u'
    union all
    select pg_get_indexdef(i.indexrelid), 'drop index ' || i.indexrelid::regclass
    from pg_index i
    where i.indrelid = ${table}::regclass and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)) as unknown as {
    rows: { create: string; drop: string }[];
  };
  for (const index of result.rows) await execute(db, sql.raw(index.drop));
  await load();
  for (const index of result.rows) await execute(db, sql.raw(index.create));
}

/**
 * The deliveries of enabled customers from `from` to `to`, as daily generation would have made
 * them (in date order), until April for those who stopped (`stoppedOnly`: theirs alone); one in
 * fifty was missed (attendance 0).
 */
async function seedDeliveries(db: Db, from: string, to: string, options: { stoppedOnly?: boolean } = {}) {
  // A month at a time keeps each statement's memory bounded.
  let start = from;
  while (start <= to) {
    const monthEnd = addDays(monthDates(monthOf(start)).until, -1);
    const end = monthEnd < to ? monthEnd : to;
    const cover = await coveredDates(db, start, end);
    await execute(
      db,
      sql`insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
        select co.customer_id, co.product_id, p.combination_id, p.price, d.date,
          case when (co.customer_id + (d.date - date '2026-01-01')) % 50 = 0 then 0 else 1 end
        from json_to_recordset(${JSON.stringify(cover)}::json) as d(combination_id int, date date)
        join product p on p.combination_id = d.combination_id
        join consumption co on co.product_id = p.product_id
        join customer cu on cu.customer_id = co.customer_id and cu.disable = 0
        where (co.is_active = 1 or d.date < ${STOPPED_FROM}::date)
          ${options.stoppedOnly ? sql`and ${stopped(numberInColony(sql`co.customer_id`))}` : sql``}
        order by d.date, co.customer_id, co.product_id`,
    );
    await execute(db, sql`analyze "transaction"`);
    start = addDays(end, 1);
  }
}

/** Bills (and lines) of a month, as Generate Payments makes them, without their balances yet. */
async function seedBills(db: Db, period: { year: number; month: number }) {
  const { from, until } = monthDates(period);
  const delivered = sql`
    select t.customer_id, t.product_id, t.price, count(*)::int as attendance
    from "transaction" t join customer cu on cu.customer_id = t.customer_id and cu.disable = 0
    where t.attendance = 1 and t.transaction_date >= ${from}::date and t.transaction_date < ${until}::date
    group by t.customer_id, t.product_id, t.price`;
  await execute(
    db,
    sql`insert into payment (customer_id, payment_year, payment_month, charges, total_price)
      select d.customer_id, ${period.year}, ${period.month}, col.charges, sum(d.price * d.attendance) + col.charges
      from (${delivered}) d join customer cu on cu.customer_id = d.customer_id join colony col on col.colony_code = cu.colony_code
      group by d.customer_id, col.charges
      order by d.customer_id`,
  );
  await execute(db, sql`analyze payment`);
  await execute(
    db,
    sql`insert into payment_line (payment_id, product_code, product_name, price, attendance)
      select b.payment_id, p.product_code, p.product_name, d.price, d.attendance
      from (${delivered}) d
      join payment b on b.customer_id = d.customer_id and b.payment_year = ${period.year} and b.payment_month = ${period.month}
      join product p on p.product_id = d.product_id
      order by b.payment_id, p.product_code, d.price`,
  );
  // Most pay in full, every seventh part of it, every eleventh ahead, every twenty-fifth gets a refund.
  await execute(
    db,
    sql`insert into receipt (customer_id, payment_year, payment_month, amount, mode, received_at, taken_at)
      select *, received_at from (select p.customer_id, p.payment_year, p.payment_month,
        case when p.customer_id % 7 = 0 then round(p.total_price * 0.6, 2)
          when p.customer_id % 11 = 0 then p.total_price + 200.00 else p.total_price end,
        'positive', ${until}::timestamptz + (p.customer_id % 9) * interval '1 day' as received_at
      from payment p where p.payment_year = ${period.year} and p.payment_month = ${period.month}
        and p.customer_id % 13 <> 0
      union all
      select p.customer_id, p.payment_year, p.payment_month, -150.00, 'negative', ${until}::timestamptz + interval '12 days'
      from payment p where p.payment_year = ${period.year} and p.payment_month = ${period.month}
        and p.customer_id % 25 = 0) as taken_when_received`,
  );
}

/** Every bill's previous due, paid and due, and every customer's paid and due, from the stored rows. */
export async function settleLedgers(db: Db) {
  await execute(
    db,
    sql`with periods as (
        select p.payment_id, p.customer_id, p.total_price, p.payment_year * 12 + p.payment_month as n,
          coalesce((select sum(r.amount) from receipt r where r.customer_id = p.customer_id
            and r.payment_year = p.payment_year and r.payment_month = p.payment_month), 0) as paid
        from payment p
      ), received as (
        select customer_id, payment_year * 12 + payment_month as n, sum(amount) as amount
        from receipt group by customer_id, payment_year, payment_month
      ), balances as (
        select p.payment_id, p.paid, p.total_price - p.paid as due,
          c.opening_balance
            + coalesce((select sum(b.total_price) from payment b where b.customer_id = p.customer_id
                and b.payment_year * 12 + b.payment_month < p.n), 0)
            - coalesce((select sum(r.amount) from received r where r.customer_id = p.customer_id and r.n < p.n), 0)
            as previous_due
        from periods p join customer c on c.customer_id = p.customer_id
      )
      update payment set previous_due = b.previous_due, paid = b.paid, due = b.due
      from balances b where b.payment_id = payment.payment_id`,
  );
  await execute(
    db,
    sql`update customer c set
      paid = coalesce(r.total, 0),
      due = c.opening_balance + coalesce(b.total, 0) - coalesce(r.total, 0)
      from customer c2
      left join (select customer_id, sum(amount) as total from receipt group by customer_id) r on r.customer_id = c2.customer_id
      left join (select customer_id, sum(total_price) as total from payment group by customer_id) b on b.customer_id = c2.customer_id
      where c2.customer_id = c.customer_id`,
  );
}

export type DairySize = 'small' | 'large';

export async function seedDairy(db: Db, size: DairySize) {
  await seedMasterData(db);
  if (size === 'large') {
    await withoutIndexes(db, '"transaction"', () => seedDeliveries(db, FIRST_DAY, LAST_DAY));
    for (let month = 1; month <= LAST_BILLED.month; month++) await seedBills(db, { year: 2026, month });
  } else {
    await seedDeliveries(db, STOPPED_LAST_DAY, STOPPED_LAST_DAY, { stoppedOnly: true });
    await seedBills(db, STOPPED_LAST_MONTH);
    await seedDeliveries(db, SMALL_DAY, SMALL_DAY);
    await seedBills(db, LAST_BILLED);
  }
  await settleLedgers(db);
  await execute(db, sql`vacuum analyze`);
}
