import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeConsumption, makeCustomer, makeProduct, makeTransaction } from '../helpers/factories';
import { days, expectLedgerConsistent } from './payment-fixtures';

/*
 * Quantities and delivery changes through generation and billing (docs/rules.md sections 6 and 12):
 * generation and its preview apply the changes covering the date and the quantities, bill lines
 * carry quantities and amounts, and a bill follows its deliveries on every path that changes them.
 */

const t = fileTestApp();
const db = () => t.database.db;
const s = { daily: 0, milk: 0, curd: 0 };

beforeAll(async () => {
  const milk = await makeProduct(db(), { productCode: 'FM', productName: 'Cow Milk', price: 56_00 });
  s.daily = milk.combinationId;
  s.milk = milk.productId;
  s.curd = (await makeProduct(db(), { productCode: 'FC', productName: 'Curd', unit: 'kg', price: 45_25 })).productId;
});

let colonies = 0;
/** A colony of its own for each test (service charge 20.00), so bills of one never meet another's. */
async function colony() {
  colonies += 1;
  return (await makeColony(db(), { colonyCode: `QF${colonies}`, colonyName: `Follow ${colonies}`, charges: 20_00 }))
    .colonyCode;
}

async function customerOf(colonyCode: string, customerName: string, route = 1) {
  return (await makeCustomer(db(), { colonyCode, customerName, route })).customerId;
}

/** Delivered rows made straight in the database, as generation would have made them. */
async function delivered(customerId: number, productId: number, dates: string[], quantity = 100) {
  const price = productId === s.milk ? 56_00 : 45_25;
  for (const transactionDate of dates)
    await makeTransaction(db(), { customerId, productId, combinationId: s.daily, transactionDate, price, quantity });
}

