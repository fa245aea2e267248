import { describe, expect, it } from 'vitest';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCustomer, makeDelivery, makePayment, makeProduct } from '../helpers/factories';

const t = fileTestApp();

/** Two product codes; the first has two rows (two combinations) that count as one product. */
async function products() {
  const db = t.database.db;
  const cowDaily = await makeProduct(db, { productName: 'Cow Milk' });
  const cowWeekly = await makeProduct(db, {
    productCode: cowDaily.productCode,
    productName: 'Cow Milk',
    days: 'Weekly',
  });
  const buffalo = await makeProduct(db, { productName: 'Buffalo Milk' });
  return { cowDaily, cowWeekly, buffalo };
}

const deliver = (customerId: number, p: Parameters<typeof makeDelivery>[2], date: string, attendance: 0 | 1 = 1) =>
  makeDelivery(t.database.db, customerId, p, date, { attendance });

describe('GET /api/reports (daily consumption)', () => {
  it('counts delivered transactions per colony and product on the date', async () => {
    const db = t.database.db;
    const { cowDaily, cowWeekly, buffalo } = await products();
    const north = await makeColony(db, { colonyName: 'North Block' });
    const south = await makeColony(db, { colonyName: 'South Block' });
    const a = await makeCustomer(db, { colonyCode: north.colonyCode });
    const b = await makeCustomer(db, { colonyCode: north.colonyCode });
    const c = await makeCustomer(db, { colonyCode: south.colonyCode });
    await deliver(a.customerId, cowDaily, '2026-11-22');
    await deliver(a.customerId, cowWeekly, '2026-11-22');
    await deliver(b.customerId, cowDaily, '2026-11-22');
    await deliver(b.customerId, buffalo, '2026-11-22', 0); // not delivered: not counted
    await deliver(a.customerId, buffalo, '2026-11-21'); // another day
    await deliver(c.customerId, buffalo, '2026-11-22');

    const res = await t.call('GET', `/api/reports?colonyId=${north.colonyCode}&transactionDate=2026-11-22`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: '2026-11-22',
      report: [
        {
          colonyCode: north.colonyCode,
          colonyName: 'North Block',
          productCode: cowDaily.productCode,
          productName: 'Cow Milk',
          transactionCount: 3,
          quantity: 3,
          unit: 'L',
        },
      ],
    });

    const all = await t.call('GET', '/api/reports?transactionDate=2026-11-22');
    const ours = all.body.report.filter((r: { colonyCode: string }) =>
      [north.colonyCode, south.colonyCode].includes(r.colonyCode),
    );
    expect(ours).toEqual([
      expect.objectContaining({ colonyName: 'North Block', productCode: cowDaily.productCode, transactionCount: 3 }),
      expect.objectContaining({ colonyName: 'South Block', productCode: buffalo.productCode, transactionCount: 1 }),
    ]);
  });

  it('sums the delivered quantities per colony and product with the unit; no colony is every colony', async () => {
    const db = t.database.db;
    const curd = await makeProduct(db, { productName: 'Fresh Curd', unit: 'kg' });
    const curdWeekly = await makeProduct(db, {
      productCode: curd.productCode,
      productName: 'Fresh Curd',
      unit: 'kg',
      days: 'Weekly',
    });
    const east = await makeColony(db, { colonyName: 'East Block' });
    const west = await makeColony(db, { colonyName: 'West Block' });
    const a = await makeCustomer(db, { colonyCode: east.colonyCode });
    const b = await makeCustomer(db, { colonyCode: east.colonyCode });
    const c = await makeCustomer(db, { colonyCode: west.colonyCode });
    const date = '2026-10-05';
    await makeDelivery(db, a.customerId, curd, date, { quantity: 150 });
    await makeDelivery(db, a.customerId, curdWeekly, date, { quantity: 25 });
    await makeDelivery(db, b.customerId, curd, date, { quantity: 200 });
    await makeDelivery(db, b.customerId, curdWeekly, date, { quantity: 300, attendance: 0 }); // absent: not counted
    await makeDelivery(db, c.customerId, curd, date, { quantity: 75 });

    const one = await t.call('GET', `/api/reports?colonyId=${east.colonyCode}&transactionDate=${date}`);
    expect(one.body.report).toEqual([
      {
        colonyCode: east.colonyCode,
        colonyName: 'East Block',
        productCode: curd.productCode,
        productName: 'Fresh Curd',
        transactionCount: 3,
        quantity: 3.75,
        unit: 'kg',
      },
    ]);
    const all = await t.call('GET', `/api/reports?transactionDate=${date}`);
    expect(all.status).toBe(200);
    expect(all.body.report).toEqual([
      expect.objectContaining({ colonyName: 'East Block', transactionCount: 3, quantity: 3.75, unit: 'kg' }),
      expect.objectContaining({ colonyName: 'West Block', transactionCount: 1, quantity: 0.75, unit: 'kg' }),
    ]);
    // An empty colony is the same as none.
    expect((await t.call('GET', `/api/reports?colonyId=&transactionDate=${date}`)).body).toEqual(all.body);
  });

  it('reads an ISO date-time as the date in the business time zone, and finds a colony ignoring case', async () => {
    const db = t.database.db;
    const { buffalo } = await products();
    const colony = await makeColony(db, { colonyCode: 'Tz1' });
    const customer = await makeCustomer(db, { colonyCode: colony.colonyCode });
    await deliver(customer.customerId, buffalo, '2026-03-01');
    // Midnight of 1 March in India is 18:30 UTC on 28 February.
    const res = await t.call('GET', '/api/reports?colonyId=tz1&transactionDate=2026-02-28T18:30:00.000Z');
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2026-03-01');
    expect(res.body.report).toEqual([expect.objectContaining({ colonyCode: 'Tz1', transactionCount: 1 })]);
  });

  it('is empty when nothing was delivered', async () => {
    const colony = await makeColony(t.database.db);
    const res = await t.call('GET', `/api/reports?colonyId=${colony.colonyCode}&transactionDate=2026-01-01`);
    expect(res.body).toEqual({ date: '2026-01-01', report: [] });
  });

  it.each([
    ['', 'Please select a date.'],
    ['transactionDate=', 'Please select a date.'],
    ['transactionDate=2026-02-30', 'Date must be YYYY-MM-DD or an ISO date-time'],
    ['transactionDate=yesterday', 'Date must be YYYY-MM-DD or an ISO date-time'],
    ['transactionDate=2026-02-30T00:00:00Z', 'Date must be YYYY-MM-DD or an ISO date-time'],
    // Without an offset the instant is unknown.
    ['transactionDate=2026-11-22T10:00:00', 'Date must be YYYY-MM-DD or an ISO date-time'],
    [`transactionDate=2026-01-01&colonyId=${'x'.repeat(21)}`, 'Must be at most 20 characters'],
  ])('rejects %s with "%s"', async (query, message) => {
    const res = await t.call('GET', `/api/reports?${query}`);
    expectFailure(res, 400, message);
  });

  it('answers 404 for an unknown colony and 401 without a session', async () => {
    const unknown = await t.call('GET', '/api/reports?colonyId=NOPE&transactionDate=2026-01-01');
    expectFailure(unknown, 404, 'Colony not found');
    const anonymous = await t.inject({ method: 'GET', url: '/api/reports?transactionDate=2026-01-01' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/reports/noBalance', () => {
  it("lists the colony's defaulters with their due, latest bill lines and last delivery", async () => {
    const db = t.database.db;
    const { cowDaily, buffalo } = await products();
    const colony = await makeColony(db);
    const other = await makeColony(db);
    const zara = await makeCustomer(db, {
      colonyCode: colony.colonyCode,
      customerName: 'zara khan',
      contactNumber: '98100 00001',
      route: 2,
      defaulter: 1,
      due: 123456,
    });
    const amit = await makeCustomer(db, {
      colonyCode: colony.colonyCode,
      customerName: 'amit',
      route: 1,
      defaulter: 1,
    });
    const bela = await makeCustomer(db, {
      colonyCode: colony.colonyCode,
      customerName: 'bela',
      route: 2,
      defaulter: 1,
    });
    await makeCustomer(db, { colonyCode: colony.colonyCode, defaulter: 0, due: 5000 }); // not marked
    await makeCustomer(db, { colonyCode: other.colonyCode, defaulter: 1, due: 5000 }); // another colony
    // The latest bill is January 2026's, though November 2025's has the higher month number.
    await makePayment(db, { customerId: zara.customerId, paymentYear: 2025, paymentMonth: 11, totalPrice: 100 }, [
      { productCode: 'OLD', productName: 'Old Line', price: 100, attendance: 1 },
    ]);
    await makePayment(db, { customerId: zara.customerId, paymentYear: 2026, paymentMonth: 1, totalPrice: 36050 }, [
      { productCode: cowDaily.productCode, productName: 'Cow Milk', price: 5550, attendance: 5 },
      { productCode: buffalo.productCode, productName: 'Buffalo Milk', price: 7300, attendance: 1 },
    ]);
    await deliver(zara.customerId, cowDaily, '2025-12-31');
    await deliver(zara.customerId, cowDaily, '2026-01-15', 0); // not delivered: not the last transaction

    const res = await t.call('GET', `/api/reports/noBalance?colonyName=${colony.colonyCode}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { customer: { customerName: string } }) => r.customer.customerName)).toEqual([
      'amit',
      'bela',
      'zara khan',
    ]);
    expect(res.body.data[2]).toEqual({
      customer: { customerId: zara.customerId, route: 2, customerName: 'zara khan', contactNumber: '98100 00001' },
      totalDue: 1234.56,
      paymentProducts: [
        {
          productCode: cowDaily.productCode,
          productName: 'Cow Milk',
          unit: 'L',
          price: 55.5,
          attendance: 5,
          quantity: 5,
          amount: 277.5,
        },
        {
          productCode: buffalo.productCode,
          productName: 'Buffalo Milk',
          unit: 'L',
          price: 73,
          attendance: 1,
          quantity: 1,
          amount: 73,
        },
      ],
      lastTransactionMonth: 12,
      lastTransactionYear: 2025,
    });
    expect(res.body.data[0]).toEqual({
      customer: { customerId: amit.customerId, route: 1, customerName: 'amit', contactNumber: '' },
      totalDue: 0,
      paymentProducts: [],
      lastTransactionMonth: null,
      lastTransactionYear: null,
    });
    expect(res.body.data[1].customer.customerId).toBe(bela.customerId);
  });

  it('is empty for a colony without defaulters', async () => {
    const colony = await makeColony(t.database.db);
    const res = await t.call('GET', `/api/reports/noBalance?colonyName=${colony.colonyCode}`);
    expect(res.body).toEqual({ data: [] });
  });

  it('needs a colony, a known one, and a session', async () => {
    const missing = await t.call('GET', '/api/reports/noBalance');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'Please select a colony.',
      errors: [{ path: 'colonyName', message: 'Please select a colony.' }],
    });
    const blank = await t.call('GET', '/api/reports/noBalance?colonyName=%20');
    expect(blank.body.message).toBe('Please select a colony.');
    const unknown = await t.call('GET', '/api/reports/noBalance?colonyName=NOPE');
    expect(unknown.status).toBe(404);
    const anonymous = await t.inject({ method: 'GET', url: '/api/reports/noBalance?colonyName=NOPE' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/reports/filtered (monthly payment info)', () => {
  it("returns the colony's bills of the month (zero-based) by route then name, with lines", async () => {
    const db = t.database.db;
    const { cowDaily } = await products();
    const colony = await makeColony(db);
    const other = await makeColony(db);
    const ravi = await makeCustomer(db, {
      colonyCode: colony.colonyCode,
      customerName: 'ravi',
      route: 3,
      contactNumber: '555',
    });
    const asha = await makeCustomer(db, { colonyCode: colony.colonyCode, customerName: 'asha', route: 3 });
    const first = await makeCustomer(db, { colonyCode: colony.colonyCode, customerName: 'zeta', route: 1 });
    const outsider = await makeCustomer(db, { colonyCode: other.colonyCode });
    const bill = await makePayment(
      db,
      {
        customerId: ravi.customerId,
        paymentYear: 2026,
        paymentMonth: 1,
        charges: 2000,
        totalPrice: 168500,
        previousDue: -10001,
        paid: 50000,
        due: 118500,
      },
      [
        { productCode: cowDaily.productCode, productName: 'Cow Milk', price: 5550, attendance: 20 },
        { productCode: cowDaily.productCode, productName: 'Cow Milk', price: 6000, attendance: 9 },
      ],
    );
    await makePayment(db, {
      customerId: asha.customerId,
      paymentYear: 2026,
      paymentMonth: 1,
      charges: 1000,
      totalPrice: 11000,
      previousDue: 1,
      due: 11000,
    });
    await makePayment(db, { customerId: first.customerId, paymentYear: 2026, paymentMonth: 1 });
    await makePayment(db, { customerId: ravi.customerId, paymentYear: 2026, paymentMonth: 2 }); // another month
    await makePayment(db, { customerId: ravi.customerId, paymentYear: 2025, paymentMonth: 1 }); // another year
    await makePayment(db, { customerId: outsider.customerId, paymentYear: 2026, paymentMonth: 1 });

    const res = await t.call('POST', '/api/reports/filtered', {
      colonyName: colony.colonyCode,
      paymentMonth: 0,
      paymentYear: 2026,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { customer: { customerName: string } }) => r.customer.customerName)).toEqual([
      'zeta',
      'asha',
      'ravi',
    ]);
    expect(res.body.data[2]).toEqual({
      paymentId: bill.paymentId,
      customer: { customerId: ravi.customerId, route: 3, customerName: 'ravi', contactNumber: '555' },
      totalPrice: 1685,
      charges: 20,
      previousDue: -100.01,
      paid: 500,
      due: 1185,
      productCharge: 1665,
      // What is left to collect: 1685 - 100.01 - 500.
      balance: 1084.99,
      paymentProducts: [
        {
          productCode: cowDaily.productCode,
          productName: 'Cow Milk',
          unit: 'L',
          price: 55.5,
          attendance: 20,
          quantity: 20,
          amount: 1110,
        },
        {
          productCode: cowDaily.productCode,
          productName: 'Cow Milk',
          unit: 'L',
          price: 60,
          attendance: 9,
          quantity: 9,
          amount: 540,
        },
      ],
      productTotals: [
        { productCode: cowDaily.productCode, productName: 'Cow Milk', unit: 'L', days: 29, quantity: 29, amount: 1650 },
      ],
    });
    expect(res.body.data[1]).toMatchObject({ productCharge: 100, balance: 110.01, productTotals: [] });
    // The colony's sums, in paise: -100.01 + 0.01 is exactly -100.
    expect(res.body.totals).toEqual({
      productCharge: 1765,
      charges: 30,
      totalPrice: 1795,
      previousDue: -100,
      paid: 500,
      balance: 1195,
    });
  });

  it('takes the month and year as numeric strings too', async () => {
    const db = t.database.db;
    const colony = await makeColony(db);
    const c = await makeCustomer(db, { colonyCode: colony.colonyCode });
    await makePayment(db, { customerId: c.customerId, paymentYear: 2025, paymentMonth: 12 });
    const res = await t.call('POST', '/api/reports/filtered', {
      colonyName: colony.colonyCode,
      paymentMonth: '11',
      paymentYear: '2025',
    });
    expect(res.body.data).toHaveLength(1);
    const none = await t.call('POST', '/api/reports/filtered', {
      colonyName: colony.colonyCode,
      paymentMonth: 10,
      paymentYear: 2025,
    });
    expect(none.body).toEqual({
      data: [],
      totals: { productCharge: 0, charges: 0, totalPrice: 0, previousDue: 0, paid: 0, balance: 0 },
    });
  });

  it.each([
    [{ paymentMonth: 0, paymentYear: 2026 }, 'Please select a colony.'],
    [{ colonyName: 'X1', paymentMonth: 12, paymentYear: 2026 }, 'Month must be between 0 and 11'],
    [{ colonyName: 'X1', paymentMonth: -1, paymentYear: 2026 }, 'Month must be between 0 and 11'],
    [{ colonyName: 'X1', paymentYear: 2026 }, 'Month must be between 0 and 11'],
    [{ colonyName: 'X1', paymentMonth: 1.5, paymentYear: 2026 }, 'Month must be between 0 and 11'],
    [{ colonyName: 'X1', paymentMonth: 0, paymentYear: 1999 }, 'Enter a date between 2000 and 2099.'],
    [{ colonyName: 'X1', paymentMonth: 0 }, 'Year must be a whole number'],
  ])('rejects %j with "%s"', async (body, message) => {
    const res = await t.call('POST', '/api/reports/filtered', body);
    expectFailure(res, 400, message);
  });

  it('answers 404, 403 without the guard header, 401 without a session, 415 for a form body', async () => {
    const unknown = await t.call('POST', '/api/reports/filtered', {
      colonyName: 'NOPE',
      paymentMonth: 0,
      paymentYear: 2026,
    });
    expect(unknown.status).toBe(404);
    const body = JSON.stringify({ colonyName: 'NOPE', paymentMonth: 0, paymentYear: 2026 });
    const unguarded = await t.inject({
      method: 'POST',
      url: '/api/reports/filtered',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unguarded.statusCode).toBe(403);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/reports/filtered',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const form = await t.call('POST', '/api/reports/filtered', 'colonyName=NOPE');
    expect(form.status).toBe(415);
  });
});

describe('API description', () => {
  it('documents the report calls', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: t.cookie } });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/reports',
        '/api/reports/noBalance',
        '/api/reports/filtered',
        '/api/payments/previewDefaulters',
        '/api/payments/generateDefaulters',
      ]),
    );
  });
});
