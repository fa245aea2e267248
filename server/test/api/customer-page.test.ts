import { myTexts, statementTexts } from '@dairy/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerLink } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { expectPageHeaders, newLink, pageCall, pageOf } from '../helpers/customer-page';
import { EVERY_DAY, makeColony, makeConsumption, makeCustomer, makeDelivery, makeProduct } from '../helpers/factories';

/*
 * The customer's page, what it reads (docs/rules.md section 19): everything of the token's
 * customer and nothing of anyone else's, for a token never made and a deleted one the same 404,
 * statements of the last 24 months, and the headers. The clock is the test's.
 */

const clock = { now: new Date('2026-11-25T19:00:00+05:30') };
const at = (local: string) => {
  clock.now = new Date(`${local}+05:30`);
};
const t = fileTestApp({ now: () => clock.now });
const db = () => t.database.db;

const s = { asha: 0, bala: 0, ashaToken: '', balaToken: '', cow: 0, curd: 0, officePause: 0, pastPause: 0 };

const settings = {
  businessName: 'Shree Dairy',
  address: '12 Gandhi Road',
  phone: '020 2345 6789',
  upiId: 'shree@okaxis',
  upiName: 'Shree Dairy',
  billNote: '',
};

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'GK', colonyName: 'Gokul Nagar', charges: 20_00 });
  await makeColony(db(), { colonyCode: 'RV', colonyName: 'River View' });
  const cow = await makeProduct(db(), { productCode: 'COW', productName: 'Cow Milk', price: 60_00 });
  const curd = await makeProduct(db(), { productCode: 'CURD', productName: 'Curd', unit: 'kg', price: 40_00 });
  const ghee = await makeProduct(db(), { productCode: 'GHEE', productName: 'Ghee', price: 500_00 });
  const asha = await makeCustomer(db(), {
    colonyCode: 'GK',
    customerName: 'Asha Rao',
    route: 3,
    address: 'Flat 4, Lotus Apartments',
    contactNumber: '9876543210',
  });
  const bala = await makeCustomer(db(), { colonyCode: 'RV', customerName: 'Bala Secret', route: 9, address: 'Hidden' });
  s.asha = asha.customerId;
  s.bala = bala.customerId;
  s.cow = (await makeConsumption(db(), { customerId: s.asha, productId: cow.productId, quantity: 150 })).consumptionId;
  s.curd = (await makeConsumption(db(), { customerId: s.asha, productId: curd.productId })).consumptionId;
  await makeConsumption(db(), { customerId: s.asha, productId: ghee.productId, disable: 1 });
  await makeConsumption(db(), { customerId: s.bala, productId: cow.productId });
  for (const date of ['2025-11-02', '2025-12-02', '2026-10-01', '2026-10-02', '2026-11-01', '2026-11-02'])
    for (const customerId of [s.asha, s.bala]) await makeDelivery(db(), customerId, cow, date, { quantity: 150 });
  for (const [colony, month, year] of [
    ['GK', 11, 2025],
    ['GK', 12, 2025],
    ['GK', 10, 2026],
    ['GK', 11, 2026],
    ['RV', 11, 2026],
  ] as const)
    expect((await t.call('POST', '/api/payments/generatePayments', { colony, month, year })).status).toBe(200);
  const paid = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId: s.asha,
    month: 9, // zero-based on this call: October
    year: 2026,
    receivingPayment: 100,
    paymentMode: 'positive',
  });
  expect(paid.status).toBe(200);
  expect((await t.call('PUT', '/api/settings', settings)).status).toBe(200);
  const office = await t.call('POST', '/api/changes', {
    customerId: s.asha,
    consumptionId: s.curd,
    kind: 'pause',
    fromDate: '2026-11-20',
    toDate: '2026-11-30',
    reason: 'Curd not needed',
  });
  s.officePause = office.body.change.changeId;
  const past = await t.call('POST', '/api/changes', {
    customerId: s.asha,
    kind: 'pause',
    fromDate: '2026-11-05',
    toDate: '2026-11-08',
  });
  s.pastPause = past.body.change.changeId;
  await t.call('POST', '/api/changes', { customerId: s.bala, kind: 'pause', fromDate: '2026-12-01' });
  s.ashaToken = await newLink(t, s.asha);
  s.balaToken = await newLink(t, s.bala);
});

const statementOf = async (customerId: number, month: number, year: number) => {
  const answer = await t.call('GET', `/api/statement?customerId=${customerId}&month=${month}&year=${year}`);
  expect(answer.status).toBe(200);
  const { whatsappLink: _, ...rest } = answer.body;
  return rest;
};

