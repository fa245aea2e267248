import { calendarDateIn, type Phrase, type PhraseValue, phraseText } from '@dairy/contract';
import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerLink, receipt } from '../../src/db/schema';
import { type Caller, createTestApp, fileTestApp } from '../helpers/app';
import { pageCall } from '../helpers/customer-page';
import { makeColony, makeCustomer, makeDelivery, makeProduct } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';

/*
 * Every documented call that changes data, made once as an operator (staff calls as the admin):
 * each leaves exactly one audit row naming its user and action, and a call that fails leaves none.
 */

const t = fileTestApp();
let operator: { userId: number; call: Caller };
let admin: { userId: number; call: Caller };
beforeAll(async () => {
  operator = await signedInAs(t, 'olga', 'operator');
  admin = { userId: 1, call: (method, url, body) => t.call(method, url, body) };
});

const db = () => t.database.db;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const newest = async () => (await db().select().from(auditLog).orderBy(desc(auditLog.auditId)).limit(1))[0]!;

/** The texts a phrase names as they were entered (names, codes, quantities, dates), to be found in any language. */
function enteredTexts(value: PhraseValue): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || 'money' in value || 'month' in value || 'count' in value || 'days' in value)
    return [];
  if ('each' in value) return value.each.flatMap(enteredTexts);
  if ('list' in value) return value.list.flatMap(enteredTexts);
  return Object.values((value as Phrase).values ?? {}).flatMap(enteredTexts);
}

/** A day's name as the screens word it in Hindi or Gujarati (their message files hold the words). */
const dayShown = () => '·';

/** English words a translated summary still holds beyond what was entered ('L' and other units stay). */
const wordsLeft = (text: string, phrase: Phrase) =>
  enteredTexts(phrase)
    .sort((a, b) => b.length - a.length)
    .reduce((rest, entered) => rest.split(entered).join(' '), text)
    .match(/[A-Za-z]{2,}/g) ?? [];

/** What the walk learns as it goes (ids of the records it made). */
const made: Record<string, number> = {};
/** The customer page's token, once the walk made a link. */
const page = { token: '' };
/** The customer, through their page: no session, the guard header. */
const customerCall: Caller = async (method, url, body) => pageCall(t, method as 'POST', url, body);
const DAILY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface Step {
  /** The route as the permission table names it. */
  route: string;
  action: string;
  /** Who calls: the operator unless told; `customer` through their page, without a session. */
  as?: 'admin' | 'operator' | 'customer';
  url?: () => string;
  body?: () => unknown;
  after?: (body: any) => void | Promise<void>;
  summary?: string;
}

const customerBody = () => ({
  id: made.customer,
  name: 'Asha Rao',
  contactNumber: '9876543210',
  address: 'House 1',
  colony: 'AUD',
  route: 3,
});
/** Today in the business time zone, and a date as a person reads it (23/11/2026). */
const today = () => calendarDateIn('Asia/Kolkata', new Date());
const shown = (date: string) => date.split('-').reverse().join('/');
const pauseBody = (toDate: string) => ({ customerId: made.customer, kind: 'pause', fromDate: '2026-06-03', toDate });

