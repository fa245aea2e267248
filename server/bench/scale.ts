import { addDays } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';
import { covers, parseDays } from '../src/domain/schedule';
import { bareBilling } from './bare-billing';
import { customerPageBenchmarks } from './customer-page';
import { dashboardRow } from './dashboard';
import { type Engine, pgliteEngine, postgresEngine, type Served, serve } from './engines';
import { alternatingPairs, type BenchResult, spread, timed } from './measure';
import { BILL_MONTH, LAST_DAY, SMALL_DAY, seedDairy, settleLedgers } from './scale-seed';

/**
 * `npm run bench -- --scale`: the dairy of scale-seed.ts on both engines, through the HTTP API.
 * Every figure is the median of alternating pairs with the least and the most.
 */

const RUNS = 5;
const LIST_RUNS = 11;

type Call = [method: 'GET' | 'POST', url: string, body?: unknown];

/** Customer 7 of colony C07 (ids follow colonies, then customers). */
const A_CUSTOMER = 6 * 500 + 7;

/** Every list of the spec, with the filters an operator uses, on May (billed in both dairies). */
const LIST_CALLS: [string, Call][] = [
  ['colonies, page 1', ['GET', '/api/colony?limit=10&offset=1']],
  ['combinations', ['GET', '/api/days']],
  ['product rows', ['GET', '/api/product']],
  ['customers of a colony', ['GET', '/api/users?colonyCode=C07']],
  ['customer picker of a colony', ['POST', '/api/fetch/users', { colonyId: 'C07' }]],
  ['consumptions of a colony', ['GET', '/api/consumptions?colonyCode=C07']],
  ['transactions: all colonies, a date', ['GET', `/api/transactions?date=${SMALL_DAY}`]],
  ['transactions: a colony, a date', ['GET', `/api/transactions?colonyCode=C07&date=${SMALL_DAY}`]],
  ['transactions: a colony, a month', ['GET', '/api/transactions?colonyCode=C07&monthyr=2026-05']],
  // The small dairy's month of a customer is one day, 2 rows, where the large one's is 62: a page
  // of 2 answers as much on both, so the history is all that differs.
  [
    'transactions: a customer, a month, a page of 2',
    ['GET', `/api/transactions?customerId=${A_CUSTOMER}&monthyr=2026-05&limit=2`],
  ],
  [
    'generation preview of a colony',
    ['GET', '/api/transactions/nexttransactionpreview?colony=C07&startDate=2026-07-02'],
  ],
  ['bills of a colony, a month', ['GET', '/api/payments?colonyCode=C07&paymentMonth=4&paymentYear=2026']],
  [
    'payment details: all colonies, a month',
    ['GET', '/api/payments/paymentDetails?startMonth=4&startYear=2026&endMonth=4&endYear=2026'],
  ],
  [
    'payment details: all colonies, a month, page 100',
    ['GET', '/api/payments/paymentDetails?startMonth=4&startYear=2026&endMonth=4&endYear=2026&offset=100'],
  ],
  [
    'payment details: a colony, a month, unpaid',
    [
      'GET',
      '/api/payments/paymentDetails?colony=C07&startMonth=4&startYear=2026&endMonth=4&endYear=2026&paymentStatus=unpaid',
    ],
  ],
  [
    'receiving summary of a customer',
    ['POST', '/api/payments/receivingPaymentsForm', { customerId: A_CUSTOMER, month: 4, year: 2026 }],
  ],
  ['daily report: all colonies', ['GET', `/api/reports?transactionDate=${SMALL_DAY}`]],
  [
    'monthly report of a colony',
    ['POST', '/api/reports/filtered', { colonyName: 'C07', paymentMonth: 4, paymentYear: 2026 }],
  ],
  ['defaulters preview of a colony', ['GET', '/api/payments/previewDefaulters?colony=C07&month=5&year=2026']],
  ['no-transaction report of a colony', ['GET', '/api/reports/noBalance?colonyName=C07']],
];

const send = (server: Served, [method, url, body]: Call) => server.call(method, url, body);

/** The rows of a list's answer: the answer, or its first list (`response`, `data`, `rows`…). */
function listIn(answer: unknown): unknown[] | undefined {
  if (Array.isArray(answer)) return answer;
  return Object.values(answer as Record<string, unknown>).find(Array.isArray);
}

/** Fails unless the list answers rows on both dairies: an empty answer would time nothing of the history. */
async function answersRows(name: string, small: Served, large: Served, call: Call) {
  for (const [size, server] of [['small', small] as const, ['large', large] as const]) {
    const rows = listIn(await send(server, call));
    if (rows?.length === 0) throw new Error(`list ${name}: no rows on the ${size} dairy`);
  }
}

