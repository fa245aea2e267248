import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DATABASE } from '../setup/global-postgres';

/**
 * A real server process killed (SIGKILL) after a receipt's commit and before its answer, then
 * started again on the same data: the cashier's retry with the same Idempotency-Key gets the
 * first answer and the ledger keeps one receipt. The kill comes from the test-only failpoint
 * DAIRY_FAILPOINT=exit-after-commit, at exactly that moment.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const started: ChildProcess[] = [];
let dataDir: string | undefined;
let databaseUrl: string | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Server {
  url: string;
  process: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** `node server/src/server.ts` as `npm start` runs it, on the test's data; resolves once it answers. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      BACKUP_AT: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited at start: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const base = inject('postgresUrl');
    const name = `crash_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    databaseUrl = base.replace(/\/postgres$/, `/${name}`);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dairy-crash-'));
  }
});

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash between the commit and the answer', () => {
  it('answers the retried receipt with the first answer and records it once', async () => {
    const first = await startServer({ DAIRY_FAILPOINT: 'exit-after-commit' });
    const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
    const setup = await fetch(`${first.url}/api/auth/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'cashier', password: 'long enough' }),
    });
    expect(setup.status).toBe(200);
    const cookie = setup.headers.get('set-cookie')!.split(';')[0]!;
    const headers = { ...json, cookie };
    const call = (server: Server, method: string, url: string, body: object, extra: object = {}) =>
      fetch(`${server.url}/api${url}`, { method, headers: { ...headers, ...extra }, body: JSON.stringify(body) });

    expect((await call(first, 'POST', '/colony/add', { code: 'CR', name: 'Crash Colony', charges: 0 })).status).toBe(
      200,
    );
    const added = await call(first, 'POST', '/users/add', {
      name: 'Asha',
      address: 'House 1',
      colony: 'CR',
      route: 1,
      due: 1000,
    });
    expect(added.status).toBe(200);
    const customerId: number = ((await added.json()) as { row: { customerId: number } }).row.customerId;
    const receipt = { customerId, month: 4, year: 2026, receivingPayment: '400.50', paymentMode: 'positive' };
    const key = { 'idempotency-key': '5f0c9a52-8d3e-4c1b-9a57-0a4c3e1d2b6f' };

    // The server commits the receipt, then dies before answering: the cashier sees no answer.
    await expect(call(first, 'PATCH', '/payments/receivingPaymentsForm', receipt, key)).rejects.toThrow();
    expect(await first.exited).toBe('SIGKILL');

    const second = await startServer();
    const retried = await call(second, 'PATCH', '/payments/receivingPaymentsForm', receipt, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const answer = (await retried.json()) as { currentBill: object; customer: object };
    expect(answer).toMatchObject({
      msg: 'Successfully Received Amount',
      currentBill: { paymentId: null, paid: 400.5, previousDue: 1000, balance: 599.5 },
      customer: { customerId, paid: 400.5, due: 599.5 },
    });
    // The answer is the ledger as it stands: one receipt of 400.50.
    const summary = await call(second, 'POST', '/payments/receivingPaymentsForm', {
      customerId,
      month: 4,
      year: 2026,
    });
    expect(await summary.json()).toEqual({ currentBill: answer.currentBill, customer: answer.customer });
    // A new key is a new receipt: the retry above really recorded nothing.
    const next = await call(second, 'PATCH', '/payments/receivingPaymentsForm', receipt, {
      'idempotency-key': 'another-key',
    });
    expect(((await next.json()) as { customer: object }).customer).toMatchObject({ paid: 801, due: 199 });
    second.process.kill('SIGTERM');
    await second.exited;
  }, 240_000);
});
