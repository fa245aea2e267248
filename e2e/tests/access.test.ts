import type { Role } from '@dairy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userColony } from '../../server/src/db/schema';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import { makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { type Browser, countCalls, openBrowser, type RunningApp, startApp } from '../harness';

/**
 * Who sees what (docs/rules.md sections 15 and 23), on a desktop (1280 px) and a phone (390 px):
 * a screen a role may not open says so plainly with a way back to Today, Generate is offered only
 * to the roles that may generate, and a menu group of one link named as the group is that link.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'access-pass-1';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
  const db = app.database.db;
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow milk', unit: 'L' });
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  const asha = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha Rao', route: 1 });
  await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId, quantity: 150 });
  for (const [username, role] of [
    ['anita', 'admin'],
    ['olga', 'operator'],
    ['kiran', 'collector'],
  ] as [string, Role][]) {
    const user = await insertUser(db, { username, passwordHash: await hashPassword(PASSWORD), role });
    if (role === 'collector') await db.insert(userColony).values({ userId: user.userId, colonyCode: 'GP' });
  }
});
afterAll(() => app?.close());

/** A browser of that size signed in as `username`; closed by the caller. */
async function signedInAs(username: string, viewport: { width: number; height: number }): Promise<Browser> {
  const browser = await openBrowser(viewport);
  const answer = await browser.context.request.post(`${app.url}/api/auth/login`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { username, password: PASSWORD },
  });
  if (!answer.ok()) throw new Error(`sign-in of ${username} failed: ${answer.status()}`);
  return browser;
}

async function goto(browser: Browser, route: string) {
  await browser.page.goto('about:blank');
  await browser.page.goto(`${app.url}/#${route}`);
}

const NO_ACCESS = 'You do not have access to this screen.';

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`on a ${size}`, () => {
    it('a collector typing an office or admin address sees plainly that it is not theirs, and a way back to Today', async () => {
      const browser = await signedInAs('kiran', viewport);
      const p = browser.page;
      try {
        // Each screen, what it asks the server, and what it would show.
        const screens: [route: string, api: string, shows: string][] = [
          ['/staff', '/api/staff', 'Add Staff'],
          ['/backups', '/api/backups', 'Back up now'],
          ['/settings', '/api/settings', 'Save Settings'],
          ['/audit', '/api/audit', 'Audit Trail'],
          ['/ShowColony', '/api/colony', 'Add Colony'],
          ['/transactions/add', '/api/transactions/add', 'Generate Transactions'],
        ];
        for (const [route, api, shows] of screens) {
          const calls = countCalls(p, api);
          await goto(browser, route);
          await p.getByText(NO_ACCESS).waitFor();
          await p.waitForTimeout(300); // a screen that loaded anyway would have asked by now
          calls.stop();
          expect(calls.calls, `${route} asked the server`).toEqual([]);
          expect(await p.getByRole('button', { name: 'Retry' }).count(), route).toBe(0);
          expect(await p.getByText(shows, { exact: true }).count(), route).toBe(0);
          expect(await p.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(
            viewport.width,
          );
        }
        await p.getByRole('link', { name: 'Go to Today' }).click();
        await p.getByRole('heading', { name: 'Today', exact: true }).waitFor();
        expect(new URL(p.url()).hash).toMatch(/^#\/today/);
        // Their own screens open as before.
        await goto(browser, '/payments/collect?colony=GP');
        await p.getByRole('heading', { name: 'Collection Entry' }).waitFor();
        await goto(browser, '/transactions/sheet?colony=GP');
        await p.getByRole('heading', { name: 'Route Sheet' }).waitFor();
        expect(await p.getByText(NO_ACCESS).count()).toBe(0);
      } finally {
        await browser.close();
      }
    });

    it('an operator is refused the admin screens the same way, and opens the office ones', async () => {
      const browser = await signedInAs('olga', viewport);
      const p = browser.page;
      try {
        for (const route of ['/staff', '/backups', '/settings', '/audit']) {
          await goto(browser, route);
          await p.getByText(NO_ACCESS).waitFor();
        }
        await goto(browser, '/ShowColony');
        await p.getByRole('heading', { name: 'All Colonies' }).waitFor();
        expect(await p.getByText(NO_ACCESS).count()).toBe(0);
      } finally {
        await browser.close();
      }
    });

    it('Today offers Generate to the office and never to a collector', async () => {
      for (const [username, offered] of [
        ['anita', true],
        ['olga', true],
        ['kiran', false],
      ] as const) {
        const browser = await signedInAs(username, viewport);
        const p = browser.page;
        try {
          await goto(browser, '/today?date=2026-06-01');
          await p.getByRole('table', { name: 'Colonies today' }).getByText('Green Park').first().waitFor();
          await p.getByRole('link', { name: 'Route sheet Green Park' }).waitFor();
          const generate = p.getByRole('button', { name: /^Generate/ });
          expect(await generate.count(), username).toBe(offered ? 2 : 0);
        } finally {
          await browser.close();
        }
      }
    });

    it("the collector's menu shows Today as one link, not a group holding Today", async () => {
      const browser = await signedInAs('kiran', viewport);
      const p = browser.page;
      try {
        await goto(browser, '/payments/collect');
        await p.getByRole('heading', { name: 'Collection Entry' }).waitFor();
        const menu =
          size === 'phone'
            ? p.getByRole('navigation', { name: 'Mobile menu' })
            : p.getByRole('navigation', { name: 'Main menu' });
        if (size === 'phone') await p.getByRole('button', { name: 'Open menu' }).click();
        await menu.waitFor();
        expect(await menu.getByRole('button', { name: 'Today' }).count()).toBe(0);
        expect(await menu.getByRole('button', { name: 'Payments' }).count()).toBe(1);
        await menu.getByRole('link', { name: 'Today', exact: true }).click();
        await p.getByRole('heading', { name: 'Today', exact: true }).waitFor();
        expect(new URL(p.url()).hash).toMatch(/^#\/today/);
      } finally {
        await browser.close();
      }
    });
  });
}
