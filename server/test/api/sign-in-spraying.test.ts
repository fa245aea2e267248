import { randomBytes } from 'node:crypto';
import { authTexts } from '@dairy/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Sign-in holds against spraying (docs/rules.md section 24): past 20 failed sign-ins in 10 minutes
 * from one address, that address is refused whatever it tries, and no other address is slowed.
 */
const guard = { 'x-requested-with': 'fetch' };
const owner = { username: 'owner', password: 'correct horse' };
const tooMany = { message: 'Too many attempts. Try again in a few minutes.' };

const randomName = () => `guess-${randomBytes(6).toString('hex')}`;

async function appWithOwner(trustProxy: boolean) {
  const t = await createTestApp({ signedIn: false, config: { trustProxy } });
  const setup = await t.inject({ method: 'POST', url: '/api/auth/setup', headers: guard, payload: owner });
  expect(setup.statusCode).toBe(200);
  return t;
}

// Each sign-in checks a slow hash: room for a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

describe('behind TRUST_PROXY, failed sign-ins are counted per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithOwner(true);
  });
  afterAll(() => t.close());

  const signIn = (address: string, body: { username: string; password: string }) =>
    t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...guard, 'x-forwarded-for': address },
      payload: body,
    });
  const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);

  it('answers 20 failures with random names, then 429 to that address whatever it tries, and other addresses sign in', async () => {
    const spray = '203.0.113.5';
    const failures = [];
    for (let i = 0; i < 20; i++) failures.push(await signIn(spray, { username: randomName(), password: 'password1' }));
    expect(statuses(failures)).toEqual(Array(20).fill(401));
    expect(failures[19]!.json()).toEqual({ message: authTexts.invalidCredentials });

    for (const body of [
      { username: randomName(), password: 'password2' },
      { ...owner, password: 'wrong one' },
      owner,
    ]) {
      const refused = await signIn(spray, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooMany);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(540);
      expect(wait).toBeLessThanOrEqual(600);
      expect(refused.cookies).toEqual([]);
    }

    // Another address is not slowed: the right password signs in, and a typo is a plain 401.
    const other = await signIn('198.51.100.7', owner);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ user: { username: 'owner', role: 'admin', colonies: [] } });
    expect((await signIn('198.51.100.7', { username: randomName(), password: 'password3' })).statusCode).toBe(401);
  });

  it('counts only failures: sign-ins from an address neither count nor clear its failures', async () => {
    const office = '192.0.2.10';
    // Were successes counted, the last 8 failures below would be refused.
    for (let i = 0; i < 8; i++) expect((await signIn(office, owner)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++)
      expect((await signIn(office, { username: randomName(), password: 'password4' })).statusCode).toBe(401);
    expect((await signIn(office, owner)).statusCode).toBe(429);
  });

  it('counts an IPv6 address by its /64 network, so rotating through it does not escape', async () => {
    for (let i = 1; i <= 20; i++)
      expect(
        (await signIn(`2001:db8:77:1::${i.toString(16)}`, { username: randomName(), password: 'password7' }))
          .statusCode,
      ).toBe(401);
    const rotated = await signIn('2001:db8:77:1:ffff:1:2:3', owner);
    expect(rotated.statusCode).toBe(429);
    expect(rotated.json()).toEqual(tooMany);
    expect((await signIn('2001:db8:77:2::1', owner)).statusCode).toBe(200);
  });

  it('checks no more than 20 attempts sent at once from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signIn('192.0.2.99', { username: randomName(), password: 'password5' })),
    );
    expect(statuses(answers).sort()).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithOwner(false);
  });
  afterAll(() => t.close());

  const signIn = (remoteAddress: string, forwardedFor: string, body: { username: string; password: string }) =>
    t.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { ...guard, 'x-forwarded-for': forwardedFor },
      payload: body,
    });

  it('counts by the connection address: a sender cannot escape by claiming another X-Forwarded-For', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await signIn('203.0.113.77', `10.0.0.${i}`, { username: randomName(), password: 'password6' });
      expect(answer.statusCode).toBe(401);
    }
    const refused = await signIn('203.0.113.77', '10.0.0.200', owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect((await signIn('203.0.113.78', '10.0.0.1', owner)).statusCode).toBe(200);
  });
});
