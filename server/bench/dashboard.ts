import { calendarDateIn, type DashboardResponse, parsePaise, parseQuantity } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import type { Database, Db } from '../src/db/client';
import type { Served } from './engines';
import { alternatingPairs, type BenchResult } from './measure';

/**
 * The owner's dashboard at scale: `GET /api/dashboard` through HTTP against the same sums as bare
 * SQL, one hand-written statement per figure with nothing around it (no transaction, no HTTP, no
 * JSON): the floor. Both answer the same figures or the bench fails.
 */

const RUNS = 5;
/** The seeded dairy's last billed month, with receipts taken in it and against it. */
const MONTH = { year: 2026, month: 5 };
const FROM = '2026-05-01';
const UNTIL = '2026-06-01';
const PREVIOUS_FROM = '2026-04-01';
const YEAR_FROM = '2025-06-01';

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, string>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
}

/** The figures as bare statements give them, in the shape `figuresOf` compares. */
async function bareFigures(db: Db, today: string, zone: string) {
  // Summed per product row before the codes are joined: grouping the month's rows by code text costs twice as much.
  const daily = await rows(
    db,
    sql`select d.date, p.product_code as code, sum(d.quantity)::text as quantity
      from (select transaction_date::text as date, product_id, sum(quantity) as quantity from "transaction"
        where attendance = 1 and transaction_date >= ${FROM}::date and transaction_date < ${UNTIL}::date
        group by 1, 2) d
      join product p on p.product_id = d.product_id
      group by 1, 2`,
  );
  const delivered = (from: string | undefined, until: string, who = sql`c.customer_id`) =>
    sql`exists (select 1 from "transaction" t where t.customer_id = ${who} and t.attendance = 1
      ${from ? sql`and t.transaction_date >= ${from}::date` : sql``} and t.transaction_date < ${until}::date)`;
  const [customers] = await rows(
    db,
    sql`with c as materialized (select c.customer_id, ${delivered(FROM, UNTIL)} as now,
        ${delivered(PREVIOUS_FROM, FROM)} as last from customer c)
      select concat_ws(' ', count(*) filter (where now),
        count(*) filter (where now and not last and not ${delivered(undefined, PREVIOUS_FROM, sql`c.customer_id`)}),
        count(*) filter (where last and not now)) as counts
      from c`,
  );
  const billed = await rows(
    db,
    sql`select payment_year * 12 + payment_month as n, sum(total_price)::text as amount from payment
      where payment_year * 12 + payment_month between ${MONTH.year * 12 + MONTH.month - 11} and ${MONTH.year * 12 + MONTH.month}
      group by 1`,
  );
  const collected = await rows(
    db,
    sql`select to_char(taken_at at time zone ${zone}, 'YYYY-MM') as month, sum(amount)::text as amount from receipt
      where taken_at >= ${YEAR_FROM}::timestamp at time zone ${zone} and taken_at < ${UNTIL}::timestamp at time zone ${zone}
      group by 1`,
  );
  const ofColonies = (table: 'payment' | 'receipt', amount: 'total_price' | 'amount') =>
    rows(
      db,
      sql`select cu.colony_code as code, sum(x.${sql.raw(amount)})::text as amount
        from ${sql.raw(table)} x join customer cu on cu.customer_id = x.customer_id
        join colony col on col.colony_code = cu.colony_code and col.disable = 0
        where x.payment_year = ${MONTH.year} and x.payment_month = ${MONTH.month}
        group by 1`,
    );
  const colonyBills = await ofColonies('payment', 'total_price');
  const colonyReceipts = await ofColonies('receipt', 'amount');
  const ageing = await rows(
    db,
    sql`select greatest(${today}::date - coalesce((r.taken at time zone ${zone})::date,
          (make_date(b.first / 12, b.first % 12 + 1, 1) + interval '1 month' - interval '1 day')::date,
          (c.created_at at time zone ${zone})::date), 0) as days, sum(c.due)::text as amount
      from customer c
      left join (select customer_id, max(taken_at) as taken from receipt where amount > 0 group by customer_id) r
        on r.customer_id = c.customer_id
      left join (select customer_id, min(payment_year * 12 + payment_month - 1) as first from payment group by customer_id) b
        on b.customer_id = c.customer_id
      where c.due > 0
      group by 1`,
  );
  const top = await rows(
    db,
    sql`select customer_id::text as id from customer where due > 0 order by due desc, customer_name, customer_id limit 10`,
  );
  const total = (list: Record<string, string>[], field: string, parse = parsePaise) =>
    list.reduce((s, r) => s + parse(r[field]!), 0);
  return [
    `quantity ${total(daily, 'quantity', parseQuantity)} on ${daily.length} day-products`,
    `customers ${customers?.counts}`,
    `billed ${total(billed, 'amount')} collected ${total(collected, 'amount')}`,
    `colonies ${total(colonyBills, 'amount')} ${total(colonyReceipts, 'amount')}`,
    `outstanding ${total(ageing, 'amount')} top ${top.map((r) => r.id).join(',')}`,
  ].join('; ');
}

/** The same figures read from the dashboard's answer. */
function figuresOf(answer: DashboardResponse) {
  const total = (values: number[]) => values.reduce((s, v) => s + v, 0);
  const { cards } = answer;
  return [
    `quantity ${total(answer.daily.map((d) => d.quantity))} on ${answer.daily.length} day-products`,
    `customers ${cards.customersDelivered} ${cards.customersStarted} ${cards.customersStopped}`,
    `billed ${total(answer.months.map((m) => m.billed))} collected ${total(answer.months.map((m) => m.collected))}`,
    `colonies ${total(answer.colonies.map((c) => c.billed))} ${total(answer.colonies.map((c) => c.collected))}`,
    `outstanding ${cards.outstanding} top ${answer.topDues.map((d) => d.customerId).join(',')}`,
  ].join('; ');
}

/** Rupees and quantities of the answer as paise and hundredths, as the service computed them. */
function inside(answer: DashboardResponse): DashboardResponse {
  const cents = (n: number) => Math.round(n * 100);
  return {
    ...answer,
    cards: { ...answer.cards, outstanding: cents(answer.cards.outstanding) },
    daily: answer.daily.map((d) => ({ ...d, quantity: cents(d.quantity) })),
    months: answer.months.map((m) => ({ ...m, billed: cents(m.billed), collected: cents(m.collected) })),
    colonies: answer.colonies.map((c) => ({ ...c, billed: cents(c.billed), collected: cents(c.collected) })),
  };
}

export async function dashboardRow(kind: string, database: Database, server: Served): Promise<BenchResult> {
  // The business time zone the served app runs with.
  const zone = loadConfig({}).businessTz;
  const url = `/api/dashboard?month=${MONTH.month}&year=${MONTH.year}`;
  let ours = '';
  let bare = '';
  const pairs = await alternatingPairs(
    async () => {
      ours = figuresOf(inside((await server.call('GET', url)) as DashboardResponse));
    },
    async () => {
      bare = await bareFigures(database.db, calendarDateIn(zone, new Date()), zone);
    },
    {
      runs: RUNS,
      after: async (side) => {
        if (side === 'baseline' && ours !== '' && ours !== bare)
          throw new Error(`dashboard: bare SQL gives ${bare}, ours ${ours}`);
      },
    },
  );
  return {
    name: `dashboard of a month (${ours.split(';')[1]?.trim()})`,
    engine: kind,
    ...pairs,
    baselineName: 'bare SQL of the same sums',
    limit: 1.5,
  };
}
