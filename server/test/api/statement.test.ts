import { statementTexts } from '@dairy/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customer, payment, receipt, transaction } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCustomer } from '../helpers/factories';
import { days, deliver, newCustomer, PERIODS, period, type Seed, seedColony, who } from './payment-fixtures';

const t = fileTestApp();

const db = () => t.database.db;
const generate = (seed: Seed, month: number, year = 2026, charges?: number) =>
  t.call('POST', '/api/payments/generatePayments', {
    colony: seed.colony.colonyCode,
    month,
    year,
    ...(charges === undefined ? {} : { charges }),
  });
const receive = (customerId: number, month: number, amount: number, paymentMode = 'positive', year = 2026) =>
  t.call('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId,
    month: month - 1, // zero-based on this call
    year,
    receivingPayment: amount,
    paymentMode,
  });
const statement = (customerId: number | string, month: number | string, year: number | string = 2026) =>
  t.call('GET', `/api/statement?customerId=${customerId}&month=${month}&year=${year}`);
const settings = {
  businessName: 'Shree Krishna Dairy',
  address: '12, Gandhi Road, Pune',
  phone: '020 2345 6789',
  upiId: 'shreedairy@okhdfcbank',
  upiName: 'Shree Krishna Dairy',
  billNote: 'Pay by the 10th.',
};
const noSettings = { businessName: '', address: '', phone: '', upiId: '', upiName: '', billNote: '' };
const textOf = (whatsappLink: string) => decodeURIComponent(whatsappLink.split('?text=')[1]!);

