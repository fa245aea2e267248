import type { Socket } from 'node:net';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customer, idempotencyKey, receipt, transaction } from '../../server/src/db/schema';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
import { type Browser, createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';
import { confirmDialog } from '../screen';

/**
 * The road, offline (docs/rules.md section 20), on a 390 px phone with Chromium's offline mode:
 * Green Park's seven customers, each with one delivery of cow milk on 2026-06-01.
 */

const DAY = '2026-06-01';
const SHEET = `/transactions/sheet?colony=GP&date=${DAY}`;
const COLLECT = '/payments/collect?colony=GP&month=6&year=2026';
const NAMES = ['Asha', 'Bala', 'Chitra', 'Dev', 'Eve', 'Farah', 'Gita'];

let app: RunningApp;
let browser: Browser;
const page = () => browser.page;
const db = () => app.database.db;

beforeAll(async () => {
  app = await startApp();
  app.server.on('connection', (socket: Socket) => {
    if (noSignal) return void socket.destroy();
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  await createAdmin(app.database);
  const { cow } = await makeMilkAndCurd(db());
  await makeColony(db(), { colonyCode: 'GP', colonyName: 'Green Park' });
  for (const [i, name] of NAMES.entries()) {
    const c = await makeCustomer(db(), { colonyCode: 'GP', customerName: name, route: i + 1 });
    await makeConsumption(db(), { customerId: c.customerId, productId: cow.productId, quantity: 100 });
  }
  browser = await openBrowser({ width: 390, height: 844 });
  await signIn(browser, app);
  const res = await page().request.post(`${app.url}/api/transactions/generateAll`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { date: DAY },
  });
  expect(res.ok()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens a hash route as a fresh page load, and waits for its heading. */
async function open(route: string, heading: string) {
  await page().goto('about:blank');
  await page().goto(`${app.url}/#${route}`);
  await page().getByRole('heading', { name: heading }).waitFor();
}

/**
 * No signal: Chromium's offline mode, and the server's connections cut while it lasts, since a
 * request the service worker passes on can slip past the browser's offline mode.
 */
let noSignal = false;
const connections = new Set<Socket>();
async function setOffline(offline: boolean) {
  noSignal = offline;
  if (offline) for (const socket of connections) socket.destroy();
  await browser.context.setOffline(offline);
}
const box = (name: string) => page().getByRole('checkbox', { name: `Delivered: ${name}, Cow milk` });
const amount = (name: string) => page().getByLabel(`Amount: ${name}`);
const outbox = () => page().getByRole('status', { name: 'Outbox' });

async function attendanceOf(names: string[]) {
  const rows = await db()
    .select({ name: customer.customerName, attendance: transaction.attendance })
    .from(transaction)
    .innerJoin(customer, eq(customer.customerId, transaction.customerId))
    .where(inArray(customer.customerName, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.attendance]));
}

const receiptCount = async () => (await db().select({ n: count() }).from(receipt))[0]!.n;
const attendanceAudits = async () =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'transaction.attendance')))[0]!.n;

/**
 * The network comes back: the outbox sends on `online`, and the bar goes once nothing waits. The
 * page stays as it is, most often one Chromium loaded while its offline mode was on.
 */
async function backOnline() {
  await outbox().waitFor();
  await setOffline(false);
  // Well before the 30 s timer: it is `online` that sends.
  await outbox().waitFor({ state: 'detached', timeout: 10_000 });
}

describe('The road, offline', () => {
  it('opens offline after one visit: the shell from the service worker, the screens from the phone', async () => {
    await open('/today', 'Today');
    await page().evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker controls the page the screens are visited, so their reads are kept.
    await open(SHEET, 'Route Sheet');
    await box('Asha').waitFor();
    await open(COLLECT, 'Collection Entry');
    await amount('Asha').waitFor();
    await open('/today', 'Today');
    expect(await page().evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await setOffline(true);
    await page().reload();
    await page().getByRole('heading', { name: 'Today' }).waitFor();
    await page()
      .getByText(/^Offline: showing data from \d\d\/\d\d\/\d{4} /)
      .waitFor();
    await open(SHEET, 'Route Sheet');
    await box('Gita').waitFor();
    await page()
      .getByText(/^Offline: showing data from /)
      .waitFor();
    await setOffline(false);
  });

  it('5 absences and 3 payments taken offline arrive exactly once when back online', async () => {
    const receiptsBefore = await receiptCount();
    await setOffline(true);
    await open(SHEET, 'Route Sheet');
    for (const name of NAMES.slice(0, 5)) await box(name).click();
    await page().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Saved on this phone: it will be sent when the network returns.').first().waitFor();
    await outbox().getByText('5 changes waiting to be sent').waitFor();
    // The sheet keeps the ticks the collector made.
    expect(await box('Asha').isChecked()).toBe(false);

    await open(COLLECT, 'Collection Entry');
    await amount('Asha').fill('100');
    await amount('Bala').fill('250.50');
    await amount('Chitra').fill('75');
    await page().getByRole('button', { name: 'Save all' }).click();
    await outbox().getByText('8 changes waiting to be sent').waitFor();

    // Still offline, the app reloads: the work is still waiting.
    await page().reload();
    await outbox().getByText('8 changes waiting to be sent').waitFor();
    expect(await receiptCount()).toBe(receiptsBefore);
    expect(Object.values(await attendanceOf(NAMES.slice(0, 5)))).toEqual([1, 1, 1, 1, 1]);

    await backOnline();
    expect(await attendanceOf(NAMES.slice(0, 5))).toEqual({ Asha: 0, Bala: 0, Chitra: 0, Dev: 0, Eve: 0 });
    const taken = await db().select().from(receipt);
    expect(taken.length).toBe(receiptsBefore + 3);
    expect(taken.map((r) => r.amount).sort((a, b) => a - b)).toEqual([75_00, 100_00, 250_50]);
    // Taken when Save all was pressed offline, before they arrived.
    for (const r of taken) expect(r.takenAt.getTime()).toBeLessThan(r.receivedAt.getTime());
    // Sent once each: a send at app start or on the 30 s timer found nothing more to send.
    await page().waitForTimeout(1000);
    expect(await receiptCount()).toBe(receiptsBefore + 3);
  });

  it('the network cut in the middle of sending still records once', async () => {
    await open(SHEET, 'Route Sheet');
    const audits = await attendanceAudits();
    let cut = 0;
    await page().route(
      (url) => url.pathname === '/api/transactions/attendance',
      async (route) => {
        if (cut > 0) return route.continue();
        cut++;
        // The server commits; its answer never reaches the phone.
        await route.fetch();
        await route.abort('internetdisconnected');
      },
    );
    try {
      await box('Farah').click();
      await page().getByRole('button', { name: 'Save' }).click();
      await outbox().getByText('1 change waiting to be sent').waitFor();
      expect((await attendanceOf(['Farah'])).Farah).toBe(0);
    } finally {
      await page().unroute((url) => url.pathname === '/api/transactions/attendance');
    }
    await setOffline(true);
    await backOnline();
    expect(cut).toBe(1);
    expect(await attendanceAudits()).toBe(audits + 1);
    expect((await attendanceOf(['Farah'])).Farah).toBe(0);
    const keys = await db()
      .select()
      .from(idempotencyKey)
      .where(eq(idempotencyKey.requestPath, '/api/transactions/attendance'));
    expect(keys.length).toBe(2);
  });

  it("a refused save shows the server's message and its work until dismissed; the others still send", async () => {
    const receiptsBefore = await receiptCount();
    await setOffline(true);
    await open(SHEET, 'Route Sheet');
    await box('Gita').click();
    await page().getByRole('button', { name: 'Save' }).click();
    await outbox().getByText('1 change waiting to be sent').waitFor();
    await open(COLLECT, 'Collection Entry');
    await amount('Dev').fill('40');
    await page().getByRole('button', { name: 'Save all' }).click();
    await outbox().getByText('2 changes waiting to be sent').waitFor();
    // Meanwhile the office deleted Gita's delivery.
    const [gita] = await db().select().from(customer).where(eq(customer.customerName, 'Gita'));
    await db().delete(transaction).where(eq(transaction.customerId, gita!.customerId));

    await backOnline();
    const notSent = page().getByRole('alert').filter({ hasText: 'Not sent' });
    await notSent.getByText('Transaction not found').waitFor();
    await notSent.getByText('Route sheet GP, 01/06/2026: 1 tick').waitFor();
    expect(await receiptCount()).toBe(receiptsBefore + 1);
    await page().reload();
    await notSent.getByText('Transaction not found').waitFor();
    await notSent.getByRole('button', { name: 'Dismiss' }).click();
    await notSent.waitFor({ state: 'detached' });
  });

  it('signing out with changes waiting asks first', async () => {
    await setOffline(true);
    await open(SHEET, 'Route Sheet');
    await box('Asha').click();
    await page().getByRole('button', { name: 'Save' }).click();
    await outbox().getByText('1 change waiting to be sent').waitFor();
    await page().getByRole('button', { name: 'Open menu' }).click();
    await page().getByRole('button', { name: 'Sign out' }).click();
    await confirmDialog(
      page(),
      '1 change is still waiting to be sent. It stays on this phone and is sent after you sign in again.',
      'Cancel',
    );
    await page().getByRole('heading', { name: 'Route Sheet' }).waitFor();
    // The app starts again with the network back: it sends what waited at once.
    await setOffline(false);
    await open(SHEET, 'Route Sheet');
    await expect.poll(async () => (await attendanceOf(['Asha'])).Asha, { timeout: 10_000 }).toBe(1);
    await outbox().waitFor({ state: 'detached' });
  });
});
