import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createSession, insertUser } from '../../src/modules/auth/auth.repo';
import { hashPassword } from '../../src/modules/auth/password';
import { type Caller, signedInCall } from '../helpers/app';

/**
 * A small dairy with every kind of record, made through the API as operators make them, and the
 * answers of every list, bill and balance: what a backup and a restore must carry over exactly.
 */

export type Call = Caller;

export interface Client {
  app: FastifyInstance;
  /** The session cookie, for raw injects. */
  cookie: string;
  call: Call;
  close(): Promise<void>;
}

/** The app on `database`, signed in as `username` (made first when `create`). */
export async function clientOf(
  database: Database,
  options: { username?: string; create?: boolean; config?: Partial<Config> } = {},
): Promise<Client> {
  const username = options.username ?? 'admin';
  const app = await buildApp({ ...loadConfig({}), webDist: '/nonexistent', ...options.config }, database, {
    logger: false,
  });
  const found = await database.db.query.appUser.findFirst({ where: (u, { eq }) => eq(u.username, username) });
  const user =
    found ??
    (options.create === false
      ? undefined
      : await insertUser(database.db, { username, passwordHash: await hashPassword('backup-pass-1'), role: 'admin' }));
  if (!user) throw new Error(`no user ${username}`);
  const cookie = `sid=${await createSession(database.db, user.userId)}`;
  return { app, cookie, call: signedInCall(app, cookie), close: () => app.close() };
}

