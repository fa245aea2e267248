import { colonyTexts, STALE_RECORD } from '@dairy/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colony } from '../../src/db/schema';
import { createTestApp, expectFailure, fileTestApp, type TestApp } from '../helpers/app';
import { makeColony, makeCustomer } from '../helpers/factories';

const t = fileTestApp();

const allRows = () => t.database.db.select().from(colony).orderBy(asc(colony.colonyCode));
const readBack = async (code: string) => (await t.call('GET', `/api/colony/update/${code}`)).body.rows[0];

describe('POST /api/colony/add', () => {
  it('adds a colony and reads it back', async () => {
    const added = await t.call('POST', '/api/colony/add', { code: ' GK1 ', name: 'Greater Kailash', charges: '25.50' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      msg: 'Colony added successfully!',
      row: { colonyCode: 'GK1', colonyName: 'Greater Kailash', charges: 25.5, disable: 0, version: 1 },
    });
    expect(await readBack('gk1')).toEqual({
      colonyCode: 'GK1',
      colonyName: 'Greater Kailash',
      charges: 25.5,
      disable: 0,
      version: 1,
    });
  });

  it.each([
    ['a number', 30, 30],
    ['a number with 2 decimals', 12.75, 12.75],
    ['a string', '40', 40],
    ['a string with 1 decimal', ' 0.5 ', 0.5],
    ['zero', 0, 0],
    ['the largest amount', '10000000.00', 10000000],
  ])('takes charges as %s', async (_kind, charges, stored) => {
    const code = `CH${String(stored).replace(/\D/g, '').slice(0, 10)}`;
    const added = await t.call('POST', '/api/colony/add', { code, name: 'Charges colony', charges });
    expect(added.status).toBe(200);
    expect((await readBack(code)).charges).toBe(stored);
  });

  const valid = { code: 'VAL', name: 'Valid colony', charges: 10 };
  it.each([
    ['code missing', { code: undefined }, 'code', colonyTexts.codeRequired],
    ['code blank', { code: '   ' }, 'code', colonyTexts.codeRequired],
    ['code of 1 character', { code: ' A ' }, 'code', colonyTexts.codeMin],
    ['code over 20 characters', { code: 'C'.repeat(21) }, 'code', 'Colony Code must be at most 20 characters'],
    ['name missing', { name: undefined }, 'name', colonyTexts.nameRequired],
    ['name blank', { name: '  ' }, 'name', colonyTexts.nameRequired],
    ['name of 4 characters', { name: ' Abcd ' }, 'name', colonyTexts.nameMin],
    ['name over 100 characters', { name: 'N'.repeat(101) }, 'name', 'Colony Name must be at most 100 characters'],
    ['charges missing', { charges: undefined }, 'charges', colonyTexts.chargesRequired],
    ['charges blank', { charges: ' ' }, 'charges', colonyTexts.chargesRequired],
    ['charges negative', { charges: -1 }, 'charges', colonyTexts.chargesMin],
    [
      'charges with 3 decimals as a number',
      { charges: 10.555 },
      'charges',
      'Must be an amount with at most 2 decimals',
    ],
    [
      'charges with 3 decimals as a string',
      { charges: '10.555' },
      'charges',
      'Must be an amount with at most 2 decimals',
    ],
    ['charges not a number', { charges: 'ten' }, 'charges', 'Must be an amount with at most 2 decimals'],
    ['charges over ₹1,00,00,000.00', { charges: '10000000.01' }, 'charges', colonyTexts.chargesMax],
  ])('refuses %s with 400 and adds nothing', async (_case, change, path, message) => {
    const before = await allRows();
    const response = await t.call('POST', '/api/colony/add', { ...valid, ...change });
    expectFailure(response, 400, message);
    expect(response.body.errors).toEqual([{ path, message }]);
    expect(await allRows()).toEqual(before);
  });

  it('lists every problem of an empty body, in field order', async () => {
    const response = await t.call('POST', '/api/colony/add', {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: colonyTexts.codeRequired,
      errors: [
        { path: 'code', message: colonyTexts.codeRequired },
        { path: 'name', message: colonyTexts.nameRequired },
        { path: 'charges', message: colonyTexts.chargesRequired },
      ],
    });
  });

  it('accepts a code of exactly 20 characters and a name of exactly 100', async () => {
    const code = 'L'.repeat(20);
    const response = await t.call('POST', '/api/colony/add', { code, name: 'N'.repeat(100), charges: 1 });
    expect(response.status).toBe(200);
    expect((await readBack(code)).colonyName).toHaveLength(100);
  });

  it('refuses a code that exists in another case with 409 and keeps the first', async () => {
    await t.call('POST', '/api/colony/add', { code: 'Dup1', name: 'First of its code', charges: 5 });
    const before = await allRows();
    for (const code of ['Dup1', 'DUP1', ' dup1 ']) {
      const response = await t.call('POST', '/api/colony/add', { code, name: 'Second of its code', charges: 9 });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: colonyTexts.duplicate });
    }
    expect(await allRows()).toEqual(before);
    expect(await readBack('DUP1')).toEqual({
      colonyCode: 'Dup1',
      colonyName: 'First of its code',
      charges: 5,
      disable: 0,
      version: 1,
    });
  });

  it('two adds of the same code at once: one wins, the other is 409', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', '/api/colony/add', { code: 'race', name: 'Racing colony', charges: 1 }),
      t.call('POST', '/api/colony/add', { code: 'RACE', name: 'Racing colony', charges: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(colony).where(sql`lower(colony_code) = 'race'`);
    expect(rows).toHaveLength(1);
  });
});

