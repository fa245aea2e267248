import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colony, combination, consumption, customer } from '../../src/db/schema';
import { badRequest } from '../../src/errors';
import { createTestApp, expectFailure, fileTestApp, type TestApp } from '../helpers/app';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct } from '../helpers/factories';

const t = fileTestApp();

const guard = { 'x-requested-with': 'fetch' };
const rowCount = async (table: typeof colony | typeof combination) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('public calls', () => {
  it('GET /api/config gives the product label and currency without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ productLabel: 'Milk', currency: 'INR', timeZone: 'Asia/Kolkata' });
  });

  it('GET /api/health answers ok without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the API description (signed in only)', () => {
  it.each(['/api/openapi.json', '/api/docs', '/api/docs/json', '/api/docs/static/index.html'])(
    'GET %s without a session is 401',
    async (url) => {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Sign in required' });
    },
  );

  it('GET /api/openapi.json lists the colony and combination calls', async () => {
    const response = await t.call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const paths = response.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/colony',
        '/api/colony/add',
        '/api/colony/{action}/{colonyCode}',
        '/api/colony/update/{code}',
        '/api/colony/api',
        '/api/days',
        '/api/days/{action}/{combinationId}',
        '/api/days/add',
        '/api/days/update/{id}',
        '/api/days/update',
      ]),
    );
    expect(Object.keys(paths['/api/colony/update/{code}'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(paths['/api/colony/add'].post.requestBody).toBeDefined();
    expect(Object.keys(paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('/api/docs serves the documentation page', async () => {
    const get = (url: string) => t.inject({ method: 'GET', url, headers: { cookie: t.cookie } });
    let response = await get('/api/docs');
    if (response.statusCode === 302) response = await get(new URL(response.headers.location!, 'http://x/').pathname);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('swagger');
    // Served over plain HTTP on a LAN: the page must not ask for https.
    expect(response.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    const spec = await get('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths['/api/colony']).toBeDefined();
    // The page's own files come with the browser's session cookie too.
    expect((await get('/api/docs/static/swagger-ui-bundle.js')).statusCode).toBe(200);
  });
});

describe('sign-in required (401)', () => {
  const calls: InjectOptions[] = [
    { method: 'GET', url: '/api/colony' },
    { method: 'GET', url: '/api/colony/api?seeUser=true' },
    { method: 'GET', url: '/api/colony/update/X1' },
    { method: 'POST', url: '/api/colony/add', payload: { code: 'NEW', name: 'New colony', charges: 1 } },
    { method: 'POST', url: '/api/colony/disable/X1' },
    { method: 'PUT', url: '/api/colony/update/X1', payload: { name: 'Renamed colony', charges: 1 } },
    { method: 'GET', url: '/api/days' },
    { method: 'GET', url: '/api/days/update/1' },
    { method: 'GET', url: '/api/days/disable/1' },
    { method: 'POST', url: '/api/days/add', payload: { days: ['Friday'] } },
    { method: 'POST', url: '/api/days/update', payload: { id: 1, days: 'Friday' } },
    // Bad input and unknown paths learn nothing either.
    { method: 'POST', url: '/api/colony/add', payload: { code: '' } },
    { method: 'POST', url: '/api/colony/add', payload: '{broken', headers: { 'content-type': 'application/json' } },
    { method: 'GET', url: '/api/no-such-thing' },
  ];

  beforeAll(async () => {
    await makeColony(t.database.db, { colonyCode: 'X1' });
    await makeCombination(t.database.db, 'Thursday');
  });

  it("every documented call but config, health, auth and the customer's page needs a session", async () => {
    const spec = (await t.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const publicPaths = new Set(['/api/config', '/api/health']);
    const statuses = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(async (method) => {
        const url = path.replace(/\{action\}/g, 'disable').replace(/\{[^}]+\}/g, '1');
        const response = await t.inject({ method: method.toUpperCase() as 'GET', url, headers: guard, payload: {} });
        return { call: `${method.toUpperCase()} ${path}`, status: response.statusCode };
      }),
    );
    const guarded = (await Promise.all(statuses)).filter(
      // The customer's page calls take their token instead (customer-page tests).
      ({ call }) => !publicPaths.has(call.split(' ')[1]!) && !call.includes('/api/auth/') && !call.includes('/api/my/'),
    );
    expect(guarded.length).toBeGreaterThan(40);
    expect(guarded.filter((s) => s.status !== 401)).toEqual([]);
  });

  it.each(calls)('$method $url without a session is 401 and changes nothing', async (call) => {
    const before = await t.database.db.select().from(colony).orderBy(colony.colonyCode);
    const response = await t.inject({ ...call, headers: { ...guard, ...call.headers } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Sign in required' });
    expect(await t.database.db.select().from(colony).orderBy(colony.colonyCode)).toEqual(before);
  });
});

describe('percent-encoded addresses reach the same checks', () => {
  it.each(['/%61pi/colony', '/%61%70%69/colony', '/api/%63olony'])('GET %s without a session is 401', async (url) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });

  it('POST /%61pi/colony/add is 401 without a session and 403 without the header', async () => {
    const before = await rowCount(colony);
    const body = { code: 'ENC', name: 'Encoded colony', charges: 1 };
    const anonymous = await t.inject({ method: 'POST', url: '/%61pi/colony/add', headers: guard, payload: body });
    expect(anonymous.statusCode).toBe(401);
    const unguarded = await t.inject({
      method: 'POST',
      url: '/%61pi/colony/add',
      headers: { cookie: t.cookie },
      payload: body,
    });
    expect(unguarded.statusCode).toBe(403);
    expect(await rowCount(colony)).toBe(before);
  });

  it('GET /%61pi/days/disable/:id without the header is 403 and changes nothing', async () => {
    const row = await makeCombination(t.database.db, 'Monday, Special');
    const response = await t.inject({
      method: 'GET',
      url: `/%61pi/days/disable/${row.combinationId}`,
      headers: { cookie: t.cookie },
    });
    expect(response.statusCode).toBe(403);
    const [after] = await t.database.db.select().from(combination).where(sql`combination_id = ${row.combinationId}`);
    expect(after!.disable).toBe(0);
  });
});

describe('request guard (403)', () => {
  it('every call that is not a GET needs X-Requested-With: fetch', async () => {
    const paths = (await t.call('GET', '/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const unsafe = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'get' && m !== 'head')
        .map((m) => ({ method: m.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(unsafe.length).toBeGreaterThanOrEqual(5);
    for (const call of unsafe) {
      const unguarded = await t.inject({
        method: call.method as 'POST',
        url: call.url,
        headers: { cookie: t.cookie },
        payload: {},
      });
      expect({ ...call, status: unguarded.statusCode }).toEqual({ ...call, status: 403 });
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    '%s on any /api path without the header is 403',
    async (method) => {
      const response = await t.inject({ method, url: '/api/anything', headers: { cookie: t.cookie } });
      expect(response.statusCode).toBe(403);
    },
  );

  it.each(['disable', 'enable', 'delete'])(
    'GET /api/days/%s/:id changes data, so it needs the header and changes nothing without it',
    async (action) => {
      const row = await makeCombination(t.database.db, 'Saturday', { disable: action === 'enable' ? 0 : 1 });
      const before = await rowCount(combination);
      const response = await t.inject({
        method: 'GET',
        url: `/api/days/${action}/${row.combinationId}`,
        headers: { cookie: t.cookie },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/X-Requested-With: fetch/);
      const [after] = await t.database.db.select().from(combination).where(sql`combination_id = ${row.combinationId}`);
      expect(after).toEqual(row);
      expect(await rowCount(combination)).toBe(before);
    },
  );

  it('the other state-changing GETs (customers, consumption status) need it too and change nothing', async () => {
    const db = t.database.db;
    const place = await makeColony(db);
    const buyer = await makeCustomer(db, { colonyCode: place.colonyCode });
    const days = await makeCombination(db, 'Monday, Wednesday');
    const item = await makeProduct(db, { combinationId: days.combinationId });
    const subscription = await makeConsumption(db, { customerId: buyer.customerId, productId: item.productId });
    for (const url of [
      `/api/users/disable/${buyer.customerId}`,
      `/api/users/enable/${buyer.customerId}`,
      `/api/consumptions/status/${subscription.consumptionId}`,
    ]) {
      const response = await t.inject({ method: 'GET', url, headers: { cookie: t.cookie } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
    expect(await db.select().from(customer).where(eq(customer.customerId, buyer.customerId))).toEqual([buyer]);
    expect(
      await db.select().from(consumption).where(eq(consumption.consumptionId, subscription.consumptionId)),
    ).toEqual([subscription]);
  });

  it('HEAD of a state-changing GET is refused the same way', async () => {
    const row = await makeCombination(t.database.db, 'Sunday');
    const response = await t.inject({
      method: 'HEAD',
      url: `/api/days/disable/${row.combinationId}`,
      headers: { cookie: t.cookie },
    });
    expect(response.statusCode).toBe(403);
    const [after] = await t.database.db.select().from(combination).where(sql`combination_id = ${row.combinationId}`);
    expect(after!.disable).toBe(0);
  });

  it('a colony action without the header changes nothing', async () => {
    const row = await makeColony(t.database.db);
    const response = await t.inject({
      method: 'POST',
      url: `/api/colony/disable/${row.colonyCode}`,
      headers: { cookie: t.cookie },
    });
    expect(response.statusCode).toBe(403);
    const [after] = await t.database.db.select().from(colony).where(sql`colony_code = ${row.colonyCode}`);
    expect(after!.disable).toBe(0);
  });
});

describe('bodies', () => {
  it.each([
    ['text/plain', 'code=AB'],
    ['application/x-www-form-urlencoded', 'code=AB&name=Somewhere&charges=1'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\nAB\r\n--x--'],
  ])('a %s body is 415 and adds nothing', async (type, payload) => {
    const before = await rowCount(colony);
    const response = await t.inject({
      method: 'POST',
      url: '/api/colony/add',
      headers: { ...guard, cookie: t.cookie, 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/JSON/);
    expect(await rowCount(colony)).toBe(before);
  });

  it.each(['{"code": "AB", ', '{code: "AB"}', "{'code':'AB'}", 'undefined', '[1,2'])(
    'broken JSON %j is 400',
    async (payload) => {
      const response = await t.inject({
        method: 'POST',
        url: '/api/colony/add',
        headers: { ...guard, cookie: t.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The body is not valid JSON.' });
    },
  );

  it('accepts JSON with a charset', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/colony/add',
      headers: { ...guard, cookie: t.cookie, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ code: 'UTF', name: 'Ünïcödé Colony', charges: 1 }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().row.colonyName).toBe('Ünïcödé Colony');
  });
});

describe('unknown /api paths', () => {
  it.each(['GET', 'POST'] as const)('%s answers 404 JSON', async (method) => {
    const response = await t.call(method, '/api/no-such-thing/1', method === 'POST' ? {} : undefined);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: `Not found: ${method} /api/no-such-thing/1` });
  });
});

describe('nasty input never gives a 5xx', () => {
  const huge = '9'.repeat(400);
  const cases: [string, string, string, unknown?, number?][] = [
    ['id beyond int4', 'GET', '/api/days/update/99999999999999'],
    ['id of 400 digits (longer than a path part may be)', 'GET', `/api/days/update/${huge}`, undefined, 414],
    ['negative id', 'GET', '/api/days/update/-1'],
    ['fractional id', 'GET', '/api/days/update/1.5'],
    ['id in exponent form', 'GET', '/api/days/update/1e300'],
    ['huge id in a state-changing GET', 'GET', '/api/days/disable/99999999999999'],
    ['huge id in a body', 'POST', '/api/days/update', { id: 99999999999999, days: 'Monday' }],
    ['id as an array', 'POST', '/api/days/update', { id: [1], days: 'Monday' }],
    ['id as null', 'POST', '/api/days/update', { id: null, days: 'Monday' }],
    ['days as null', 'POST', '/api/days/add', { days: null }],
    ['days as an object', 'POST', '/api/days/add', { days: { 0: 'Monday' } }],
    ['days nested', 'POST', '/api/days/add', { days: [['Monday']] }],
    ['a day of 100 000 characters', 'POST', '/api/days/add', { days: ['x'.repeat(100_000)] }],
    ['code as an array', 'POST', '/api/colony/add', { code: ['AB'], name: 'Somewhere', charges: 1 }],
    ['name as a number', 'POST', '/api/colony/add', { code: 'AB', name: 12345, charges: 1 }],
    ['charges as null', 'POST', '/api/colony/add', { code: 'AB', name: 'Somewhere', charges: null }],
    ['charges of 400 digits', 'POST', '/api/colony/add', { code: 'AB', name: 'Somewhere', charges: huge }],
    ['charges as a huge number', 'POST', '/api/colony/add', { code: 'AB', name: 'Somewhere', charges: 1e300 }],
    ['charges as an object', 'POST', '/api/colony/add', { code: 'AB', name: 'Somewhere', charges: { v: 1 } }],
    ['a NUL in a body text', 'POST', '/api/colony/add', { code: 'A\u0000B', name: 'Somewhere', charges: 1 }],
    ['a NUL in a path', 'GET', '/api/colony/update/A%00B'],
    ['a NUL in a query', 'GET', '/api/colony?limit=1%00'],
    ['a body that is null', 'POST', '/api/colony/add', null],
    ['a body that is an array', 'POST', '/api/colony/add', [1, 2]],
    ['a body that is a number', 'POST', '/api/days/add', 42],
    ['limit of 400 digits', 'GET', `/api/colony?limit=${huge}`],
    ['offset of 400 digits', 'GET', `/api/colony?offset=${huge}`],
    ['offset repeated', 'GET', '/api/colony?offset=1&offset=2'],
    ['seeUser as nonsense', 'GET', '/api/colony/api?seeUser=maybe'],
    ['a bad colony action', 'POST', '/api/colony/drop/AB'],
    ['a bad combination action', 'GET', '/api/days/drop/1'],
  ];

  it.each(cases)('%s: 400, nothing added', async (_name, method, url, body, status = 400) => {
    const before = [await rowCount(colony), await rowCount(combination)];
    const response = await t.inject({
      method: method as 'GET',
      url,
      headers: { ...guard, cookie: t.cookie, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { payload: JSON.stringify(body) }),
    });
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
    expect([await rowCount(colony), await rowCount(combination)]).toEqual(before);
  });
});

describe('every documented call survives nasty input', () => {
  const paramValues = ['99999999999999', 'abc', 'x'.repeat(99)];
  const queryValues = ['99999999999999', 'abc', '', '0000-01-01', 'x'.repeat(2000)];
  const fieldValues: unknown[] = [null, {}, ['x'], 1e300, -1.234, 'x'.repeat(5000), '2025-02-30'];

  it('no call of /api/openapi.json answers a 5xx', async () => {
    const db = t.database.db;
    const place = await makeColony(db);
    const buyer = await makeCustomer(db, { colonyCode: place.colonyCode });
    const days = await makeCombination(db, 'Tuesday, Saturday');
    const item = await makeProduct(db, { combinationId: days.combinationId });
    await makeConsumption(db, { customerId: buyer.customerId, productId: item.productId });

    type Operation = { parameters?: { in: string; name: string }[]; requestBody?: unknown };
    const spec = (await t.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    const send = async (method: string, url: string, body?: unknown) => {
      const response = await t.inject({
        method: method as 'GET',
        url,
        headers: { ...guard, cookie: t.cookie, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
      });
      if (response.statusCode >= 500)
        failures.push(`${method} ${url} ${JSON.stringify(body)} → ${response.statusCode}`);
    };
    for (const [path, operations] of Object.entries(spec.paths)) {
      if (path === '/api/auth/logout') continue; // it would end the session the sweep runs in
      for (const [lowerMethod, operation] of Object.entries(operations)) {
        const method = lowerMethod.toUpperCase();
        const withParam = (value: string) =>
          path.replace(/\{[^}]+\}/g, (name) => (name === '{action}' ? 'disable' : encodeURIComponent(value)));
        const queries = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const schema = (operation.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
          ?.content?.['application/json']?.schema;
        const fields = Object.keys(schema?.properties ?? {});
        if (path.includes('{')) for (const value of paramValues) await send(method, withParam(value));
        if (queries.length) {
          for (const value of queryValues) {
            const query = queries.map((q) => `${q}=${encodeURIComponent(value)}`).join('&');
            await send(method, `${withParam('1')}?${query}`);
          }
        }
        if (method !== 'GET') {
          await send(method, withParam('1'), null);
          for (const value of fieldValues) {
            await send(method, withParam('1'), Object.fromEntries(fields.map((f) => [f, value])));
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('limit and offset', () => {
  it.each([
    ['limit=1001', 'limit must be between 1 and 1000'],
    ['limit=0', 'limit must be between 1 and 1000'],
    ['limit=-5', 'limit must be between 1 and 1000'],
    ['limit=abc', 'limit must be a whole number'],
    ['limit=2.5', 'limit must be a whole number'],
    ['offset=0', 'offset is the page number and starts at 1'],
    ['offset=-1', 'offset is the page number and starts at 1'],
    ['offset=x', 'offset must be a whole number'],
  ])('%s is 400 "%s" on every list', async (query, message) => {
    for (const list of ['/api/colony', '/api/days']) {
      const response = await t.call('GET', `${list}?${query}`);
      expectFailure(response, 400, message);
      expect(response.body.errors[0].path).toBe(query.split('=')[0]);
    }
  });

  it.each(['/api/colony', '/api/days'])('%s accepts limit 1 and 1000 and a page past the end', async (list) => {
    expect((await t.call('GET', `${list}?limit=1&offset=1`)).status).toBe(200);
    expect((await t.call('GET', `${list}?limit=1000`)).status).toBe(200);
    const past = await t.call('GET', `${list}?limit=10&offset=99999`);
    expect(past.status).toBe(200);
    expect(past.body.rows).toEqual([]);
  });
});

describe('the error handler', () => {
  let e: TestApp;
  beforeAll(async () => {
    e = await createTestApp();
    const failing: FastifyPluginAsyncZod = async (app) => {
      app.post('/fail/duplicate', async () => {
        await makeColony(app.db, { colonyCode: 'TWICE' });
        await makeColony(app.db, { colonyCode: 'twice' });
      });
      app.post('/fail/missing-parent', async () => {
        await makeCustomer(app.db, { colonyCode: 'NO-SUCH-COLONY' });
      });
      app.post('/fail/bad-value', async () => {
        await app.db.execute(sql`select ${'not a number'}::int`);
      });
      app.post('/fail/out-of-range', async () => {
        await app.db.execute(sql`select ${'99999999999'}::int`);
      });
      app.post('/fail/bug', async () => {
        throw new Error('secret internals');
      });
    };
    await e.app.register(failing, { prefix: '/api' });
  });
  afterAll(() => e.close());

  it.each([
    ['duplicate', 409, 'This record already exists.'],
    ['missing-parent', 409, 'This record is in use.'],
    ['bad-value', 400, 'A value is out of range or not valid.'],
    ['out-of-range', 400, 'A value is out of range or not valid.'],
    ['bug', 500, 'Internal Server Error'],
  ])('a %s failure answers %d "%s" and nothing more', async (kind, status, message) => {
    const response = await e.call('POST', `/api/fail/${kind}`);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });
});

describe('product label', () => {
  it('replaces {product} in /api/config (which also names BUSINESS_TZ), app.label and every error message', async () => {
    const curd = await createTestApp({ config: { productLabel: 'Curd', businessTz: 'Europe/London' } });
    try {
      const labelRoutes: FastifyPluginAsyncZod = async (app) => {
        app.post(
          '/label-check',
          { schema: { body: z.object({ code: z.string({ error: "{product} Code can't be empty!" }) }) } },
          async (request) => {
            throw badRequest(`No {product} has the code ${request.body.code}`, 'code');
          },
        );
      };
      await curd.app.register(labelRoutes, { prefix: '/api' });
      expect((await curd.call('GET', '/api/config')).body).toEqual({
        productLabel: 'Curd',
        currency: 'INR',
        timeZone: 'Europe/London',
      });
      expect(curd.app.label('{product} Added Successfully')).toBe('Curd Added Successfully');
      const invalid = await curd.call('POST', '/api/label-check', {});
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({
        message: "Curd Code can't be empty!",
        errors: [{ path: 'code', message: "Curd Code can't be empty!" }],
      });
      const refused = await curd.call('POST', '/api/label-check', { code: 'X' });
      expect(refused.body).toEqual({
        message: 'No Curd has the code X',
        errors: [{ path: 'code', message: 'No Curd has the code X' }],
      });
    } finally {
      await curd.close();
    }
  });
});

describe('storage', () => {
  it('keeps room on the customer pages, so their derived fields are rewritten in place', async () => {
    const result = (await t.database.db.execute(
      sql`select reloptions from pg_class where relname = 'customer' and relkind = 'r'`,
    )) as unknown as { rows: { reloptions: string[] | string | null }[] };
    expect(String(result.rows[0]?.reloptions)).toContain('fillfactor=80');
  });
});
