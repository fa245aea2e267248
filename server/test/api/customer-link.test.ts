import { customerLinkTexts } from '@dairy/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { auditLog, customerLink } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import { newLink, pageCall } from '../helpers/customer-page';
import { makeColony, makeConsumption, makeCustomer, makeDelivery, makeProduct } from '../helpers/factories';

/*
 * A customer's page link (docs/rules.md section 19): one live link per customer, a 43-character
 * token from a cryptographic source, made, shown and deleted by the office, audited without it.
 */

const t = fileTestApp({ config: { publicUrl: 'https://dairy.example.in' } });
const db = () => t.database.db;

let colonyCode = '';
async function customer(values: { customerName?: string; contactNumber?: string } = {}) {
  if (!colonyCode) colonyCode = (await makeColony(db(), { colonyCode: 'LNK', colonyName: 'Link Nagar' })).colonyCode;
  return makeCustomer(db(), { colonyCode, route: 4, ...values });
}
const tokenOf = (url: string) => url.replace('https://dairy.example.in/my/', '');
const newestAudit = async () => (await db().select().from(auditLog).orderBy(desc(auditLog.auditId)).limit(1))[0]!;
const opens = async (token: string) => (await pageCall(t, 'GET', `/api/my/${token}`)).status;

describe('the office makes, shows and deletes a link', () => {
  it('makes a link with a 43-character token, shows it again, and knows when it was last opened', async () => {
    const asha = await customer({ customerName: 'Asha Rao' });
    const made = await t.call('POST', `/api/customer-links/${asha.customerId}`);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      customerId: asha.customerId,
      url: expect.stringMatching(/^https:\/\/dairy\.example\.in\/my\/[A-Za-z0-9_-]{43}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastSeenAt: null,
    });
    const shown = await t.call('GET', `/api/customer-links/${asha.customerId}`);
    expect(shown).toMatchObject({ status: 200, body: made.body });
    const [stored] = await db().select().from(customerLink).where(eq(customerLink.customerId, asha.customerId));
    expect(stored!.token).toBe(tokenOf(made.body.url));
    // 32 random bytes: base64url of them decodes back to 32 bytes.
    expect(Buffer.from(stored!.token, 'base64url')).toHaveLength(32);

    expect(await opens(stored!.token)).toBe(200);
    const seen = await t.call('GET', `/api/customer-links/${asha.customerId}`);
    expect(Date.parse(seen.body.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives every link its own token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(await newLink(t, (await customer()).customerId));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a new link replaces the old one, which stops working at once', async () => {
    const bala = await customer({ customerName: 'Bala' });
    const old = await newLink(t, bala.customerId);
    expect(await opens(old)).toBe(200);
    const renewed = await newLink(t, bala.customerId);
    expect(renewed).not.toBe(old);
    // The new link has not been opened yet.
    expect((await t.call('GET', `/api/customer-links/${bala.customerId}`)).body.lastSeenAt).toBe(null);
    expect(await opens(old)).toBe(404);
    expect(await opens(renewed)).toBe(200);
    expect(await db().select().from(customerLink).where(eq(customerLink.customerId, bala.customerId))).toHaveLength(1);
  });

  it('deletes a link: the page stops working and the office sees no link', async () => {
    const chandra = await customer();
    const token = await newLink(t, chandra.customerId);
    expect(await t.call('DELETE', `/api/customer-links/${chandra.customerId}`)).toMatchObject({
      status: 200,
      body: { deleted: 1 },
    });
    expect(await opens(token)).toBe(404);
    expectFailure(await t.call('GET', `/api/customer-links/${chandra.customerId}`), 404, customerLinkTexts.noLink);
    expectFailure(await t.call('DELETE', `/api/customer-links/${chandra.customerId}`), 404, customerLinkTexts.noLink);
  });

  it('answers 404 for an unknown customer and 400 for a bad id, changing nothing', async () => {
    const before = (await db().select({ n: sql<number>`count(*)::int` }).from(customerLink))[0]!.n;
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expectFailure(await t.call(method, '/api/customer-links/999999'), 404, customerLinkTexts.customerNotFound);
    expect((await t.call('POST', '/api/customer-links/abc')).status).toBe(400);
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(customerLink))[0]!.n).toBe(before);
  });

  it('needs a session and, to make or delete, the guard header', async () => {
    const dev = await customer();
    expect((await t.inject({ method: 'GET', url: `/api/customer-links/${dev.customerId}` })).statusCode).toBe(401);
    const unguarded = await t.inject({
      method: 'POST',
      url: `/api/customer-links/${dev.customerId}`,
      headers: { cookie: t.cookie! },
    });
    expect(unguarded.statusCode).toBe(403);
    expect(await db().select().from(customerLink).where(eq(customerLink.customerId, dev.customerId))).toEqual([]);
  });
});

describe('the audit trail of links', () => {
  it('writes one row for each make, renew and delete, never the token or the address', async () => {
    const esha = await customer({ customerName: 'Esha' });
    const tokens = [await newLink(t, esha.customerId)];
    expect(await newestAudit()).toMatchObject({
      action: 'customerLink.add',
      entity: 'customerLink',
      entityId: String(esha.customerId),
      username: 'admin',
      summary: 'Made a page link for Esha (route 4)',
    });
    tokens.push(await newLink(t, esha.customerId));
    expect(await newestAudit()).toMatchObject({
      action: 'customerLink.renew',
      summary: 'Made a new page link for Esha (route 4); the old one no longer works',
    });
    await t.call('DELETE', `/api/customer-links/${esha.customerId}`);
    expect(await newestAudit()).toMatchObject({
      action: 'customerLink.delete',
      summary: 'Deleted the page link of Esha (route 4)',
    });
    const trail = JSON.stringify(await db().select().from(auditLog));
    for (const token of tokens) expect(trail).not.toContain(token);
    expect(trail).not.toContain('/my/');
  });
});

describe('the monthly WhatsApp message', () => {
  it('ends with the customer page when the customer has a link and PUBLIC_URL is set', async () => {
    const milk = await makeProduct(db(), { productCode: 'LMK', price: 50_00 });
    const farah = await customer({ customerName: 'Farah', contactNumber: '9876543210' });
    await makeConsumption(db(), { customerId: farah.customerId, productId: milk.productId });
    await makeDelivery(db(), farah.customerId, milk, '2026-10-05');
    const message = async () => {
      const statement = await t.call('GET', `/api/statement?customerId=${farah.customerId}&month=10&year=2026`);
      expect(statement.status).toBe(200);
      return decodeURIComponent(statement.body.whatsappLink.split('?text=')[1]);
    };
    expect(await message()).not.toContain('/my/');
    const token = await newLink(t, farah.customerId);
    const lines = (await message()).split('\n');
    expect(lines.at(-1)).toBe(`Your deliveries and bills: https://dairy.example.in/my/${token}`);
    const colony = await t.call('GET', `/api/statement/colony?colonyCode=LNK&month=10&year=2026`);
    expect(colony.status).toBe(200);
  });
});

describe('PUBLIC_URL', () => {
  it('is unset by default and keeps an address without its trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: ' https://dairy.example.in/ ' }).publicUrl).toBe('https://dairy.example.in');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:3000/dairy' }).publicUrl).toBe('http://192.168.1.5:3000/dairy');
  });

  it.each(['dairy.example.in', 'ftp://dairy.example.in', 'https://dairy.example.in/?a=1', 'https://u:p@dairy.in'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL must be an address like/);
    },
  );
});
