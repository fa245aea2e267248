import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeCombination, makeCustomer, makeProduct, makeTransaction } from '../helpers/factories';

/**
 * Quantities and units (docs/rules.md section 12) on the calls of part 1: a product code's unit, a
 * consumption's and a transaction's quantity; left out, everything answers as before (1, 'L').
 */
const t = fileTestApp();
const ids = {} as Record<'daily' | 'weekend' | 'asha' | 'ravi', number>;

beforeAll(async () => {
  const db = t.database.db;
  await makeColony(db, { colonyCode: 'QC', colonyName: 'Quantity colony' });
  ids.daily = (
    await makeCombination(db, 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday')
  ).combinationId;
  ids.weekend = (await makeCombination(db, 'Saturday, Sunday')).combinationId;
  await makeProduct(db, { productCode: 'COW', productName: 'Cow Milk', combinationId: ids.daily, price: 6000 });
  await makeProduct(db, { productCode: 'COW', productName: 'Cow Milk', combinationId: ids.weekend, price: 6500 });
  ids.asha = (await makeCustomer(db, { colonyCode: 'QC', customerName: 'Asha', route: 1 })).customerId;
  ids.ravi = (await makeCustomer(db, { colonyCode: 'QC', customerName: 'Ravi', route: 2 })).customerId;
});

const unitsOf = async (code: string) =>
  (await t.call('GET', '/api/product/api')).body.rows
    .filter((r: { productCode: string }) => r.productCode === code)
    .map((r: { unit: string }) => r.unit);

describe('a product code has one unit', () => {
  const add = (body: Record<string, unknown>) =>
    t.call('POST', '/api/product/add', { name: 'Fresh Curd', price: 40, days: ids.daily, ...body });

  it("is 'L' when a new code names none, and what was typed (trimmed) otherwise", async () => {
    const plain = await add({ code: 'PLAIN' });
    expect(plain.status).toBe(200);
    expect(plain.body.row.unit).toBe('L');
    const typed = await add({ code: 'CURD', unit: ' kg ' });
    expect(typed.body.row.unit).toBe('kg');
    const blank = await add({ code: 'BLANK', unit: '  ' });
    expect(blank.body.row.unit).toBe('L');
  });

  it('a new row of a code keeps its unit, or gives every row the one it names', async () => {
    const kept = await add({ code: 'CURD', days: ids.weekend });
    expect(kept.body.row.unit).toBe('kg');
    expect(await unitsOf('CURD')).toEqual(['kg', 'kg']);
    await add({ code: 'PKT', unit: 'packet' });
    await add({ code: 'PKT', unit: 'box', days: ids.weekend });
    expect(await unitsOf('PKT')).toEqual(['box', 'box']);
  });

  it('an update writes the unit to every row of the code; one that leaves it out keeps it', async () => {
    const first = (await t.call('GET', '/api/product?name=CURD')).body.rows.find(
      (r: { productCode: string }) => r.productCode === 'CURD',
    );
    const update = (body: Record<string, unknown>) =>
      t.call('PUT', `/api/product/update/${first.productId}`, {
        code: 'CURD',
        name: 'Fresh Curd',
        price: 40,
        days: first.combinationId,
        ...body,
      });
    expect((await update({ unit: 'g' })).status).toBe(200);
    expect(await unitsOf('CURD')).toEqual(['g', 'g']);
    expect((await update({})).status).toBe(200);
    expect(await unitsOf('CURD')).toEqual(['g', 'g']);
    expect((await t.call('GET', `/api/product/update/${first.productId}`)).body.rows[0].unit).toBe('g');
  });

  it('refuses a unit over 10 characters with 400 and changes nothing', async () => {
    const before = (await t.call('GET', '/api/product?limit=1000')).body;
    const long = await add({ code: 'LONG', unit: 'kilograms!!' });
    expectFailure(long, 400, 'Unit must be at most 10 characters');
    expect(long.body.errors).toContainEqual({ path: 'unit', message: 'Unit must be at most 10 characters' });
    const notText = await add({ code: 'LONG', unit: 5 });
    expect(notText.body).toMatchObject({ message: 'Unit must be a text.' });
    expect((await t.call('GET', '/api/product?limit=1000')).body).toEqual(before);
  });

  it('every product option carries the unit', async () => {
    const cow = { productCode: 'COW', productName: 'Cow Milk', unit: 'L' };
    expect((await t.call('GET', '/api/product/add')).body.data).toContainEqual(cow);
    expect((await t.call('GET', '/api/consumptions/add')).body.data.products).toContainEqual(cow);
    expect((await t.call('GET', '/api/transactions/singletransaction')).body.data.products).toContainEqual(cow);
    expect((await t.call('GET', '/api/product/api')).body.rows).toContainEqual(expect.objectContaining(cow));
  });
});

describe('a consumption delivers a quantity', () => {
  const add = (body: Record<string, unknown>) =>
    t.call('POST', '/api/consumptions/add', { colonyId: 'QC', productId: 'COW', day: ids.daily, ...body });
  let ashaDaily = 0;

  it('1 when left out, as typed otherwise, on every row returned', async () => {
    const plain = await add({ customerId: ids.ravi });
    expect(plain.status).toBe(200);
    expect(plain.body.row).toMatchObject({ quantity: 1, product: { productCode: 'COW', unit: 'L' } });
    const typed = await add({ customerId: ids.asha, quantity: 1.5 });
    expect(typed.body.row.quantity).toBe(1.5);
    ashaDaily = typed.body.row.consumptionId;
    const text = await add({ customerId: ids.asha, day: ids.weekend, quantity: ' 2.25 ' });
    expect(text.body.row.quantity).toBe(2.25);
    const list = await t.call('GET', `/api/consumptions?colonyCode=QC&customerId=${ids.asha}`);
    expect(list.body.consumptions.map((c: { quantity: number }) => c.quantity)).toEqual([1.5, 2.25]);
    expect((await t.call('GET', `/api/consumptions/update/${ashaDaily}`)).body.consumption.quantity).toBe(1.5);
  });

  it.each([
    [0, 'Quantity must be more than 0.'],
    [-1, 'Quantity must be more than 0.'],
    ['1000', 'Quantity must be at most 999.99.'],
    [1.234, 'Quantity must have at most 2 decimals.'],
    ['lots', 'Quantity must be a number.'],
  ])('refuses %j with 400 "%s" and adds nothing', async (quantity, message) => {
    const customer = await makeCustomer(t.database.db, { colonyCode: 'QC' });
    const response = await add({ customerId: customer.customerId, quantity });
    expectFailure(response, 400, message);
    expect(response.body.errors).toContainEqual({ path: 'quantity', message });
    const list = await t.call('GET', `/api/consumptions?customerId=${customer.customerId}`);
    expect(list.body.total).toBe(0);
  });

  it('an update that leaves the quantity out keeps it; one that names it sets it', async () => {
    const update = (body: Record<string, unknown>) =>
      t.call('POST', '/api/consumptions/update', {
        id: ashaDaily,
        colonyCode: 'QC',
        productId: 'COW',
        combinationId: ids.daily,
        ...body,
      });
    const read = async () => (await t.call('GET', `/api/consumptions/update/${ashaDaily}`)).body.consumption;
    expect((await update({ isActive: 1 })).status).toBe(200);
    expect((await read()).quantity).toBe(1.5);
    expect((await update({ quantity: '0.5' })).status).toBe(200);
    expect((await read()).quantity).toBe(0.5);
    const bad = await update({ quantity: 0 });
    expectFailure(bad, 400, 'Quantity must be more than 0.');
    expect((await read()).quantity).toBe(0.5);
  });
});

describe('a transaction carries a quantity', () => {
  const single = (body: Record<string, unknown>) =>
    t.call('POST', '/api/transactions/singletransaction', {
      colony: 'QC',
      customerId: ids.ravi,
      productId: 'COW',
      days: ids.daily,
      price: 60,
      fromDate: '2026-07-01',
      ...body,
    });

  it('Single User Transaction: 1 when left out, as typed on every date otherwise', async () => {
    const plain = await single({});
    expect(plain.status).toBe(200);
    expect(plain.body.data.map((r: { quantity: number }) => r.quantity)).toEqual([1]);
    const period = await single({
      transactionType: 'period',
      fromDate: '2026-07-02',
      toDate: '2026-07-03',
      quantity: 2.5,
    });
    expect(period.body.data.map((r: { quantity: number }) => r.quantity)).toEqual([2.5, 2.5]);
    const list = await t.call('GET', `/api/transactions?customerId=${ids.ravi}&monthyr=2026-07`);
    expect(
      list.body.response.map((r: { transactionDate: string; quantity: number; product: { unit: string } }) => [
        r.transactionDate,
        r.quantity,
        r.product.unit,
      ]),
    ).toEqual([
      ['2026-07-03', 2.5, 'L'],
      ['2026-07-02', 2.5, 'L'],
      ['2026-07-01', 1, 'L'],
    ]);
    const bad = await single({ fromDate: '2026-07-09', quantity: '999.999' });
    expectFailure(bad, 400, 'Quantity must have at most 2 decimals.');
  });

  it('Update Transaction keeps the quantity when left out and sets it when named', async () => {
    const row = await makeTransaction(t.database.db, {
      customerId: ids.asha,
      productId: (await t.call('GET', '/api/product?name=COW')).body.rows[0].productId,
      combinationId: ids.daily,
      transactionDate: '2026-08-01',
      price: 6000,
      quantity: 150,
    });
    const read = async () => (await t.call('GET', `/api/transactions/update/${row.transactionId}`)).body.transaction;
    expect((await read()).quantity).toBe(1.5);
    const update = (body: Record<string, unknown>) =>
      t.call('POST', '/api/transactions/update', {
        transactionId: row.transactionId,
        productId: 'COW',
        combinationId: ids.daily,
        price: 60,
        attendance: 1,
        ...body,
      });
    expect((await update({})).status).toBe(200);
    expect((await read()).quantity).toBe(1.5);
    expect((await update({ quantity: 3 })).status).toBe(200);
    expect((await read()).quantity).toBe(3);
    const bad = await update({ quantity: 1000 });
    expectFailure(bad, 400, 'Quantity must be at most 999.99.');
    expect((await read()).quantity).toBe(3);
  });
});
