import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customerLink } from '../../src/db/schema';
import type { TestApp } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call of the customer's page: no session, the guard header as the page sends it. */
export async function pageCall(
  t: TestApp,
  method: Method,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await t.inject({
    method,
    url,
    headers: { 'x-requested-with': 'fetch', ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  let parsed: any;
  try {
    parsed = response.json();
  } catch {
    parsed = response.body;
  }
  return { status: response.statusCode, body: parsed, headers: response.headers };
}

/** Makes the customer's page link through the office's call; answers its token. */
export async function newLink(t: TestApp, customerId: number): Promise<string> {
  const made = await t.call('POST', `/api/customer-links/${customerId}`);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const [row] = await t.database.db
    .select({ token: customerLink.token })
    .from(customerLink)
    .where(eq(customerLink.customerId, customerId));
  return row!.token;
}

/** The page's calls for one token. */
export function pageOf(t: TestApp, token: string) {
  const base = `/api/my/${token}`;
  return {
    get: (path = '', headers?: Record<string, string>) => pageCall(t, 'GET', `${base}${path}`, undefined, headers),
    statement: (month: number | string, year: number | string) =>
      pageCall(t, 'GET', `${base}/statement?month=${month}&year=${year}`),
    add: (body: unknown, headers?: Record<string, string>) => pageCall(t, 'POST', `${base}/changes`, body, headers),
    end: (changeId: number, body: unknown, headers?: Record<string, string>) =>
      pageCall(t, 'PUT', `${base}/changes/${changeId}`, body, headers),
    remove: (changeId: number, headers?: Record<string, string>) =>
      pageCall(t, 'DELETE', `${base}/changes/${changeId}`, undefined, headers),
  };
}

/** The headers every answer of the page carries (docs/rules.md section 19). */
export function expectPageHeaders(headers: Record<string, unknown>) {
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-robots-tag']).toBe('noindex');
  expect(headers['set-cookie']).toBeUndefined();
}
