import { performance } from 'node:perf_hooks';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { generatePayments } from '../src/modules/payment/payment.service';
import { postgresAvailable, startCluster } from '../test/setup/postgres-cluster';
import type { Benchmark, BenchResult } from './run';

const CUSTOMERS = 5000;
const COLONY = 'BENCH';
const RUNS = 5;

/**
 * 5,000 customers, each with about 45 delivered transactions in January 2026 (milk every day,
 * curd on the first 14 days), seeded set-based.
 */
async function seed(database: Database) {
  const db = database.db;
  await db.execute(
    sql`insert into colony (colony_code, colony_name, charges) values (${COLONY}, 'Bench colony', 25.00)`,
  );
  await db.execute(sql`insert into combination (combination_days)
    values ('Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday')`);
  await db.execute(sql`insert into product (product_code, product_name, price, available, combination_id)
    select code, name, price, 1, (select min(combination_id) from combination)
    from (values ('M1', 'Cow Milk', 56.00), ('C1', 'Fresh Curd', 32.50)) as v(code, name, price)`);
  await db.execute(sql`insert into customer (customer_name, address, colony_code, route)
    select 'Customer ' || g, 'House ' || g, ${COLONY}, 1 + g % 40 from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into transaction (customer_id, product_id, combination_id, price, transaction_date, attendance)
    select c.customer_id, p.product_id, p.combination_id, p.price, d::date, 1
    from customer c
    cross join product p
    cross join generate_series('2026-01-01'::date, '2026-01-31'::date, interval '1 day') d
    where p.product_code = 'M1' or extract(day from d) <= 14`);
  await db.execute(sql`analyze`);
}

/**
 * The floor to compare with: the same bills, lines and customer balances written by bare
 * set-based SQL, without our rules, checks or ledger (rolled back so ours starts clean).
 */
async function bareBilling(database: Database) {
  const billedDeliveries = sql`
    from transaction t
    join customer c on c.customer_id = t.customer_id
    join product pr on pr.product_id = t.product_id
    join payment p on p.customer_id = t.customer_id and p.payment_year = 2026 and p.payment_month = 1
    where c.colony_code = ${COLONY} and c.disable = 0 and t.attendance = 1
      and t.transaction_date >= '2026-01-01' and t.transaction_date < '2026-02-01'`;
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`
        insert into payment (customer_id, payment_year, payment_month, charges, total_price, previous_due, due)
        select c.customer_id, 2026, 1, 25.00, sum(t.price) + 25.00, min(c.opening_balance), sum(t.price) + 25.00
        from transaction t join customer c on c.customer_id = t.customer_id
        where c.colony_code = ${COLONY} and c.disable = 0 and t.attendance = 1
          and t.transaction_date >= '2026-01-01' and t.transaction_date < '2026-02-01'
        group by c.customer_id`);
      await tx.execute(sql`
        insert into payment_line (payment_id, product_code, product_name, price, attendance)
        select p.payment_id, min(pr.product_code), min(pr.product_name), t.price, count(*)
        ${billedDeliveries}
        group by p.payment_id, t.product_id, t.price`);
      await tx.execute(sql`
        update customer set due = customer.opening_balance + p.total_price
        from payment p where p.customer_id = customer.customer_id and p.payment_year = 2026 and p.payment_month = 1`);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Back to no bills for the month (untimed), so every run bills the month afresh. */
async function unbill(database: Database) {
  await database.db.execute(sql`delete from payment where payment_year = 2026 and payment_month = 1`);
  await database.db.execute(sql`update customer set paid = 0, due = opening_balance`);
}

async function billsWritten(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from payment where payment_year = 2026 and payment_month = 1`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

async function measure(database: Database, target: string): Promise<BenchResult> {
  await database.migrate();
  await seed(database);
  const ours: number[] = [];
  const bare: number[] = [];
  // The first run warms up and is not counted.
  for (let run = 0; run <= RUNS; run++) {
    await unbill(database);
    const oursMs = await timed(() =>
      generatePayments(database.db, { colonyCode: COLONY, year: 2026, month: 1, charges: undefined }),
    );
    const billed = await billsWritten(database);
    if (billed !== CUSTOMERS) throw new Error(`expected ${CUSTOMERS} bills, found ${billed}`);
    await unbill(database);
    const bareMs = await timed(() => bareBilling(database));
    if (run > 0) {
      ours.push(oursMs);
      bare.push(bareMs);
    }
  }
  await database.close();
  return {
    name: `bill a month: ${CUSTOMERS} customers x ~45 deliveries (median of ${RUNS})`,
    database: database.kind,
    ours_ms: Number(median(ours).toFixed(1)),
    bare_sql_ms: Number(median(bare).toFixed(1)),
    target,
  };
}

export const benchmarks: Benchmark[] = [
  async () => [await measure(openPglite('memory://'), '< 2000 ms, ratio <= 2')],
  async () => {
    if (!postgresAvailable()) {
      console.warn('PostgreSQL 15 binaries not found: the PostgreSQL payment figures are left out.');
      return [];
    }
    const cluster = await startCluster();
    try {
      return [await measure(openPostgres(cluster.url('postgres')), 'ratio <= 2')];
    } finally {
      cluster.stop();
    }
  },
];
