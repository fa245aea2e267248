import { STALE_RECORD } from '@dairy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectFailure, fileTestApp, type TestApp } from '../helpers/app';
import {
  makeColony,
  makeCombination,
  makeConsumption,
  makeCustomer,
  makeDelivery,
  makeProduct,
} from '../helpers/factories';

const t = fileTestApp();
let colonyCode: string;
let closedColony: string;

beforeAll(async () => {
  colonyCode = (await makeColony(t.database.db, { colonyCode: 'GK', colonyName: 'Greater Kailash' })).colonyCode;
  closedColony = (await makeColony(t.database.db, { colonyCode: 'OLD', colonyName: 'Old Town', disable: 1 }))
    .colonyCode;
});

const validCustomer = { name: 'Asha Rao', contactNumber: '9876543210', address: 'House 4', colony: 'gk', route: 2 };
const add = (body: Record<string, unknown> = {}) => t.call('POST', '/api/users/add', { ...validCustomer, ...body });

describe('adding a customer', () => {
  it('adds with an opening balance and reads it back', async () => {
    const added = await add({ name: ' Asha Rao ', due: '150.75', paid: 0 });
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('Successfully added a customer.');
    const id = added.body.row.customerId;
    const read = await t.call('GET', `/api/users/update/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      customerId: id,
      customerName: 'Asha Rao',
      contactNumber: '9876543210',
      address: 'House 4',
      colonyCode: 'GK',
      colony: { colonyName: 'Greater Kailash' },
      route: 2,
      paid: 0,
      due: 150.75,
      defaulter: 0,
      disable: 0,
      lastActive: null,
      language: 'en',
      version: 1,
    });
    const [stored] = await t.database.db.query.customer.findMany({ where: (c, { eq }) => eq(c.customerId, id) });
    expect(stored?.openingBalance).toBe(15075);
    // The update form offers enabled colonies only.
    expect(read.body.colonies.map((c: { colonyCode: string }) => c.colonyCode)).toEqual(['GK']);
  });

  it('takes a blank contact number and an advance as a negative due', async () => {
    const added = await add({ contactNumber: '', due: -20 });
    expect(added.status).toBe(200);
    expect(added.body.row).toMatchObject({ contactNumber: '', due: -20, paid: 0 });
    const noContact = await add({ contactNumber: undefined });
    expect(noContact.body.row.contactNumber).toBe('');
  });

  it.each([
    [{ name: '' }, 'name', "Name can't be empty!"],
    [{ name: undefined }, 'name', "Name can't be empty!"],
    [{ address: '  ' }, 'address', "Address can't be empty!"],
    [{ colony: '' }, 'colony', 'Please select a colony.'],
    [{ route: '' }, 'route', "Route can't be empty!"],
    [{ route: 0 }, 'route', 'Route must be at least 1'],
    [{ route: 100_001 }, 'route', 'Route must be at most 100000'],
    [{ route: 1.5 }, 'route', 'Route must be a whole number.'],
    [{ route: 'abc' }, 'route', 'Route must be a whole number.'],
    [{ route: undefined }, 'route', "Route can't be empty!"],
    [{ contactNumber: '1'.repeat(21) }, 'contactNumber', 'Contact number must be at most 20 characters'],
    [{ address: 'a'.repeat(301) }, 'address', 'Address must be at most 300 characters'],
    [{ paid: 10 }, 'paid', 'Paid must be 0 for a new customer: receipts record payments.'],
    [{ due: '1.234' }, 'due', 'Due must be an amount with at most 2 decimals'],
  ])('rejects %j with its text and adds nothing', async (body, path, message) => {
    const before = await t.call('GET', '/api/users?limit=1000');
    const response = await add(body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path, message });
    expect((await t.call('GET', '/api/users?limit=1000')).body.total).toBe(before.body.total);
  });

  it('refuses an unknown colony with 404 and a disabled one with 409', async () => {
    expect((await add({ colony: 'NOPE' })).status).toBe(404);
    const closed = await add({ colony: closedColony });
    expectFailure(closed, 409, 'This colony is disabled.');
  });

  it('offers only enabled colonies on the add form', async () => {
    const form = await t.call('GET', '/api/users/add');
    expect(form.status).toBe(200);
    expect(form.body.rows).toEqual([{ colonyCode: 'GK', colonyName: 'Greater Kailash', charges: 0, disable: 0 }]);
  });
});

describe('updating a customer', () => {
  it('changes the fields and the defaulter flag but never paid or due', async () => {
    const { body } = await add({ due: 100 });
    const id = body.row.customerId;
    const other = await makeColony(t.database.db, { colonyCode: 'DLF', colonyName: 'DLF Phase' });
    const updated = await t.call('POST', '/api/users/update', {
      id,
      name: 'Asha R',
      contactNumber: '',
      address: 'Flat 9',
      colony: other.colonyCode,
      route: 7,
      defaulter: true,
      paid: 999,
      due: 0,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('Update Customer Successfully');
    expect((await t.call('GET', `/api/users/update/${id}`)).body.data).toMatchObject({
      customerName: 'Asha R',
      contactNumber: '',
      address: 'Flat 9',
      colonyCode: 'DLF',
      route: 7,
      defaulter: 1,
      paid: 0,
      due: 100,
    });
  });

  it('keeps the stored defaulter flag when the update leaves it out', async () => {
    const marked = await makeCustomer(t.database.db, { colonyCode, defaulter: 1 });
    const withoutFlag = { ...validCustomer, id: marked.customerId, name: 'Still Owing' };
    expect((await t.call('POST', '/api/users/update', withoutFlag)).status).toBe(200);
    expect((await t.call('GET', `/api/users/update/${marked.customerId}`)).body.data).toMatchObject({
      customerName: 'Still Owing',
      defaulter: 1,
    });
  });

  it('keeps a customer in a colony that was disabled since, but does not move one into it', async () => {
    const db = t.database.db;
    const closing = await makeColony(db, { colonyCode: 'SHUT', colonyName: 'Shutting Colony' });
    const stays = await makeCustomer(db, { colonyCode: closing.colonyCode });
    await t.call('POST', `/api/colony/disable/${closing.colonyCode}`);
    const edit = (id: number, colony: string) =>
      t.call('POST', '/api/users/update', { ...validCustomer, id, colony, defaulter: 0 });
    expect((await edit(stays.customerId, 'SHUT')).status).toBe(200);
    const form = await t.call('GET', `/api/users/update/${stays.customerId}`);
    expect(form.body.colonies.map((c: { colonyCode: string }) => c.colonyCode)).toContain('SHUT');
    const mover = await makeCustomer(db, { colonyCode });
    expect((await edit(mover.customerId, 'SHUT')).status).toBe(409);
    expect((await edit(mover.customerId, 'NOPE')).status).toBe(404);
    expect((await edit(999999, colonyCode)).status).toBe(404);
  });

  it('rejects bad input with the texts of the form', async () => {
    const response = await t.call('POST', '/api/users/update', { id: 1, name: '', address: '', colony: '', route: 1 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: "Name can't be empty!" },
        { path: 'address', message: "Address can't be empty!" },
        { path: 'colony', message: 'Please select a colony.' },
      ]),
    );
    expect((await t.call('GET', '/api/users/update/abc')).status).toBe(400);
    expect((await t.call('GET', '/api/users/update/999999')).status).toBe(404);
  });
});

it('documents the customer calls', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: t.cookie } });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(
    expect.arrayContaining([
      '/api/users',
      '/api/users/{action}/{customerId}',
      '/api/users/add',
      '/api/users/update/{id}',
      '/api/users/update',
      '/api/fetch/users',
    ]),
  );
});

describe('enabling and disabling', () => {
  it('toggles a customer and reads it back', async () => {
    const { body } = await add();
    const id = body.row.customerId;
    const off = await t.call('GET', `/api/users/disable/${id}`);
    expect(off.status).toBe(200);
    expect((await t.call('GET', `/api/users/update/${id}`)).body.data.disable).toBe(1);
    expect((await t.call('GET', `/api/users/enable/${id}`)).status).toBe(200);
    expect((await t.call('GET', `/api/users/update/${id}`)).body.data.disable).toBe(0);
    expect((await t.call('GET', '/api/users/disable/999999')).status).toBe(404);
    expect((await t.call('GET', `/api/users/remove/${id}`)).status).toBe(400);
  });

  it('needs the guard header for the GET that changes data, and a session', async () => {
    const { body } = await add();
    const plain = await t.inject({ method: 'GET', url: `/api/users/disable/${body.row.customerId}` });
    expect(plain.statusCode).toBe(403);
    expect((await t.call('GET', `/api/users/update/${body.row.customerId}`)).body.data.disable).toBe(0);
    const anonymous = await createTestApp({ signedIn: false });
    try {
      const response = await anonymous.inject({ method: 'GET', url: '/api/users', headers: {} });
      expect(response.statusCode).toBe(401);
    } finally {
      await anonymous.close();
    }
  });
});

describe('the customer list and picker', () => {
  let app: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    await makeColony(db, { colonyCode: 'A', colonyName: 'Alpha Colony' });
    await makeColony(db, { colonyCode: 'B', colonyName: 'Bravo Colony' });
    const people = [
      { customerName: 'Zoe', route: 1, colonyCode: 'A' },
      { customerName: 'Adam', route: 2, colonyCode: 'A', defaulter: 1 as const },
      { customerName: 'Bina', route: 1, colonyCode: 'A', disable: 1 as const },
      { customerName: 'Carl', route: 1, colonyCode: 'B', defaulter: 1 as const },
    ];
    for (const p of people) ids[p.customerName] = (await makeCustomer(db, p)).customerId;
    // Last active is the latest delivered day: Adam's later absent day does not count.
    const milk = await makeProduct(db);
    await makeDelivery(db, ids.Zoe!, milk, '2026-03-01');
    await makeDelivery(db, ids.Adam!, milk, '2026-04-10');
    await makeDelivery(db, ids.Adam!, milk, '2026-05-01', { attendance: 0 });
  });
  afterAll(() => app.close());

  const names = (body: { rows: { customerName: string }[] }) => body.rows.map((r) => r.customerName);

  it('orders by route then name and filters by colony, customer, route, defaulter and last active', async () => {
    const all = await app.call('GET', '/api/users');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ limit: 200, page: 1, total: 4, totalPages: 1 });
    expect(names(all.body)).toEqual(['Bina', 'Carl', 'Zoe', 'Adam']);
    expect(names((await app.call('GET', '/api/users?colonyCode=a')).body)).toEqual(['Bina', 'Zoe', 'Adam']);
    expect((await app.call('GET', '/api/users?colonyCode=NOPE')).body).toEqual({
      rows: [],
      limit: 200,
      page: 1,
      total: 0,
      totalPages: 0,
    });
    expect(names((await app.call('GET', `/api/users?customerId=${ids.Zoe}`)).body)).toEqual(['Zoe']);
    expect(names((await app.call('GET', '/api/users?colonyCode=A&route=1')).body)).toEqual(['Bina', 'Zoe']);
    expect(names((await app.call('GET', '/api/users?defaulter=1')).body)).toEqual(['Carl', 'Adam']);
    expect(names((await app.call('GET', '/api/users?defaulter=0&colonyCode=A')).body)).toEqual(['Bina', 'Zoe']);
    expect(names((await app.call('GET', '/api/users?lastActive=2026-03-31')).body)).toEqual(['Zoe']);
    expect(names((await app.call('GET', '/api/users?lastActive=2026-04-10')).body)).toEqual(['Zoe', 'Adam']);
  });

  it('pages with the page number', async () => {
    const page = await app.call('GET', '/api/users?limit=3&offset=2');
    expect(page.body).toMatchObject({ limit: 3, page: 2, total: 4, totalPages: 2 });
    expect(names(page.body)).toEqual(['Adam']);
  });

  it.each([
    'limit=0',
    'offset=0',
    'lastActive=2026-02-30',
    'defaulter=yes',
    'route=x',
    'route=99999999999',
    'customerId=0',
  ])('rejects %s with 400', async (query) => {
    expect((await app.call('GET', `/api/users?${query}`)).status).toBe(400);
  });

  it('gives the enabled customers of a colony to pickers', async () => {
    const picked = await app.call('POST', '/api/fetch/users', { colonyId: 'a' });
    expect(picked.status).toBe(200);
    expect(picked.body.data).toEqual([
      { customerId: ids.Zoe, customerName: 'Zoe', colonyCode: 'A', route: 1, defaulter: 0 },
      { customerId: ids.Adam, customerName: 'Adam', colonyCode: 'A', route: 2, defaulter: 1 },
    ]);
    expect((await app.call('POST', '/api/fetch/users', { colonyId: 'NOPE' })).status).toBe(404);
    // A new record cannot use a disabled colony, so its customers are not offered.
    await app.call('POST', '/api/colony/disable/B');
    const closed = await app.call('POST', '/api/fetch/users', { colonyId: 'B' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toEqual([]);
    // The list screens' filters (their customer picker comes from /colony/api) still find them.
    const filterSource = (await app.call('GET', '/api/colony/api?seeUser=true')).body.rows;
    expect(filterSource.find((c: { colonyCode: string }) => c.colonyCode === 'B').Customers).toEqual([
      { customerId: ids.Carl, customerName: 'Carl', route: 1, defaulter: 1, disable: 0 },
    ]);
    expect(names((await app.call('GET', '/api/users?colonyCode=B')).body)).toEqual(['Carl']);
    await app.call('POST', '/api/colony/enable/B');
    const missing = await app.call('POST', '/api/fetch/users', {});
    expectFailure(missing, 400, 'Please select a colony.');
  });
});

describe('versions of a customer (docs/rules.md section 18)', () => {
  const read = async (id: number) => (await t.call('GET', `/api/users/update/${id}`)).body.data;
  const save = (id: number, body: Record<string, unknown>) =>
    t.call('POST', '/api/users/update', { ...validCustomer, id, ...body });

  it('the update screen and every list row carry the version', async () => {
    const { body } = await add({ name: 'Versioned One' });
    const id = body.row.customerId;
    expect(body.row.version).toBe(1);
    expect((await read(id)).version).toBe(1);
    const list = await t.call('GET', `/api/users?customerId=${id}`);
    expect(list.body.rows).toEqual([expect.objectContaining({ customerId: id, version: 1 })]);
  });

  it('refuses a save made from an older copy with 409 and changes nothing', async () => {
    const { body } = await add({ address: 'Old address' });
    const id = body.row.customerId;
    const opened = await read(id);
    const first = await save(id, { address: 'New address', version: opened.version });
    expect(first.status).toBe(200);
    const after = await read(id);
    expect(after).toMatchObject({ address: 'New address', version: opened.version + 1 });

    const stale = await save(id, { address: 'Old address', contactNumber: '9000000009', version: opened.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_RECORD });
    expect(await read(id)).toEqual(after);

    // A save from the fresh copy goes through; without a version a save behaves as before.
    expect(
      (await save(id, { contactNumber: '9000000009', address: 'New address', version: after.version })).status,
    ).toBe(200);
    expect(await read(id)).toMatchObject({ contactNumber: '9000000009', version: after.version + 1 });
    expect((await save(id, { address: 'Unversioned' })).status).toBe(200);
    expect(await read(id)).toMatchObject({ address: 'Unversioned', version: after.version + 2 });
  });

  it('counts disabling and enabling as changes', async () => {
    const { body } = await add();
    const id = body.row.customerId;
    const { version } = await read(id);
    await t.call('GET', `/api/users/disable/${id}`);
    await t.call('GET', `/api/users/enable/${id}`);
    expect((await read(id)).version).toBe(version + 2);
    const stale = await save(id, { name: 'Too Late', version });
    expect(stale.status).toBe(409);
    expect((await read(id)).customerName).toBe(validCustomer.name);
  });

  it('says a copy is stale before its other problems, and a version that is not a number is 400', async () => {
    const { body } = await add();
    const id = body.row.customerId;
    const { version } = await read(id);
    await save(id, { route: 9, version });
    // The older copy also moves the customer into a disabled colony: the stale copy is what to say.
    const stale = await save(id, { colony: closedColony, version });
    expectFailure(stale, 409, STALE_RECORD);
    const before = await read(id);
    for (const bad of ['x', 0, 1.5]) {
      const response = await save(id, { name: 'Bad Version', version: bad });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe('version');
    }
    expect(await read(id)).toEqual(before);
    expect((await t.call('POST', '/api/users/update', { ...validCustomer, id: 999999, version: 1 })).status).toBe(404);
  });

  it('deliveries, bills and receipts leave an open Update User current; Generate Defaulters does not', async () => {
    const db = t.database.db;
    const colony = await makeColony(db, { colonyCode: 'VER', colonyName: 'Version Colony' });
    const monday = await makeCombination(db, 'Monday');
    const milk = await makeProduct(db, { combinationId: monday.combinationId, price: 5000 });
    const person = await makeCustomer(db, { colonyCode: colony.colonyCode, customerName: 'Lata', route: 3 });
    await makeConsumption(db, { customerId: person.customerId, productId: milk.productId });
    const id = person.customerId;
    const opened = await read(id);

    // 2026-06-01 is a Monday: one delivery, then June's bill, then part of it paid.
    const generated = await t.call('POST', '/api/transactions/generate', { colony: 'VER', date: '2026-06-01' });
    expect(generated.body.created).toBe(1);
    const billed = await t.call('POST', '/api/payments/generatePayments', { colony: 'VER', month: 6, year: 2026 });
    expect(billed.status).toBe(200);
    const received = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: id,
      month: 5,
      year: 2026,
      receivingPayment: 10,
      paymentMode: 'positive',
    });
    expect(received.status).toBe(200);
    expect(await read(id)).toMatchObject({ lastActive: '2026-06-01', paid: 10, due: 40, version: opened.version });

    // The screen opened before all that still saves.
    expect((await save(id, { colony: 'VER', route: 3, address: 'Saved Anyway', version: opened.version })).status).toBe(
      200,
    );
    const reopened = await read(id);
    expect(reopened).toMatchObject({ address: 'Saved Anyway', version: opened.version + 1 });

    // July: no delivery and something still owed, so Generate Defaulters (zero-based month) flags her.
    const flagged = await t.call('POST', '/api/payments/generateDefaulters', { colony: 'VER', month: 6, year: 2026 });
    expect(flagged.body.count).toBe(1);
    const afterFlag = await read(id);
    expect(afterFlag).toMatchObject({ defaulter: 1, version: reopened.version + 1 });
    const stale = await save(id, { colony: 'VER', route: 3, defaulter: 0, version: reopened.version });
    expect(stale.status).toBe(409);
    expect(await read(id)).toEqual(afterFlag);
  });
});
