import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { ledgerProblems } from '../../src/modules/backup/ledger-check';
import { type Answer, client, type ServerProcess, spawnServer, waitUntilServing } from './server-process';

/**
 * Kill -9 at any moment leaves a database that starts and satisfies the ledger (docs/rules.md
 * section 16): the real server, on its own data, is killed (SIGKILL) in the middle of a
 * generation, a billing run, a burst of receipts and a collection batch (`receiveMany`, all or
 * nothing), round after round, and started again.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const ROUNDS = 3;
const CUSTOMERS = 1500;
const RECEIPTS = 40;
const DAILY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const folder = mkdtempSync(path.join(tmpdir(), 'dairy-crash-'));
let settings: Record<string, string>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (onPostgres) {
    const base = inject('postgresUrl');
    const name = `crash_safety_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    settings = { DATABASE_URL: base.replace(/\/postgres$/, `/${name}`) };
  } else settings = { DATA_DIR: path.join(folder, 'data') };
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

async function start() {
  server = await spawnServer(settings);
  await waitUntilServing(server);
  const api = client(server);
  return { server, api };
}

/** The database as the server left it, opened by the test while no server runs. */
async function inspect<T>(look: (database: Database) => Promise<T>): Promise<T> {
  const database = onPostgres ? openPostgres(settings.DATABASE_URL!, 2) : openPglite(settings.DATA_DIR!);
  try {
    return await look(database);
  } finally {
    await database.close();
  }
}

async function ok(answer: Promise<Answer>) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `work`, waits `after` ms, and kills the server (SIGKILL) while it may be in the middle of
 * it. Answers the work's answers that came back before the kill.
 */
async function killDuring(work: () => Promise<unknown>, after: number) {
  const settled = work().then(
    (value) => ({ done: true, value }),
    () => ({ done: false, value: undefined }),
  );
  await pause(after);
  const exit = await server!.kill('SIGKILL');
  expect(exit.signal).toBe('SIGKILL');
  return settled;
}

/** What holds after any crash: the ledger, whole generations and bills. */
async function expectConsistent(generatedDates: string[]) {
  const facts = await inspect(async (database) => ({
    ledger: await ledgerProblems(database.db),
    perDate: await rowsOf<{ date: string; n: number }>(
      database.db,
      sql`select transaction_date::text as date, count(*)::int as n from "transaction" group by 1 order by 1`,
    ),
    wrongBills: await rowsOf<{ id: number }>(
      database.db,
      sql`select p.payment_id as id from payment p
          left join (select payment_id, sum(amount) as lines from payment_line group by 1) l using (payment_id)
          where p.total_price <> coalesce(l.lines, 0) + p.charges`,
    ),
    receipts: (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from receipt`))[0]!.n,
    // The collection batches are the only receipts of April.
    batchReceipts: (
      await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from receipt where payment_month = 4`)
    )[0]!.n,
  }));
  expect(facts.ledger).toEqual([]);
  // A generation is one database transaction: a date has every row of the plan or none.
  for (const { date, n } of facts.perDate) {
    expect(generatedDates).toContain(date);
    expect({ date, n }).toEqual({ date, n: CUSTOMERS });
  }
  expect(facts.wrongBills).toEqual([]);
  return facts;
}

