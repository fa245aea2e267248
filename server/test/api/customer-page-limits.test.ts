import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { myTexts } from '@dairy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectPageHeaders, newLink, pageCall } from '../helpers/customer-page';
import { freshDatabase } from '../helpers/database';
import { makeColony, makeCustomer } from '../helpers/factories';

/*
 * What bounds the customer's page (docs/rules.md section 19): 60 calls a minute per token; an
 * address that asked for 30 unknown tokens in 10 minutes is refused further ones, while known
 * tokens are never limited by address; logs never hold a token; `GET /my/:token` serves the
 * build's page.
 */

let t: TestApp;
let proxied: TestApp;
const tokens: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ config: { trustProxy: true } });
  for (const app of [t, proxied]) await makeColony(app.database.db, { colonyCode: 'LIM', colonyName: 'Limit Nagar' });
  for (let i = 0; i < 4; i++) {
    const customer = await makeCustomer(t.database.db, { colonyCode: 'LIM', customerName: `Customer ${i}` });
    tokens.push(await newLink(t, customer.customerId));
  }
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const from = (remoteAddress: string) => ({ remoteAddress });
const open = (
  app: TestApp,
  token: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => app.inject({ method: 'GET', url: `/api/my/${token}`, ...options });
const unknown = (n: number) => `unknown-${n}`.padEnd(43, 'x');

describe('60 calls a minute per token', () => {
  it('answers the 61st call of a minute with 429, and other tokens as before', async () => {
    const token = tokens[0]!;
    for (let i = 0; i < 60; i++) {
      const url = i % 3 === 0 ? `/api/my/${token}/statement?month=11&year=2026` : `/api/my/${token}`;
      const answer = await t.inject({ method: 'GET', url, ...from(`10.0.${i}.1`) });
      expect(answer.statusCode, `call ${i + 1}`).toBeLessThan(300);
    }
    const refused = await open(t, token, from('10.9.9.9'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: myTexts.tooManyCalls });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectPageHeaders(refused.headers);
    // Writes count too, and are refused before anything changes.
    const write = await pageCall(t, 'POST', `/api/my/${token}/changes`, { kind: 'pause', fromDate: '2099-01-01' });
    expect(write.status).toBe(429);
    expect((await open(t, tokens[1]!)).statusCode).toBe(200);
  });
});

describe('30 unknown tokens per address in 10 minutes', () => {
  it('refuses the 31st unknown token from an address, not its known ones, nor other addresses', async () => {
    for (let i = 0; i < 30; i++) {
      const answer = await open(t, unknown(i), from('10.20.0.1'));
      expect(answer.statusCode, `unknown ${i + 1}`).toBe(404);
      expect(answer.json()).toEqual({ message: myTexts.notValid });
    }
    const refused = await open(t, unknown(30), from('10.20.0.1'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: myTexts.tooManyUnknown });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expectPageHeaders(refused.headers);
    // A known token from the same address (a carrier's address many customers share) still opens.
    expect((await open(t, tokens[2]!, from('10.20.0.1'))).statusCode).toBe(200);
    expect((await open(t, unknown(31), from('10.20.0.2'))).statusCode).toBe(404);
  });

  it('never limits known tokens by address', async () => {
    for (let i = 0; i < 40; i++)
      expect((await open(t, tokens[3]!, from('10.30.0.1'))).statusCode, `call ${i + 1}`).toBe(200);
  });

  it('behind TRUST_PROXY counts the address the proxy names', async () => {
    const via = (address: string) => ({ headers: { 'x-forwarded-for': address }, remoteAddress: '127.0.0.1' });
    for (let i = 0; i < 30; i++) expect((await open(proxied, unknown(i), via('203.0.113.7'))).statusCode).toBe(404);
    expect((await open(proxied, unknown(30), via('203.0.113.7'))).statusCode).toBe(429);
    expect((await open(proxied, unknown(31), via('203.0.113.8'))).statusCode).toBe(404);
  });
});

describe('the logs', () => {
  it('show /my/… and /api/my/… with the token replaced by ***', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dairy-my-'));
    writeFileSync(path.join(dist, 'my.html'), '<!doctype html><title>My dairy</title>');
    const lines: string[] = [];
    const database = await freshDatabase();
    const app = await buildApp({ ...loadConfig({}), webDist: dist, logLevel: 'info' }, database, {
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      await makeColony(database.db, { colonyCode: 'LOG', colonyName: 'Log Nagar' });
      const customer = await makeCustomer(database.db, { colonyCode: 'LOG' });
      const token = (await import('../../src/modules/customer-link/customer-link.service')).newToken();
      const { saveLink } = await import('../../src/modules/customer-link/customer-link.repo');
      await saveLink(database.db, customer.customerId, token, undefined);
      const calls = [
        `/api/my/${token}`,
        `/api/my/${token}/statement?month=11&year=2026`,
        `/my/${token}`,
        `/my/${token}/unknown/page`,
        `/api/%6Dy/${token}`,
        `/API/MY/${token}`,
      ];
      for (const url of calls) await app.inject({ method: 'GET', url });
      await app.inject({
        method: 'POST',
        url: `/api/my/${token}/changes`,
        headers: { 'x-requested-with': 'fetch' },
        payload: { kind: 'pause', fromDate: '2099-01-01' },
      });
      const log = lines.join('');
      expect(log).toContain('/api/my/***');
      expect(log).toContain('/api/my/***/statement?month=11&year=2026');
      expect(log).toContain('"url":"/my/***"');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('GET /my/:token', () => {
  it("serves the build's my.html, whatever the token, with the page's headers; without it, 404", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dairy-my-'));
    writeFileSync(path.join(dist, 'my.html'), '<!doctype html><title>My dairy</title>');
    const served = await createTestApp({ config: { webDist: dist } });
    try {
      for (const token of [tokens[0]!, unknown(99)]) {
        const page = await served.inject({ method: 'GET', url: `/my/${token}` });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.body).toBe('<!doctype html><title>My dairy</title>');
        expectPageHeaders(page.headers);
      }
    } finally {
      await served.close();
      rmSync(dist, { recursive: true, force: true });
    }
    expect((await t.inject({ method: 'GET', url: `/my/${tokens[0]}` })).statusCode).toBe(404);
  });
});