async function listCalls(kind: string, small: Served, large: Served): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, call] of LIST_CALLS) {
    await answersRows(name, small, large, call);
    const pairs = await alternatingPairs(
      () => send(large, call),
      () => send(small, call),
      { runs: LIST_RUNS, warmup: 2 },
    );
    results.push({ name: `list: ${name}`, engine: kind, ...pairs, baselineName: 'small dairy', limit: 1.5 });
  }
  return results;
}

async function scalar<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, T>[] };
  return Object.values(result.rows[0]!)[0]!;
}

/** The combinations covering a date, by the schedule's own rule. */
async function covering(db: Db, date: string): Promise<number[]> {
  const result = (await db.execute(sql`select combination_id, combination_days from combination`)) as unknown as {
    rows: { combination_id: number; combination_days: string }[];
  };
  return result.rows.filter((c) => covers(parseDays(c.combination_days), date)).map((c) => c.combination_id);
}

/**
 * The same rows as generation of every colony, written by hand with nothing around them: the
 * pauses and quantity changes covering the date applied as generation applies them.
 */
function bareGeneration(date: string, combinationIds: number[]) {
  return sql`
    insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance, quantity)
    select cu.customer_id, p.product_id, p.combination_id, p.price, ${date}::date, 1, coalesce(q.quantity, co.quantity)
    from colony col
    join customer cu on cu.colony_code = col.colony_code
    join consumption co on co.customer_id = cu.customer_id
    join product p on p.product_id = co.product_id
    left join delivery_change q on q.consumption_id = co.consumption_id and q.kind = 'quantity'
      and q.from_date <= ${date}::date and q.to_date >= ${date}::date
    where col.disable = 0 and cu.disable = 0 and co.disable = 0 and co.is_active = 1 and p.available = 1
      and p.combination_id = any(${`{${combinationIds.join(',')}}`}::int[])
      and not exists (select 1 from delivery_change d where d.customer_id = cu.customer_id and d.kind = 'pause'
        and (d.consumption_id is null or d.consumption_id = co.consumption_id)
        and d.from_date <= ${date}::date and (d.to_date is null or d.to_date >= ${date}::date))`;
}

/** A day for every colony: ours through the API against the bare INSERT … SELECT, on dates alike. */
async function generation(kind: string, database: Database, server: Served): Promise<BenchResult> {
  const db = database.db;
  // Pairs of dates the same combinations cover (no 1st, no Monday/Wednesday/Friday), so both
  // sides write the same number of rows.
  const everyDay = (await covering(db, '2026-07-02')).join();
  const dates: string[] = [];
  for (let day = addDays(LAST_DAY, 1); dates.length < 2 * (RUNS + 1); day = addDays(day, 1))
    if ((await covering(db, day)).join() === everyDay) dates.push(day);
  const rowsOn = (date: string) =>
    scalar<string>(db, sql`select count(*)::text from "transaction" where transaction_date = ${date}::date`);
  const combinationIds = everyDay.split(',').map(Number);
  let perDay: string | undefined;
  const pairs = await alternatingPairs(
    (run) => server.call('POST', '/api/transactions/generateAll', { date: dates[2 * run] }),
    (run) => db.execute(bareGeneration(dates[2 * run + 1]!, combinationIds)),
    {
      runs: RUNS,
      after: async (side, run) => {
        const n = await rowsOn(dates[2 * run + (side === 'ours' ? 0 : 1)]!);
        perDay ??= n;
        if (n !== perDay || n === '0') throw new Error(`generation: ${side} wrote ${n} rows, expected ${perDay}`);
      },
    },
  );
  return {
    name: `generate a day, all colonies (${perDay} rows)`,
    engine: kind,
    ...pairs,
    baselineName: 'bare INSERT … SELECT',
    limit: 1.3,
  };
}

/** Back to no bills for the month (untimed), so every run bills it afresh. */
async function unbill(db: Db) {
  await db.execute(
    sql`delete from payment where payment_year = ${BILL_MONTH.year} and payment_month = ${BILL_MONTH.month}`,
  );
  await settleLedgers(db);
  await db.execute(sql`vacuum analyze payment, payment_line, customer`);
}

/** What a billing wrote: counts and sums that differ if either side computed something else. */
async function written(db: Db) {
  const { year, month } = BILL_MONTH;
  return scalar<string>(
    db,
    sql`select concat_ws(' ',
      (select count(*) from payment where payment_year = ${year} and payment_month = ${month}),
      (select concat_ws(' ', count(*), sum(l.quantity), sum(l.amount)) from payment_line l
        join payment p on p.payment_id = l.payment_id
        where p.payment_year = ${year} and p.payment_month = ${month}),
      (select concat_ws(' ', sum(total_price), sum(previous_due), sum(paid), sum(due), sum(charges)) from payment
        where payment_year = ${year} and payment_month = ${month}),
      (select concat_ws(' ', sum(paid), sum(due)) from customer))`,
  );
}

const billAll = (server: Served) => server.call('POST', '/api/payments/generateAll', BILL_MONTH);