describe('kill -9 in the middle of work', () => {
  it('starts again after each kill with the ledger whole and no half-written change', async () => {
    let { api } = await start();
    await api.setUp();
    await ok(api.call('POST', '/api/colony/add', { code: 'BIG', name: 'Big colony', charges: 25 }));
    const daily = (await ok(api.call('POST', '/api/days/add', { days: DAILY }))).row.combinationId;
    await ok(api.call('POST', '/api/product/add', { code: 'COW', name: 'Cow Milk', price: 62.5, days: daily }));
    const rows = Array.from({ length: CUSTOMERS }, (_, i) => ({
      Name: `Customer ${i + 1}`,
      Phone: '',
      Address: `House ${i + 1}`,
      'Colony Code': 'BIG',
      Route: String(1 + (i % 40)),
      'Opening Balance': String(i % 7 === 0 ? 100 : 0),
      'Product Code': 'COW',
      Days: DAILY.join(', '),
    }));
    expect((await ok(api.call('POST', '/api/import/customers', { rows }))).created).toBe(CUSTOMERS);
    const ids = (await ok(api.call('GET', '/api/users?limit=1000'))).rows.map(
      (c: { customerId: number }) => c.customerId,
    );

    // How long the work takes uninterrupted: the kills land within that time.
    const generated = ['2026-06-01'];
    let began = Date.now();
    await ok(api.call('POST', '/api/transactions/generate', { colony: 'BIG', date: '2026-06-01' }));
    const generation = Date.now() - began;
    began = Date.now();
    await ok(api.call('POST', '/api/payments/generatePayments', { colony: 'BIG', month: 6, year: 2026 }));
    const billing = Date.now() - began;
    const receipts = () =>
      Promise.all(
        ids.slice(0, RECEIPTS).map((customerId: number) =>
          api.call('PATCH', '/api/payments/receivingPaymentsForm', {
            customerId,
            month: 5,
            year: 2026,
            receivingPayment: 10.5,
            paymentMode: 'positive',
          }),
        ),
      );
    began = Date.now();
    await receipts();
    const burst = Date.now() - began;
    const batch = () =>
      api.call('POST', '/api/payments/receiveMany', {
        month: 4,
        year: 2026,
        entries: ids.slice(0, RECEIPTS).map((customerId: number) => ({ customerId, amount: 7.25 })),
      });
    began = Date.now();
    await ok(batch());
    const collection = Date.now() - began;
    let saved = 2 * RECEIPTS;
    const kills = { generation: 0, billing: 0, receipts: 0, batch: 0 };

    for (let round = 0; round < ROUNDS; round++) {
      // From early in the work to just after it (the last round may find it done: both must hold).
      const at = (duration: number) => Math.max(5, Math.round(duration * (0.3 + (1.1 * round) / ROUNDS)));
      const date = `2026-06-${String(round + 2).padStart(2, '0')}`;
      generated.push(date);
      const gen = await killDuring(
        () => api.call('POST', '/api/transactions/generate', { colony: 'BIG', date }),
        at(generation),
      );
      if (!gen.done) kills.generation++;
      ({ api } = await start());
      await api.call('POST', '/api/auth/login', { username: 'admin', password: 'fault-test-1' });

      const bill = await killDuring(
        () => api.call('POST', '/api/payments/generatePayments', { colony: 'BIG', month: 6, year: 2026 }),
        at(billing),
      );
      if (!bill.done) kills.billing++;
      ({ api } = await start());
      await api.call('POST', '/api/auth/login', { username: 'admin', password: 'fault-test-1' });

      const paid = await killDuring(receipts, at(burst));
      if (!paid.done) kills.receipts++;
      ({ api } = await start());
      await api.call('POST', '/api/auth/login', { username: 'admin', password: 'fault-test-1' });

      const collected = await killDuring(batch, at(collection));
      if (!collected.done) kills.batch++;
      ({ server } = await start());
      await server.kill('SIGTERM');
      const facts = await expectConsistent(generated);
      // Some receipts of the burst were saved, maybe all or none; each saved one counts in the ledger.
      expect(facts.receipts).toBeGreaterThanOrEqual(saved);
      expect(facts.receipts).toBeLessThanOrEqual(saved + 2 * RECEIPTS);
      // A collection batch is saved whole or not at all.
      expect(facts.batchReceipts % RECEIPTS).toBe(0);
      saved = facts.receipts;
      ({ api } = await start());
      await api.call('POST', '/api/auth/login', { username: 'admin', password: 'fault-test-1' });
    }
    await server!.kill('SIGTERM');
    // The kills did land in the middle of work, not only after it.
    expect(kills.generation + kills.billing + kills.receipts + kills.batch).toBeGreaterThan(0);
  }, 600_000);
});
