import { addDays } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';
import { insertUser } from '../src/modules/auth/auth.repo';
import { generateForAllColonies } from '../src/modules/transaction/generation.service';
import { type Engine, onEachEngine, type Served, serve, settleBaseline } from './engines';
import type { Benchmark } from './measure';
import { alternatingPairs, type BenchResult } from './measure';

/**
 * The operator's day (docs/rules.md section 13) for a dairy of 20 colonies x 500 customers: generate
 * every colony (the service call against one bare INSERT … SELECT of the same rows), GET /api/today
 * and 500 receipts through POST /api/payments/receiveMany, the last two through HTTP as the web
 * app calls them. Two weeks of deliveries and three months of bills and receipts lie behind.
 */
const COLONIES = 20;
const PER_COLONY = 500;
const CUSTOMERS = COLONIES * PER_COLONY;
const RUNS = 7;
/** The last day of history; the runs generate the days after it. */
export const LAST_DAY = '2026-06-14';
const HISTORY_DAYS = 14;
const ENTRIES = 500;

export async function seedDairy(db: Db) {
  await db.execute(sql`
    insert into colony (colony_code, colony_name, charges)
    select 'C' || lpad(g::text, 2, '0'), 'Colony ' || g, 20 from generate_series(1, ${COLONIES}) g`);
  await db.execute(sql`
    insert into combination (combination_days) values ('Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday')`);
  await db.execute(sql`
    insert into product (product_code, product_name, price, available, combination_id, unit)
    select code, name, price, 1, (select min(combination_id) from combination), unit
    from (values ('COW', 'Cow milk', 60.00, 'L'), ('BUF', 'Buffalo milk', 72.00, 'L'), ('CURD', 'Curd', 40.00, 'kg'))
      p(code, name, price, unit)`);
  await db.execute(sql`
    insert into customer (customer_name, address, colony_code, route, opening_balance, due)
    select 'Customer ' || g, 'House ' || g, 'C' || lpad((1 + (g - 1) / ${PER_COLONY})::text, 2, '0'), 1 + g % 40, 0, 0
    from generate_series(1, ${CUSTOMERS}) g`);
  // Everyone takes cow or buffalo milk (1.5 L or 1 L); every third customer curd as well.
  await db.execute(sql`
    insert into consumption (customer_id, product_id, is_active, disable, quantity)
    select cu.customer_id, p.product_id, 1, 0, case when p.product_code = 'COW' then 1.5 else 1 end
    from customer cu join product p
      on p.product_code = case when cu.customer_id % 4 = 0 then 'BUF' else 'COW' end
        or (p.product_code = 'CURD' and cu.customer_id % 3 = 0)`);
  await db.execute(sql`
    insert into "transaction" (customer_id, product_id, combination_id, price, quantity, transaction_date, attendance)
    select co.customer_id, co.product_id, p.combination_id, p.price, co.quantity, ${LAST_DAY}::date - d,
      case when (co.customer_id + d) % 17 = 0 then 0 else 1 end
    from consumption co join product p on p.product_id = co.product_id
    cross join generate_series(0, ${HISTORY_DAYS - 1}) d`);
  // Three months of bills, each paid; 2% of the customers paused from the last day on.
  await db.execute(sql`
    insert into payment (customer_id, payment_year, payment_month, charges, total_price, paid)
    select customer_id, 2026, m, 20, 1500 + customer_id % 9 * 10, 1500 + customer_id % 9 * 10
    from customer cross join generate_series(3, 5) m`);
  await db.execute(sql`
    insert into receipt (customer_id, payment_year, payment_month, amount, mode, received_at, taken_at)
    select customer_id, payment_year, payment_month, total_price, 'positive', paid_at, paid_at
    from payment cross join make_timestamptz(2026, payment_month + 1, 5, 10, 0, 0, 'Asia/Kolkata') paid_at`);
  const user = await insertUser(db, { username: 'bench-day', passwordHash: 'not-a-hash', role: 'admin' });
  await db.execute(sql`
    insert into delivery_change (customer_id, kind, from_date, created_by)
    select customer_id, 'pause', ${LAST_DAY}::date, ${user.userId} from customer where customer_id % 50 = 0`);
  await db.execute(sql`analyze`);
}

/**
 * The rows generation makes for every colony on a date, written by hand with nothing around them:
 * every live consumption of an enabled customer that no pause covers (the seed has no quantity
 * changes).
 */
function bareInsert(date: string) {
  return sql`
    insert into "transaction" (customer_id, product_id, combination_id, price, quantity, transaction_date, attendance)
    select cu.customer_id, p.product_id, p.combination_id, p.price, co.quantity, ${date}::date, 1
    from colony col
    join customer cu on cu.colony_code = col.colony_code
    join consumption co on co.customer_id = cu.customer_id
    join product p on p.product_id = co.product_id
    where col.disable = 0 and cu.disable = 0 and co.disable = 0 and co.is_active = 1 and p.available = 1
      and not exists (select 1 from delivery_change d where d.customer_id = cu.customer_id and d.kind = 'pause'
        and (d.consumption_id is null or d.consumption_id = co.consumption_id)
        and d.from_date <= ${date}::date and (d.to_date is null or d.to_date >= ${date}::date))`;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  const result = (await db.execute(query)) as unknown as { rows: { v: string }[] };
  return String(result.rows[0]?.v);
}

