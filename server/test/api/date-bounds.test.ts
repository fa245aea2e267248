import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fileTestApp } from '../helpers/app';
import { newLink } from '../helpers/customer-page';
import { makeColony, makeCustomer } from '../helpers/factories';
import { type ApiRoute, apiRoutes, fieldsOf } from '../helpers/routes';

/*
 * docs/rules.md section 24: every date a call takes, filters included, lies in 2000-01-01 …
 * 2099-12-31, and so does every year of a month and year. The calls are found from the routes
 * themselves: a field is a date when it takes 2026-11-22 but not 2026-02-30, a month when it takes
 * 2026-11 but not 2026-13, a year when it takes 2026 but not 1999.
 */

const OUT_OF_RANGE = 'Enter a date between 2000 and 2099.';

type Kind = 'date' | 'date-time' | 'month' | 'year';
interface DateField {
  route: ApiRoute;
  part: 'querystring' | 'body';
  name: string;
  kind: Kind;
}

const takes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

function kindOf(schema: z.ZodType): Kind[] {
  if (takes(schema, '2026-11-22') && !takes(schema, '2026-02-30'))
    return takes(schema, '2026-11-22T10:00:00Z') ? ['date', 'date-time'] : ['date'];
  if (takes(schema, '2026-11') && !takes(schema, '2026-13')) return ['month'];
  if (takes(schema, 2026) && !takes(schema, 1999)) return ['year'];
  return [];
}

/** What lies just outside the range, far outside it, and on its two ends. */
const values: Record<Kind, { outside: unknown[]; inside: unknown[] }> = {
  date: { outside: ['1999-12-31', '2100-01-01', '9999-12-31', '0001-01-01'], inside: ['2000-01-01', '2099-12-31'] },
  // Read as a date in the business time zone: outside the range in some zone is outside.
  'date-time': {
    outside: ['1999-12-31T23:00:00Z', '2000-01-01T00:00:00+05:30', '2099-12-31T23:00:00+05:30', '9999-12-31T00:00:00Z'],
    inside: ['2000-01-02T00:00:00Z', '2099-12-30T12:00:00+05:30'],
  },
  month: { outside: ['1999-12', '2100-01', '9999-12'], inside: ['2000-01', '2099-12'] },
  year: { outside: [1999, 2100, 9999, '2100'], inside: [2000, 2099] },
};

const t = fileTestApp();
const fields: DateField[] = [];
/** A customer page's token: its calls answer nothing else before their input is read. */
let token = '';
beforeAll(async () => {
  await makeColony(t.database.db, { colonyCode: 'DB', colonyName: 'Dates' });
  token = await newLink(t, (await makeCustomer(t.database.db, { colonyCode: 'DB' })).customerId);
  for (const route of await apiRoutes())
    for (const part of ['querystring', 'body'] as const)
      for (const [name, schema] of Object.entries(fieldsOf(route[part])))
        for (const kind of kindOf(schema)) fields.push({ route, part, name, kind });
});

/** The call with only `name` set to `value` (path ids set to 1): what the server says of that field. */
async function send({ route, part, name }: DateField, value: unknown) {
  const url = route.url.replace(':token', token).replace(/:\w+/g, '1');
  const answer =
    part === 'querystring'
      ? await t.call(route.method as 'GET', `${url}?${new URLSearchParams({ [name]: String(value) })}`)
      : await t.call(route.method as 'POST', url, { [name]: value });
  const problems: { path: string; message: string }[] = answer.body?.errors ?? [];
  return { status: answer.status, problem: problems.find((p) => p.path === name)?.message };
}

const nameOf = (f: DateField) => `${f.route.method} ${f.route.url} ${f.name}`;

describe('Dates within reason', () => {
  it('finds the date, month and year fields of the calls', () => {
    const found = new Set(fields.map(nameOf));
    for (const expected of [
      'POST /api/transactions/generate date',
      'POST /api/transactions/generateAll date',
      'POST /api/transactions/singletransaction fromDate',
      'POST /api/transactions/singletransaction toDate',
      'GET /api/transactions date',
      'GET /api/transactions monthyr',
      'GET /api/transactions/nexttransactionpreview startDate',
      'POST /api/changes fromDate',
      'GET /api/changes activeOn',
      'GET /api/today date',
      'GET /api/today/sheet date',
      'GET /api/users lastActive',
      'GET /api/audit from',
      'GET /api/audit to',
      'GET /api/reports transactionDate',
      'POST /api/payments/generatePayments year',
      'GET /api/payments/paymentDetails startYear',
      'POST /api/reports/filtered paymentYear',
      'GET /api/statement year',
      'GET /api/dashboard year',
      'POST /api/my/:token/changes fromDate',
      'PUT /api/my/:token/changes/:changeId toDate',
      'GET /api/my/:token/statement year',
    ])
      expect(found).toContain(expected);
  });

  it('refuses every date, month and year outside 2000-2099, and takes both ends', async () => {
    const wrong: string[] = [];
    for (const field of fields) {
      for (const value of values[field.kind].outside) {
        const { status, problem } = await send(field, value);
        if (status !== 400 || problem !== OUT_OF_RANGE) wrong.push(`${nameOf(field)}=${value}: ${status} ${problem}`);
      }
      for (const value of values[field.kind].inside) {
        const { status, problem } = await send(field, value);
        if (status >= 500 || problem === OUT_OF_RANGE) wrong.push(`${nameOf(field)}=${value}: ${status} ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('generates nothing for 31 December 9999', async () => {
    const { status, body } = await t.call('POST', '/api/transactions/generateAll', { date: '9999-12-31' });
    expect(status).toBe(400);
    expect(body.message).toBe(OUT_OF_RANGE);
  });
});
