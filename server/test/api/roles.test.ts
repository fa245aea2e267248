import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleOf } from '../../src/plugins/permissions';
import { type Caller, createTestApp, type TestApp } from '../helpers/app';
import { makeColony, makeConsumption, makeCustomer, makeDelivery, makeProduct } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';

/*
 * Who may make each documented call (docs/rules.md section 15), written out here call by call rather
 * than read from the server's permission table: each call is made as an admin, an operator and a
 * collector of colony MINE, and must be refused (403 'Not allowed') exactly where the matrix says.
 * Bodies of calls that would change much are left invalid or name unknown ids: such a call is
 * still allowed (400/404), it just changes nothing.
 */

type Verdict = 'ok' | 403;
type Roles = { admin: Verdict; operator: Verdict; collector: Verdict };
const EVERYONE: Roles = { admin: 'ok', operator: 'ok', collector: 'ok' };
const OFFICE: Roles = { admin: 'ok', operator: 'ok', collector: 403 };
const ADMIN: Roles = { admin: 'ok', operator: 403, collector: 403 };

let t: TestApp;
let backupDir: string;
const as: Record<keyof Roles, Caller> = {} as never;
const ids: Record<string, number> = {};

beforeAll(async () => {
  backupDir = mkdtempSync(path.join(tmpdir(), 'roles-backups-'));
  t = await createTestApp({ config: { backupDir } });
  const db = t.database.db;
  await makeColony(db, { colonyCode: 'MINE', colonyName: 'My colony' });
  await makeColony(db, { colonyCode: 'OTHER', colonyName: 'Other colony' });
  const product = await makeProduct(db, { productCode: 'COW', price: 5000 });
  for (const colonyCode of ['MINE', 'OTHER']) {
    const customer = await makeCustomer(db, { colonyCode });
    await makeConsumption(db, { customerId: customer.customerId, productId: product.productId });
    const delivery = await makeDelivery(db, customer.customerId, product, '2026-06-01');
    ids[`customer${colonyCode}`] = customer.customerId;
    ids[`transaction${colonyCode}`] = delivery.transactionId;
  }
  as.admin = (method, url, body) => t.call(method, url, body);
  as.operator = (await signedInAs(t, 'olga', 'operator')).call;
  as.collector = (await signedInAs(t, 'cara', 'collector', ['MINE'])).call;
});
afterAll(async () => {
  await t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

type Method = Parameters<Caller>[0];
interface Call {
  /** The route, as registered. */
  route: string;
  url?: () => string;
  body?: () => unknown;
  roles: Roles;
}

const mine = () => ids.customerMINE;
/** An id no record has: the call is let through and answers 404. */
const NONE = 999_999;

const calls: Call[] = [
  { route: 'GET /api/health', roles: EVERYONE },
  { route: 'GET /api/config', roles: EVERYONE },
  { route: 'GET /api/auth/state', roles: EVERYONE },
  { route: 'POST /api/auth/setup', body: () => ({ username: 'x', password: 'password-1' }), roles: EVERYONE },
  { route: 'GET /api/openapi.json', roles: OFFICE },

  { route: 'GET /api/staff', roles: ADMIN },
  { route: 'POST /api/staff', body: () => ({}), roles: ADMIN },
  { route: 'PUT /api/staff/:userId', url: () => `/api/staff/${NONE}`, body: () => ({}), roles: ADMIN },
  {
    route: 'POST /api/staff/:userId/password',
    url: () => `/api/staff/${NONE}/password`,
    body: () => ({ password: 'password-1' }),
    roles: ADMIN,
  },
  { route: 'GET /api/audit', roles: ADMIN },
  { route: 'GET /api/backups', roles: ADMIN },
  { route: 'POST /api/backups', roles: ADMIN },
  { route: 'GET /api/backups/:name', url: () => '/api/backups/dairy-2026-01-01-000000.zip', roles: ADMIN },
  { route: 'GET /api/settings', roles: ADMIN },
  { route: 'PUT /api/settings', body: () => ({}), roles: ADMIN },
  {
    route: 'GET /api/statement',
    url: () => `/api/statement?customerId=${mine()}&month=6&year=2026`,
    roles: EVERYONE,
  },
  {
    route: 'GET /api/statement/colony',
    url: () => '/api/statement/colony?colonyCode=MINE&month=6&year=2026',
    roles: EVERYONE,
  },

  { route: 'GET /api/today', roles: EVERYONE },
  { route: 'GET /api/today/sheet', url: () => '/api/today/sheet?colony=MINE&date=2026-06-01', roles: EVERYONE },
  { route: 'GET /api/today/collection', url: () => '/api/today/collection?colony=MINE', roles: EVERYONE },
  {
    route: 'POST /api/transactions/attendance',
    body: () => ({ changes: [{ transactionId: ids.transactionMINE, attendance: 1 }] }),
    roles: EVERYONE,
  },
  { route: 'POST /api/transactions/generateAll', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/payments/previewAll', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/payments/generateAll', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/payments/receiveMany', body: () => ({ month: 6, year: 2026, entries: [] }), roles: EVERYONE },

  { route: 'GET /api/colony', roles: OFFICE },
  { route: 'POST /api/colony/add', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/colony/:action/:colonyCode', url: () => '/api/colony/disable/NONE', roles: OFFICE },
  { route: 'GET /api/colony/update/:code', url: () => '/api/colony/update/MINE', roles: OFFICE },
  { route: 'PUT /api/colony/update/:code', url: () => '/api/colony/update/MINE', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/colony/api', url: () => '/api/colony/api?seeUser=true', roles: EVERYONE },

  { route: 'GET /api/days', roles: OFFICE },
  { route: 'GET /api/days/:action/:combinationId', url: () => `/api/days/disable/${NONE}`, roles: OFFICE },
  { route: 'POST /api/days/add', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/days/update/:id', url: () => `/api/days/update/${NONE}`, roles: OFFICE },
  { route: 'POST /api/days/update', body: () => ({}), roles: OFFICE },

  { route: 'GET /api/product', roles: OFFICE },
  {
    route: 'PATCH /api/product/updateActive/:productId',
    url: () => `/api/product/updateActive/${NONE}`,
    body: () => ({ isActive: 1 }),
    roles: OFFICE,
  },
  { route: 'GET /api/product/add', roles: OFFICE },
  { route: 'POST /api/product/add', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/product/update/:id', url: () => `/api/product/update/${NONE}`, roles: OFFICE },
  { route: 'PUT /api/product/update/:id', url: () => `/api/product/update/${NONE}`, body: () => ({}), roles: OFFICE },
  { route: 'POST /api/product/price', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/product/price/preview', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/product/api', roles: OFFICE },
  { route: 'POST /api/fetch/days', body: () => ({ productId: 'COW' }), roles: OFFICE },

  { route: 'GET /api/users', url: () => '/api/users?colonyCode=MINE', roles: EVERYONE },
  { route: 'GET /api/users/:action/:customerId', url: () => `/api/users/disable/${NONE}`, roles: OFFICE },
  { route: 'GET /api/users/add', roles: OFFICE },
  { route: 'POST /api/users/add', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/users/update/:id', url: () => `/api/users/update/${mine()}`, roles: EVERYONE },
  { route: 'POST /api/users/update', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/fetch/users', body: () => ({ colonyId: 'mine' }), roles: EVERYONE },
  { route: 'POST /api/import/customers', body: () => ({ rows: [], dryRun: true }), roles: OFFICE },
  { route: 'GET /api/overview', roles: OFFICE },
  { route: 'GET /api/dashboard', roles: OFFICE },

  { route: 'GET /api/consumptions', roles: OFFICE },
  { route: 'POST /api/consumptions/:action/:id', url: () => `/api/consumptions/disable/${NONE}`, roles: OFFICE },
  { route: 'GET /api/consumptions/status/:id', url: () => `/api/consumptions/status/${NONE}`, roles: OFFICE },
  { route: 'DELETE /api/consumptions/delete', body: () => ({ ids: [NONE] }), roles: OFFICE },
  { route: 'GET /api/consumptions/add', roles: OFFICE },
  { route: 'POST /api/consumptions/add', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/consumptions/update/:id', url: () => `/api/consumptions/update/${NONE}`, roles: OFFICE },
  { route: 'POST /api/consumptions/update', body: () => ({}), roles: OFFICE },

  { route: 'GET /api/changes', roles: OFFICE },
  { route: 'POST /api/changes', body: () => ({}), roles: OFFICE },
  { route: 'PUT /api/changes/:changeId', url: () => `/api/changes/${NONE}`, body: () => ({}), roles: OFFICE },
  { route: 'DELETE /api/changes/:changeId', url: () => `/api/changes/${NONE}`, roles: OFFICE },

  { route: 'GET /api/transactions', url: () => '/api/transactions?colonyCode=MINE', roles: EVERYONE },
  {
    route: 'POST /api/transactions/update/:id',
    url: () => `/api/transactions/update/${ids.transactionMINE}`,
    roles: EVERYONE,
  },
  { route: 'POST /api/transactions/delete/:id', url: () => `/api/transactions/delete/${NONE}`, roles: OFFICE },
  { route: 'DELETE /api/transactions/delete', body: () => ({ ids: [NONE] }), roles: OFFICE },
  { route: 'GET /api/transactions/singletransaction', roles: OFFICE },
  { route: 'POST /api/transactions/singletransaction', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/transactions/add', roles: OFFICE },
  { route: 'POST /api/transactions/generate', body: () => ({}), roles: OFFICE },
  {
    route: 'GET /api/transactions/nexttransactionpreview',
    url: () => '/api/transactions/nexttransactionpreview?colony=MINE',
    roles: OFFICE,
  },
  { route: 'GET /api/transactions/update/:id', url: () => `/api/transactions/update/${NONE}`, roles: OFFICE },
  { route: 'POST /api/transactions/update', body: () => ({}), roles: OFFICE },

  { route: 'GET /api/payments', url: () => '/api/payments?colonyCode=MINE', roles: EVERYONE },
  { route: 'GET /api/payments/latestBill', url: () => '/api/payments/latestBill?colonyCode=MINE', roles: EVERYONE },
  {
    route: 'GET /api/payments/totals',
    url: () => '/api/payments/totals?colonyCode=MINE&month=6&year=2026',
    roles: EVERYONE,
  },
  { route: 'DELETE /api/payments/delete/:id', url: () => `/api/payments/delete/${NONE}`, roles: OFFICE },
  { route: 'DELETE /api/payments/delete', body: () => ({ ids: [NONE] }), roles: OFFICE },
  { route: 'GET /api/payments/generatePayments', roles: OFFICE },
  { route: 'POST /api/payments/previewPayments', body: () => ({}), roles: OFFICE },
  { route: 'POST /api/payments/generatePayments', body: () => ({}), roles: OFFICE },
  {
    route: 'POST /api/payments/receivingPaymentsForm',
    body: () => ({ customerId: mine(), month: 5, year: 2026 }),
    roles: EVERYONE,
  },
  {
    route: 'PATCH /api/payments/receivingPaymentsForm',
    body: () => ({ customerId: mine(), month: 5, year: 2026, receivingPayment: 1, paymentMode: 'positive' }),
    roles: EVERYONE,
  },
  {
    route: 'GET /api/payments/paymentDetails',
    url: () => '/api/payments/paymentDetails?colony=MINE',
    roles: EVERYONE,
  },

  { route: 'GET /api/customers/search', url: () => '/api/customers/search?q=customer', roles: EVERYONE },
  { route: 'GET /api/customers/:customerId/receipts', url: () => `/api/customers/${mine()}/receipts`, roles: EVERYONE },
  { route: 'GET /api/customer-links/:customerId', url: () => `/api/customer-links/${mine()}`, roles: OFFICE },
  { route: 'POST /api/customer-links/:customerId', url: () => `/api/customer-links/${NONE}`, roles: OFFICE },
  { route: 'DELETE /api/customer-links/:customerId', url: () => `/api/customer-links/${NONE}`, roles: OFFICE },
  // The customer's page: the token decides, whoever is signed in (an unknown one: 404 for everyone).
  { route: 'GET /api/my/:token', url: () => '/api/my/unknown', roles: EVERYONE },
  { route: 'GET /api/my/:token/statement', url: () => '/api/my/unknown/statement', roles: EVERYONE },
  { route: 'POST /api/my/:token/changes', url: () => '/api/my/unknown/changes', body: () => ({}), roles: EVERYONE },
  {
    route: 'PUT /api/my/:token/changes/:changeId',
    url: () => '/api/my/unknown/changes/1',
    body: () => ({}),
    roles: EVERYONE,
  },
  { route: 'DELETE /api/my/:token/changes/:changeId', url: () => '/api/my/unknown/changes/1', roles: EVERYONE },

  { route: 'PUT /api/auth/language', body: () => ({ language: 'en' }), roles: EVERYONE },

  { route: 'GET /api/reports', roles: OFFICE },
  { route: 'GET /api/reports/noBalance', url: () => '/api/reports/noBalance?colonyName=MINE', roles: OFFICE },
  { route: 'POST /api/reports/filtered', body: () => ({}), roles: OFFICE },
  { route: 'GET /api/payments/previewDefaulters', roles: OFFICE },
  { route: 'POST /api/payments/generateDefaulters', body: () => ({}), roles: OFFICE },
];

/** Sign-in and sign-out are open to everyone; the auth tests walk them. */
const SIGN_IN_CALLS = new Set(['POST /api/auth/login', 'POST /api/auth/logout']);

describe('roles', () => {
  it('every registered route is in the permission table and in this matrix', () => {
    const routes = t.app.apiRoutes.map((r) => r.route).filter((r) => !r.startsWith('GET /api/docs'));
    const missingFromTable = routes.filter((r) => {
      const [method, url] = r.split(' ') as [string, string];
      return ruleOf(method, url) === undefined;
    });
    expect(missingFromTable).toEqual([]);
    const walked = new Set(calls.map((c) => c.route));
    expect(routes.filter((r) => !walked.has(r) && !SIGN_IN_CALLS.has(r))).toEqual([]);
  });

  for (const role of ['admin', 'operator', 'collector'] as const) {
    it(`lets ${role}s make exactly the calls the matrix allows`, async () => {
      const wrong: string[] = [];
      for (const call of calls) {
        const [method, pattern] = call.route.split(' ') as [Method, string];
        const answer = await as[role](method, call.url?.() ?? pattern, call.body?.());
        expect(answer.status, `${role} ${call.route}`).toBeLessThan(500);
        const verdict: Verdict = answer.status === 403 ? 403 : 'ok';
        if (verdict !== call.roles[role]) wrong.push(`${call.route}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (verdict === 403) expect(answer.body).toEqual({ message: 'Not allowed' });
      }
      expect(wrong).toEqual([]);
    });
  }

  it('shows the API page to the office only', async () => {
    const page = (cookie: string | undefined) =>
      t.inject({ method: 'GET', url: '/api/docs', headers: cookie ? { cookie } : {} });
    expect((await page(t.cookie)).statusCode).toBeLessThan(400);
    const collector = await signedInAs(t, 'cody', 'collector', ['MINE']);
    expect((await page(collector.cookie)).statusCode).toBe(403);
  });
});

describe("a collector's colonies", () => {
  const other = () => ids.customerOTHER;
  it.each([
    ['GET', () => '/api/colony/api?colonyCode=other', undefined],
    ['GET', () => '/api/users?colonyCode=OTHER', undefined],
    ['GET', () => '/api/users', undefined],
    ['GET', () => `/api/users/update/${other()}`, undefined],
    ['POST', () => '/api/fetch/users', () => ({ colonyId: 'OTHER' })],
    ['POST', () => '/api/payments/receivingPaymentsForm', () => ({ customerId: other(), month: 5, year: 2026 })],
    [
      'PATCH',
      () => '/api/payments/receivingPaymentsForm',
      () => ({ customerId: other(), month: 5, year: 2026, receivingPayment: 1, paymentMode: 'positive' }),
    ],
    ['GET', () => '/api/payments?colonyCode=OTHER', undefined],
    ['GET', () => '/api/payments/latestBill?colonyCode=OTHER', undefined],
    ['GET', () => '/api/payments/totals?colonyCode=OTHER&month=6&year=2026', undefined],
    ['GET', () => '/api/payments', undefined],
    ['GET', () => '/api/payments/paymentDetails?colony=OTHER', undefined],
    ['GET', () => '/api/transactions?colonyCode=OTHER', undefined],
    ['GET', () => '/api/transactions', undefined],
    ['POST', () => `/api/transactions/update/${ids.transactionOTHER}`, undefined],
    ['GET', () => '/api/today/sheet?colony=OTHER&date=2026-06-01', undefined],
    ['GET', () => '/api/today/collection?colony=OTHER', undefined],
    [
      'POST',
      () => '/api/transactions/attendance',
      () => ({ changes: [{ transactionId: ids.transactionOTHER, attendance: 0 }] }),
    ],
    [
      'POST',
      () => '/api/payments/receiveMany',
      () => ({ month: 6, year: 2026, entries: [{ customerId: other(), amount: 1 }] }),
    ],
    ['GET', () => `/api/statement?customerId=${other()}&month=6&year=2026`, undefined],
    ['GET', () => '/api/statement/colony?colonyCode=OTHER&month=6&year=2026', undefined],
    ['GET', () => `/api/customer-links/${other()}`, undefined],
  ] as [Method, () => string, (() => unknown) | undefined][])(
    '%s %s of another colony is 403',
    async (method, url, body) => {
      const answer = await as.collector(method, url(), body?.());
      expect(answer).toEqual({ status: 403, body: { message: 'Not allowed' } });
    },
  );

  it('lists only their colonies and customers in the pickers', async () => {
    const picker = await as.collector('GET', '/api/colony/api?seeUser=true');
    expect(picker.body.rows.map((c: { colonyCode: string }) => c.colonyCode)).toEqual(['MINE']);
    expect(picker.body.rows[0].Customers.map((c: { customerId: number }) => c.customerId)).toEqual([mine()]);
    const all = await as.operator('GET', '/api/colony/api');
    expect(all.body.rows.map((c: { colonyCode: string }) => c.colonyCode)).toEqual(['MINE', 'OTHER']);
  });

  it("shows a collector's Today with their colonies only", async () => {
    const colonies = (answer: { body: { colonies: { colonyCode: string }[] } }) =>
      answer.body.colonies.map((c) => c.colonyCode);
    expect(colonies(await as.collector('GET', '/api/today?date=2026-06-01'))).toEqual(['MINE']);
    expect(colonies(await as.operator('GET', '/api/today?date=2026-06-01'))).toEqual(['MINE', 'OTHER']);
  });

  it('an unknown customer is a 404, not a hint about colonies', async () => {
    const answer = await as.collector('POST', '/api/payments/receivingPaymentsForm', {
      customerId: NONE,
      month: 5,
      year: 2026,
    });
    expect(answer.status).toBe(404);
  });

  it('sees a change of their colonies on the next call', async () => {
    const { userId, call } = await signedInAs(t, 'carl', 'collector', ['MINE']);
    expect((await call('GET', '/api/users?colonyCode=OTHER')).status).toBe(403);
    const moved = await as.admin('PUT', `/api/staff/${userId}`, {
      role: 'collector',
      colonies: ['OTHER'],
      disabled: 0,
    });
    expect(moved.status).toBe(200);
    expect((await call('GET', '/api/users?colonyCode=OTHER')).status).toBe(200);
    expect((await call('GET', '/api/users?colonyCode=MINE')).status).toBe(403);
    const state = await call('GET', '/api/auth/state');
    expect(state.body.user).toEqual({ username: 'carl', role: 'collector', colonies: ['OTHER'], language: 'en' });
  });
});