describe('GET /api/my/:token', () => {
  it('answers the dairy, the customer, the cut-off, the consumptions, this month, the changes and 12 months of bills', async () => {
    at('2026-11-25T19:00:00');
    const page = await pageOf(t, s.ashaToken).get();
    expect(page.status).toBe(200);
    expectPageHeaders(page.headers);
    const november = await statementOf(s.asha, 11, 2026);
    expect(november.days).toHaveLength(2);
    const officePause = (await t.call('GET', `/api/changes?customerId=${s.asha}&activeOn=2026-11-25`)).body.rows[0];
    expect(page.body).toEqual({
      business: { businessName: 'Shree Dairy', phone: '020 2345 6789' },
      customer: {
        customerName: 'Asha Rao',
        route: 3,
        colonyName: 'Gokul Nagar',
        address: 'Flat 4, Lotus Apartments',
        language: 'en',
      },
      today: '2026-11-25',
      cutoff: { time: '20:00', earliestDate: '2026-11-26' },
      consumptions: [
        {
          consumptionId: s.cow,
          productCode: 'COW',
          productName: 'Cow Milk',
          unit: 'L',
          quantity: 1.5,
          days: EVERY_DAY,
        },
        { consumptionId: s.curd, productCode: 'CURD', productName: 'Curd', unit: 'kg', quantity: 1, days: EVERY_DAY },
      ],
      statement: november,
      // Running and upcoming only (the pause of 5-8 November is over); the office's under the dairy's name.
      changes: [{ ...officePause, createdBy: 'dairy', byCustomer: false }],
      months: [
        { month: 11, year: 2026, totalPrice: november.totalPrice, paid: 0, balance: november.balance },
        { month: 10, year: 2026, totalPrice: 200, paid: 100, balance: (await statementOf(s.asha, 10, 2026)).balance },
        { month: 12, year: 2025, totalPrice: 110, paid: 0, balance: (await statementOf(s.asha, 12, 2025)).balance },
      ],
    });
    expect(officePause).toMatchObject({ changeId: s.officePause, createdBy: 'admin', reason: 'Curd not needed' });
    expect(page.body.statement.upiLink).toContain('pa=shree%40okaxis');
  });

  it("shows nothing of another customer, and another customer's token shows only theirs", async () => {
    const asha = JSON.stringify((await pageOf(t, s.ashaToken).get()).body);
    expect(asha).not.toContain('Bala');
    expect(asha).not.toContain('River View');
    const bala = await pageOf(t, s.balaToken).get();
    expect(bala.body.customer.customerName).toBe('Bala Secret');
    expect(JSON.stringify(bala.body)).not.toContain('Asha');
    expect(bala.body.changes.map((c: { customerId: number }) => c.customerId)).toEqual([s.bala]);
  });

  it('notes when the page was opened, to the minute, without an audit row; a statement is not an opening', async () => {
    const audited = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const lastSeen = async () =>
      (await db().select().from(customerLink).where(eq(customerLink.customerId, s.asha)))[0]!.lastSeenAt;
    const before = await audited();
    at('2026-11-25T19:10:00');
    await pageOf(t, s.ashaToken).get();
    expect(await lastSeen()).toEqual(clock.now);
    at('2026-11-25T19:10:30');
    await pageOf(t, s.ashaToken).get();
    expect(await lastSeen()).toEqual(new Date('2026-11-25T19:10:00+05:30'));
    at('2026-11-25T19:12:00');
    await pageOf(t, s.ashaToken).statement(11, 2026);
    expect(await lastSeen()).toEqual(new Date('2026-11-25T19:10:00+05:30'));
    await pageOf(t, s.ashaToken).get();
    expect(await lastSeen()).toEqual(clock.now);
    expect((await t.call('GET', `/api/customer-links/${s.asha}`)).body.lastSeenAt).toBe(clock.now.toISOString());
    expect(await audited()).toBe(before);
  });

  it('a staff session neither opens nor widens anything, and no answer sets a cookie', async () => {
    const withCookie = { cookie: t.cookie! };
    const plain = await pageOf(t, s.ashaToken).get();
    const signedIn = await pageOf(t, s.ashaToken).get('', withCookie);
    expect(signedIn.body).toEqual(plain.body);
    expectPageHeaders(signedIn.headers);
    const unknown = await pageCall(t, 'GET', `/api/my/${'A'.repeat(43)}`, undefined, withCookie);
    expect(unknown).toMatchObject({ status: 404, body: { message: myTexts.notValid } });
    // Another customer's statement or change through a token: the path names no customer.
    expect((await pageCall(t, 'GET', `/api/my/${s.ashaToken}?customerId=${s.bala}`)).body.customer.customerName).toBe(
      'Asha Rao',
    );
  });
});

