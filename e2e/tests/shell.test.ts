import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeColony } from '../dairy';
import { ADMIN, createAdmin, openBrowser, signIn, startApp, startSignedIn } from '../harness';
import { clickAndSee } from '../screen';

describe('the shell', () => {
  let s: Awaited<ReturnType<typeof startSignedIn>>;
  beforeAll(async () => {
    s = await startSignedIn();
  });
  afterAll(() => s.close());

  // Spec master-data.md section 2, plus Users Payments Details (docs/rules.md section 9), Pauses &
  // Changes (section 12), Today and Collection Entry (section 13), with the heading each screen shows.
  const menu: [group: string, link: string, route: string, heading: string][] = [
    ['Dashboard', 'Dashboard', '/dashboard', 'Dashboard'],
    ['Today', 'Today', '/today', 'Today'],
    ['Colony', 'Add Colony', '/AddColony', 'Add Colony'],
    ['Colony', 'Show All', '/ShowColony', 'All Colonies'],
    ['Combinations', 'Add Combination', '/combinations/add', 'Add Combination'],
    ['Combinations', 'Show All', '/combinations', 'All Combinations'],
    ['Milk', 'Add Milk', '/products/add', 'Add Milk'],
    ['Milk', 'Show All', '/products', 'All Milks'],
    ['Customers', 'Add Customer', '/customers/add', 'Add User'],
    ['Customers', 'Show All', '/', 'All Customers'],
    ['Consumptions', 'Add Consumption', '/consumptions/add', 'Add Consumption'],
    ['Consumptions', 'Show All', '/consumptions', 'All Consumptions'],
    ['Consumptions', 'Pauses & Changes', '/changes', 'Pauses & Changes'],
    ['Transactions', 'Preview Transactions', '/transactions/dailyTransactions', 'Preview Transactions'],
    ['Transactions', 'Single User Transaction', '/transactions/singletransaction', 'Single User Transaction'],
    ['Transactions', 'Generate Transactions', '/transactions/add', 'Generate Transactions'],
    ['Transactions', 'Show All Transactions', '/transactions', 'All Transactions'],
    ['Payments', 'Generate Payment', '/payments/add', 'Generate Payment'],
    ['Payments', 'Payments', '/payments', 'Payment Information'],
    ['Payments', 'Receiving Payments', '/payments/receiving', 'Receiving Payments'],
    ['Payments', 'Users Payment Info', '/payments/info', 'Payment Information'],
    ['Payments', 'Users Payments Details', '/payments/details', 'Users Payments Details'],
    ['Payments', 'Collection Entry', '/payments/collect', 'Collection Entry'],
    ['Report', 'Daily Consumption', '/report', 'Daily Consumptions'],
    ['Report', 'Monthly Payment Report', '/report/monthly', 'Monthly Payment Info'],
    ['Report', 'Balance of Customer Having No Transactions', '/report/balance', 'Customer Having No Transactions'],
    ['Report', 'Generate Defaulters', '/report/genrate-defaulters', 'Create Customer Having No Transactions Data'],
    ['Data', 'Backups', '/backups', 'Backups'],
    ['Data', 'Import Customers', '/import', 'Import Customers'],
    ['Data', 'Settings', '/settings', 'Settings'],
    ['Team', 'Staff', '/staff', 'Staff'],
    ['Team', 'Audit Trail', '/audit', 'Audit Trail'],
  ];

  it('opens every screen of the menu: its route, its heading, and its group highlighted', async () => {
    await s.open('/ShowColony', 'All Colonies');
    const bar = s.page.getByRole('navigation', { name: 'Main menu' });
    const groups = [...new Set(menu.map(([group]) => group))];
    // Dashboard and Today, groups of one link named as the group, are that link itself.
    const single = ['Dashboard', 'Today'];
    expect(await bar.getByRole('button').allTextContents()).toEqual([...groups.slice(2), 'Sign out']);
    expect(await bar.getByRole('link').allTextContents()).toEqual(single);
    for (const [group, link, route, heading] of menu) {
      if (single.includes(group)) {
        const sole = bar.getByRole('link', { name: group, exact: true });
        await sole.click();
        await s.page.getByRole('heading', { name: heading, exact: true }).waitFor();
        expect(new URL(s.page.url()).hash).toBe(`#${route}`);
        expect(await sole.getAttribute('aria-current'), `${group} highlighted`).toBe('true');
        continue;
      }
      const target = bar.getByRole('button', { name: group, exact: true });
      const dropdown = s.page.getByRole('menu', { name: group });
      // The group opens on hover as well as on click: click until its dropdown shows.
      for (let i = 0; i < 3 && !(await dropdown.isVisible()); i++) {
        await target.click();
        await dropdown.waitFor({ timeout: 2000 }).catch(() => undefined);
      }
      // Rest on the item a moment, as a hand does: the dropdown opens 60 ms after the pointer
      // enters it, so an instant click would close it only for that timer to open it again.
      const item = dropdown.getByRole('menuitem', { name: link, exact: true });
      await item.hover();
      await s.page.waitForTimeout(150);
      await item.click();
      await s.page.waitForURL((url) => url.hash === `#${route}`);
      await s.page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(await target.getAttribute('aria-current'), `${group} highlighted on ${route}`).toBe('true');
      expect(await bar.locator('[aria-current="true"]').count()).toBe(1);
      await dropdown.waitFor({ state: 'hidden' });
    }
  });

  it('Back returns to the previous screen', async () => {
    await s.open('/ShowColony', 'All Colonies');
    await s.page.getByRole('link', { name: 'Add Colony' }).click();
    await s.page.getByRole('heading', { name: 'Add Colony' }).waitFor();
    await s.page.getByRole('button', { name: 'Back', exact: true }).click();
    await s.page.getByRole('heading', { name: 'All Colonies' }).waitFor();
    expect(new URL(s.page.url()).hash).toBe('#/ShowColony');
  });

  it("the title 'DairyDesk' opens the home page, the customer list", async () => {
    await s.open('/combinations', 'All Combinations');
    await s.page.getByRole('link', { name: 'DairyDesk', exact: true }).click();
    await s.page.getByRole('heading', { name: 'All Customers' }).waitFor();
    expect(new URL(s.page.url()).hash).toBe('#/');
    const customers = s.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Customers' });
    expect(await customers.getAttribute('aria-current')).toBe('true');
  });

  it("shows a toast top-right below the title row, clear of the screen's buttons, closing after about 5 seconds", async () => {
    await makeColony(s.app.database.db, { colonyCode: 'TST', colonyName: 'Toast colony' });
    await s.goto('/ShowColony');
    const row = s.page.getByRole('row').filter({ has: s.page.getByRole('cell', { name: 'TST', exact: true }) });
    await row.getByRole('button', { name: 'Disable' }).click();
    await s.page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
    const toast = s.page.getByRole('alert').filter({ hasText: 'Colony disabled successfully!' });
    await toast.waitFor();
    const shownAt = Date.now();
    const box = (await toast.boundingBox())!;
    const viewport = s.page.viewportSize()!;
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    const titleRow = (await s.page.locator('[data-page-header]').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(titleRow.y + titleRow.height);
    expect(box.y).toBeLessThan(viewport.height / 2);
    await new Promise((resolve) => setTimeout(resolve, 3000 - (Date.now() - shownAt)));
    expect(await toast.isVisible()).toBe(true);
    await toast.waitFor({ state: 'detached', timeout: 7000 - (Date.now() - shownAt) });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
  });

  it('opens a screen from the menu with the keyboard only', async () => {
    await s.open('/ShowColony', 'All Colonies');
    const group = s.page.getByRole('button', { name: 'Combinations', exact: true });
    for (let i = 0; i < 20 && !(await group.evaluate((el) => el === document.activeElement)); i++) {
      await s.page.keyboard.press('Tab');
    }
    expect(await group.evaluate((el) => el === document.activeElement)).toBe(true);
    await s.page.keyboard.press('Enter');
    const item = s.page.getByRole('menuitem', { name: 'Add Combination' });
    await item.waitFor();
    for (let i = 0; i < 5 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
      await s.page.keyboard.press('ArrowDown');
    }
    await s.page.keyboard.press('Enter');
    await s.page.getByRole('heading', { name: 'Add Combination' }).waitFor();
    expect(s.page.url()).toMatch(/#\/combinations\/add$/);
  });

  it("shows 'Unexpected Application Error!' when a screen fails to render", async () => {
    // Answers are checked against the contract before a screen sees them, so a bad answer is a
    // failed load, not a crash: make the list's own rendering throw instead.
    await makeColony(s.app.database.db, { colonyCode: 'BOOM1', colonyName: 'Render Breaker' });
    const page = await s.browser.context.newPage();
    try {
      await page.addInitScript(() => {
        const lower = String.prototype.toLowerCase;
        String.prototype.toLowerCase = function (this: string) {
          if (String(this) === 'Render Breaker') throw new Error('render failed');
          return lower.call(this);
        };
      });
      await page.goto(`${s.app.url}/#/ShowColony`);
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
      await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
      // The bar stays, and another screen opens from it.
      await page.getByRole('button', { name: 'Combinations', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Show All' }).click();
      await page.getByRole('heading', { name: 'All Combinations' }).waitFor();
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("shows 'Page not found' with a link home for an address that names no screen", async () => {
    await s.open('/no-such-screen', 'Page not found');
    await s.page.getByText('There is no screen at this address.').waitFor();
    await s.page.getByRole('link', { name: 'Go to the home page' }).click();
    await s.page.getByRole('heading', { name: 'All Customers' }).waitFor();
    expect(new URL(s.page.url()).hash).toBe('#/');
  });

  it('opens the mobile menu from the Burger as a panel 35% wide, and a link navigates', async () => {
    const phone = await openBrowser({ width: 400, height: 800 });
    try {
      await signIn(phone, s.app);
      const page = phone.page;
      await page.goto(`${s.app.url}/#/combinations`);
      await page.getByRole('heading', { name: 'All Combinations' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('dialog', { name: 'Menu' });
      await panel.waitFor();
      const menu = panel.getByRole('navigation', { name: 'Mobile menu' });
      const groups = [
        'Colony',
        'Combinations',
        'Milk',
        'Customers',
        'Consumptions',
        'Transactions',
        'Payments',
        'Report',
      ];
      for (const group of groups) await menu.getByRole('button', { name: group, exact: true }).waitFor();
      // The panel settles after its opening transition: 35% of 400 px is 140.
      await page.waitForFunction(() => {
        const box = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
        return box !== undefined && Math.abs(box.width - 140) <= 1 && box.right <= window.innerWidth + 1;
      });
      await menu.getByRole('button', { name: 'Colony', exact: true }).click();
      await menu.getByRole('link', { name: 'Add Colony' }).click();
      await page.getByRole('heading', { name: 'Add Colony' }).waitFor();
      expect(page.url()).toMatch(/#\/AddColony$/);
      await panel.waitFor({ state: 'detached' });
    } finally {
      await phone.close();
    }
  });
});

describe('the mobile panel', () => {
  it('signs out from the panel: sign-in shows and the session no longer works', async () => {
    const app = await startApp();
    await createAdmin(app.database);
    const phone = await openBrowser({ width: 400, height: 800 });
    try {
      await signIn(phone, app);
      const page = phone.page;
      await page.goto(`${app.url}/#/ShowColony`);
      await page.getByRole('heading', { name: 'All Colonies' }).waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('dialog', { name: 'Menu' });
      await panel.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
      const after = await phone.context.request.get(`${app.url}/api/colony`);
      expect(after.status()).toBe(401);
    } finally {
      await phone.close();
      await app.close();
    }
  });
});

describe('the product label', () => {
  it("shows the configured label, here 'Curd', in the menu", async () => {
    const curd = await startSignedIn({ productLabel: 'Curd' });
    try {
      await curd.goto('/ShowColony');
      await curd.page.getByRole('heading', { name: 'All Colonies' }).waitFor();
      await curd.page.getByRole('button', { name: 'Curd', exact: true }).click();
      await curd.page.getByRole('menuitem', { name: 'Add Curd' }).waitFor();
      expect(await curd.page.getByRole('button', { name: 'Milk', exact: true }).count()).toBe(0);
    } finally {
      await curd.close();
    }
  });
});

describe('sign-in', () => {
  it('creates the first administrator on a new installation, signs out and signs in again', async () => {
    const app = await startApp();
    const browser = await openBrowser();
    try {
      const page = browser.page;
      await page.goto(`${app.url}/#/ShowColony`);
      await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
      await page.getByLabel('Username').fill('asha');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await clickAndSee(page, 'Create administrator', 'Password must contain at least 8 characters');
      await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await page.getByRole('heading', { name: 'All Colonies' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
      await page.getByLabel('Username').fill('asha');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await clickAndSee(page, 'Sign in', 'Invalid username or password');
      await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'All Colonies' }).waitFor();
    } finally {
      await browser.close();
      await app.close();
    }
  });

  it('brings back sign-in when a call is refused for want of a session, then returns to the screen', async () => {
    const app = await startApp();
    await createAdmin(app.database);
    const browser = await openBrowser();
    try {
      const page = browser.page;
      await signIn(browser, app);
      await page.goto(`${app.url}/#/AddColony`);
      await page.getByLabel('Colony Code').fill('EX1');
      await page.getByLabel('Colony Name').fill('Expired Session');
      await page.getByLabel('Service Charges').fill('5');
      await browser.context.clearCookies();
      await page.getByRole('button', { name: 'Add Colony' }).click();
      await page.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Add Colony' }).waitFor();
      expect(page.url()).toMatch(/#\/AddColony$/);
    } finally {
      await browser.close();
      await app.close();
    }
  });

  it('shows sign-in, not setup, once an administrator exists, and says when the server cannot be reached', async () => {
    const app = await startApp();
    await createAdmin(app.database);
    const browser = await openBrowser();
    try {
      const page = browser.page;
      await page.goto(app.url);
      await page.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
      await page.route(
        (url) => url.pathname === '/api/auth/login',
        (route) => route.abort(),
      );
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await clickAndSee(page, 'Sign in', 'The server cannot be reached. Check the connection and try again.');
    } finally {
      await browser.close();
      await app.close();
    }
  });
});