async function ok(
  call: Call,
  method: Parameters<Call>[0],
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const answer = await call(method, url, body, headers);
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const DAILY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Every date from `from` for `count` days. */
function dates(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

export interface Dairy {
  customerIds: number[];
}

/**
 * Colonies (one disabled), combinations (one disabled), product rows (one unavailable), customers
 * with opening balances and advances (one disabled), consumptions (one paused, one disabled), two
 * months of generated deliveries with absences and an extra delivery, bills, receipts (a refund,
 * an advance, one with an Idempotency-Key), defaulters, users and sessions.
 */
export async function seedDairy(call: Call): Promise<Dairy> {
  await ok(call, 'POST', '/api/colony/add', { code: 'GP', name: 'Green Park', charges: 20.5 });
  await ok(call, 'POST', '/api/colony/add', { code: 'LK', name: 'Lake View', charges: 0 });
  await ok(call, 'POST', '/api/colony/add', { code: 'OLD', name: 'Old Town', charges: 12 });
  const daily = (await ok(call, 'POST', '/api/days/add', { days: DAILY })).row.combinationId;
  const mwf = (await ok(call, 'POST', '/api/days/add', { days: ['Monday', 'Wednesday', 'Friday'] })).row.combinationId;
  const special = (await ok(call, 'POST', '/api/days/add', { days: ['Special'] })).row.combinationId;
  const weekly = (await ok(call, 'POST', '/api/days/add', { days: ['Weekly'] })).row.combinationId;
  await ok(call, 'POST', '/api/product/add', { code: 'COW', name: 'Cow Milk', price: 62.5, days: daily });
  await ok(call, 'POST', '/api/product/add', { code: 'COW', name: 'Cow Milk', price: 60, days: mwf });
  await ok(call, 'POST', '/api/product/add', { code: 'BUF', name: 'Buffalo Milk', price: 70.25, days: daily });
  await ok(call, 'POST', '/api/product/add', { code: 'GHEE', name: 'Pure Ghee', price: 650, days: special });
  await ok(call, 'POST', '/api/product/add', {
    code: 'CURD',
    name: 'Fresh Curd',
    price: 40,
    available: 0,
    days: daily,
  });

  const people = [
    { name: 'Asha Verma', colony: 'GP', route: 1, due: 0 },
    { name: 'Ravi Kumar', colony: 'GP', route: 2, due: 150.75, contactNumber: '+91 98765 43210' },
    { name: 'Meena Iyer', colony: 'GP', route: 2, due: -50 },
    { name: 'Kabir Shah', colony: 'LK', route: 1, due: 300 },
    { name: 'Zoya Khan', colony: 'LK', route: 3, due: 0 },
    { name: 'Old Timer', colony: 'OLD', route: 1, due: 99.99 },
  ];
  const customerIds: number[] = [];
  for (const p of people)
    customerIds.push((await ok(call, 'POST', '/api/users/add', { address: `${p.name} house`, ...p })).row.customerId);
  const [asha, ravi, meena, kabir, zoya, old] = customerIds as [number, number, number, number, number, number];
  const consume = (colonyId: string, customerId: number, productId: string, day: number) =>
    ok(call, 'POST', '/api/consumptions/add', { colonyId, customerId, productId, day });
  await consume('GP', asha, 'COW', daily);
  await consume('GP', asha, 'BUF', daily);
  await consume('GP', ravi, 'COW', mwf);
  await consume('GP', meena, 'COW', daily);
  await consume('LK', kabir, 'BUF', daily);
  const zoyaRow = (await consume('LK', zoya, 'COW', daily)).row.consumptionId;
  await consume('OLD', old, 'COW', daily);
  await ok(call, 'GET', `/api/consumptions/status/${zoyaRow}`); // paused

  for (const date of [...dates('2026-06-01', 12), ...dates('2026-07-01', 6)]) {
    await ok(call, 'POST', '/api/transactions/generate', { colony: 'GP', date });
    await ok(call, 'POST', '/api/transactions/generate', { colony: 'LK', date });
  }
  // Absences, and an extra delivery of ghee.
  const june = await ok(call, 'GET', `/api/transactions?limit=1000&monthyr=2026-06&customerId=${asha}`);
  for (const row of june.response.slice(0, 3)) await ok(call, 'POST', `/api/transactions/update/${row.transactionId}`);
  await ok(call, 'POST', '/api/transactions/singletransaction', {
    colony: 'GP',
    customerId: ravi,
    productId: 'GHEE',
    days: special,
    price: 640.5,
    transactionType: 'single',
    fromDate: '2026-06-15',
  });

  await ok(call, 'POST', '/api/payments/generatePayments', { colony: 'GP', month: 6, year: 2026 });
  await ok(call, 'POST', '/api/payments/generatePayments', { colony: 'LK', month: 6, year: 2026, charges: 5 });
  await ok(call, 'POST', '/api/payments/generatePayments', { colony: 'GP', month: 7, year: 2026 });
  const receive = (customerId: number, month: number, amount: number, mode = 'positive', key?: string) =>
    ok(
      call,
      'PATCH',
      '/api/payments/receivingPaymentsForm',
      { customerId, month, year: 2026, receivingPayment: amount, paymentMode: mode },
      key ? { 'idempotency-key': key } : {},
    );
  await receive(asha, 5, 500);
  await receive(ravi, 5, 1000.5, 'positive', 'receipt-ravi-june');
  await receive(ravi, 5, 100, 'negative');
  await receive(kabir, 5, 2000);
  await receive(meena, 8, 250); // an advance: no bill that month
  await ok(call, 'POST', '/api/payments/generateDefaulters', { colony: 'OLD', month: 5, year: 2026 });

  await ok(call, 'GET', `/api/users/disable/${zoya}`);
  await ok(call, 'POST', '/api/colony/disable/OLD');
  await ok(call, 'GET', `/api/days/disable/${weekly}`);
  return { customerIds };
}

/**
 * The answers of every list, bill and balance a person reads: colonies, combinations, product
 * rows, customers, consumptions, transactions, bills, payment details, each customer's receiving
 * summary for every month, the reports and the overview.
 */
export async function everyAnswer(call: Call, dairy: Dairy): Promise<Record<string, unknown>> {
  const gets = [
    '/api/colony?limit=1000',
    '/api/colony/api?seeUser=true',
    '/api/days',
    '/api/product?limit=1000',
    '/api/product/api',
    '/api/users?limit=1000',
    '/api/consumptions?limit=1000',
    '/api/transactions?limit=1000',
    '/api/payments?limit=1000',
    '/api/payments/paymentDetails?limit=1000',
    '/api/reports?transactionDate=2026-06-05',
    '/api/reports/noBalance?colonyName=OLD',
    '/api/overview',
  ];
  const answers: Record<string, unknown> = {};
  for (const url of gets) answers[url] = await ok(call, 'GET', url);
  for (const colonyName of ['GP', 'LK'])
    for (const paymentMonth of [5, 6]) {
      const body = { colonyName, paymentMonth, paymentYear: 2026 };
      answers[`reports/filtered ${JSON.stringify(body)}`] = await ok(call, 'POST', '/api/reports/filtered', body);
    }
  for (const customerId of dairy.customerIds)
    for (const month of [4, 5, 6, 7, 8]) {
      const body = { customerId, month, year: 2026 };
      answers[`receiving ${JSON.stringify(body)}`] = await ok(
        call,
        'POST',
        '/api/payments/receivingPaymentsForm',
        body,
      );
    }
  return answers;
}

/** The answers are the same and not trivially empty. */
export function expectSameAnswers(actual: Record<string, unknown>, expected: Record<string, unknown>) {
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
  for (const key of Object.keys(expected)) expect({ [key]: actual[key] }).toEqual({ [key]: expected[key] });
  expect((expected['/api/transactions?limit=1000'] as { total: number }).total).toBeGreaterThan(50);
  expect((expected['/api/payments?limit=1000'] as { total: number }).total).toBeGreaterThan(5);
}
