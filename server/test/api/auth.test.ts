import { authTexts, languageTexts } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, session } from '../../src/db/schema';
import { createSession } from '../../src/modules/auth/auth.repo';
import { createTestApp, type TestApp } from '../helpers/app';

const guard = { 'x-requested-with': 'fetch' };
const admin = { username: 'owner', password: 'correct horse' };

/** The session cookie a response sets, as a request header value. */
function sessionCookie(response: LightMyRequestResponse): string {
  const sid = response.cookies.find((c) => c.name === 'sid');
  if (!sid?.value) throw new Error('no session cookie set');
  return `sid=${sid.value}`;
}

describe('auth on a new installation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signedIn: false });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, cookie?: string) =>
    t.inject({ method: 'POST', url, headers: { ...guard, ...(cookie ? { cookie } : {}) }, payload });
  const state = async (cookie?: string) =>
    (await t.inject({ method: 'GET', url: '/api/auth/state', headers: cookie ? { cookie } : {} })).json();

  it('reports that setup is required on an empty database', async () => {
    expect(await state()).toEqual({ setupRequired: true, user: null });
  });

  it('refuses a password under 8 characters and a blank name, creating nobody', async () => {
    const short = await post('/api/auth/setup', { username: 'owner', password: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(authTexts.passwordMin);
    const blank = await post('/api/auth/setup', { username: '   ', password: 'long enough' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(authTexts.usernameRequired);
    const missing = await post('/api/auth/setup', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(['username', 'password']);
    expect(await state()).toEqual({ setupRequired: true, user: null });
  });

  it('needs the guard header to set up', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/auth/setup', payload: admin });
    expect(response.statusCode).toBe(403);
    expect(await state()).toEqual({ setupRequired: true, user: null });
  });

  it('creates the first administrator, signs it in with a strict HttpOnly cookie, and stores only a hash', async () => {
    const response = await post('/api/auth/setup', { ...admin, username: ' owner ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { username: 'owner', role: 'admin', colonies: [] } });
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const cookie = sessionCookie(response);
    expect(await state(cookie)).toEqual({
      setupRequired: false,
      user: { username: 'owner', role: 'admin', colonies: [], language: 'en' },
    });
    const colonies = await t.inject({ method: 'GET', url: '/api/colony', headers: { cookie } });
    expect(colonies.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(appUser);
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    expect(user!.passwordHash).not.toContain(admin.password);
  });

  it('refuses a second setup with 409', async () => {
    const response = await post('/api/auth/setup', { username: 'intruder', password: 'another one' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: authTexts.setupDone });
    const users = await t.database.db.select().from(appUser);
    expect(users.map((u) => u.username)).toEqual(['owner']);
  });

  it('signs in with the right password, the name in any case', async () => {
    const response = await post('/api/auth/login', { username: 'OWNER', password: admin.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { username: 'owner', role: 'admin', colonies: [] } });
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const colonies = await t.inject({
      method: 'GET',
      url: '/api/colony',
      headers: { cookie: sessionCookie(response) },
    });
    expect(colonies.statusCode).toBe(200);
  });

  it('answers 401 with one message for a wrong password and an unknown name', async () => {
    for (const body of [
      { username: 'owner', password: 'wrong password' },
      { username: 'nobody', password: admin.password },
    ]) {
      const response = await post('/api/auth/login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authTexts.invalidCredentials });
      expect(response.cookies).toEqual([]);
    }
  });

  it('validates the sign-in body and needs the guard header', async () => {
    const empty = await post('/api/auth/login', { username: 'owner', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Password can't be empty!");
    const noName = await post('/api/auth/login', { password: 'x' });
    expect(noName.json().message).toBe(authTexts.usernameRequired);
    const unguarded = await t.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
    expect(unguarded.statusCode).toBe(403);
  });

  it('signs out: the cookie is cleared and no longer works', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', admin));
    const unguarded = await t.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(unguarded.statusCode).toBe(403);
    const response = await post('/api/auth/logout', undefined, cookie);
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    const after = await t.inject({ method: 'GET', url: '/api/colony', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: authTexts.signInRequired });
    expect(await state(cookie)).toEqual({ setupRequired: false, user: null });
  });

  it('treats an expired or made-up session as signed out', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', admin));
    await t.database.db.update(session).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await t.inject({ method: 'GET', url: '/api/colony', headers: { cookie } })).statusCode).toBe(401);
    const madeUp = await t.inject({ method: 'GET', url: '/api/colony', headers: { cookie: 'sid=made-up' } });
    expect(madeUp.statusCode).toBe(401);
  });

  it('slows guesses down and tells how long to wait, but the right password signs in after the delay', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/auth/login', { username: 'owner', password: 'guessing' })),
    );
    // Three failures are free; parallel attempts beyond them are refused, not checked.
    const statuses = attempts.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
    const refused = attempts.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: 'Too many failed attempts. Wait 1 second and try again.' });
    expect(refused.headers['retry-after']).toBe('1');
    // During the delay even the right password waits (and the refusal does not count)...
    const early = await post('/api/auth/login', admin);
    expect(early.statusCode).toBe(429);
    // ...and once the delay is over it signs in.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const right = await post('/api/auth/login', admin);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ user: { username: 'owner', role: 'admin', colonies: [] } });
    // The success cleared the count: a typo right after is a plain 401.
    const typo = await post('/api/auth/login', { username: 'owner', password: 'typo' });
    expect(typo.statusCode).toBe(401);
  });
});

describe("the language of one's screens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const choose = (body: unknown, cookie = t.cookie) =>
    t.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: { ...guard, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const languageOf = async (cookie = t.cookie) =>
    (await t.inject({ method: 'GET', url: '/api/auth/state', headers: { cookie: cookie! } })).json().user.language;

  it('is English until chosen, then the one chosen, kept on the user for every session', async () => {
    expect(await languageOf()).toBe('en');
    const chosen = await choose({ language: 'gu' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: 'gu' });
    expect(await languageOf()).toBe('gu');
    const [user] = await t.database.db.select().from(appUser);
    expect(user!.language).toBe('gu');
    // Another browser of the same person opens in the same language.
    const other = `sid=${await createSession(t.database.db, user!.userId)}`;
    expect(await languageOf(other)).toBe('gu');
    expect((await choose({ language: 'hi' })).statusCode).toBe(200);
    expect(await languageOf(other)).toBe('hi');
    expect((await choose({ language: 'en' })).statusCode).toBe(200);
    expect(await languageOf()).toBe('en');
  });

  it('refuses anything but en, hi and gu with the one text, changing nothing', async () => {
    await choose({ language: 'hi' });
    for (const body of [
      { language: 'fr' },
      { language: 'HI' },
      { language: 'Hindi' },
      { language: '' },
      { language: null },
      {},
      undefined,
    ]) {
      const answer = await choose(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message, JSON.stringify(body)).toBe(languageTexts.invalid);
    }
    expect(languageTexts.invalid).toBe('Choose English, Hindi or Gujarati.');
    expect(await languageOf()).toBe('hi');
  });

  it('needs a session and the guard header', async () => {
    const anonymous = await t.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: guard,
      payload: { language: 'gu' },
    });
    expect(anonymous.statusCode).toBe(401);
    const unguarded = await t.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: { cookie: t.cookie! },
      payload: { language: 'gu' },
    });
    expect(unguarded.statusCode).toBe(403);
    expect(await languageOf()).toBe('hi');
  });
});

describe('a user name beyond ASCII', () => {
  it('signs in with the name in another case, as the database lowers it', async () => {
    const t = await createTestApp({ signedIn: false });
    try {
      const setup = await t.inject({
        method: 'POST',
        url: '/api/auth/setup',
        headers: guard,
        payload: { username: 'İlker', password: 'long enough' },
      });
      expect(setup.statusCode).toBe(200);
      // JavaScript lowers 'İ' to 'i' + a combining dot; the unique index's lower() to 'i'.
      const login = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: guard,
        payload: { username: 'İLKER', password: 'long enough' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toEqual({ user: { username: 'İlker', role: 'admin', colonies: [] } });
    } finally {
      await t.close();
    }
  });
});

describe('setup race', () => {
  it('two setups at once create one administrator', async () => {
    const t = await createTestApp({ signedIn: false });
    try {
      const [a, b] = await Promise.all(
        ['first', 'second'].map((username) =>
          t.inject({
            method: 'POST',
            url: '/api/auth/setup',
            headers: guard,
            payload: { username, password: 'long enough' },
          }),
        ),
      );
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
      expect(await t.database.db.select().from(appUser)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