describe('GET and PUT /api/colony/update/:code', () => {
  beforeAll(async () => {
    await makeColony(t.database.db, { colonyCode: 'UPD', colonyName: 'Before update', charges: 1000 });
  });

  it('reads one colony by its code in any case', async () => {
    const response = await t.call('GET', '/api/colony/update/upd');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      rows: [{ colonyCode: 'UPD', colonyName: 'Before update', charges: 10, disable: 0, version: 1 }],
    });
  });

  it('404 for an unknown code, 400 for a code over 20 characters', async () => {
    const unknown = await t.call('GET', '/api/colony/update/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: colonyTexts.notFound });
    expect((await t.call('GET', `/api/colony/update/${'X'.repeat(21)}`)).status).toBe(400);
  });

  it('updates name and charges, trimmed, and keeps the code', async () => {
    const response = await t.call('PUT', '/api/colony/update/upd', {
      code: 'upd',
      name: '  After update ',
      charges: '12.34',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ msg: 'Colony updated successfully!' });
    expect(await readBack('UPD')).toEqual({
      colonyCode: 'UPD',
      colonyName: 'After update',
      charges: 12.34,
      disable: 0,
      version: 2,
    });
    await t.call('PUT', '/api/colony/update/UPD', { name: 'After update', charges: 7 });
    expect((await readBack('UPD')).charges).toBe(7);
  });

  it.each([
    ['name of 4 characters', { name: 'Abcd', charges: 1 }, colonyTexts.nameMin],
    ['name missing', { charges: 1 }, colonyTexts.nameRequired],
    ['name over 100 characters', { name: 'N'.repeat(101), charges: 1 }, 'Colony Name must be at most 100 characters'],
    ['charges missing', { name: 'Long enough' }, colonyTexts.chargesRequired],
    ['charges negative', { name: 'Long enough', charges: '-0.01' }, colonyTexts.chargesMin],
    ['charges with 3 decimals', { name: 'Long enough', charges: 1.001 }, 'Must be an amount with at most 2 decimals'],
    [
      'code over 20 characters',
      { code: 'U'.repeat(21), name: 'Long enough', charges: 1 },
      'Colony Code must be at most 20 characters',
    ],
  ])('refuses %s with 400 and changes nothing', async (_case, body, message) => {
    const before = await readBack('UPD');
    const response = await t.call('PUT', '/api/colony/update/UPD', body);
    expectFailure(response, 400, message);
    expect(await readBack('UPD')).toEqual(before);
  });

  it('refuses a save made from an older copy with 409 and changes nothing', async () => {
    const read = await readBack('UPD');
    const first = await t.call('PUT', '/api/colony/update/UPD', {
      name: 'First saver',
      charges: 1,
      version: read.version,
    });
    expect(first.status).toBe(200);
    const after = await readBack('UPD');
    expect(after.version).toBe(read.version + 1);
    const stale = await t.call('PUT', '/api/colony/update/UPD', {
      name: 'Second saver',
      charges: 2,
      version: read.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_RECORD });
    expect(await readBack('UPD')).toEqual(after);
    // A save from the fresh copy goes through.
    const fresh = await t.call('PUT', '/api/colony/update/UPD', {
      name: 'Second saver',
      charges: 2,
      version: after.version,
    });
    expect(fresh.status).toBe(200);
    expect((await readBack('UPD')).colonyName).toBe('Second saver');
  });

  it('counts disabling and enabling as changes, and a version that is not a number is 400', async () => {
    const { version } = await readBack('UPD');
    await t.call('POST', '/api/colony/disable/UPD');
    await t.call('POST', '/api/colony/enable/UPD');
    expect((await readBack('UPD')).version).toBe(version + 2);
    const stale = await t.call('PUT', '/api/colony/update/UPD', { name: 'Long enough', charges: 1, version });
    expect(stale.status).toBe(409);
    const bad = await t.call('PUT', '/api/colony/update/UPD', { name: 'Long enough', charges: 1, version: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('version');
  });

  it('404 when updating an unknown colony', async () => {
    const response = await t.call('PUT', '/api/colony/update/NOPE', { name: 'Long enough', charges: 1 });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: colonyTexts.notFound });
    expect(await t.database.db.select().from(colony).where(eq(colony.colonyCode, 'NOPE'))).toEqual([]);
  });
});