describe('a token never made and a deleted one', () => {
  it('answer the same 404 with the same headers, and so do guessed and malformed tokens', async () => {
    const gone = await makeCustomer(db(), { colonyCode: 'GK', customerName: 'Gone' });
    const deleted = await newLink(t, gone.customerId);
    expect((await pageOf(t, deleted).get()).status).toBe(200);
    await t.call('DELETE', `/api/customer-links/${gone.customerId}`);
    const never = 'Zx9'.repeat(14).slice(0, 43);
    const answers = [];
    for (const token of [deleted, never, 'short', "x'; drop table customer_link; --", '%00', deleted.toLowerCase()])
      for (const path of ['', '/statement?month=11&year=2026'])
        answers.push(await pageCall(t, 'GET', `/api/my/${encodeURIComponent(token)}${path}`));
    answers.push(await pageOf(t, deleted).add({ kind: 'pause', fromDate: '2026-12-01' }));
    answers.push(await pageOf(t, deleted).end(s.officePause, { toDate: '2026-12-01' }));
    answers.push(await pageOf(t, deleted).remove(s.officePause));
    const headersOf = (h: Record<string, unknown>) => {
      const { date: _, ...rest } = h;
      return rest;
    };
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: myTexts.notValid });
      expectPageHeaders(answer.headers);
      expect(headersOf(answer.headers)).toEqual(headersOf(answers[0]!.headers));
    }
  });
});

describe('GET /api/my/:token/statement', () => {
  it("answers the customer's statement of the month without the office's WhatsApp link", async () => {
    at('2026-11-25T19:00:00');
    const october = await pageOf(t, s.ashaToken).statement(10, 2026);
    expect(october.status).toBe(200);
    expectPageHeaders(october.headers);
    expect(october.body).toEqual(await statementOf(s.asha, 10, 2026));
    expect(october.body).not.toHaveProperty('whatsappLink');
  });

  it('goes back 24 months: the current month and the 23 before it', async () => {
    at('2026-11-25T19:00:00');
    const page = pageOf(t, s.ashaToken);
    expect((await page.statement(11, 2026)).status).toBe(200);
    expect((await page.statement(12, 2024)).status).toBe(200);
    for (const [month, year] of [
      [11, 2024],
      [12, 2026],
      [1, 2027],
      [1, 2000],
    ])
      expect(await page.statement(month!, year!)).toMatchObject({
        status: 400,
        body: { message: myTexts.statementsBack },
      });
  });

  it('moves with the month at midnight in the business time zone', async () => {
    const page = pageOf(t, s.ashaToken);
    at('2026-11-30T23:59:00');
    expect((await page.statement(12, 2024)).status).toBe(200);
    expect((await page.statement(12, 2026)).body.message).toBe(myTexts.statementsBack);
    expect((await page.get()).body).toMatchObject({ today: '2026-11-30', statement: { month: 11, year: 2026 } });
    at('2026-12-01T00:00:00');
    expect((await page.statement(12, 2026)).status).toBe(200);
    expect((await page.statement(12, 2024)).body.message).toBe(myTexts.statementsBack);
    const december = await page.get();
    expect(december.body).toMatchObject({
      today: '2026-12-01',
      cutoff: { earliestDate: '2026-12-02' },
      statement: { month: 12, year: 2026 },
    });
    // The 12 months are now January to December 2026: December 2025's bill has left them.
    expect(december.body.months.map((m: { month: number; year: number }) => `${m.year}-${m.month}`)).toEqual([
      '2026-11',
      '2026-10',
    ]);
  });

  it('names a missing or wrong month and year', async () => {
    const page = pageOf(t, s.ashaToken);
    expect((await pageCall(t, 'GET', `/api/my/${s.ashaToken}/statement?year=2026`)).body.message).toBe(
      statementTexts.monthRequired,
    );
    expect((await pageCall(t, 'GET', `/api/my/${s.ashaToken}/statement?month=3`)).body.message).toBe(
      statementTexts.yearRequired,
    );
    expect((await page.statement(13, 2026)).status).toBe(400);
    expect((await page.statement('x', 2026)).status).toBe(400);
  });
});

describe('the page needs no sign-in', () => {
  it('answers without a session cookie, while the office calls still need one', async () => {
    expect((await t.inject({ method: 'GET', url: `/api/my/${s.ashaToken}` })).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `/api/statement?customerId=${s.asha}&month=11&year=2026` })).statusCode,
    ).toBe(401);
  });
});