describe('GET /api/statement', () => {
  it('gives every field of a billed month: the bill, the balances, the days, and both links', async () => {
    const seed = await seedColony(db(), 20_00);
    const asha = await newCustomer(db(), seed, {
      customerName: 'Asha Rao',
      contactNumber: '98765-43210',
      address: 'Flat 4, Lotus Apartments',
      route: 3,
      openingBalance: 100_00,
    });
    await deliver(db(), seed, asha.customerId, seed.milk, days(2026, 3, 1, 3));
    await deliver(db(), seed, asha.customerId, seed.milk, days(2026, 3, 4, 4), { attendance: 0 });
    await deliver(db(), seed, asha.customerId, seed.curd, days(2026, 3, 2, 3));
    await deliver(db(), seed, asha.customerId, seed.milk, days(2026, 2, 27, 28));
    expect((await generate(seed, 2)).status).toBe(200);
    expect((await generate(seed, 3)).status).toBe(200);
    await receive(asha.customerId, 2, 50);
    await receive(asha.customerId, 3, 500);
    await receive(asha.customerId, 3, 25, 'negative');
    expect((await t.call('PUT', '/api/settings', settings)).status).toBe(200);

    const response = await statement(asha.customerId, 3);
    expect(response.status).toBe(200);
    // March: milk 3 days x 50 + curd 2 days x 30.50 = 211, service 20: 231. Before it: opening 100
    // + February's 100 + 20 - 50 paid = 170. Paid in March 500 - 25 = 475. Balance 231 + 170 - 475 = -74.
    const { whatsappLink, ...rest } = response.body;
    const day = (date: string, product: Seed['milk'], attendance: number) => ({
      date,
      productCode: product.productCode,
      productName: product.productName,
      unit: 'L',
      quantity: 1,
      price: product.price / 100,
      attendance,
    });
    expect(rest).toEqual({
      business: settings,
      customer: {
        customerId: asha.customerId,
        customerName: 'Asha Rao',
        route: 3,
        address: 'Flat 4, Lotus Apartments',
        contactNumber: '98765-43210',
        colonyName: seed.colony.colonyName,
        language: 'en',
      },
      month: 3,
      year: 2026,
      days: [
        day('2026-03-01', seed.milk, 1),
        ...[2, 3].flatMap((d) =>
          [seed.milk, seed.curd]
            .sort((a, b) => a.productCode.localeCompare(b.productCode))
            .map((p) => day(`2026-03-0${d}`, p, 1)),
        ),
        day('2026-03-04', seed.milk, 0),
      ],
      lines: [seed.milk, seed.curd]
        .sort((a, b) => a.productCode.localeCompare(b.productCode))
        .map((p) => {
          const delivered = p === seed.milk ? 3 : 2;
          return {
            productCode: p.productCode,
            productName: p.productName,
            unit: 'L',
            price: p.price / 100,
            days: delivered,
            quantity: delivered,
            amount: (p.price * delivered) / 100,
          };
        }),
      productCharge: 211,
      serviceCharge: 20,
      totalPrice: 231,
      previousDue: 170,
      paid: 475,
      balance: -74,
      // March is the latest month and nothing was received for a later one: what is owed now is the balance.
      receivedSince: 0,
      dueNow: -74,
      // Nothing to pay: no UPI link.
      upiLink: null,
    });
    expect(textOf(whatsappLink)).toBe(
      [
        'Shree Krishna Dairy: bill for March 2026, Asha Rao',
        'Milk charge: ₹211.00',
        'Service charge: ₹20.00',
        'Previous balance: ₹170.00',
        'Paid: ₹475.00',
        'Balance: -₹74.00',
      ].join('\n'),
    );
    expect(whatsappLink.startsWith('https://wa.me/919876543210?text=')).toBe(true);

    // February left ₹170.00 to pay, but March's receipts paid it: nothing to pay now, so no UPI link.
    const february = (await statement(asha.customerId, 2)).body;
    expect(february).toMatchObject({ balance: 170, receivedSince: 475, dueNow: -74, upiLink: null });
    expect(textOf(february.whatsappLink)).toMatch(/Balance: ₹170\.00\nReceived since: ₹475\.00\nTo pay now: -₹74\.00$/);
  });

  it('shows a month without a bill with zero charges, its deliveries, the previous due and its receipts', async () => {
    await t.call('PUT', '/api/settings', noSettings);
    const seed = await seedColony(db());
    const ravi = await newCustomer(db(), seed, { contactNumber: '', openingBalance: 40_00 });
    await deliver(db(), seed, ravi.customerId, seed.milk, days(2026, 5, 1, 2));
    await receive(ravi.customerId, 5, 10);
    const response = await statement(ravi.customerId, 5);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      business: noSettings,
      lines: [],
      productCharge: 0,
      serviceCharge: 0,
      totalPrice: 0,
      previousDue: 40,
      paid: 10,
      balance: 30,
      // No UPI ID set, no phone: no links.
      upiLink: null,
      whatsappLink: null,
    });
    expect(response.body.days.map((d: { date: string }) => d.date)).toEqual(['2026-05-01', '2026-05-02']);
  });

  it('shows a month paid for in a later month with what was received since and what is to pay now', async () => {
    // Bills are made early in the next month and customers pay then: October's bill, paid on
    // 26 November, and the receipt was taken for November.
    await t.call('PUT', '/api/settings', settings);
    const seed = await seedColony(db(), 20_00);
    const meena = await newCustomer(db(), seed, { customerName: 'Meena', contactNumber: '9876500001', route: 1 });
    const other = await newCustomer(db(), seed, { customerName: 'Nisha', contactNumber: '9876500002', route: 2 });
    await deliver(db(), seed, meena.customerId, seed.milk, days(2025, 10, 1, 18));
    await deliver(db(), seed, other.customerId, seed.milk, days(2025, 10, 1, 2));
    expect((await generate(seed, 10, 2025)).status).toBe(200);
    // 18 days at ₹50.00 and ₹20.00 service: ₹920.00. ₹950.00 received, ₹30.00 of it in advance.
    expect((await receive(meena.customerId, 11, 950, 'positive', 2025)).status).toBe(200);

    const october = (await statement(meena.customerId, 10, 2025)).body;
    expect(october).toMatchObject({ totalPrice: 920, paid: 0, balance: 920, receivedSince: 950, dueNow: -30 });
    // Nothing to pay now: no UPI link, whatever October's own balance says.
    expect(october.upiLink).toBeNull();
    expect(textOf(october.whatsappLink)).toBe(
      [
        'Shree Krishna Dairy: bill for October 2025, Meena',
        'Milk charge: ₹900.00',
        'Service charge: ₹20.00',
        'Previous balance: ₹0.00',
        'Paid: ₹0.00',
        'Balance: ₹920.00',
        'Received since: ₹950.00',
        'To pay now: -₹30.00',
      ].join('\n'),
    );

    // A part paid since: the link asks for what is left now.
    expect((await receive(meena.customerId, 11, 1000, 'negative', 2025)).status).toBe(200);
    const partly = (await statement(meena.customerId, 10, 2025)).body;
    expect(partly).toMatchObject({ balance: 920, receivedSince: -50, dueNow: 970 });
    expect(partly.upiLink).toBe(
      'upi://pay?pa=shreedairy%40okhdfcbank&pn=Shree%20Krishna%20Dairy&am=970.00&cu=INR&tn=October%202025%20bill',
    );
    expect(textOf(partly.whatsappLink)).toContain(
      `Balance: ₹920.00\nReceived since: -₹50.00\nTo pay now: ₹970.00\nPay by UPI: ${partly.upiLink}`,
    );

    // The colony's statements (Print all bills) carry the same, row by row.
    const colony = (
      await t.call('GET', `/api/statement/colony?colonyCode=${seed.colony.colonyCode}&month=10&year=2025`)
    ).body;
    expect(
      colony.statements.map((s: Record<string, unknown>) => [s.balance, s.receivedSince, s.dueNow, s.upiLink]),
    ).toEqual([
      [920, -50, 970, partly.upiLink],
      [120, 0, 120, expect.stringContaining('&am=120.00&')],
    ]);
    expect(colony.statements[0]).toEqual(partly);
  });

  it('asks for what is owed now on an earlier month whose later bills are unpaid', async () => {
    await t.call('PUT', '/api/settings', settings);
    const seed = await seedColony(db(), 0);
    const kiran = await newCustomer(db(), seed, { contactNumber: '9876500003' });
    await deliver(db(), seed, kiran.customerId, seed.milk, days(2025, 9, 1, 2));
    await deliver(db(), seed, kiran.customerId, seed.milk, days(2025, 10, 1, 3));
    expect((await generate(seed, 9, 2025)).status).toBe(200);
    expect((await generate(seed, 10, 2025)).status).toBe(200);
    const september = (await statement(kiran.customerId, 9, 2025)).body;
    // Nothing received since September, but October's ₹150.00 is owed too: ₹250.00 now.
    expect(september).toMatchObject({ balance: 100, receivedSince: 0, dueNow: 250 });
    expect(september.upiLink).toContain('&am=250.00&');
    const message = textOf(september.whatsappLink);
    expect(message).not.toContain('Received since');
    expect(message).toContain('Balance: ₹100.00\nTo pay now: ₹250.00\nPay by UPI:');
  });

  it('gives the links by the rules: no UPI ID, no phone, a foreign or short number', async () => {
    const seed = await seedColony(db());
    const owing = (contactNumber: string) => newCustomer(db(), seed, { contactNumber, openingBalance: 99_50 });
    await t.call('PUT', '/api/settings', noSettings);
    const plain = await owing('+91 98765 43210');
    expect((await statement(plain.customerId, 1)).body.upiLink).toBeNull();
    expect((await statement(plain.customerId, 1)).body.whatsappLink).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    await t.call('PUT', '/api/settings', { ...noSettings, upiId: 'ravi.k@ybl', upiName: 'Ravi & Sons' });
    expect((await statement(plain.customerId, 1)).body.upiLink).toBe(
      'upi://pay?pa=ravi.k%40ybl&pn=Ravi%20%26%20Sons&am=99.50&cu=INR&tn=January%202026%20bill',
    );
    for (const [contact, link] of [
      ['12345', null],
      ['+1 415 555 2671', null],
      ['+44 20 7946 0958', 'https://wa.me/442079460958?text='],
    ] as const) {
      const c = await owing(contact);
      const found = (await statement(c.customerId, 1)).body.whatsappLink;
      if (link === null) expect(found, contact).toBeNull();
      else expect(found.startsWith(link), contact).toBe(true);
    }
  });

  it.each([
    ['an unknown customer', '99999', '3', '2026', 404, statementTexts.customerNotFound],
    ['no customer', '', '3', '2026', 400, statementTexts.customerRequired],
    ['a customer id that is not a number', 'abc', '3', '2026', 400, 'Must be a valid id'],
    ['month 0', '1', '0', '2026', 400, 'Month must be between 1 and 12'],
    ['month 13', '1', '13', '2026', 400, 'Month must be between 1 and 12'],
    ['no month', '1', '', '2026', 400, statementTexts.monthRequired],
    ['a year out of range', '1', '3', '1999', 400, 'Enter a date between 2000 and 2099.'],
  ])('answers %s with %i and its message', async (_case, customerId, month, year, status, message) => {
    const response = await statement(customerId, month, year);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });

  it('needs a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/statement?customerId=1&month=1&year=2026' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/statement/colony', () => {
  it("gives each billed customer's statement of the month in route order, each equal to its own", async () => {
    const seed = await seedColony(db());
    const late = await newCustomer(db(), seed, { customerName: 'Zoya', route: 2, contactNumber: '9000000001' });
    const early = await newCustomer(db(), seed, { customerName: 'Bala', route: 2 });
    const first = await newCustomer(db(), seed, { customerName: 'Yusuf', route: 1 });
    const unbilled = await newCustomer(db(), seed, { customerName: 'Aaron', route: 1 });
    for (const c of [late, early, first]) await deliver(db(), seed, c.customerId, seed.milk, days(2026, 4, 1, 2));
    await deliver(db(), seed, unbilled.customerId, seed.milk, days(2026, 5, 1, 1));
    await generate(seed, 4);
    await receive(early.customerId, 4, 30);

    const response = await t.call(
      'GET',
      `/api/statement/colony?colonyCode=${seed.colony.colonyCode.toLowerCase()}&month=4&year=2026`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      colonyCode: seed.colony.colonyCode,
      colonyName: seed.colony.colonyName,
      month: 4,
      year: 2026,
    });
    const statements = response.body.statements;
    expect(statements.map((s: { customer: { customerName: string } }) => s.customer.customerName)).toEqual([
      'Yusuf',
      'Bala',
      'Zoya',
    ]);
    for (const s of statements) expect(s).toEqual((await statement(s.customer.customerId, 4)).body);
  });

  it('answers an unknown colony with 404 and a missing colony or a month out of range with 400', async () => {
    const unknown = await t.call('GET', '/api/statement/colony?colonyCode=NOPE&month=4&year=2026');
    expectFailure(unknown, 404, statementTexts.colonyNotFound);
    const missing = await t.call('GET', '/api/statement/colony?colonyCode=&month=4&year=2026');
    expectFailure(missing, 400, statementTexts.colonyRequired);
    const colony = await makeColony(db());
    const month = await t.call('GET', `/api/statement/colony?colonyCode=${colony.colonyCode}&month=13&year=2026`);
    expectFailure(month, 400, 'Month must be between 1 and 12');
  });

  it('gives an empty list for a colony without bills that month', async () => {
    const colony = await makeColony(db());
    await makeCustomer(db(), { colonyCode: colony.colonyCode });
    const response = await t.call('GET', `/api/statement/colony?colonyCode=${colony.colonyCode}&month=4&year=2026`);
    expect(response.status).toBe(200);
    expect(response.body.statements).toEqual([]);
  });
});