describe('POST /api/colony/:action/:code', () => {
  beforeAll(async () => {
    await makeColony(t.database.db, { colonyCode: 'TGL', colonyName: 'Toggled colony' });
  });

  it('disables and enables a colony, sent with a JSON content type and no body', async () => {
    const action = (name: string, code: string) =>
      t.inject({
        method: 'POST',
        url: `/api/colony/${name}/${code}`,
        headers: { 'x-requested-with': 'fetch', 'content-type': 'application/json', cookie: t.cookie },
      });
    const disabled = await action('disable', 'tgl');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ msg: 'Colony disabled successfully!' });
    expect((await readBack('TGL')).disable).toBe(1);
    expect((await action('disable', 'TGL')).statusCode).toBe(200);
    expect((await readBack('TGL')).disable).toBe(1);
    const enabled = await action('enable', 'TGL');
    expect(enabled.json()).toEqual({ msg: 'Colony enabled successfully!' });
    expect((await readBack('TGL')).disable).toBe(0);
  });

  it('404 for an unknown colony, 400 for an unknown action', async () => {
    const unknown = await t.call('POST', '/api/colony/disable/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: colonyTexts.notFound });
    const badAction = await t.call('POST', '/api/colony/remove/TGL');
    expectFailure(badAction, 400, 'Action must be disable or enable');
    expect((await readBack('TGL')).disable).toBe(0);
  });
});

