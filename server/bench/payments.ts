import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { generatePayments } from '../src/modules/payment/payment.service';
import { startCluster } from '../test/setup/postgres-cluster';
import type { Benchmark, BenchResult } from './run';

const CUSTOMERS = 5000;
const COLONY = 'BENCH';

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

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return Math.round(performance.now() - start);
}

async function measure(database: Database, name: BenchResult['database']): Promise<BenchResult> {
  await database.migrate();
  await seed(database);
  await bareBilling(database); // warm the cache for both
  const bare = await time(() => bareBilling(database));
  const ours = await time(() =>
    generatePayments(database.db, { colonyCode: COLONY, year: 2026, month: 1, charges: undefined }),
  );
  const billed = (await database.db.execute(
    sql`select count(*)::int as n from payment where payment_year = 2026 and payment_month = 1`,
  )) as unknown as { rows: { n: number }[] };
  const check = billed.rows[0];
  if (check?.n !== CUSTOMERS) throw new Error(`expected ${CUSTOMERS} bills, found ${check?.n}`);
  return {
    name: `bills for a month: ${CUSTOMERS} customers, ~45 deliveries each`,
    database: name,
    ours_ms: ours,
    bare_sql_ms: bare,
    target: '< 2000 ms on PGlite, ratio <= 2',
  };
}

export const benchmarks: Benchmark[] = [
  async () => {
    const results: BenchResult[] = [];
    const embedded = openPglite('memory://');
    try {
      results.push(await measure(embedded, 'pglite'));
    } finally {
      await embedded.close();
    }
    const cluster = await startCluster();
    try {
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query('create database bench_payments');
      await admin.end();
      const server = openPostgres(cluster.url('bench_payments'));
      try {
        results.push(await measure(server, 'postgres'));
      } finally {
        await server.close();
      }
    } finally {
      cluster.stop();
    }
    return results;
  },
];
