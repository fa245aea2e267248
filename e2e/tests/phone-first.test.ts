import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, receipt, transaction, userColony } from '../../server/src/db/schema';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import { generateForAllColonies } from '../../server/src/modules/transaction/generation.service';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
import { artifactsFolder, type Browser, openBrowser, type RunningApp, startApp } from '../harness';

const ARTIFACTS = artifactsFolder('phone-first');

/**
 * The collector's screens on a 390 px phone (docs/rules.md section 13): Today, the route sheet and
 * collection entry fit the screen without scrolling sideways, and each delivery's name stands
 * beside its Delivered box. Green Park has twelve customers with long names and addresses on
 * 2026-06-01, generated; Lake View has one.
 */

const PHONE = { width: 390, height: 844 };
const DAY = '2026-06-01';
const NAMES = Array.from({ length: 12 }, (_, i) => `Venkataraman Subramanian ${String(i + 1).padStart(2, '0')}`);

let app: RunningApp;
let phone: Browser;
let p: Page;

beforeAll(async () => {
  app = await startApp();
  const db = app.database.db;
  const { cow, curd } = await makeMilkAndCurd(db);
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park Extension Phase Two' });
  await makeColony(db, { colonyCode: 'LV', colonyName: 'Lake View' });
  for (const [i, name] of NAMES.entries()) {
    const c = await makeCustomer(db, {
      colonyCode: 'GP',
      customerName: name,
      route: i + 1,
      address: `Flat ${i + 1}, Tower B, Sunshine Residency, Outer Ring Road`,
    });
    await makeConsumption(db, { customerId: c.customerId, productId: cow.productId, quantity: 150 });
    if (i === 0) await makeConsumption(db, { customerId: c.customerId, productId: curd.productId });
  }
  const lata = await makeCustomer(db, { colonyCode: 'LV', customerName: 'Lata Mehra', route: 1 });
  await makeConsumption(db, { customerId: lata.customerId, productId: cow.productId });
  const kiran = await insertUser(db, {
    username: 'kiran',
    passwordHash: await hashPassword('collect-pass-1'),
    role: 'collector',
  });
  await db.insert(userColony).values([
    { userId: kiran.userId, colonyCode: 'GP' },
    { userId: kiran.userId, colonyCode: 'LV' },
  ]);
  await generateForAllColonies(db, DAY);
  phone = await openBrowser(PHONE);
  p = phone.page;
  const signedIn = await phone.context.request.post(`${app.url}/api/auth/login`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { username: 'kiran', password: 'collect-pass-1' },
  });
  expect(signedIn.ok()).toBe(true);
});
afterAll(async () => {
  await phone?.close();
  await app?.close();
});

/** The page does not scroll sideways. */
const pageWidth = () => p.evaluate(() => document.documentElement.scrollWidth);

/** What scrolls sideways inside the page (a table in its own scrolling box, say): nothing may. */
const sidewaysScrollers = () =>
  p.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX))
      .map((el) => el.className),
  );

/** Wholly on the screen once the page is scrolled down to it, never sideways. */
async function onScreen(target: Locator) {
  await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
  const box = (await target.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0 && box.y + box.height <= PHONE.height;
}

async function goto(route: string) {
  await p.goto('about:blank');
  await p.goto(`${app.url}/#${route}`);
}

describe('a collector on a 390 px phone', () => {
  it("Today: every colony's figures, Route sheet and Collect on screen, nothing wider than the phone", async () => {
    await goto(`/today?date=${DAY}`);
    const table = p.getByRole('table', { name: 'Colonies today' });
    await table.getByText('Lake View').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysScrollers()).toEqual([]);
    for (const colony of ['Green Park Extension Phase Two', 'Lake View']) {
      expect(await onScreen(table.getByText(colony, { exact: true })), colony).toBe(true);
      expect(await onScreen(p.getByRole('link', { name: `Route sheet ${colony}` })), colony).toBe(true);
      expect(await onScreen(p.getByRole('link', { name: `Collect ${colony}` })), colony).toBe(true);
    }
    const row = table.getByRole('row').filter({ hasText: 'Lake View' });
    expect(await row.innerText()).toMatch(/COW 1 L/);
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: path.join(ARTIFACTS, 'today.png') });
  });

  it('the route sheet: each name beside its Delivered box, ticked with a tap, saved in one call', async () => {
    await goto(`/transactions/sheet?colony=GP&date=${DAY}`);
    const sheet = p.getByRole('table', { name: 'Route sheet' });
    await sheet.waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysScrollers()).toEqual([]);
    for (const [i, name] of NAMES.entries()) {
      const box = p.getByRole('checkbox', { name: `Delivered: ${name}, Cow milk` });
      const row = sheet.getByRole('row').filter({ has: box });
      // The name, the route and the quantity in the delivery's row, with its box, all on screen together.
      expect(await onScreen(row.getByText(name, { exact: true })), name).toBe(true);
      expect(await onScreen(box), name).toBe(true);
      expect(await row.innerText()).toContain(`Route ${i + 1}`);
      expect(await row.innerText()).toContain('1.5 L');
    }
    for (const name of [NAMES[1], NAMES[4], NAMES[10]])
      await p.getByRole('checkbox', { name: `Delivered: ${name}, Cow milk` }).click();
    await p.getByText('3 unsaved changes').waitFor();
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: path.join(ARTIFACTS, 'route-sheet.png') });
    expect(await onScreen(p.getByRole('button', { name: 'Save' }))).toBe(true);
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Attendance saved: 3 deliveries changed.').waitFor();
    const absent = await app.database.db
      .select({ name: customer.customerName })
      .from(transaction)
      .innerJoin(customer, eq(customer.customerId, transaction.customerId))
      .where(eq(transaction.attendance, 0))
      .orderBy(asc(customer.route));
    expect(absent.map((r) => r.name)).toEqual([NAMES[1], NAMES[4], NAMES[10]]);
  });

  it('collection entry: each name beside its amount field, Enter to the next, saved', async () => {
    await goto('/payments/collect?colony=GP');
    const table = p.getByRole('table', { name: 'Collection entry' });
    await table.getByText(NAMES[11]!).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysScrollers()).toEqual([]);
    for (const name of NAMES) {
      const field = p.getByRole('textbox', { name: `Amount: ${name}` });
      const row = table.getByRole('row').filter({ has: field });
      expect(await onScreen(row.getByText(name, { exact: true })), name).toBe(true);
      expect(await onScreen(field), name).toBe(true);
    }
    await p.getByRole('textbox', { name: `Amount: ${NAMES[0]}` }).click();
    await p.keyboard.type('150');
    await p.keyboard.press('Enter');
    await p.keyboard.type('200');
    await p.getByText('(2 payments)').waitFor();
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: path.join(ARTIFACTS, 'collect.png') });
    await p.getByRole('button', { name: 'Save all' }).click();
    await p.getByText(/2 payments received/).waitFor();
    expect(await app.database.db.select().from(receipt)).toHaveLength(2);
  });
});