const generate = (colony: string, date: string) => t.call('POST', '/api/transactions/generate', { colony, date });
const bill = (colony: string, month: number, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/payments/generatePayments', { colony, month, year: 2026, ...extra });

type Line = { productCode: string; price: number; attendance: number; quantity: number; amount: number };
type Bill = {
  paymentId: number;
  charges: number;
  totalPrice: number;
  previousDue: number;
  paid: number;
  due: number;
  productCharge: number;
  paymentProducts: (Line & { productName: string; unit: string })[];
};

/** The customer's bill of a month (1-12) as Users Payments Details answers it, or undefined. */
async function billOf(customerId: number, month: number): Promise<Bill | undefined> {
  const m0 = month - 1;
  const res = await t.call(
    'GET',
    `/api/payments/paymentDetails?customerId=${customerId}&startMonth=${m0}&startYear=2026&endMonth=${m0}&endYear=2026`,
  );
  expect(res.status).toBe(200);
  return res.body.result[0];
}

const customerDue = async (customerId: number) =>
  (await t.call('GET', `/api/users?customerId=${customerId}`)).body.rows[0].due as number;

/** The customer's rows of a date, by product code. */
async function rowsOn(customerId: number, date: string) {
  const res = await t.call('GET', `/api/transactions?customerId=${customerId}&date=${date}`);
  type Row = { transactionId: number; attendance: number; quantity: number; version: number; price: number };
  return Object.fromEntries(
    (res.body.response as (Row & { product: { productCode: string } })[]).map((r) => [r.product.productCode, r]),
  );
}

describe('generation and its preview apply delivery changes and quantities', () => {
  it('skips the paused, takes a quantity change’s quantity, else the consumption’s, and says who is paused and why', async () => {
    const code = await colony();
    const asha = await customerOf(code, 'Asha', 1);
    const bala = await customerOf(code, 'Bala', 2);
    const chand = await customerOf(code, 'Chand', 3);
    const dev = await customerOf(code, 'Dev', 4);
    const esha = await customerOf(code, 'Esha', 5);
    await makeConsumption(db(), { customerId: asha, productId: s.milk, quantity: 150 });
    await makeConsumption(db(), { customerId: bala, productId: s.milk });
    await makeConsumption(db(), { customerId: bala, productId: s.curd, quantity: 50 });
    await makeConsumption(db(), { customerId: chand, productId: s.milk });
    await makeConsumption(db(), { customerId: dev, productId: s.milk, quantity: 200 });
    const devCurd = await makeConsumption(db(), { customerId: dev, productId: s.curd });
    const eshaMilk = await makeConsumption(db(), { customerId: esha, productId: s.milk });
    const change = (body: Record<string, unknown>) => t.call('POST', '/api/changes', body);
    expect(
      (
        await change({
          customerId: chand,
          kind: 'pause',
          fromDate: '2026-06-10',
          toDate: '2026-06-14',
          reason: 'Holiday',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await change({
          customerId: dev,
          consumptionId: devCurd.consumptionId,
          kind: 'pause',
          fromDate: '2026-06-09',
          reason: 'No curd',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await change({
          customerId: esha,
          consumptionId: eshaMilk.consumptionId,
          kind: 'quantity',
          quantity: 3,
          fromDate: '2026-06-10',
          toDate: '2026-06-11',
          reason: 'Guests',
        })
      ).status,
    ).toBe(201);

    const preview = await t.call('GET', `/api/transactions/nexttransactionpreview?colony=${code}&startDate=2026-06-10`);
    expect(preview.status).toBe(200);
    expect(
      preview.body.data.map((r: { customerName: string; productCode: string; quantity: number; unit: string }) => [
        r.customerName,
        r.productCode,
        r.quantity,
        r.unit,
      ]),
    ).toEqual([
      ['Asha', 'FM', 1.5, 'L'],
      ['Bala', 'FC', 0.5, 'kg'],
      ['Bala', 'FM', 1, 'L'],
      ['Dev', 'FM', 2, 'L'],
      ['Esha', 'FM', 3, 'L'],
    ]);
    expect(preview.body.total).toBe(5);
    expect(preview.body.paused).toEqual([
      {
        changeId: expect.any(Number),
        customerId: chand,
        customerName: 'Chand',
        route: 3,
        consumptionId: null,
        productCode: null,
        productName: null,
        reason: 'Holiday',
        fromDate: '2026-06-10',
        toDate: '2026-06-14',
      },
      {
        changeId: expect.any(Number),
        customerId: dev,
        customerName: 'Dev',
        route: 4,
        consumptionId: devCurd.consumptionId,
        productCode: 'FC',
        productName: 'Curd',
        reason: 'No curd',
        fromDate: '2026-06-09',
        toDate: null,
      },
    ]);
    // The day after Chand's pause and Esha's change: both back to their plan.
    const later = await t.call('GET', `/api/transactions/nexttransactionpreview?colony=${code}&startDate=2026-06-15`);
    expect(later.body.total).toBe(6);
    expect(later.body.paused.map((p: { customerName: string }) => p.customerName)).toEqual(['Dev']);

    // Generation writes what the preview showed, by colony and for every colony alike.
    expect((await generate(code, '2026-06-10')).body.created).toBe(5);
    expect((await t.call('POST', '/api/transactions/generateAll', { date: '2026-06-11' })).status).toBe(200);
    for (const date of ['2026-06-10', '2026-06-11']) {
      expect(Object.keys(await rowsOn(chand, date))).toEqual([]);
      expect(Object.keys(await rowsOn(dev, date))).toEqual(['FM']);
      expect((await rowsOn(dev, date)).FM!.quantity).toBe(2);
      expect((await rowsOn(esha, date)).FM!.quantity).toBe(3);
      expect((await rowsOn(asha, date)).FM!.quantity).toBe(1.5);
      expect((await rowsOn(bala, date)).FC!.quantity).toBe(0.5);
    }
    // Nothing is left to create on a generated day.
    const again = await t.call('GET', `/api/transactions/nexttransactionpreview?colony=${code}&startDate=2026-06-10`);
    expect(again.body.total).toBe(0);
  });
});

describe('bill lines carry quantities and amounts', () => {
  it('bills half litres to the paisa: price × the summed quantity, rounded once per line', async () => {
    const code = await colony();
    const a = await customerOf(code, 'Half');
    await makeConsumption(db(), { customerId: a, productId: s.curd, quantity: 50 });
    await makeConsumption(db(), { customerId: a, productId: s.milk, quantity: 125 });
    for (const date of days(2026, 7, 1, 3)) expect((await generate(code, date)).status).toBe(200);

    const preview = await t.call('POST', '/api/payments/previewPayments', { colony: code, month: 7, year: 2026 });
    expect(preview.status).toBe(200);
    // Curd: 3 × 0.5 kg = 1.5 kg at 45.25 = 67.875 → 67.88. Milk: 3 × 1.25 L = 3.75 L at 56 = 210.
    const lines = [
      { productCode: 'FC', productName: 'Curd', unit: 'kg', price: 45.25, attendance: 3, quantity: 1.5, amount: 67.88 },
      { productCode: 'FM', productName: 'Cow Milk', unit: 'L', price: 56, attendance: 3, quantity: 3.75, amount: 210 },
    ];
    expect(preview.body.data).toEqual([
      {
        customerId: a,
        customerName: 'Half',
        route: 1,
        charges: 20,
        productCharge: 277.88,
        totalPrice: 297.88,
        products: lines,
      },
    ]);
    expect((await bill(code, 7)).body.count).toBe(1);
    expect(await billOf(a, 7)).toMatchObject({ productCharge: 277.88, totalPrice: 297.88, paymentProducts: lines });
    const monthly = await t.call('POST', '/api/reports/filtered', {
      colonyName: code,
      paymentMonth: 6,
      paymentYear: 2026,
    });
    expect(monthly.body.data[0].paymentProducts).toEqual(lines);
    expect(monthly.body.data[0].productTotals).toEqual([
      { productCode: 'FC', productName: 'Curd', unit: 'kg', days: 3, quantity: 1.5, amount: 67.88 },
      { productCode: 'FM', productName: 'Cow Milk', unit: 'L', days: 3, quantity: 3.75, amount: 210 },
    ]);
    // Billing every colony writes the same lines.
    expect((await t.call('POST', '/api/payments/generateAll', { month: 7, year: 2026 })).status).toBe(200);
    expect((await billOf(a, 7))?.paymentProducts).toEqual(lines);
  });

  it('sums different quantities at one price into one line; each price its own line', async () => {
    const code = await colony();
    const a = await customerOf(code, 'Mixed');
    await delivered(a, s.milk, days(2026, 7, 1, 4), 150);
    await delivered(a, s.milk, days(2026, 7, 5, 6), 200);
    await makeTransaction(db(), {
      customerId: a,
      productId: s.milk,
      combinationId: s.daily,
      transactionDate: '2026-07-07',
      price: 60_00,
      quantity: 33,
    });
    await bill(code, 7);
    expect((await billOf(a, 7))?.paymentProducts.map((l) => [l.price, l.attendance, l.quantity, l.amount])).toEqual([
      [56, 6, 10, 560],
      [60, 1, 0.33, 19.8],
    ]);
  });
});

/** A customer of 1.5 L a day through June and July, both months billed, June with its own charge, part paid. */
async function billedHousehold(name: string) {
  const code = await colony();
  const id = await customerOf(code, name);
  const milk = await makeConsumption(db(), { customerId: id, productId: s.milk, quantity: 150 });
  await delivered(id, s.milk, days(2026, 6, 1, 30), 150);
  await delivered(id, s.milk, days(2026, 7, 1, 31), 150);
  expect((await bill(code, 6, { charges: 35 })).body.count).toBe(1);
  expect((await bill(code, 7)).body.count).toBe(1);
  const received = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId: id,
    month: 5,
    year: 2026,
    receivingPayment: 1000,
    paymentMode: 'positive',
  });
  expect(received.status).toBe(200);
  return { code, id, milk: milk.consumptionId };
}

/** June's and July's bills and the customer's due, to compare before and after. */
async function books(id: number) {
  return { june: await billOf(id, 6), july: await billOf(id, 7), due: await customerDue(id) };
}

describe('a bill follows its deliveries', () => {
  it('a pause in a billed month lowers that bill and the balances after it; deleting it restores them', async () => {
    const h = await billedHousehold('Paused');
    const before = await books(h.id);
    // 30 days × 1.5 L × 56 = 2,520 + 35 (June's own service charge, kept).
    expect(before.june).toMatchObject({ totalPrice: 2555, charges: 35, paid: 1000, due: 1555 });
    expect(before.july).toMatchObject({ totalPrice: 2624, previousDue: 1555 });

    const made = await t.call('POST', '/api/changes', {
      customerId: h.id,
      kind: 'pause',
      fromDate: '2026-06-10',
      toDate: '2026-06-14',
      reason: 'Holiday',
    });
    expect(made.status).toBe(201);
    expect(made.body.affected).toBe(5);
    const paused = await books(h.id);
    // 25 days × 1.5 L = 37.5 L × 56 = 2,100: 420 less, in June, in July's previous due and in the customer's due.
    expect(paused.june).toMatchObject({
      totalPrice: 2135,
      charges: 35,
      productCharge: 2100,
      paid: 1000,
      due: 1135,
      paymentProducts: [{ productCode: 'FM', price: 56, attendance: 25, quantity: 37.5, amount: 2100 }],
    });
    expect(paused.july).toMatchObject({ totalPrice: 2624, previousDue: 1135 });
    expect(paused.due).toBe(before.due - 420);
    await expectLedgerConsistent(db(), [h.id]);

    // Moved across the month's end: June gets back its days, July loses two.
    const moved = await t.call('PUT', `/api/changes/${made.body.change.changeId}`, {
      customerId: h.id,
      kind: 'pause',
      fromDate: '2026-06-29',
      toDate: '2026-07-02',
      reason: 'Holiday',
    });
    expect(moved.body.affected).toBe(9);
    const across = await books(h.id);
    expect(across.june).toMatchObject({ totalPrice: 2555 - 168, paymentProducts: [{ attendance: 28, quantity: 42 }] });
    expect(across.july).toMatchObject({ totalPrice: 2624 - 168, previousDue: 1555 - 168 });
    await expectLedgerConsistent(db(), [h.id]);

    expect((await t.call('DELETE', `/api/changes/${made.body.change.changeId}`)).body).toEqual({ affected: 4 });
    expect(await books(h.id)).toEqual(before);
    await expectLedgerConsistent(db(), [h.id]);
  });

  it('a quantity change in a billed month bills its quantity; deleting it restores the bill', async () => {
    const h = await billedHousehold('More');
    const before = await books(h.id);
    const made = await t.call('POST', '/api/changes', {
      customerId: h.id,
      consumptionId: h.milk,
      kind: 'quantity',
      quantity: 2,
      fromDate: '2026-07-01',
      toDate: '2026-07-03',
    });
    expect(made.body.affected).toBe(3);
    // 3 days at 0.5 L more: 1.5 L × 56 = 84.
    expect(await books(h.id)).toEqual({
      june: before.june,
      july: expect.objectContaining({ totalPrice: 2624 + 84 }),
      due: before.due + 84,
    });
    await t.call('DELETE', `/api/changes/${made.body.change.changeId}`);
    expect(await books(h.id)).toEqual(before);
  });

  it('an attendance toggle in a billed month does the same; toggled back it restores them', async () => {
    const h = await billedHousehold('Toggle');
    const before = await books(h.id);
    const row = (await rowsOn(h.id, '2026-06-15')).FM!;
    expect((await t.call('POST', `/api/transactions/update/${row.transactionId}`)).status).toBe(200);
    const toggled = await books(h.id);
    expect(toggled.june).toMatchObject({
      totalPrice: 2555 - 84,
      paymentProducts: [{ attendance: 29, quantity: 43.5 }],
    });
    expect(toggled.july?.previousDue).toBe(1555 - 84);
    expect(toggled.due).toBe(before.due - 84);
    await expectLedgerConsistent(db(), [h.id]);
    await t.call('POST', `/api/transactions/update/${row.transactionId}`);
    expect(await books(h.id)).toEqual(before);
  });

  it('Update Transaction: quantity, price and product row each bill at once', async () => {
    const h = await billedHousehold('Updated');
    const row = (await rowsOn(h.id, '2026-07-04')).FM!;
    const update = (values: Record<string, unknown>) =>
      t.call('POST', '/api/transactions/update', {
        transactionId: row.transactionId,
        productId: 'FM',
        combinationId: s.daily,
        price: 56,
        attendance: 1,
        ...values,
      });
    expect((await update({ quantity: '2.25' })).status).toBe(200);
    // 0.75 L more at 56 = 42.
    expect((await billOf(h.id, 7))?.totalPrice).toBe(2624 + 42);
    expect((await update({ quantity: 1.5, price: 60 })).status).toBe(200);
    expect((await billOf(h.id, 7))?.paymentProducts.map((l) => [l.price, l.attendance, l.quantity, l.amount])).toEqual([
      [56, 30, 45, 2520],
      [60, 1, 1.5, 90],
    ]);
    expect((await update({ productId: 'FC', combinationId: s.daily, price: 45.25 })).status).toBe(200);
    const july = await billOf(h.id, 7);
    expect(july?.paymentProducts.map((l) => [l.productCode, l.attendance, l.quantity, l.amount])).toEqual([
      ['FC', 1, 1.5, 67.88],
      ['FM', 30, 45, 2520],
    ]);
    expect(july?.totalPrice).toBe(67.88 + 2520 + 20);
    expect((await update({ productId: 'FM', attendance: 0 })).status).toBe(200);
    expect((await billOf(h.id, 7))?.totalPrice).toBe(2540);
    await expectLedgerConsistent(db(), [h.id]);
  });

  it('Single User Transaction adds to a billed month; deletes, single and bulk, take away; the last day removes the bill, receipts stay', async () => {
    const h = await billedHousehold('Extra');
    const single = await t.call('POST', '/api/transactions/singletransaction', {
      colony: h.code,
      customerId: h.id,
      productId: 'FC',
      days: s.daily,
      price: 45.25,
      transactionType: 'period',
      fromDate: '2026-06-29',
      toDate: '2026-07-01',
      quantity: 0.5,
    });
    expect(single.status).toBe(200);
    // June: 2 × 0.5 kg = 1 kg at 45.25; July: 0.5 kg = 22.625 → 22.63.
    expect((await billOf(h.id, 6))?.paymentProducts.map((l) => [l.productCode, l.quantity, l.amount])).toEqual([
      ['FC', 1, 45.25],
      ['FM', 45, 2520],
    ]);
    expect((await billOf(h.id, 7))?.totalPrice).toBe(2624 + 22.63);
    await expectLedgerConsistent(db(), [h.id]);

    const curd = (await rowsOn(h.id, '2026-07-01')).FC!;
    expect((await t.call('POST', `/api/transactions/delete/${curd.transactionId}`)).status).toBe(200);
    expect((await billOf(h.id, 7))?.totalPrice).toBe(2624);

    // Every June delivery deleted in one call: June's bill goes, its receipt stays as an advance.
    const june = await t.call('GET', `/api/transactions?customerId=${h.id}&monthyr=2026-06&limit=1000`);
    const ids = june.body.response.map((r: { transactionId: number }) => r.transactionId);
    expect(ids).toHaveLength(32);
    expect((await t.call('DELETE', '/api/transactions/delete', { ids })).status).toBe(200);
    expect(await billOf(h.id, 6)).toBeUndefined();
    const form = await t.call('POST', '/api/payments/receivingPaymentsForm', {
      customerId: h.id,
      month: 5,
      year: 2026,
    });
    expect(form.body.currentBill).toMatchObject({ paymentId: null, totalPrice: 0, paid: 1000, balance: -1000 });
    expect((await billOf(h.id, 7))?.previousDue).toBe(-1000);
    await expectLedgerConsistent(db(), [h.id]);
  });

  it('a month without a bill gets none; generation into a billed month adds to its bills', async () => {
    const code = await colony();
    const id = await customerOf(code, 'Later');
    await makeConsumption(db(), { customerId: id, productId: s.milk, quantity: 150 });
    await delivered(id, s.milk, days(2026, 8, 1, 2), 150);
    const row = (await rowsOn(id, '2026-08-01')).FM!;
    await t.call('POST', `/api/transactions/update/${row.transactionId}`);
    expect(await billOf(id, 8)).toBeUndefined();
    await t.call('POST', `/api/transactions/update/${row.transactionId}`);

    expect((await bill(code, 8)).body.count).toBe(1);
    expect((await billOf(id, 8))?.totalPrice).toBe(168 + 20);
    expect((await generate(code, '2026-08-03')).body.created).toBe(1);
    expect((await billOf(id, 8))?.paymentProducts).toEqual([
      { productCode: 'FM', productName: 'Cow Milk', unit: 'L', price: 56, attendance: 3, quantity: 4.5, amount: 252 },
    ]);
    expect((await t.call('POST', '/api/transactions/generateAll', { date: '2026-08-04' })).status).toBe(200);
    expect((await billOf(id, 8))?.totalPrice).toBe(336 + 20);
    await expectLedgerConsistent(db(), [id]);
  });

  it('with quantity 1 and no changes the bill is exactly price × days (section 6)', async () => {
    const code = await colony();
    const id = await customerOf(code, 'Plain');
    await makeConsumption(db(), { customerId: id, productId: s.milk });
    await delivered(id, s.milk, days(2026, 9, 1, 30));
    await bill(code, 9);
    expect(await billOf(id, 9)).toMatchObject({
      totalPrice: 30 * 56 + 20,
      paymentProducts: [{ price: 56, attendance: 30, quantity: 30, amount: 1680 }],
    });
  });
});
