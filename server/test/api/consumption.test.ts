import { STALE_RECORD } from '@dairy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectFailure, fileTestApp, type TestApp } from '../helpers/app';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct } from '../helpers/factories';

const t = fileTestApp();
const ids = {} as Record<'mon' | 'tue' | 'closedDays' | 'asha' | 'ravi' | 'gone' | 'otherColony' | 'shut', number>;

beforeAll(async () => {
  const db = t.database.db;
  await makeColony(db, { colonyCode: 'GK', colonyName: 'Greater Kailash' });
  await makeColony(db, { colonyCode: 'DLF', colonyName: 'DLF Phase' });
  await makeColony(db, { colonyCode: 'SHUT', colonyName: 'Shut Colony', disable: 1 });
  ids.mon = (await makeCombination(db, 'Monday')).combinationId;
  ids.tue = (await makeCombination(db, 'Tuesday')).combinationId;
  ids.closedDays = (await makeCombination(db, 'Special', { disable: 1 })).combinationId;
  await makeProduct(db, { productCode: 'COW', productName: 'Cow Milk', combinationId: ids.mon, price: 6000 });
  await makeProduct(db, { productCode: 'COW', productName: 'Cow Milk', combinationId: ids.tue, price: 6500 });
  await makeProduct(db, { productCode: 'BUF', productName: 'Buffalo Milk', combinationId: ids.mon, available: 0 });
  await makeProduct(db, { productCode: 'SPL', productName: 'Special Milk', combinationId: ids.closedDays });
  ids.asha = (await makeCustomer(db, { colonyCode: 'GK', customerName: 'Asha', route: 2 })).customerId;
  ids.ravi = (await makeCustomer(db, { colonyCode: 'GK', customerName: 'Ravi', route: 1 })).customerId;
  ids.gone = (await makeCustomer(db, { colonyCode: 'GK', customerName: 'Gone', disable: 1 })).customerId;
  ids.otherColony = (await makeCustomer(db, { colonyCode: 'DLF', customerName: 'Dev' })).customerId;
  ids.shut = (await makeCustomer(db, { colonyCode: 'SHUT', customerName: 'Shut In' })).customerId;
});

const add = (body: Record<string, unknown>) =>
  t.call('POST', '/api/consumptions/add', {
    colonyId: 'GK',
    customerId: ids.asha,
    productId: 'COW',
    day: ids.mon,
    ...body,
  });
const list = async (query = '') => (await t.call('GET', `/api/consumptions?limit=1000${query}`)).body;

