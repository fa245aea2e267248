import { STALE_RECORD } from '@dairy/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../src/db/schema';
import { createTestApp, expectFailure, fileTestApp, type TestApp } from '../helpers/app';
import { makeCombination, makeProduct } from '../helpers/factories';

const t = fileTestApp();
let daily: number;
let weekend: number;
let retired: number;

beforeAll(async () => {
  const db = t.database.db;
  daily = (await makeCombination(db, 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday')).combinationId;
  weekend = (await makeCombination(db, 'Saturday, Sunday')).combinationId;
  retired = (await makeCombination(db, 'Special', { disable: 1 })).combinationId;
});

const add = (body: Record<string, unknown>) =>
  t.call('POST', '/api/product/add', {
    code: 'COW',
    name: 'Cow Milk',
    price: 60,
    available: true,
    days: daily,
    ...body,
  });

describe('adding a product row', () => {
  it('adds rows of one code on several combinations and reads them back', async () => {
    const first = await add({ code: ' COW ', name: ' Cow Milk ', price: '60.50' });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('Milk Added Successfully');
    expect(first.body.row).toMatchObject({ productCode: 'COW', productName: 'Cow Milk', price: 60.5, available: 1 });
    const second = await add({ days: weekend, price: 70, available: false });
    expect(second.status).toBe(200);

    const read = await t.call('GET', `/api/product/update/${second.body.row.productId}`);
    expect(read.status).toBe(200);
    expect(read.body.rows[0]).toEqual({
      productId: second.body.row.productId,
      productCode: 'COW',
      productName: 'Cow Milk',
      unit: 'L',
      price: 70,
      available: 0,
      combinationId: weekend,
      Combination: { combinationDays: 'Saturday, Sunday' },
      version: 1,
    });
    // Only enabled combinations are offered to a row, except its own.
    expect(read.body.data.map((c: { combinationId: number }) => c.combinationId)).toEqual([daily, weekend]);
  });

  it('refuses the same code on the same combination with 409', async () => {
    await add({ code: 'DUP' });
    const again = await add({ code: 'DUP', name: 'Other Name' });
    expectFailure(again, 409, 'This Milk code already has a row with this combination.');
  });

  it('refuses a disabled combination with 409 and an unknown one with 404', async () => {
    expect((await add({ code: 'OLD', days: retired })).status).toBe(409);
    expect((await add({ code: 'OLD', days: 99999 })).status).toBe(404);
  });

  it.each([
    [{ code: '' }, 'code', "Milk Code can't be empty!"],
    [{ code: undefined }, 'code', "Milk Code can't be empty!"],
    [{ code: 'X'.repeat(21) }, 'code', 'Milk Code must be at most 20 characters'],
    [{ name: '  ' }, 'name', "Milk Name can't be empty!"],
    [{ name: 'Cow' }, 'name', 'Milk Name must contain at least 5 alphabets'],
    [{ name: 'Cow Milk 2' }, 'name', 'Milk Name must contain only alphabets and spaces'],
    [{ price: '' }, 'price', "Price can't be empty!"],
    [{ price: 0.5 }, 'price', 'Price must be at least 1'],
    [{ price: 1.234 }, 'price', 'Must be an amount with at most 2 decimals'],
    [{ days: '' }, 'days', 'Please select a combination.'],
    [{ days: undefined }, 'days', 'Please select a combination.'],
  ])('rejects %j with its text and changes nothing', async (body, path, message) => {
    const before = await t.call('GET', '/api/product?limit=1000');
    const response = await add({ code: 'BAD', ...body });
    expectFailure(response, 400, message);
    expect(response.body.errors).toContainEqual({ path, message });
    expect((await t.call('GET', '/api/product?limit=1000')).body).toEqual(before.body);
  });

  it('offers the existing codes with their names and every enabled combination', async () => {
    const form = await t.call('GET', '/api/product/add');
    expect(form.status).toBe(200);
    expect(form.body.data).toContainEqual({ productCode: 'COW', productName: 'Cow Milk', unit: 'L' });
    expect(new Set(form.body.data.map((d: { productCode: string }) => d.productCode)).size).toBe(form.body.data.length);
    expect(form.body.rows.map((c: { combinationId: number }) => c.combinationId)).toEqual([daily, weekend]);
  });
});

describe('one name per product code', () => {
  const namesOf = async (code: string) =>
    (await t.call('GET', '/api/product/api')).body.rows
      .filter((r: { productCode: string }) => r.productCode === code)
      .map((r: { productName: string }) => r.productName);

  it('gives every row of the code the name of a new row, and of an updated row', async () => {
    await add({ code: 'NAMED', name: 'First Name', days: daily });
    const second = await add({ code: 'NAMED', name: 'Second Name', days: weekend });
    expect(second.status).toBe(200);
    expect(second.body.row.productName).toBe('Second Name');
    expect(await namesOf('NAMED')).toEqual(['Second Name', 'Second Name']);
    const form = await t.call('GET', '/api/product/add');
    expect(form.body.data).toContainEqual({ productCode: 'NAMED', productName: 'Second Name', unit: 'L' });

    const updated = await t.call('PUT', `/api/product/update/${second.body.row.productId}`, {
      code: 'NAMED',
      name: 'Third Name',
      price: 50,
      available: 1,
      days: weekend,
    });
    expect(updated.status).toBe(200);
    expect(await namesOf('NAMED')).toEqual(['Third Name', 'Third Name']);
  });

  it('keeps the name when the new row is refused', async () => {
    await add({ code: 'KEEP', name: 'Kept Name', days: daily });
    expect((await add({ code: 'KEEP', name: 'Lost Name', days: daily })).status).toBe(409);
    expect((await add({ code: 'KEEP', name: 'Lost Name', days: retired })).status).toBe(409);
    expect(await namesOf('KEEP')).toEqual(['Kept Name']);
  });

  it('ends with one name when rows of a new code are added at once with different names', async () => {
    const app = await createTestApp();
    try {
      const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Monthly'];
      const combinations = [];
      for (const d of days) combinations.push((await makeCombination(app.database.db, d)).combinationId);
      const added = await Promise.all(
        combinations.map((id, i) =>
          app.call('POST', '/api/product/add', {
            code: 'RACE',
            name: `Race Milk ${'ABCDEFGH'[i]}`,
            price: 50,
            days: id,
          }),
        ),
      );
      expect(added.map((r) => r.status)).toEqual(combinations.map(() => 200));
      const names = (await app.call('GET', '/api/product/api')).body.rows.map(
        (r: { productName: string }) => r.productName,
      );
      expect(names).toHaveLength(days.length);
      expect(new Set(names).size).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('the product list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    const c1 = await makeCombination(db, 'Monday');
    const c2 = await makeCombination(db, 'Tuesday');
    await makeProduct(db, { productCode: 'B1', productName: 'Buffalo Milk', combinationId: c1.combinationId });
    await makeProduct(db, { productCode: 'A1', productName: 'Cow Milk', combinationId: c2.combinationId });
    await makeProduct(db, {
      productCode: 'A1',
      productName: 'Cow Milk',
      combinationId: c1.combinationId,
      available: 0,
    });
    await makeProduct(db, { productCode: 'T_1', productName: 'Toned Milk', combinationId: c1.combinationId });
  });
  afterAll(() => app.close());

  const codes = (body: { rows: { productCode: string; available: number }[] }) =>
    body.rows.map((r) => `${r.productCode}:${r.available}`);

  it('lists by code then id, filters by state and by code or name, and pages', async () => {
    expect(codes((await app.call('GET', '/api/product')).body)).toEqual(['A1:1', 'A1:0', 'B1:1', 'T_1:1']);
    expect(codes((await app.call('GET', '/api/product?isActive=0')).body)).toEqual(['A1:0']);
    expect(codes((await app.call('GET', '/api/product?isActive=1&name=milk')).body)).toEqual(['A1:1', 'B1:1', 'T_1:1']);
    expect(codes((await app.call('GET', '/api/product?name=buff')).body)).toEqual(['B1:1']);
    expect(codes((await app.call('GET', '/api/product?name=a1')).body)).toEqual(['A1:1', 'A1:0']);
    // An underscore is a character to find, not a wildcard.
    expect(codes((await app.call('GET', '/api/product?name=T_')).body)).toEqual(['T_1:1']);
    expect(codes((await app.call('GET', '/api/product?name=A_')).body)).toEqual([]);
    const page2 = await app.call('GET', '/api/product?limit=3&offset=2');
    expect(page2.body.totalPages).toBe(2);
    expect(codes(page2.body)).toEqual(['T_1:1']);
  });

  it('rejects a bad page or filter with 400', async () => {
    expect((await app.call('GET', '/api/product?limit=1001')).status).toBe(400);
    expect((await app.call('GET', '/api/product?offset=0')).status).toBe(400);
    expect((await app.call('GET', '/api/product?isActive=2')).status).toBe(400);
  });

  it('lists every row for other screens', async () => {
    const api = await app.call('GET', '/api/product/api');
    expect(api.status).toBe(200);
    expect(api.body.rows.map((r: { productCode: string }) => r.productCode)).toEqual(['A1', 'A1', 'B1', 'T_1']);
    expect(Object.keys(api.body.rows[0]).sort()).toEqual(['productCode', 'productId', 'productName', 'unit']);
  });
});

describe('changing a product row', () => {
  it('toggles availability and reads it back', async () => {
    const { body } = await add({ code: 'TGL' });
    const id = body.row.productId;
    const off = await t.call('PATCH', `/api/product/updateActive/${id}`, { isActive: 0 });
    expect(off.status).toBe(200);
    expect(off.body.msg).toBe('Disabled Milk successfully');
    expect((await t.call('GET', `/api/product/update/${id}`)).body.rows[0].available).toBe(0);
    const on = await t.call('PATCH', `/api/product/updateActive/${id}`, { isActive: '1' });
    expect(on.body.msg).toBe('Enabled Milk successfully');
    expect((await t.call('GET', `/api/product/update/${id}`)).body.rows[0].available).toBe(1);
    expect((await t.call('PATCH', `/api/product/updateActive/${id}`, { isActive: 3 })).status).toBe(400);
    expect((await t.call('PATCH', '/api/product/updateActive/99999', { isActive: 1 })).status).toBe(404);
  });

  it('updates name, price, availability and combination, and refuses another code', async () => {
    const { body } = await add({ code: 'UPD' });
    const id = body.row.productId;
    const put = (change: Record<string, unknown>) =>
      t.call('PUT', `/api/product/update/${id}`, {
        code: 'UPD',
        name: 'Fresh Milk',
        price: '45.25',
        available: 0,
        days: weekend,
        ...change,
      });
    const read = async () => (await t.call('GET', `/api/product/update/${id}`)).body.rows[0];
    const before = await read();
    for (const code of ['CHANGED', 'upd']) {
      const changed = await put({ code });
      expectFailure(changed, 400, "Milk Code can't be changed.");
      expect(changed.body.errors).toEqual([{ path: 'code', message: "Milk Code can't be changed." }]);
      expect(await read()).toEqual(before);
    }

    const updated = await put({ code: ' UPD ' });
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('Milk updated Successfully');
    expect(await read()).toMatchObject({
      productCode: 'UPD',
      productName: 'Fresh Milk',
      price: 45.25,
      available: 0,
      combinationId: weekend,
    });
  });

  it('keeps the stored availability when the update leaves it out', async () => {
    const { body } = await add({ code: 'KEEPOFF', available: 0 });
    const id = body.row.productId;
    const withoutFlag = { code: 'KEEPOFF', name: 'Still Off', price: 40, days: daily };
    expect((await t.call('PUT', `/api/product/update/${id}`, withoutFlag)).status).toBe(200);
    expect((await t.call('GET', `/api/product/update/${id}`)).body.rows[0]).toMatchObject({
      productName: 'Still Off',
      available: 0,
    });
  });

  it('refuses a combination the code already has, a disabled one, and an unknown row', async () => {
    await add({ code: 'TWO', days: daily });
    const { body } = await add({ code: 'TWO', days: weekend });
    const put = (id: number, days: number) =>
      t.call('PUT', `/api/product/update/${id}`, { code: 'TWO', name: 'Two Milk', price: 50, available: 1, days });
    expect((await put(body.row.productId, daily)).status).toBe(409);
    expect((await put(body.row.productId, retired)).status).toBe(409);
    expect((await put(99999, daily)).status).toBe(404);
    expect((await t.call('GET', '/api/product/update/99999')).status).toBe(404);
  });

  it.each([
    [{ code: '' }, 'code', 'Please select a Milk code.'],
    [{ name: '' }, 'name', 'Name is required.'],
    [{ price: '' }, 'price', 'Price is required.'],
    [{ price: 0 }, 'price', 'Price must be at least 1'],
    [{ days: '' }, 'days', 'Combination days are required.'],
  ])('rejects the update %j with its text', async (change, path, message) => {
    const { body } = await add({ code: `V${JSON.stringify(change)}`.slice(0, 20) });
    const response = await t.call('PUT', `/api/product/update/${body.row.productId}`, {
      code: 'X',
      name: 'Valid Name',
      price: 10,
      available: 1,
      days: daily,
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path, message });
  });
});

describe('versions of a product row', () => {
  const read = async (id: number) => (await t.call('GET', `/api/product/update/${id}`)).body.rows[0];
  const allRows = () => t.database.db.select().from(product).orderBy(asc(product.productId));
  const put = (id: number, change: Record<string, unknown>) =>
    t.call('PUT', `/api/product/update/${id}`, {
      code: 'VER',
      name: 'Version Milk',
      price: 50,
      available: 1,
      days: daily,
      ...change,
    });

  it('lists and reads each row with its version', async () => {
    const { body } = await add({ code: 'LISTED', name: 'Listed Milk' });
    const list = await t.call('GET', '/api/product?name=LISTED');
    expect(list.body.rows).toEqual([
      {
        productId: body.row.productId,
        productCode: 'LISTED',
        productName: 'Listed Milk',
        unit: 'L',
        price: 60,
        available: 1,
        combinationId: daily,
        Combination: { combinationDays: 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday' },
        version: 1,
      },
    ]);
    expect(await read(body.row.productId)).toEqual(list.body.rows[0]);
    expect(body.row).toEqual(list.body.rows[0]);
  });

  it('refuses a save from an older copy with 409 and changes no row of the code', async () => {
    const first = (await add({ code: 'VER', name: 'Version Milk', days: daily })).body.row;
    await add({ code: 'VER', name: 'Version Milk', days: weekend });
    const copy = await read(first.productId);
    const saved = await put(first.productId, { name: 'First Saver', price: 51, version: copy.version });
    expect(saved.status).toBe(200);
    expect(await read(first.productId)).toMatchObject({
      productName: 'First Saver',
      price: 51,
      version: copy.version + 1,
    });

    const before = await allRows();
    const stale = await put(first.productId, {
      name: 'Second Saver',
      price: 99,
      available: 0,
      days: retired,
      version: copy.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_RECORD });
    expect(await allRows()).toEqual(before);

    const fresh = await put(first.productId, { name: 'Second Saver', price: 52, version: copy.version + 1 });
    expect(fresh.status).toBe(200);
    expect(await read(first.productId)).toMatchObject({ productName: 'Second Saver', price: 52 });
  });

  it('grows with enabling and disabling, and with the name written to every row of the code', async () => {
    const mine = (await add({ code: 'GROW', name: 'Grow Milk', days: daily })).body.row;
    expect(mine.version).toBe(1);
    await t.call('PATCH', `/api/product/updateActive/${mine.productId}`, { isActive: 0 });
    expect((await read(mine.productId)).version).toBe(2);
    await t.call('PATCH', `/api/product/updateActive/${mine.productId}`, { isActive: 1 });
    expect((await read(mine.productId)).version).toBe(3);

    // A new row of the code with another name renames this row too: a change of this row.
    const other = (await add({ code: 'GROW', name: 'Grown Milk', days: weekend })).body.row;
    expect(await read(mine.productId)).toMatchObject({ productName: 'Grown Milk', version: 4 });
    // So does an update of the other row that renames the code.
    const renamed = await t.call('PUT', `/api/product/update/${other.productId}`, {
      code: 'GROW',
      name: 'Growing Milk',
      price: 60,
      available: 1,
      days: weekend,
      version: other.version,
    });
    expect(renamed.status).toBe(200);
    expect(await read(other.productId)).toMatchObject({ productName: 'Growing Milk', version: other.version + 1 });
    expect(await read(mine.productId)).toMatchObject({ productName: 'Growing Milk', version: 5 });

    // This screen read version 3: every one of those changes makes its copy stale.
    const stale = await t.call('PUT', `/api/product/update/${mine.productId}`, {
      code: 'GROW',
      name: 'Stale Milk',
      price: 60,
      days: daily,
      version: 3,
    });
    expect(stale.status).toBe(409);
    expect(await read(mine.productId)).toMatchObject({ productName: 'Growing Milk', version: 5 });
    expect(await read(other.productId)).toMatchObject({ productName: 'Growing Milk' });
  });

  it('saves without a version as before, and refuses a version that is not one with 400', async () => {
    const { body } = await add({ code: 'NOVER', name: 'No Version' });
    const id = body.row.productId;
    const put = (change: Record<string, unknown>) =>
      t.call('PUT', `/api/product/update/${id}`, {
        code: 'NOVER',
        name: 'No Version',
        price: 70,
        days: daily,
        ...change,
      });
    expect((await put({})).status).toBe(200);
    expect(await read(id)).toMatchObject({ price: 70, version: 2 });
    const before = await allRows();
    for (const version of ['x', 0, -1, 2.5]) {
      const bad = await put({ price: 71, version });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ path: 'version', message: expect.any(String) }]);
    }
    expect(await allRows()).toEqual(before);
  });
});

describe('the days of a product code', () => {
  it('offers the available rows on enabled combinations, with their prices', async () => {
    const app = await createTestApp();
    try {
      const db = app.database.db;
      const mon = await makeCombination(db, 'Monday');
      const tue = await makeCombination(db, 'Tuesday');
      const wed = await makeCombination(db, 'Wednesday', { disable: 1 });
      await makeProduct(db, { productCode: 'GOLD', combinationId: mon.combinationId, price: 6250 });
      await makeProduct(db, { productCode: 'GOLD', combinationId: tue.combinationId, available: 0 });
      await makeProduct(db, { productCode: 'GOLD', combinationId: wed.combinationId });
      const days = await app.call('POST', '/api/fetch/days', { productId: 'GOLD' });
      expect(days.status).toBe(200);
      expect(days.body.data).toEqual([{ id: mon.combinationId, name: 'Monday', price: 62.5 }]);
      expect((await app.call('POST', '/api/fetch/days', { productId: 'NONE' })).status).toBe(404);
      const empty = await app.call('POST', '/api/fetch/days', {});
      expectFailure(empty, 400, 'Milk is required');
    } finally {
      await app.close();
    }
  });
});

it('documents the product calls', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: t.cookie } });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(
    expect.arrayContaining([
      '/api/product',
      '/api/product/updateActive/{productId}',
      '/api/product/add',
      '/api/product/update/{id}',
      '/api/product/api',
      '/api/fetch/days',
    ]),
  );
});

describe('guards', () => {
  it('needs a session, and the header for changes', async () => {
    const anonymous = await createTestApp({ signedIn: false });
    try {
      expect((await anonymous.inject({ method: 'GET', url: '/api/product' })).statusCode).toBe(401);
    } finally {
      await anonymous.close();
    }
    const noHeader = await t.inject({ method: 'POST', url: '/api/product/add', payload: {} });
    expect(noHeader.statusCode).toBe(403);
  });
});
