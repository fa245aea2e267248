import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { linksFor, type PageServer, servePages } from './customer-page';
import { type Engine, pgliteEngine, postgresEngine } from './engines';
import { type BenchResult, type Spread, spread } from './measure';
import { seedDairy } from './scale-seed';

/*
 * `npm run bench -- --customer-load` (docs/rules.md section 24): 200 customers, each with their own
 * link and, behind TRUST_PROXY, their own address, open their page and look at two past months,
 * again and again for 60 s (CUSTOMER_LOAD_SECONDS), while an operator lists a colony's customers.
 * No call may fail; the page calls' 99th percentile stays under 250 ms on PostgreSQL and 500 ms on
 * the embedded engine, and the operator's list within 2x of idle on PostgreSQL.
 *
 * The dairy is the scale bench's small one: 10,000 customers, May 2026 delivered and billed; the
 * server's clock is 31 May 2026. A customer reads for 2 to 8 s after each call (12 calls a minute
 * on average, well under the page's limit of 60), so the 200 make about 40 calls a second.
 */

const CUSTOMERS = 200;
const SECONDS = Number(process.env.CUSTOMER_LOAD_SECONDS ?? 60);
const MAY_31 = new Date('2026-05-31T10:00:00+05:30');
const OPERATOR_LIST = '/api/users?colonyCode=C07';
const OPERATOR_EVERY_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reading = () => 2000 + Math.random() * 6000;

/** The share `p` (0-1) of the timings at or under which they lie. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

interface Timings {
  ms: number[];
  errors: string[];
}

async function timedCall(server: PageServer, url: string, into: Timings, options: Parameters<PageServer['call']>[1]) {
  const start = performance.now();
  try {
    const answer = await server.call(url, options);
    into.ms.push(performance.now() - start);
    if (answer.status !== 200) into.errors.push(`${answer.status} ${answer.body.slice(0, 120)}`);
  } catch (error) {
    into.errors.push(String(error));
  }
}

/** One customer: their page, then April's and March's statements, reading after each, until `end`. */
async function customer(server: PageServer, token: string, address: string, end: number, into: Timings) {
  const calls = [
    `/api/my/${token}`,
    `/api/my/${token}/statement?month=4&year=2026`,
    `/api/my/${token}/statement?month=3&year=2026`,
  ];
  await pause(Math.random() * 5000);
  for (let i = 0; performance.now() < end; i++) {
    await timedCall(server, calls[i % calls.length]!, into, { from: address });
    await pause(reading());
  }
}

/** The operator's list, every half second until `end`. */
async function operator(server: PageServer, end: number, into: Timings) {
  while (performance.now() < end) {
    await timedCall(server, OPERATOR_LIST, into, { signedIn: true });
    await pause(OPERATOR_EVERY_MS);
  }
}

async function idleTimings(server: PageServer, url: string, signedIn: boolean): Promise<Spread> {
  const into: Timings = { ms: [], errors: [] };
  for (let i = 0; i < 23; i++) await timedCall(server, url, into, { signedIn, from: '192.0.2.1' });
  if (into.errors.length > 0) throw new Error(`idle ${url}: ${into.errors[0]}`);
  return spread(into.ms.slice(3));
}

async function underLoad(engine: Engine): Promise<BenchResult[]> {
  const log = (text: string) => console.log(`[${engine.kind}] ${text}`);
  let database: Database | undefined;
  let server: PageServer | undefined;
  try {
    database = await engine.open('customerload');
    log('seeding the small dairy');
    await seedDairy(database.db, 'small');
    // Customers spread over every colony, enabled ones only.
    const ids = (
      (await database.db.execute(
        sql`select customer_id from customer where disable = 0 and customer_id % 50 = 3 order by customer_id limit ${CUSTOMERS}`,
      )) as unknown as { rows: { customer_id: number }[] }
    ).rows.map((r) => r.customer_id);
    const tokens = await linksFor(database, ids);
    server = await servePages(database, MAY_31);
    const idlePage = await idleTimings(server, `/api/my/${tokens[0]}`, false);
    const idleList = await idleTimings(server, OPERATOR_LIST, true);
    log(`${CUSTOMERS} customers for ${SECONDS} s`);
    const end = performance.now() + SECONDS * 1000;
    const pages: Timings = { ms: [], errors: [] };
    const lists: Timings = { ms: [], errors: [] };
    await Promise.all([
      ...tokens.map((token, i) => customer(server!, token, `10.${Math.floor(i / 250)}.${i % 250}.7`, end, pages)),
      operator(server, end, lists),
    ]);
    const sorted = [...pages.ms].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const target = engine.kind === 'postgres' ? 250 : 500;
    const errors = pages.errors.length + lists.errors.length;
    if (errors > 0) console.warn(`[${engine.kind}] errors:`, [...pages.errors, ...lists.errors].slice(0, 5));
    const rate = (pages.ms.length / SECONDS).toFixed(0);
    return [
      {
        name: `${CUSTOMERS} customers' pages for ${SECONDS} s: p99 [p50-max]`,
        engine: engine.kind,
        ours: { median: p99, min: percentile(sorted, 0.5), max: sorted.at(-1)! },
        baseline: idlePage,
        baselineName: 'a page call, idle',
        ratio: spread([p99 / idlePage.median]),
        // An error fails the row whatever the times.
        maxMs: errors === 0 ? target : 0,
        note: `p99 < ${target} ms; ${pages.ms.length} calls (${rate}/s), ${errors} errors`,
      },
      {
        name: `the operator's list (${OPERATOR_LIST}) meanwhile`,
        engine: engine.kind,
        ours: spread(lists.ms),
        baseline: idleList,
        baselineName: 'idle',
        ratio: spread(lists.ms.map((ms) => ms / idleList.median)),
        ...(engine.kind === 'postgres' ? { limit: 2 } : {}),
        note: `${lists.ms.length} calls`,
      },
    ];
  } finally {
    await server?.close();
    await database?.close();
    engine.stop();
  }
}

export async function customerLoadBenchmarks(): Promise<BenchResult[]> {
  const results = await underLoad(pgliteEngine());
  const postgres = await postgresEngine();
  if (postgres) results.push(...(await underLoad(postgres)));
  return results;
}