/** A month for every colony: ours through the API against the bare statement. */
async function billing(kind: string, database: Database, server: Served): Promise<BenchResult> {
  const db = database.db;
  let expected: string | undefined;
  const pairs = await alternatingPairs(
    () => billAll(server),
    () => db.execute(bareBilling(BILL_MONTH)),
    {
      runs: RUNS,
      before: () => unbill(db),
      after: async (side) => {
        const result = await written(db);
        if (side === 'ours') expected ??= result;
        if (expected !== undefined && result !== expected)
          throw new Error(`billing: ${side} wrote ${result}, ours wrote ${expected}`);
      },
    },
  );
  return {
    name: `bill a month, all colonies (${expected?.split(' ')[0]} bills)`,
    engine: kind,
    ...pairs,
    baselineName: 'bare set-based SQL',
    limit: 1.5,
  };
}

/**
 * On the embedded engine, calls made while the month is billed again and again: `/api/health`
 * (no query) and a page of customers (it needs the engine, which billing holds), against the same
 * calls with nothing else running.
 */
async function whileBilling(kind: string, database: Database, server: Served): Promise<BenchResult[]> {
  const calls: [string, Call][] = [
    ['/api/health while billing all colonies', ['GET', '/api/health']],
    ['customers of a colony while billing all colonies', ['GET', '/api/users?colonyCode=C07']],
  ];
  const results: BenchResult[] = [];
  for (const [name, call] of calls) {
    const idle: number[] = [];
    for (let i = 0; i < 2 + 3 * RUNS; i++) {
      const ms = await timed(() => send(server, call));
      if (i >= 2) idle.push(ms);
    }
    const busy: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await unbill(database.db);
      let billed = false;
      const billingRun = billAll(server).finally(() => {
        billed = true;
      });
      // A moment in, so the billing holds the engine when the calls come.
      await new Promise((resolve) => setTimeout(resolve, 50));
      while (!billed) busy.push(await timed(() => send(server, call)));
      await billingRun;
    }
    const idleSpread = spread(idle);
    results.push({
      name,
      engine: kind,
      ours: spread(busy),
      baseline: idleSpread,
      baselineName: 'idle',
      ratio: spread(busy.map((ms) => ms / idleSpread.median)),
      limit: 2,
      note: `${busy.length} calls during ${RUNS} billings`,
    });
  }
  return results;
}

interface Dairy {
  kind: 'pglite' | 'postgres';
  database: Database;
  server: Served;
}

/** Seeds the two dairies on one engine and measures everything that engine alone decides. */
async function measureEngine(engine: Engine, results: BenchResult[]): Promise<Dairy> {
  const log = (text: string) => console.log(`[${engine.kind}] ${text}`);
  log('seeding the small dairy');
  const small = await engine.open('small');
  await seedDairy(small.db, 'small');
  log('seeding the large dairy (a few minutes)');
  const large = await engine.open('large');
  const seeded = await timed(() => seedDairy(large.db, 'large'));
  log(
    `seeded in ${(seeded / 1000).toFixed(0)} s: ${await scalar(large.db, sql`select count(*)::text from "transaction"`)} transactions`,
  );
  const smallServer = await serve(small);
  const largeServer = await serve(large);
  log('lists');
  results.push(...(await listCalls(engine.kind, smallServer, largeServer)));
  await smallServer.close();
  await small.close();
  log('dashboard');
  results.push(await dashboardRow(engine.kind, large, largeServer));
  log('customer page and search');
  results.push(...(await customerPageBenchmarks(engine.kind, large, A_CUSTOMER)));
  log('generation');
  results.push(await generation(engine.kind, large, largeServer));
  log('billing');
  results.push(await billing(engine.kind, large, largeServer));
  if (engine.kind === 'pglite') {
    log('calls while billing');
    results.push(...(await whileBilling(engine.kind, large, largeServer)));
  }
  return { kind: engine.kind, database: large, server: largeServer };
}

export async function scaleBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const engines: Engine[] = [pgliteEngine({ inFolders: true })];
  const dairies: Dairy[] = [];
  try {
    dairies.push(await measureEngine(engines[0]!, results));
    const postgres = await postgresEngine();
    if (postgres) {
      engines.push(postgres);
      dairies.push(await measureEngine(postgres, results));
    }
    const [embedded, server] = dairies;
    if (embedded && server) {
      console.log('re-billing on both engines');
      const pairs = await alternatingPairs(
        () => billAll(embedded.server),
        () => billAll(server.server),
        { runs: RUNS },
      );
      results.push({
        name: 'bill a month again, all colonies',
        engine: 'pglite vs postgres',
        ...pairs,
        baselineName: 'postgres',
        limit: 2,
      });
    }
  } finally {
    for (const dairy of dairies) {
      await dairy.server.close();
      await dairy.database.close();
    }
    for (const engine of engines) engine.stop();
  }
  return results;
}