describe('adding a consumption', () => {
  it('adds one for the row of the code and combination, and reads it back', async () => {
    const added = await add({ customerId: String(ids.asha), day: String(ids.tue) });
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('Successfully created consumption.');
    const read = await t.call('GET', `/api/consumptions/update/${added.body.row.consumptionId}`);
    expect(read.status).toBe(200);
    expect(read.body.consumption).toMatchObject({
      customer: { customerName: 'Asha', route: 2 },
      colony: { colonyName: 'Greater Kailash' },
      product: { productCode: 'COW', productName: 'Cow Milk', price: 65 },
      combinations: { combinationDays: 'Tuesday' },
      isActive: 1,
      disable: 0,
      colonyCode: 'GK',
      customerId: ids.asha,
      combinationId: ids.tue,
    });
    expect(read.body.dropdownData.days).toEqual([
      { id: ids.mon, name: 'Monday', price: 60 },
      { id: ids.tue, name: 'Tuesday', price: 65 },
    ]);
    expect(read.body.dropdownData.customers.map((c: { customerName: string }) => c.customerName)).toEqual([
      'Ravi',
      'Asha',
    ]);
  });

  it('allows one consumption per customer and product row', async () => {
    expect((await add({ customerId: ids.ravi })).status).toBe(200);
    const again = await add({ customerId: ids.ravi });
    expectFailure(again, 409, 'This customer already has this Milk on these days.');
    // The same code on another combination is another row.
    expect((await add({ customerId: ids.ravi, day: ids.tue })).status).toBe(200);
  });

  it.each([
    ['an unknown colony', { colonyId: 'NOPE' }, 404],
    ['an unknown customer', { customerId: 999999 }, 404],
    ['a customer of another colony', { colonyId: 'DLF' }, 400],
    ['a disabled colony', { colonyId: 'SHUT', customerId: 'shut' }, 409],
    ['a disabled customer', { customerId: 'gone' }, 409],
    ['an unknown code', { productId: 'NOPE' }, 404],
    ['a combination the code lacks', { productId: 'BUF', day: 'tue' }, 404],
    ['an unavailable row', { productId: 'BUF' }, 409],
    ['a disabled combination', { productId: 'SPL', day: 'closedDays' }, 409],
  ])('refuses %s', async (_what, body, status) => {
    const resolved = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' && v in ids ? ids[v as keyof typeof ids] : v]),
    );
    const before = (await list()).total;
    expect((await add(resolved)).status).toBe(status);
    expect((await list()).total).toBe(before);
  });

  it.each([
    [{ colonyId: '' }, 'colonyId', 'Colony is required'],
    [{ customerId: '' }, 'customerId', 'Customer is required'],
    [{ productId: undefined }, 'productId', 'Milk is required'],
    [{ day: null }, 'day', 'A day is required'],
  ])('rejects %j with its text', async (body, path, message) => {
    const response = await add(body);
    expectFailure(response, 400, message);
    expect(response.body.errors).toContainEqual({ path, message });
  });

  it('offers enabled colonies, customers, usable codes and combinations on the add form', async () => {
    const form = await t.call('GET', '/api/consumptions/add');
    expect(form.status).toBe(200);
    const { colonies, customers, products, days } = form.body.data;
    expect(colonies.map((c: { colonyCode: string }) => c.colonyCode)).toEqual(['DLF', 'GK']);
    // 'Gone' is disabled and 'Shut In' lives in a disabled colony: neither may get a new consumption.
    expect(customers.map((c: { customerName: string }) => c.customerName)).toEqual(['Dev', 'Ravi', 'Asha']);
    expect(products).toEqual([{ productCode: 'COW', productName: 'Cow Milk', unit: 'L' }]);
    expect(days.map((d: { combinationId: number }) => d.combinationId)).toEqual([ids.mon, ids.tue]);
  });
});

