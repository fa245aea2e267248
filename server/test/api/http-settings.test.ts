import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';

const guard = { 'x-requested-with': 'fetch' };
const owner = { username: 'owner', password: 'correct horse' };

/** An app with one administrator whose password is `owner.password`, and these settings. */
async function appWith(config: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ signedIn: false, ...config });
  const response = await t.inject({ method: 'POST', url: '/api/auth/setup', headers: guard, payload: owner });
  if (response.statusCode !== 200) throw new Error(`setup failed: ${response.body}`);
  return t;
}

const login = (t: TestApp, password: string, headers: InjectOptions['headers'] = {}, remoteAddress?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...guard, ...headers },
    payload: { username: owner.username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Three failures from one client make its next attempt wait. */
async function exhaust(t: TestApp, headers: InjectOptions['headers'] = {}, remoteAddress?: string) {
  for (let i = 0; i < 3; i++) expect((await login(t, 'wrong guess', headers, remoteAddress)).statusCode).toBe(401);
}

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8, ::1', ['loopback', '10.0.0.0/8', '::1']],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', 'proxy.local', '10.0.0.0/x', '300.1.1.1'])('refuses %j at start, naming the setting', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  describe('unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith();
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For: every client of one address is slowed down together', async () => {
      await exhaust(t, { 'x-forwarded-for': '203.0.113.5' });
      const other = await login(t, owner.password, { 'x-forwarded-for': '203.0.113.6' });
      expect(other.statusCode).toBe(429);
    });
  });

  describe('set (behind a reverse proxy)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith({ config: { trustProxy: ['127.0.0.1'] } });
    });
    afterAll(() => t.close());

    it('slows down the guessing client only: another client behind the same proxy signs in', async () => {
      await exhaust(t, { 'x-forwarded-for': '203.0.113.5' });
      expect((await login(t, owner.password, { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(429);
      const other = await login(t, owner.password, { 'x-forwarded-for': '203.0.113.6' });
      expect(other.statusCode).toBe(200);
    });

    it('takes the address the trusted proxy saw, not what the client claimed before it', async () => {
      const spoofed = { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' };
      await exhaust(t, spoofed);
      // The client changes the part it controls; the proxy still reports 203.0.113.7.
      const again = await login(t, owner.password, { 'x-forwarded-for': '198.51.100.2, 203.0.113.7' });
      expect(again.statusCode).toBe(429);
    });

    it('believes only the proxy: a direct client cannot choose its address', async () => {
      const direct = '192.0.2.44';
      await exhaust(t, { 'x-forwarded-for': '203.0.113.8' }, direct);
      const claimed = await login(t, owner.password, { 'x-forwarded-for': '203.0.113.9' }, direct);
      expect(claimed.statusCode).toBe(429);
    });
  });
});

describe('the session cookie', () => {
  const sid = (response: Awaited<ReturnType<typeof login>>) => response.cookies.find((c) => c.name === 'sid');

  it.each([
    ['by default, over plain HTTP', {}, {}, false],
    ['with COOKIE_SECURE', { cookieSecure: true }, {}, true],
    [
      'behind TRUST_PROXY, a request that came over https',
      { trustProxy: true },
      { 'x-forwarded-proto': 'https' },
      true,
    ],
    ['behind TRUST_PROXY, a request that came over http', { trustProxy: true }, { 'x-forwarded-proto': 'http' }, false],
    ['without TRUST_PROXY, whatever X-Forwarded-Proto claims', {}, { 'x-forwarded-proto': 'https' }, false],
  ])('%s: Secure is %s on sign-in and sign-out', async (_name, config, headers, secure) => {
    const t = await appWith({ config });
    try {
      const signedIn = await login(t, owner.password, headers);
      expect(signedIn.statusCode).toBe(200);
      expect(sid(signedIn)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(Boolean(sid(signedIn)!.secure)).toBe(secure);
      const signedOut = await t.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...guard, ...headers, cookie: `sid=${sid(signedIn)!.value}` },
      });
      expect(sid(signedOut)?.value).toBe('');
      expect(Boolean(sid(signedOut)!.secure)).toBe(secure);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    [undefined, false],
  ])('COOKIE_SECURE=%j reads as %s', (value, expected) => {
    expect(loadConfig({ COOKIE_SECURE: value }).cookieSecure).toBe(expected);
  });

  it('refuses a COOKIE_SECURE that is not true or false', () => {
    expect(() => loadConfig({ COOKIE_SECURE: 'always' })).toThrow(/COOKIE_SECURE/);
  });
});

describe('Cache-Control: no-store on every API JSON answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedIn = () => ({ ...guard, cookie: t.cookie! });
  it.each<[string, InjectOptions, number]>([
    ['a list', { method: 'GET', url: '/api/colony' }, 200],
    [
      'a change',
      { method: 'POST', url: '/api/colony/add', payload: { code: 'NS', name: 'No Store', charges: 1 } },
      200,
    ],
    ['the settings for the web app', { method: 'GET', url: '/api/config' }, 200],
    ['the sign-in state', { method: 'GET', url: '/api/auth/state' }, 200],
    ['the API description', { method: 'GET', url: '/api/openapi.json' }, 200],
    ['bad input', { method: 'POST', url: '/api/colony/add', payload: { code: '' } }, 400],
    ['an unknown record', { method: 'GET', url: '/api/colony/update/NOPE' }, 404],
    ['an unknown path', { method: 'GET', url: '/api/no-such-thing' }, 404],
  ])('%s', async (_name, options, status) => {
    const response = await t.inject({ ...options, headers: signedIn() });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('also on refusals: without a session (401) and without the guard header (403)', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/api/colony' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const unguarded = await t.inject({ method: 'POST', url: '/api/colony/add', headers: { cookie: t.cookie! } });
    expect(unguarded.statusCode).toBe(403);
    expect(unguarded.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app’s own files to the browser cache', async () => {
    const response = await t.inject({ method: 'GET', url: '/' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