const steps: Step[] = [
  {
    route: 'POST /api/colony/add',
    action: 'colony.add',
    body: () => ({ code: 'AUD', name: 'Audit Nagar', charges: 20 }),
    summary: 'Added colony AUD (Audit Nagar), service charge ₹20.00',
  },
  {
    route: 'PUT /api/colony/update/:code',
    action: 'colony.update',
    url: () => '/api/colony/update/aud',
    body: () => ({ name: 'Audit Nagar East', charges: 25 }),
  },
  { route: 'POST /api/colony/:action/:colonyCode', action: 'colony.disable', url: () => '/api/colony/disable/AUD' },
  { route: 'POST /api/colony/:action/:colonyCode', action: 'colony.enable', url: () => '/api/colony/enable/AUD' },
  {
    route: 'POST /api/days/add',
    action: 'combination.add',
    body: () => ({ days: DAILY }),
    after: (b) => {
      made.daily = b.row.combinationId;
    },
  },
  {
    route: 'POST /api/days/add',
    action: 'combination.add',
    body: () => ({ days: ['Special'] }),
    after: (b) => {
      made.special = b.row.combinationId;
    },
  },
  {
    route: 'POST /api/days/update',
    action: 'combination.update',
    body: () => ({ id: made.special, days: ['Weekly'] }),
  },
  {
    route: 'GET /api/days/:action/:combinationId',
    action: 'combination.disable',
    url: () => `/api/days/disable/${made.special}`,
  },
  {
    route: 'GET /api/days/:action/:combinationId',
    action: 'combination.delete',
    url: () => `/api/days/delete/${made.special}`,
  },
  {
    route: 'POST /api/product/add',
    action: 'product.add',
    body: () => ({ code: 'COW', name: 'Cow Milk', price: 60, days: made.daily }),
    after: (b) => {
      made.product = b.row.productId;
    },
  },
  {
    route: 'PUT /api/product/update/:id',
    action: 'product.update',
    url: () => `/api/product/update/${made.product}`,
    body: () => ({ code: 'COW', name: 'Cow Milk A2', price: 62, days: made.daily }),
  },
  {
    route: 'PATCH /api/product/updateActive/:productId',
    action: 'product.disable',
    url: () => `/api/product/updateActive/${made.product}`,
    body: () => ({ isActive: 0 }),
  },
  {
    route: 'PATCH /api/product/updateActive/:productId',
    action: 'product.enable',
    url: () => `/api/product/updateActive/${made.product}`,
    body: () => ({ isActive: 1 }),
  },
  {
    route: 'POST /api/product/price',
    action: 'product.price',
    body: () => ({ productCode: 'COW', price: 125000, fromDate: today() }),
    summary: `Changed the price of COW (Cow Milk A2) to ₹1,25,000.00 from ${shown(today())}: 1 row, 0 deliveries`,
  },
  {
    route: 'POST /api/users/add',
    action: 'customer.add',
    body: () => ({ ...customerBody(), id: undefined, name: 'Asha', due: 100000 }),
    after: (b) => {
      made.customer = b.row.customerId;
    },
    // Amounts in summaries are grouped as in India.
    summary: 'Added Asha (route 3) to AUD, opening balance ₹1,00,000.00',
  },
  { route: 'POST /api/users/update', action: 'customer.update', body: customerBody },
  {
    route: 'GET /api/users/:action/:customerId',
    action: 'customer.disable',
    url: () => `/api/users/disable/${made.customer}`,
  },
  {
    route: 'GET /api/users/:action/:customerId',
    action: 'customer.enable',
    url: () => `/api/users/enable/${made.customer}`,
  },
  {
    route: 'POST /api/consumptions/add',
    action: 'consumption.add',
    body: () => ({ colonyId: 'AUD', customerId: made.customer, productId: 'COW', day: made.daily }),
    after: (b) => {
      made.consumption = b.row.consumptionId;
    },
  },
  {
    route: 'POST /api/consumptions/update',
    action: 'consumption.update',
    body: () => ({
      id: made.consumption,
      colonyCode: 'AUD',
      customerId: made.customer,
      productId: 'COW',
      combinationId: made.daily,
      isActive: 1,
      quantity: 2,
    }),
  },
  {
    route: 'GET /api/consumptions/status/:id',
    action: 'consumption.status',
    url: () => `/api/consumptions/status/${made.consumption}`,
  },
  {
    route: 'GET /api/consumptions/status/:id',
    action: 'consumption.status',
    url: () => `/api/consumptions/status/${made.consumption}`,
  },
  {
    route: 'POST /api/changes',
    action: 'change.add',
    body: () => pauseBody('2026-06-04'),
    after: (b) => {
      made.change = b.change.changeId;
    },
  },
  {
    route: 'PUT /api/changes/:changeId',
    action: 'change.update',
    url: () => `/api/changes/${made.change}`,
    body: () => pauseBody('2026-06-05'),
  },
  { route: 'DELETE /api/changes/:changeId', action: 'change.delete', url: () => `/api/changes/${made.change}` },
  {
    route: 'POST /api/customer-links/:customerId',
    action: 'customerLink.add',
    url: () => `/api/customer-links/${made.customer}`,
    after: async () => {
      const [link] = await db().select().from(customerLink).where(eq(customerLink.customerId, made.customer!));
      page.token = link!.token;
    },
    summary: 'Made a page link for Asha Rao (route 3)',
  },
  {
    route: 'POST /api/my/:token/changes',
    action: 'change.add',
    as: 'customer',
    url: () => `/api/my/${page.token}/changes`,
    body: () => ({ kind: 'pause', fromDate: '2099-06-01', toDate: '2099-06-03' }),
    after: (b) => {
      made.pageChange = b.change.changeId;
    },
    summary: 'Added a pause of every product for Asha Rao (route 3) from 01/06/2099 to 03/06/2099',
  },
  {
    route: 'PUT /api/my/:token/changes/:changeId',
    action: 'change.update',
    as: 'customer',
    url: () => `/api/my/${page.token}/changes/${made.pageChange}`,
    body: () => ({ toDate: '2099-06-02' }),
  },
  {
    route: 'DELETE /api/my/:token/changes/:changeId',
    action: 'change.delete',
    as: 'customer',
    url: () => `/api/my/${page.token}/changes/${made.pageChange}`,
  },
  {
    route: 'DELETE /api/customer-links/:customerId',
    action: 'customerLink.delete',
    url: () => `/api/customer-links/${made.customer}`,
  },
  {
    route: 'POST /api/transactions/generate',
    action: 'transaction.generate',
    body: () => ({ colony: 'AUD', date: '2026-06-01' }),
    summary: 'Generated 1 transaction for AUD on 01/06/2026',
  },
  {
    route: 'POST /api/transactions/singletransaction',
    action: 'transaction.add',
    body: () => ({
      colony: 'AUD',
      customerId: made.customer,
      productId: 'COW',
      days: made.daily,
      price: '60',
      transactionType: 'period',
      fromDate: '2026-06-02',
      toDate: '2026-06-05',
    }),
    after: (b) => {
      [made.t1, made.t2, made.t3, made.t4] = b.data.map((r: { transactionId: number }) => r.transactionId);
    },
  },
  {
    route: 'POST /api/transactions/update/:id',
    action: 'transaction.attendance',
    url: () => `/api/transactions/update/${made.t1}`,
  },
  {
    route: 'POST /api/transactions/update',
    action: 'transaction.update',
    body: () => ({ transactionId: made.t1, productId: 'COW', combinationId: made.daily, price: 61, attendance: 1 }),
  },
  {
    route: 'POST /api/transactions/delete/:id',
    action: 'transaction.delete',
    url: () => `/api/transactions/delete/${made.t2}`,
  },
  {
    route: 'DELETE /api/transactions/delete',
    action: 'transaction.delete',
    body: () => ({ ids: [made.t3, made.t4] }),
    summary: 'Deleted 2 transactions',
  },
  {
    route: 'POST /api/transactions/attendance',
    action: 'transaction.attendance',
    body: () => ({ changes: [{ transactionId: made.t1, attendance: 0 }] }),
    summary: 'Marked 1 delivery absent in AUD on 02/06/2026: Asha Rao',
  },
  {
    route: 'POST /api/transactions/generateAll',
    action: 'transaction.generateAll',
    body: () => ({ date: '2026-06-02' }),
  },
  {
    route: 'POST /api/payments/generateAll',
    action: 'payment.generateAll',
    body: () => ({ month: 6, year: 2026 }),
  },
  {
    route: 'POST /api/payments/receiveMany',
    action: 'receipt.addMany',
    body: () => ({ month: 6, year: 2026, entries: [{ customerId: made.customer, amount: 100 }] }),
    summary: 'Received ₹100.00 from 1 customer for June 2026',
  },
  {
    route: 'POST /api/payments/generatePayments',
    action: 'payment.generate',
    body: () => ({ colony: 'AUD', month: 6, year: 2026 }),
    after: async () => {
      made.bill = (await t.call('GET', '/api/payments?colonyCode=AUD')).body.rows[0].paymentId;
    },
  },
  {
    route: 'PATCH /api/payments/receivingPaymentsForm',
    action: 'receipt.add',
    body: () => ({ customerId: made.customer, month: 5, year: 2026, receivingPayment: 500, paymentMode: 'positive' }),
    summary: 'Received ₹500.00 from Asha Rao (route 3) for June 2026',
  },
  {
    route: 'POST /api/payments/generateDefaulters',
    action: 'customer.defaulters',
    body: () => ({ colony: 'AUD', month: 6, year: 2026 }),
  },
  {
    route: 'DELETE /api/payments/delete/:id',
    action: 'payment.delete',
    url: () => `/api/payments/delete/${made.bill}`,
  },
  {
    route: 'POST /api/payments/generatePayments',
    action: 'payment.generate',
    body: () => ({ colony: 'AUD', month: 6, year: 2026 }),
    after: async () => {
      made.bill = (await t.call('GET', '/api/payments?colonyCode=AUD')).body.rows[0].paymentId;
    },
  },
  { route: 'DELETE /api/payments/delete', action: 'payment.delete', body: () => ({ ids: [made.bill] }) },
  {
    route: 'POST /api/consumptions/:action/:id',
    action: 'consumption.disable',
    url: () => `/api/consumptions/disable/${made.consumption}`,
  },
  {
    route: 'POST /api/consumptions/:action/:id',
    action: 'consumption.delete',
    url: () => `/api/consumptions/delete/${made.consumption}`,
  },
  {
    route: 'POST /api/consumptions/add',
    action: 'consumption.add',
    body: () => ({ colonyId: 'AUD', customerId: made.customer, productId: 'COW', day: made.daily }),
    after: (b) => {
      made.consumption = b.row.consumptionId;
    },
  },
  {
    route: 'DELETE /api/consumptions/delete',
    action: 'consumption.deleteMany',
    body: () => ({ ids: [made.consumption] }),
  },
  {
    route: 'POST /api/import/customers',
    action: 'customer.import',
    body: () => ({
      dryRun: false,
      rows: [
        {
          Name: 'Ravi',
          Phone: '9876500000',
          Address: 'House 9',
          'Colony Code': 'AUD',
          Route: '4',
          'Opening Balance': '0',
        },
      ],
    }),
    summary: 'Imported 1 customer into AUD',
  },
  {
    route: 'PUT /api/settings',
    action: 'settings.update',
    as: 'admin',
    body: () => ({
      businessName: 'Gokul Dairy',
      address: '',
      phone: '',
      upiId: 'gokul@upi',
      upiName: '',
      billNote: '',
    }),
    summary: 'Updated the business settings (Gokul Dairy)',
  },
  {
    route: 'POST /api/staff',
    action: 'staff.add',
    as: 'admin',
    body: () => ({ username: 'cara', password: 'password-1', role: 'collector', colonies: ['aud'] }),
    after: (b) => {
      made.staff = b.row.userId;
    },
    summary: 'Added cara as Collector of AUD',
  },
  {
    route: 'PUT /api/staff/:userId',
    action: 'staff.update',
    as: 'admin',
    url: () => `/api/staff/${made.staff}`,
    body: () => ({ role: 'collector', colonies: ['AUD'], disabled: true }),
    summary: 'cara: disabled',
  },
  {
    route: 'POST /api/staff/:userId/password',
    action: 'staff.password',
    as: 'admin',
    url: () => `/api/staff/${made.staff}/password`,
    body: () => ({ password: 'password-2' }),
  },
];