describe('a colony code beyond ASCII', () => {
  // JavaScript lowers 'İ' to 'i' + a combining dot, PostgreSQL to 'i': the database's lower()
  // must decide both sides of the comparison, as it decides the unique index.
  const code = 'İÄB';
  const url = (path: string) => `/api/colony/${path}/${encodeURIComponent(code)}`;

  it('is added, read, updated, disabled and enabled by the code it was given', async () => {
    const added = await t.call('POST', '/api/colony/add', { code, name: 'Ängelholm colony', charges: 3 });
    expect(added.status).toBe(200);
    expect(added.body.row.colonyCode).toBe(code);
    const read = await t.call('GET', url('update'));
    expect(read.status).toBe(200);
    expect(read.body.rows[0]).toMatchObject({ colonyCode: code, colonyName: 'Ängelholm colony' });
    const updated = await t.call('PUT', url('update'), { name: 'Ängelholm renamed', charges: 4 });
    expect(updated.status).toBe(200);
    expect(await readBack(encodeURIComponent(code))).toEqual({
      colonyCode: code,
      colonyName: 'Ängelholm renamed',
      charges: 4,
      disable: 0,
      version: 2,
    });
    expect((await t.call('POST', url('disable'))).status).toBe(200);
    expect((await readBack(encodeURIComponent(code))).disable).toBe(1);
    expect((await t.call('POST', url('enable'))).status).toBe(200);
    expect((await readBack(encodeURIComponent(code))).disable).toBe(0);
  });

  it('is found by the code differing only in ASCII case, and such a duplicate is 409', async () => {
    expect((await t.call('GET', `/api/colony/update/${encodeURIComponent('İÄb')}`)).body.rows[0].colonyCode).toBe(code);
    const before = await allRows();
    const duplicate = await t.call('POST', '/api/colony/add', { code: 'İÄb', name: 'Second of its code', charges: 1 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: colonyTexts.duplicate });
    expect(await allRows()).toEqual(before);
  });
});

describe('GET /api/colony (pages)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp();
    // 450 colonies in one statement: P001 … P450, charges 0.01 … 4.50.
    await p.database.db.execute(sql`
      insert into colony (colony_code, colony_name, charges, disable)
      select 'P' || lpad(g::text, 3, '0'), 'Colony ' || g, g / 100.0, (g % 2)::smallint
      from generate_series(1, 450) g`);
  });
  afterAll(() => p.close());

  it('gives the first 200 by code with totalPages by default', async () => {
    const response = await p.call('GET', '/api/colony');
    expect(response.status).toBe(200);
    expect(response.body.totalPages).toBe(3);
    expect(response.body.rows).toHaveLength(200);
    expect(response.body.rows[0]).toEqual({
      colonyCode: 'P001',
      colonyName: 'Colony 1',
      charges: 0.01,
      disable: 1,
      version: 1,
    });
    expect(response.body.rows[199].colonyCode).toBe('P200');
  });

  it('offset is the page number', async () => {
    const last = await p.call('GET', '/api/colony?limit=200&offset=3');
    expect(last.body.totalPages).toBe(3);
    expect(last.body.rows.map((r: { colonyCode: string }) => r.colonyCode)).toEqual(
      Array.from({ length: 50 }, (_, i) => `P${String(401 + i)}`),
    );
    expect(last.body.rows[49]).toEqual({
      colonyCode: 'P450',
      colonyName: 'Colony 450',
      charges: 4.5,
      disable: 0,
      version: 1,
    });
    const small = await p.call('GET', '/api/colony?limit=7&offset=2');
    expect(small.body.totalPages).toBe(65);
    expect(small.body.rows.map((r: { colonyCode: string }) => r.colonyCode)).toEqual([
      'P008',
      'P009',
      'P010',
      'P011',
      'P012',
      'P013',
      'P014',
    ]);
    const past = await p.call('GET', '/api/colony?offset=4');
    expect(past.body).toEqual({ rows: [], totalPages: 3 });
  });

  it('counts whole pages exactly at the boundary', async () => {
    expect((await p.call('GET', '/api/colony?limit=450')).body.totalPages).toBe(1);
    expect((await p.call('GET', '/api/colony?limit=449')).body.totalPages).toBe(2);
    expect((await p.call('GET', '/api/colony?limit=1000')).body.rows).toHaveLength(450);
  });

  it('an empty database has no pages', async () => {
    const empty = await createTestApp();
    try {
      expect((await empty.call('GET', '/api/colony')).body).toEqual({ rows: [], totalPages: 0 });
    } finally {
      await empty.close();
    }
  });
});