/**
 * Random histories as the ledger's property test draws them (deliveries, absences, generations
 * with or without a service charge, receipts and refunds across a year end), then every month of
 * every customer: the statement's figures are the bill's (Payment Information) and the receiving
 * screen's summary.
 */
describe('statement = bill = Receiving Payments, over random histories', () => {
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('deliver' as const),
      who,
      period,
      day: fc.integer({ min: 1, max: 28 }),
      product: fc.constantFrom('milk' as const, 'curd' as const),
      attendance: fc.constantFrom(0 as const, 1 as const),
    }),
    fc.record({
      kind: fc.constant('generate' as const),
      period,
      charges: fc.option(fc.integer({ min: 0, max: 50_00 }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('receive' as const),
      who,
      period,
      amount: fc.integer({ min: 1, max: 2_000_00 }),
      mode: fc.constantFrom('positive', 'negative'),
    }),
  );

  it('holds for every month of 25 random histories', async () => {
    const seed = await seedColony(db(), 20_00);
    await t.call('PUT', '/api/settings', settings);
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: -500_00, max: 500_00 }), fc.integer({ min: -500_00, max: 500_00 })),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (openings, steps) => {
          await db().delete(payment);
          await db().delete(receipt);
          await db().delete(transaction);
          await db().delete(customer);
          const ids: number[] = [];
          for (const opening of openings)
            ids.push(
              (await newCustomer(db(), seed, { openingBalance: opening, contactNumber: '9876543210' })).customerId,
            );
          const delivered = new Set<string>();
          for (const s of steps) {
            const { year, month } = PERIODS[s.period]!;
            if (s.kind === 'deliver') {
              const key = `${s.who} ${s.period} ${s.day} ${s.product}`;
              if (delivered.has(key)) continue;
              delivered.add(key);
              const date = days(year, month, s.day, s.day);
              await deliver(db(), seed, ids[s.who]!, seed[s.product], date, { attendance: s.attendance });
            } else if (s.kind === 'generate') {
              expect((await generate(seed, month, year, s.charges && s.charges / 100)).status).toBe(200);
            } else {
              expect((await receive(ids[s.who]!, month, s.amount / 100, s.mode, year)).status).toBe(200);
            }
          }
          for (const { year, month } of PERIODS) {
            const bills = await t.call(
              'GET',
              `/api/payments?colonyCode=${seed.colony.colonyCode}&paymentMonth=${month - 1}&paymentYear=${year}`,
            );
            for (const customerId of ids) {
              const s = (await statement(customerId, month, year)).body;
              const received = await t.call('POST', '/api/payments/receivingPaymentsForm', {
                customerId,
                month: month - 1,
                year,
              });
              const summary = received.body.currentBill;
              expect({
                totalPrice: s.totalPrice,
                previousDue: s.previousDue,
                paid: s.paid,
                balance: s.balance,
              }).toEqual({
                totalPrice: summary.totalPrice,
                previousDue: summary.previousDue,
                paid: summary.paid,
                balance: summary.balance,
              });
              // What is owed now is the customer's due; what was received since, the later months' receipts.
              expect(s.dueNow).toBe(received.body.customer.due);
              const later = PERIODS.filter((p) => p.year * 12 + p.month > year * 12 + month);
              let since = 0;
              for (const p of later) {
                const r = await t.call('POST', '/api/payments/receivingPaymentsForm', {
                  customerId,
                  month: p.month - 1,
                  year: p.year,
                });
                since += Math.round(r.body.currentBill.paid * 100);
              }
              expect(Math.round(s.receivedSince * 100)).toBe(since);
              // The message carries the balance, and what changed since when something was received;
              // the UPI link asks for what is owed now.
              const message = textOf(s.whatsappLink);
              expect(message).toContain(`Balance: ${rupees(s.balance)}`);
              expect(message.includes('Received since: ')).toBe(s.receivedSince !== 0);
              if (s.receivedSince !== 0) expect(message).toContain(`Received since: ${rupees(s.receivedSince)}`);
              if (s.dueNow > 0) expect(s.upiLink).toContain(`&am=${s.dueNow.toFixed(2)}&`);
              else expect(s.upiLink).toBeNull();
              const bill = bills.body.rows.find((b: { customerId: number }) => b.customerId === customerId);
              expect(bill === undefined).toBe(summary.paymentId === null);
              if (!bill) {
                expect([s.productCharge, s.serviceCharge, s.totalPrice, s.lines]).toEqual([0, 0, 0, []]);
                continue;
              }
              expect({
                productCharge: s.productCharge,
                serviceCharge: s.serviceCharge,
                totalPrice: s.totalPrice,
                previousDue: s.previousDue,
                paid: s.paid,
                balance: s.balance,
                lines: s.lines.map((l: Record<string, unknown>) => [l.productCode, l.price, l.days, l.amount]),
              }).toEqual({
                productCharge: bill.productCharge,
                serviceCharge: bill.charges,
                totalPrice: bill.totalPrice,
                previousDue: bill.previousDue,
                paid: bill.paid,
                balance: bill.balance,
                lines: bill.paymentProducts.map((l: Record<string, unknown>) => [
                  l.productCode,
                  l.price,
                  l.attendance,
                  l.amount,
                ]),
              });
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000);
});

/** Rupees as a message writes them: ₹1,234.50, -₹12.00. */
function rupees(amount: number): string {
  const text = Math.abs(amount).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}₹${text}`;
}

describe('the contract', () => {
  it('OpenAPI documents the settings and statement calls', async () => {
    const spec = (await t.call('GET', '/api/openapi.json')).body;
    expect(Object.keys(spec.paths['/api/settings'])).toEqual(['get', 'put']);
    const put = spec.paths['/api/settings'].put;
    expect(Object.keys(put.requestBody.content['application/json'].schema.properties)).toEqual([
      ...Object.keys(settings),
      'cutoffTime',
    ]);
    const query = (path: string) => spec.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(query('/api/statement')).toEqual(['customerId', 'month', 'year']);
    expect(query('/api/statement/colony')).toEqual(['colonyCode', 'month', 'year']);
    const answer = spec.paths['/api/statement'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual([
      'business',
      'customer',
      'month',
      'year',
      'days',
      'lines',
      'productCharge',
      'serviceCharge',
      'totalPrice',
      'previousDue',
      'paid',
      'balance',
      'receivedSince',
      'dueNow',
      'upiLink',
      'whatsappLink',
    ]);
  });
});