async function generation(database: Database): Promise<BenchResult> {
  const db = database.db;
  const ourDay = (run: number) => addDays(LAST_DAY, 1 + 2 * run);
  const bareDay = (run: number) => addDays(LAST_DAY, 2 + 2 * run);
  let perDay: string | undefined;
  const pairs = await alternatingPairs(
    (run) => generateForAllColonies(db, ourDay(run)),
    (run) => db.execute(bareInsert(bareDay(run))),
    {
      runs: RUNS,
      after: async (side, run) => {
        const date = side === 'ours' ? ourDay(run) : bareDay(run);
        const n = await scalar(
          db,
          sql`select count(*)::text as v from "transaction" where transaction_date = ${date}::date`,
        );
        perDay ??= n;
        if (n !== perDay || n === '0')
          throw new Error(`generate all: ${side} wrote ${n} rows on ${date}, expected ${perDay}`);
        if (side === 'baseline') await settleBaseline(db, 'transaction');
      },
    },
  );
  return {
    name: `generate all: ${COLONIES} colonies x ${PER_COLONY} customers (${perDay} rows), service call`,
    engine: database.kind,
    ...pairs,
    baselineName: 'one bare INSERT … SELECT',
    limit: 1.3,
  };
}

/** GET /api/today on a generated day, beside its largest statement run bare (the day's rows by colony). */
async function today(database: Database, server: Served): Promise<BenchResult> {
  const date = addDays(LAST_DAY, 1);
  const bare = sql`
    select cu.colony_code, t.product_id, count(*), sum(t.quantity)
    from "transaction" t join customer cu on cu.customer_id = t.customer_id
    where t.transaction_date = ${date}::date group by 1, 2`;
  const pairs = await alternatingPairs(
    () => server.call('GET', `/api/today?date=${date}`),
    () => database.db.execute(bare),
    { runs: RUNS, warmup: 2 },
  );
  return {
    name: `GET /api/today: ${COLONIES} colonies x ${PER_COLONY} customers, through HTTP`,
    engine: database.kind,
    ...pairs,
    baselineName: 'its largest statement, bare',
    ...(database.kind === 'pglite' ? { maxMs: 150 } : {}),
  };
}

/** 500 receipts of one colony's customers in one call, beside one bare INSERT of the same receipts. */
async function receiveMany(database: Database, server: Served): Promise<BenchResult> {
  const db = database.db;
  const ids = (
    (await db.execute(
      sql`select customer_id from customer where colony_code = 'C01' order by customer_id`,
    )) as unknown as {
      rows: { customer_id: number }[];
    }
  ).rows.map((r) => r.customer_id);
  if (ids.length !== ENTRIES) throw new Error(`receiveMany: ${ids.length} customers in C01`);
  const entries = ids.map((customerId, i) => ({ customerId, amount: 100 + (i % 50) }));
  const values = sql.join(
    entries.map((e) => sql`(${e.customerId}, 2026, 6, ${e.amount}, 'positive')`),
    sql`, `,
  );
  let before = Number(await scalar(db, sql`select count(*)::text as v from receipt`));
  const pairs = await alternatingPairs(
    () => server.call('POST', '/api/payments/receiveMany', { month: 6, year: 2026, entries }),
    () =>
      db.execute(sql`insert into receipt (customer_id, payment_year, payment_month, amount, mode) values ${values}`),
    {
      runs: RUNS,
      after: async () => {
        const now = Number(await scalar(db, sql`select count(*)::text as v from receipt`));
        if (now !== before + ENTRIES)
          throw new Error(`receiveMany: ${now - before} receipts written, expected ${ENTRIES}`);
        before = now;
      },
    },
  );
  return {
    name: `receiveMany: ${ENTRIES} entries (a colony's customers, their ledgers derived), through HTTP`,
    engine: database.kind,
    ...pairs,
    baselineName: 'one bare INSERT of the receipts',
    ...(database.kind === 'pglite' ? { maxMs: 1000 } : {}),
  };
}

async function measure(engine: Engine): Promise<BenchResult[]> {
  const database = await engine.open('day');
  await seedDairy(database.db);
  const server = await serve(database);
  try {
    const results = [await generation(database)];
    await database.db.execute(sql`analyze`);
    results.push(await today(database, server));
    results.push(await receiveMany(database, server));
    return results;
  } finally {
    await server.close();
    await database.close();
  }
}

export const benchmarks: Benchmark[] = onEachEngine(measure);