describe('order of the lists', () => {
  it('both lists order by code ignoring case, the same on every database', async () => {
    const o = await createTestApp();
    try {
      for (const code of ['b1', 'A1', 'a2', 'B2', 'Z9', '_x', '10', '9'])
        await makeColony(o.database.db, { colonyCode: code });
      const expected = ['10', '9', '_x', 'A1', 'a2', 'b1', 'B2', 'Z9'];
      const codes = (body: { rows: { colonyCode: string }[] }) => body.rows.map((r) => r.colonyCode);
      expect(codes((await o.call('GET', '/api/colony')).body)).toEqual(expected);
      expect(codes((await o.call('GET', '/api/colony/api')).body)).toEqual(expected);
      expect(codes((await o.call('GET', '/api/colony?limit=3&offset=2')).body)).toEqual(['A1', 'a2', 'b1']);
    } finally {
      await o.close();
    }
  });
});

describe('GET /api/colony/api', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp();
    const db = c.database.db;
    await makeColony(db, { colonyCode: 'B2', colonyName: 'Second colony', charges: 250 });
    await makeColony(db, { colonyCode: 'A1', colonyName: 'First colony', disable: 1 });
    await makeCustomer(db, { colonyCode: 'A1', customerName: 'Zoya', route: 1 });
    await makeCustomer(db, { colonyCode: 'A1', customerName: 'Arun', route: 2, defaulter: 1 });
    await makeCustomer(db, { colonyCode: 'A1', customerName: 'Bala', route: 1, disable: 1 });
  });
  afterAll(() => c.close());

  it('lists every colony by code, without customers', async () => {
    const response = await c.call('GET', '/api/colony/api');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      rows: [
        { colonyCode: 'A1', colonyName: 'First colony', charges: 0, disable: 1 },
        { colonyCode: 'B2', colonyName: 'Second colony', charges: 2.5, disable: 0 },
      ],
    });
    expect((await c.call('GET', '/api/colony/api?seeUser=false')).body).toEqual(response.body);
  });

  it('with seeUser=true adds each colony’s customers by route then name', async () => {
    const response = await c.call('GET', '/api/colony/api?seeUser=true');
    expect(response.status).toBe(200);
    const [first, second] = response.body.rows;
    expect(first.colonyCode).toBe('A1');
    expect(first.Customers.map((x: { customerName: string }) => x.customerName)).toEqual(['Bala', 'Zoya', 'Arun']);
    expect(first.Customers[2]).toEqual({
      customerId: expect.any(Number),
      customerName: 'Arun',
      route: 2,
      defaulter: 1,
      disable: 0,
    });
    expect(first.Customers[0]).toMatchObject({ customerName: 'Bala', disable: 1 });
    expect(second).toEqual({ colonyCode: 'B2', colonyName: 'Second colony', charges: 2.5, disable: 0, Customers: [] });
  });

  it('with colonyCode (in any case) keeps that colony alone, and knows no other', async () => {
    const response = await c.call('GET', '/api/colony/api?seeUser=true&colonyCode=a1');
    expect(response.body.rows.map((r: { colonyCode: string }) => r.colonyCode)).toEqual(['A1']);
    expect(response.body.rows[0].Customers).toHaveLength(3);
    expect((await c.call('GET', '/api/colony/api?colonyCode=NOPE')).body).toEqual({ rows: [] });
  });

  it('seeUser must be a flag', async () => {
    const response = await c.call('GET', '/api/colony/api?seeUser=perhaps');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('seeUser');
  });
});
