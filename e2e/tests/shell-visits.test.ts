import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Browser, createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';

/**
 * How the shell opens screens, on a desktop (1280 px) and a phone (390 px): signing in opens an
 * administrator's Dashboard, a form opened again at its own address starts empty, and a page load prints no
 * warning in the browser's console.
 */

const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
  await createAdmin(app.database);
});
afterAll(() => app?.close());

/** Opens a menu link as a person does at that size: the bar's group, or the panel's. */
async function fromMenu(page: Page, size: 'desktop' | 'phone', group: string, link: string) {
  if (size === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Mobile menu' });
    const groupButton = panel.getByRole('button', { name: group, exact: true });
    const item = panel.getByRole('link', { name: link, exact: true });
    // The current screen's group opens with the panel; another opens on a tap.
    await groupButton.waitFor();
    if ((await groupButton.getAttribute('data-expanded')) === null) await groupButton.click();
    await item.click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    return;
  }
  const bar = page.getByRole('navigation', { name: 'Main menu' });
  const dropdown = page.getByRole('menu', { name: group });
  const item = dropdown.getByRole('menuitem', { name: link, exact: true });
  // The group opens on hover as well as on click, and closes when the pointer leaves: try again
  // when it closed under the pointer. Rest on the item a moment, as a hand does.
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await dropdown.isVisible())) await bar.getByRole('button', { name: group, exact: true }).click();
      await item.hover({ timeout: 2000 });
      await page.waitForTimeout(150);
      await item.click({ timeout: 2000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

for (const [size, viewport] of SIZES) {
  describe(`on a ${size}`, () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser(viewport);
    });
    afterAll(() => browser?.close());

    it("an administrator's first screen after signing in is the Dashboard", async () => {
      const p = browser.page;
      await p.goto(`${app.url}/#/`);
      await p.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
      await p.getByLabel('Username').fill(ADMIN.username);
      await p.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      expect(new URL(p.url()).hash).toBe('#/dashboard');
      // The customer list is still the title's home page.
      await p.getByRole('link', { name: 'DairyDesk', exact: true }).click();
      await p.getByRole('heading', { name: 'All Customers' }).waitFor();
    });

    it('a form opened again at its own address starts empty, without the input or the error it had', async () => {
      const p = browser.page;
      await signIn(browser, app);
      await p.goto('about:blank');
      await p.goto(`${app.url}/#/AddColony`);
      await p.getByRole('heading', { name: 'Add Colony' }).waitFor();
      await p.getByLabel('Colony Code').fill('X');
      await p.getByLabel('Colony Code').fill('');
      await p.getByLabel('Colony Name').fill('Abc');
      await p.getByText('Colony Name must contain at least 5 characters').waitFor();

      await fromMenu(p, size, 'Colony', 'Add Colony');
      await expect.poll(() => p.getByLabel('Colony Name').inputValue()).toBe('');
      expect(await p.getByText('Colony Name must contain at least 5 characters').count()).toBe(0);
      expect(await p.getByText("Colony Code can't be empty!").count()).toBe(0);

      // Away and back by the menu: empty too.
      await p.getByLabel('Colony Name').fill('Abc');
      await fromMenu(p, size, 'Colony', 'Show All');
      await p.getByRole('heading', { name: 'All Colonies' }).waitFor();
      await fromMenu(p, size, 'Colony', 'Add Colony');
      await p.getByRole('heading', { name: 'Add Colony' }).waitFor();
      expect(await p.getByLabel('Colony Name').inputValue()).toBe('');

      // A list keeps its filters in the address without starting over.
      await p.goto(`${app.url}/#/ShowColony`);
      const search = p.getByPlaceholder('Search Colonies...');
      await search.fill('Gre');
      await p.waitForTimeout(300);
      expect(await search.inputValue()).toBe('Gre');
    });

    it('prints no warning in the console while the first screen loads', async () => {
      const p = browser.page;
      await signIn(browser, app);
      const warnings: string[] = [];
      const listen = (message: { type(): string; text(): string }) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      };
      p.on('console', listen);
      // The screens' code arrives after the sign-in state, as on a slow line.
      const slow = (url: URL) => url.pathname.startsWith('/assets/') && /page/.test(url.pathname);
      await p.route(slow, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      try {
        for (const route of ['/today', '/AddColony', '/payments/collect']) {
          await p.goto('about:blank');
          await p.goto(`${app.url}/#${route}`);
          await p.getByRole('heading').first().waitFor();
          await p.waitForTimeout(300);
        }
      } finally {
        await p.unroute(slow);
        p.off('console', listen);
      }
      expect(warnings).toEqual([]);
    });
  });
}