/** Calls that change no data (sign-in, one's language, previews and lookups sent by POST) or only files (backups). */
const NOT_DATA_CHANGES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/setup', // its own test below: it needs a new installation
  'PUT /api/auth/language', // a person's own screen language, no record of the dairy
  'POST /api/backups',
  'POST /api/fetch/days',
  'POST /api/fetch/users',
  'POST /api/payments/previewPayments',
  'POST /api/payments/previewAll',
  'POST /api/product/price/preview',
  'POST /api/payments/receivingPaymentsForm',
  'POST /api/reports/filtered',
]);

describe('the audit trail', () => {
  it('walks every registered call that changes data', () => {
    const changing = t.app.apiRoutes.filter((r) => r.changesData && !NOT_DATA_CHANGES.has(r.route)).map((r) => r.route);
    const walked = new Set(steps.map((s) => s.route));
    expect(changing.filter((r) => !walked.has(r))).toEqual([]);
  });

  it('writes exactly one row, with the right user and action, for each call that changes data', async () => {
    for (const step of steps) {
      const [method, pattern] = step.route.split(' ') as [Parameters<Caller>[0], string];
      const user =
        step.as === 'customer'
          ? { userId: null, username: 'customer', call: customerCall }
          : step.as === 'admin'
            ? { ...admin, username: 'admin' }
            : { ...operator, username: 'olga' };
      const before = await auditCount();
      const answer = await user.call(method, step.url?.() ?? pattern!, step.body?.());
      expect(answer.status, `${step.route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      expect(await auditCount(), step.route).toBe(before + 1);
      const row = await newest();
      expect(row, step.route).toMatchObject({ userId: user.userId, username: user.username, action: step.action });
      if (step.summary) expect(row.summary).toBe(step.summary);
      expect(row.phrase, step.route).not.toBeNull();
      expect(phraseText('en', row.phrase!)).toBe(row.summary);
      for (const language of ['hi', 'gu'] as const)
        expect(
          wordsLeft(phraseText(language, row.phrase!, dayShown), row.phrase!),
          `${step.route} in ${language}`,
        ).toEqual([]);
      await step.after?.(answer.body);
    }
  });

  it('keeps the record before and after a change, and who took a receipt', async () => {
    const [update] = await db().select().from(auditLog).where(eq(auditLog.action, 'colony.update'));
    expect(update).toMatchObject({
      entity: 'colony',
      entityId: 'AUD',
      summary: 'Updated colony AUD (Audit Nagar East), service charge ₹25.00',
      before: expect.objectContaining({ colonyName: 'Audit Nagar', charges: 2000 }),
      after: expect.objectContaining({ colonyName: 'Audit Nagar East', charges: 2500 }),
    });
    const receipts = await db().select().from(receipt);
    expect(receipts.map((r) => r.receivedBy)).toEqual([operator.userId, operator.userId]);
  });

  it('writes nothing for a call that fails', async () => {
    const before = await auditCount();
    const failures: [Parameters<Caller>[0], string, unknown, number][] = [
      ['POST', '/api/colony/add', { code: 'AUD', name: 'Audit again', charges: 1 }, 409],
      ['POST', '/api/colony/add', { code: 'A', name: 'Too short', charges: 1 }, 400],
      ['PUT', '/api/colony/update/AUD', { name: 'Audit Nagar West', charges: 1, version: 1 }, 409],
      [
        'PATCH',
        '/api/payments/receivingPaymentsForm',
        { customerId: 99999, month: 5, year: 2026, receivingPayment: 5, paymentMode: 'positive' },
        404,
      ],
      ['DELETE', '/api/transactions/delete', { ids: [99999] }, 404],
      ['POST', '/api/staff', { username: 'ADMIN', password: 'password-1', role: 'operator' }, 403],
    ];
    for (const [method, url, body, status] of failures)
      expect((await operator.call(method, url, body)).status, url).toBe(status);
    expect((await admin.call('POST', '/api/staff', { username: 'x', password: 'short', role: 'admin' })).status).toBe(
      400,
    );
    expect((await admin.call('PUT', '/api/staff/1', { role: 'operator', colonies: [], disabled: 0 })).status).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it('lists the trail newest first, filtered by user, entity and dates, for admins only', async () => {
    const all = await admin.call('GET', '/api/audit?limit=5');
    expect(all.status).toBe(200);
    expect(all.body.rows).toHaveLength(5);
    expect(all.body.total).toBe(await auditCount());
    expect(all.body.rows[0].action).toBe('staff.password');
    const ids = all.body.rows.map((r: { auditId: number }) => r.auditId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const receipts = await admin.call('GET', `/api/audit?entity=receipt&userId=${operator.userId}`);
    expect(receipts.body.rows.map((r: { summary: string }) => r.summary)).toEqual([
      'Received ₹500.00 from Asha Rao (route 3) for June 2026',
      'Received ₹100.00 from 1 customer for June 2026',
    ]);
    const colony = await admin.call('GET', '/api/audit?entity=colony&entityId=AUD&limit=2&offset=2');
    expect(colony.body).toMatchObject({ page: 2, limit: 2, total: 4, totalPages: 2 });
    expect(colony.body.rows.map((r: { action: string }) => r.action)).toEqual(['colony.update', 'colony.add']);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await admin.call('GET', `/api/audit?from=${yesterday}`)).body.total).toBe(await auditCount());
    expect((await admin.call('GET', `/api/audit?to=${yesterday}`)).body.total).toBe(0);
    expect((await admin.call('GET', `/api/audit?from=${today}&to=${yesterday}`)).status).toBe(400);
    expect((await operator.call('GET', '/api/audit')).status).toBe(403);
  });

  it("names an attendance save's customers, colony and date, a long list cut short", async () => {
    const colony = await makeColony(db(), { colonyCode: 'ATT', colonyName: 'Attendance Nagar' });
    const milk = await makeProduct(db(), { productCode: 'ATM', price: 60_00 });
    const curd = await makeProduct(db(), { productCode: 'ATC', price: 40_00 });
    const names = Array.from({ length: 22 }, (_, i) => `Cust ${String.fromCharCode(65 + i)}`);
    const rows: Record<string, number[]> = {};
    for (const [i, customerName] of names.entries()) {
      // Routes run backwards from the names: the summary lists in route order.
      const c = await makeCustomer(db(), { colonyCode: colony.colonyCode, customerName, route: 30 - i });
      rows[customerName] = [
        (await makeDelivery(db(), c.customerId, milk, '2026-11-26')).transactionId,
        (await makeDelivery(db(), c.customerId, curd, '2026-11-26')).transactionId,
      ];
    }
    const mark = async (changes: { transactionId: number; attendance: 0 | 1 }[]) => {
      expect((await operator.call('POST', '/api/transactions/attendance', { changes })).status).toBe(200);
      return (await newest()).summary;
    };
    // Three customers, one of them with both products: the deliveries counted, each name once.
    const three = [...rows['Cust A']!, rows['Cust B']![0]!, rows['Cust C']![1]!];
    expect(await mark(three.map((transactionId) => ({ transactionId, attendance: 0 })))).toBe(
      'Marked 4 deliveries absent in ATT on 26/11/2026: Cust C, Cust B, Cust A',
    );
    expect(
      await mark([
        { transactionId: rows['Cust A']![0]!, attendance: 1 },
        { transactionId: rows['Cust D']![0]!, attendance: 0 },
      ]),
    ).toBe('Marked 1 delivery absent in ATT on 26/11/2026: Cust D; 1 delivery delivered in ATT on 26/11/2026: Cust A');
    const every = Object.values(rows).map(([transactionId]) => ({
      transactionId: transactionId!,
      attendance: 0 as const,
    }));
    expect(await mark(every)).toBe(
      'Marked 20 deliveries absent in ATT on 26/11/2026: Cust V, Cust U, Cust T, Cust S, Cust R, Cust Q, Cust P, ' +
        'Cust O, Cust N, Cust M … and 10 more',
    );
  });
});

describe('the first administrator', () => {
  it('is created with one audit row of their own', async () => {
    const fresh = await createTestApp({ signedIn: false });
    try {
      const setup = await fresh.call('POST', '/api/auth/setup', { username: 'owner', password: 'password-1' });
      expect(setup.status).toBe(200);
      const rows = await fresh.database.db.select().from(auditLog);
      expect(rows).toMatchObject([{ username: 'owner', action: 'staff.setup', entity: 'staff' }]);
      // Signing in and out changes no data.
      await fresh.call('POST', '/api/auth/login', { username: 'owner', password: 'password-1' });
      expect(await fresh.database.db.select({ n: count() }).from(auditLog)).toEqual([{ n: 1 }]);
    } finally {
      await fresh.close();
    }
  });
});