describe('changing a consumption', () => {
  it('moves it to another row of the code, sets the status, keeps the customer', async () => {
    const { body } = await add({ customerId: ids.otherColony, colonyId: 'DLF' });
    const id = body.row.consumptionId;
    const updated = await t.call('POST', '/api/consumptions/update', {
      id,
      colonyCode: 'GK',
      customerId: ids.asha,
      productId: 'COW',
      combinationId: ids.tue,
      isActive: 0,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('Successfully Updated Consumptions');
    expect((await t.call('GET', `/api/consumptions/update/${id}`)).body.consumption).toMatchObject({
      customerId: ids.otherColony,
      colonyCode: 'DLF',
      combinationId: ids.tue,
      isActive: 0,
    });
  });

  it('keeps the stored status when the update leaves it out', async () => {
    const customer = await makeCustomer(t.database.db, { colonyCode: 'GK' });
    const { body } = await add({ customerId: customer.customerId });
    const id = body.row.consumptionId;
    await t.call('GET', `/api/consumptions/status/${id}`);
    const withoutFlag = { id, colonyCode: 'GK', productId: 'COW', combinationId: ids.tue };
    expect((await t.call('POST', '/api/consumptions/update', withoutFlag)).status).toBe(200);
    expect((await t.call('GET', `/api/consumptions/update/${id}`)).body.consumption).toMatchObject({
      combinationId: ids.tue,
      isActive: 0,
    });
  });

  it('refuses a row the customer already has, an unusable row and unknown ids', async () => {
    const db = t.database.db;
    const customer = await makeCustomer(db, { colonyCode: 'GK' });
    const first = await add({ customerId: customer.customerId, day: ids.mon });
    await add({ customerId: customer.customerId, day: ids.tue });
    const update = (body: Record<string, unknown>) =>
      t.call('POST', '/api/consumptions/update', {
        id: first.body.row.consumptionId,
        colonyCode: 'GK',
        productId: 'COW',
        combinationId: ids.mon,
        isActive: 1,
        ...body,
      });
    expect((await update({ combinationId: ids.tue })).status).toBe(409);
    expect((await update({ productId: 'BUF' })).status).toBe(409);
    expect((await update({ productId: 'SPL', combinationId: ids.closedDays })).status).toBe(409);
    expect((await update({ id: 999999 })).status).toBe(404);
    expect((await t.call('GET', '/api/consumptions/update/999999')).status).toBe(404);
    // Keeping its own row is always allowed.
    expect((await update({})).status).toBe(200);
  });

  it.each([
    [{ colonyCode: '' }, 'colonyCode', 'Please select a colony.'],
    [{ productId: '' }, 'productId', 'Please select a Milk.'],
    [{ combinationId: '' }, 'combinationId', 'Please select days.'],
  ])('rejects the update %j with its text', async (body, path, message) => {
    const response = await t.call('POST', '/api/consumptions/update', {
      id: 1,
      colonyCode: 'GK',
      productId: 'COW',
      combinationId: ids.mon,
      isActive: 1,
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path, message });
  });

  it('disables, enables, toggles status and deletes only once disabled', async () => {
    const customer = await makeCustomer(t.database.db, { colonyCode: 'GK' });
    const { body } = await add({ customerId: customer.customerId });
    const id = body.row.consumptionId;
    const read = async () => (await t.call('GET', `/api/consumptions/update/${id}`)).body.consumption;

    const activeDelete = await t.call('POST', `/api/consumptions/delete/${id}`);
    expectFailure(activeDelete, 409, 'Disable the consumption before deleting it.');

    expect((await t.call('GET', `/api/consumptions/status/${id}`)).status).toBe(200);
    expect((await read()).isActive).toBe(0);
    await t.call('GET', `/api/consumptions/status/${id}`);
    expect((await read()).isActive).toBe(1);

    expect((await t.call('POST', `/api/consumptions/disable/${id}`)).body.msg).toBe('Disable successful!');
    expect((await read()).disable).toBe(1);
    expect((await t.call('POST', `/api/consumptions/enable/${id}`)).body.msg).toBe('Enable successful!');
    expect((await read()).disable).toBe(0);
    await t.call('POST', `/api/consumptions/disable/${id}`);
    expect((await t.call('POST', `/api/consumptions/delete/${id}`)).status).toBe(200);
    expect((await t.call('GET', `/api/consumptions/update/${id}`)).status).toBe(404);

    expect((await t.call('POST', '/api/consumptions/disable/999999')).status).toBe(404);
    expect((await t.call('GET', '/api/consumptions/status/999999')).status).toBe(404);
    expect((await t.call('POST', `/api/consumptions/archive/${id}`)).status).toBe(400);
  });

  it('needs the guard header for the status GET', async () => {
    const { body } = await add({ customerId: (await makeCustomer(t.database.db, { colonyCode: 'GK' })).customerId });
    const id = body.row.consumptionId;
    expect((await t.inject({ method: 'GET', url: `/api/consumptions/status/${id}` })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/consumptions/update/${id}`)).body.consumption.isActive).toBe(1);
  });
});

it('documents the consumption calls', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: t.cookie } });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(
    expect.arrayContaining([
      '/api/consumptions',
      '/api/consumptions/{action}/{id}',
      '/api/consumptions/status/{id}',
      '/api/consumptions/delete',
      '/api/consumptions/add',
      '/api/consumptions/update/{id}',
      '/api/consumptions/update',
    ]),
  );
});

describe('bulk delete', () => {
  it('deletes the listed consumptions at once, and nothing when one id is unknown', async () => {
    const db = t.database.db;
    const customer = await makeCustomer(db, { colonyCode: 'GK' });
    const a = await add({ customerId: customer.customerId, day: ids.mon });
    const b = await add({ customerId: customer.customerId, day: ids.tue });
    const chosen = [a.body.row.consumptionId, b.body.row.consumptionId];

    const unknown = await t.call('DELETE', '/api/consumptions/delete', { ids: [...chosen, 999999] });
    expect(unknown.status).toBe(404);
    expect((await list(`&customerId=${customer.customerId}`)).total).toBe(2);

    const deleted = await t.call('DELETE', '/api/consumptions/delete', { ids: chosen.map(String) });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ msg: 'Selected records deleted!', deleted: 2 });
    expect((await list(`&customerId=${customer.customerId}`)).total).toBe(0);
  });

  it('rejects an empty or malformed list', async () => {
    const empty = await t.call('DELETE', '/api/consumptions/delete', { ids: [] });
    expectFailure(empty, 400, 'Select at least one consumption.');
    expect((await t.call('DELETE', '/api/consumptions/delete', {})).status).toBe(400);
    expect((await t.call('DELETE', '/api/consumptions/delete', { ids: ['x'] })).status).toBe(400);
  });
});

describe('the consumption list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    await makeColony(db, { colonyCode: 'A', colonyName: 'Alpha Colony' });
    await makeColony(db, { colonyCode: 'B', colonyName: 'Bravo Colony' });
    const mon = await makeCombination(db, 'Monday');
    const cow = await makeProduct(db, {
      productCode: 'COW',
      productName: 'Cow Milk',
      combinationId: mon.combinationId,
    });
    const buf = await makeProduct(db, {
      productCode: 'BUF',
      productName: 'Buffalo Milk',
      combinationId: mon.combinationId,
    });
    const zed = await makeCustomer(db, { colonyCode: 'A', customerName: 'Zed', route: 1 });
    const amy = await makeCustomer(db, { colonyCode: 'A', customerName: 'Amy', route: 2 });
    const bob = await makeCustomer(db, { colonyCode: 'B', customerName: 'Bob', route: 1 });
    await makeConsumption(db, { customerId: amy.customerId, productId: cow.productId });
    await makeConsumption(db, { customerId: zed.customerId, productId: buf.productId });
    await makeConsumption(db, { customerId: bob.customerId, productId: cow.productId, disable: 1 });
    await makeConsumption(db, { customerId: zed.customerId, productId: cow.productId });
  });
  afterAll(() => app.close());

  const rows = async (query: string) => {
    const { status, body } = await app.call('GET', `/api/consumptions?${query}`);
    expect(status).toBe(200);
    return body.consumptions.map(
      (c: { customer: { customerName: string }; product: { productCode: string } }) =>
        `${c.customer.customerName}:${c.product.productCode}`,
    );
  };

  it('orders by route then name and filters by colony, customer and product code or name', async () => {
    expect(await rows('')).toEqual(['Bob:COW', 'Zed:BUF', 'Zed:COW', 'Amy:COW']);
    expect(await rows('colonyCode=a')).toEqual(['Zed:BUF', 'Zed:COW', 'Amy:COW']);
    expect(await rows('colonyCode=NOPE')).toEqual([]);
    expect(await rows('productName=cow')).toEqual(['Bob:COW', 'Zed:COW', 'Amy:COW']);
    expect(await rows('productName=Buffalo Milk')).toEqual(['Zed:BUF']);
    expect(await rows('colonyCode=A&productName=COW')).toEqual(['Zed:COW', 'Amy:COW']);
    const customerId = (await app.call('GET', '/api/users?colonyCode=B')).body.rows[0].customerId;
    expect(await rows(`customerId=${customerId}`)).toEqual(['Bob:COW']);
  });

  it('pages with the page number and tells the totals', async () => {
    const { body } = await app.call('GET', '/api/consumptions?limit=3&offset=2');
    expect(body).toMatchObject({ limit: 3, page: 2, total: 4, totalPages: 2 });
    expect(body.consumptions).toHaveLength(1);
    expect(body.consumptions[0].colony).toEqual({ colonyName: 'Alpha Colony' });
  });

  it.each(['limit=1001', 'offset=0', 'customerId=x'])('rejects %s with 400', async (query) => {
    expect((await app.call('GET', `/api/consumptions?${query}`)).status).toBe(400);
  });

  it('needs a session', async () => {
    const anonymous = await createTestApp({ signedIn: false });
    try {
      expect((await anonymous.inject({ method: 'GET', url: '/api/consumptions' })).statusCode).toBe(401);
    } finally {
      await anonymous.close();
    }
  });
});

describe('versions of a consumption (docs/rules.md section 18)', () => {
  const read = async (id: number) => (await t.call('GET', `/api/consumptions/update/${id}`)).body.consumption;
  const save = (id: number, body: Record<string, unknown>) =>
    t.call('POST', '/api/consumptions/update', {
      id,
      colonyCode: 'GK',
      productId: 'COW',
      combinationId: ids.mon,
      isActive: 1,
      ...body,
    });
  const fresh = async () => {
    const customer = await makeCustomer(t.database.db, { colonyCode: 'GK' });
    const { body } = await add({ customerId: customer.customerId });
    return { id: body.row.consumptionId as number, customerId: customer.customerId };
  };

  it('the update screen, the added row and every list row carry the version', async () => {
    const { body } = await add({ customerId: (await makeCustomer(t.database.db, { colonyCode: 'GK' })).customerId });
    const id = body.row.consumptionId;
    expect(body.row.version).toBe(1);
    expect((await read(id)).version).toBe(1);
    const row = (await list()).consumptions.find((c: { consumptionId: number }) => c.consumptionId === id);
    expect(row.version).toBe(1);
  });

  it('refuses a save made from an older copy with 409 and changes nothing', async () => {
    const { id } = await fresh();
    const opened = await read(id);
    expect((await save(id, { combinationId: ids.tue, version: opened.version })).status).toBe(200);
    const after = await read(id);
    expect(after).toMatchObject({ combinationId: ids.tue, version: opened.version + 1 });

    const stale = await save(id, { combinationId: ids.mon, isActive: 0, version: opened.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_RECORD });
    expect(await read(id)).toEqual(after);

    // A save from the fresh copy goes through; without a version a save behaves as before.
    expect((await save(id, { isActive: 0, combinationId: ids.tue, version: after.version })).status).toBe(200);
    expect(await read(id)).toMatchObject({ isActive: 0, version: after.version + 1 });
    expect((await save(id, { combinationId: ids.mon })).status).toBe(200);
    expect(await read(id)).toMatchObject({ combinationId: ids.mon, version: after.version + 2 });
  });

  it('counts disabling, enabling and a status change as changes', async () => {
    const { id } = await fresh();
    const { version } = await read(id);
    await t.call('POST', `/api/consumptions/disable/${id}`);
    await t.call('POST', `/api/consumptions/enable/${id}`);
    await t.call('GET', `/api/consumptions/status/${id}`);
    expect((await read(id)).version).toBe(version + 3);
    const before = await read(id);
    expect((await save(id, { combinationId: ids.tue, version })).status).toBe(409);
    expect(await read(id)).toEqual(before);
  });

  it('says a copy is stale before its other problems, and a version that is not a number is 400', async () => {
    const { id, customerId } = await fresh();
    const { version } = await read(id);
    await add({ customerId, day: ids.tue });
    await t.call('GET', `/api/consumptions/status/${id}`);
    // The older copy also asks for a row the customer has by now: the stale copy is what to say.
    const stale = await save(id, { combinationId: ids.tue, version });
    expectFailure(stale, 409, STALE_RECORD);
    const before = await read(id);
    for (const bad of ['x', 0, -2]) {
      const response = await save(id, { version: bad });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe('version');
    }
    expect(await read(id)).toEqual(before);
    expect((await save(999999, { version: 1 })).status).toBe(404);
  });
});
