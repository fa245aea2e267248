import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  calendarDateIn,
  dashboardResponse,
  formatDate,
  MONTH_NAMES,
  monthYear,
  quantityText,
  type Role,
  rupeeText,
} from '@dairy/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { APIRequestContext, APIResponse, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userColony } from '../../server/src/db/schema';
import { lineAmount } from '../../server/src/domain/billing';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import { daysOf, deliver, makeColony, makeDailyProduct } from '../dairy';
import { artifactsFolder, type Browser, openBrowser, type RunningApp, runChromium, startApp } from '../harness';

/**
 * The Dashboard (docs/rules.md section 22) on a desktop (1280 px) and a phone (390 px): an
 * administrator signs in and lands on it; its cards equal what this file works out from the
 * dairy it made (deliveries, bills and receipts of the current month); its charts draw; its
 * tables hold the API's numbers; the largest due opens that customer's Receiving Payments.
 * An operator keeps Today but finds Dashboard first in the menu; a collector never sees it.
 */

const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const PASSWORD = 'dashboard-pass-1';
const CHARGES = { GP: 20_00, LK: 0 } as const;
type Colony = keyof typeof CHARGES;
type Product = 'COW' | 'BUF';
const PRICES: Record<Product, number> = { COW: 56_00, BUF: 70_00 };

/** Who, where, their opening balance (paise), and what they paid this month. */
const CUSTOMERS: { name: string; colony: Colony; route: number; opening: number; paid: number }[] = [
  { name: 'Asha Rao', colony: 'GP', route: 1, opening: 0, paid: 200_00 },
  { name: 'Bela Sen', colony: 'GP', route: 2, opening: 100_00, paid: 0 },
  { name: 'Chetan Das', colony: 'LK', route: 1, opening: 0, paid: 112_00 },
  { name: 'Divya Iyer', colony: 'LK', route: 2, opening: 500_00, paid: 0 },
  { name: 'Esha Khan', colony: 'LK', route: 3, opening: 0, paid: 0 },
];
/** Who took what, on which days of the month, how much (hundredths of a litre) each day. */
const DELIVERIES: [name: string, product: Product, days: number[], quantity: number][] = [
  ['Asha Rao', 'COW', [1, 2, 3], 150],
  ['Bela Sen', 'BUF', [1, 2], 100],
  ['Chetan Das', 'COW', [2], 200],
  ['Esha Khan', 'COW', [1], 100],
];

let app: RunningApp;
let month: { month: number; year: number };
const ids: Record<string, number> = {};

/** A request context signed in as `username`. */
async function signedInRequest(browser: Browser, username: string): Promise<APIRequestContext> {
  const answer = await browser.context.request.post(`${app.url}/api/auth/login`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { username, password: PASSWORD },
  });
  if (!answer.ok()) throw new Error(`sign-in of ${username} failed: ${answer.status()}`);
  return browser.context.request;
}

async function ok(answer: Promise<APIResponse>) {
  const response = await answer;
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`);
  return response;
}

beforeAll(async () => {
  app = await startApp();
  const db = app.database.db;
  const today = calendarDateIn('Asia/Kolkata', new Date());
  month = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  for (const [code, charges] of Object.entries(CHARGES))
    await makeColony(db, { colonyCode: code, colonyName: `${code} Colony`, charges });
  for (const [username, role] of [
    ['anita', 'admin'],
    ['olga', 'operator'],
    ['kiran', 'collector'],
  ] as [string, Role][]) {
    const user = await insertUser(db, { username, passwordHash: await hashPassword(PASSWORD), role });
    if (role === 'collector') await db.insert(userColony).values({ userId: user.userId, colonyCode: 'GP' });
  }
  const products = {
    COW: await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow milk', unit: 'L', price: PRICES.COW }),
    BUF: await makeDailyProduct(db, { productCode: 'BUF', productName: 'Buffalo milk', unit: 'L', price: PRICES.BUF }),
  };

  // Customers, bills and receipts through the API, as the office makes them.
  const setup = await openBrowser();
  try {
    const api = await signedInRequest(setup, 'anita');
    const headers = { 'X-Requested-With': 'fetch' };
    for (const c of CUSTOMERS) {
      const added = await ok(
        api.post(`${app.url}/api/users/add`, {
          headers,
          data: { name: c.name, address: `${c.name}'s house`, colony: c.colony, route: c.route, due: c.opening / 100 },
        }),
      );
      ids[c.name] = (await added.json()).row.customerId;
    }
    const monthText = `${month.year}-${String(month.month).padStart(2, '0')}`;
    for (const [name, product, days, quantity] of DELIVERIES)
      await deliver(db, ids[name]!, products[product], daysOf(monthText, days), { quantity });
    await ok(api.post(`${app.url}/api/payments/generateAll`, { headers, data: month }));
    for (const c of CUSTOMERS.filter((c) => c.paid > 0))
      await ok(
        api.patch(`${app.url}/api/payments/receivingPaymentsForm`, {
          headers,
          data: {
            customerId: ids[c.name],
            month: month.month - 1, // zero-based on this call
            year: month.year,
            receivingPayment: c.paid / 100,
            paymentMode: 'positive',
          },
        }),
      );
  } finally {
    await setup.close();
  }
});
afterAll(() => app?.close());

// ---- what the dairy above must show ----------------------------------------------------------

const litres = (product: Product) =>
  DELIVERIES.filter(([, p]) => p === product).reduce((sum, [, , days, quantity]) => sum + days.length * quantity, 0);

/** Each customer's bill: a line per product (price × the month's quantity), and the colony's charge if delivered to. */
function billOf(name: string): number {
  const mine = DELIVERIES.filter(([who]) => who === name);
  if (mine.length === 0) return 0;
  const colony = CUSTOMERS.find((c) => c.name === name)!.colony;
  const lines = (['COW', 'BUF'] as Product[]).map((product) =>
    lineAmount(
      PRICES[product],
      mine.filter(([, p]) => p === product).reduce((sum, [, , days, quantity]) => sum + days.length * quantity, 0),
    ),
  );
  return lines.reduce((a, b) => a + b, 0) + CHARGES[colony];
}

const billed = () => CUSTOMERS.reduce((sum, c) => sum + billOf(c.name), 0);
const collected = () => CUSTOMERS.reduce((sum, c) => sum + c.paid, 0);
const dueOf = (c: (typeof CUSTOMERS)[number]) => c.opening + billOf(c.name) - c.paid;
const outstanding = () => CUSTOMERS.reduce((sum, c) => sum + Math.max(0, dueOf(c)), 0);
const largestDue = () => [...CUSTOMERS].sort((a, b) => dueOf(b) - dueOf(a))[0]!;

// ---- the screen ------------------------------------------------------------------------------

/** Signs in on the sign-in screen at the home address, as a person does. */
async function signInOnScreen(p: Page, username: string) {
  await p.goto(`${app.url}/#/`);
  await p.getByRole('heading', { name: 'Sign in to DairyDesk' }).waitFor();
  await p.getByLabel('Username').fill(username);
  await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

const card = (p: Page, name: string) => p.getByRole('group', { name, exact: true }).locator('[data-value]');
const panel = (p: Page, name: string) => p.getByRole('region', { name, exact: true });

/** The rows of a chart's table, each as its cells' texts. */
async function tableOf(p: Page, name: string): Promise<string[][]> {
  const rows = panel(p, name).locator('tbody tr');
  const texts: string[][] = [];
  for (const row of await rows.all()) texts.push((await row.locator('td').allTextContents()).map((t) => t.trim()));
  return texts;
}

/** Opens the menu a phone keeps behind its button; the desktop's bar shows it already. */
async function menuOf(p: Page, size: string) {
  if (size === 'phone') {
    await p.getByRole('button', { name: 'Open menu' }).click();
    return p.getByRole('navigation', { name: 'Mobile menu' });
  }
  return p.getByRole('navigation', { name: 'Main menu' });
}

for (const [size, viewport] of SIZES) {
  describe(`on a ${size}`, () => {
    it('an admin lands on the Dashboard: the cards, charts and tables of the month, and the largest due links to its customer', async () => {
      const browser = await openBrowser(viewport);
      const p = browser.page;
      const warnings: string[] = [];
      p.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      try {
        await signInOnScreen(p, 'anita');
        await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
        expect(new URL(p.url()).hash).toBe('#/dashboard');
        // The current month is chosen.
        expect(await p.getByRole('combobox', { name: 'Month', exact: true }).inputValue()).toBe(
          MONTH_NAMES[month.month - 1],
        );
        expect(await p.getByRole('combobox', { name: 'Year', exact: true }).inputValue()).toBe(String(month.year));

        expect(await card(p, 'Cow milk delivered').textContent()).toBe(`${quantityText(litres('COW'))} L`);
        expect(await card(p, 'Buffalo milk delivered').textContent()).toBe(`${quantityText(litres('BUF'))} L`);
        expect(await card(p, 'Billed').textContent()).toBe(rupeeText(billed()));
        expect(await card(p, 'Collected').textContent()).toBe(rupeeText(collected()));
        expect(await card(p, 'Outstanding now').textContent()).toBe(rupeeText(outstanding()));
        expect(await card(p, 'Customers delivered to').textContent()).toBe(
          String(new Set(DELIVERIES.map(([name]) => name)).size),
        );

        // Each chart draws its bars: quantities on 3 days (two products on 2 of them), bills and
        // receipts of one month, the dues' buckets, the colonies' rates.
        for (const [chart, least] of [
          ['Quantity per day', 3],
          ['Billed and collected, last 12 months', 2],
          ['Outstanding by days since last paid', 1],
          ['Collection rate by colony', 2],
        ] as const) {
          const bars = panel(p, chart).locator('[data-chart] svg .recharts-bar-rectangle');
          await expect.poll(() => bars.count(), { message: chart }).toBeGreaterThanOrEqual(least);
        }

        // The tables hold what the API answers for the month.
        const answer = await browser.context.request.get(`${app.url}/api/dashboard`, {
          params: { month: month.month, year: month.year },
        });
        const data = dashboardResponse.parse(await answer.json());
        expect(data.cards.billed).toBe(billed());
        expect(data.cards.outstanding).toBe(outstanding());
        const dates = [...new Set(data.daily.map((d) => d.date))];
        const quantityOn = (date: string, code: string) =>
          data.daily.find((d) => d.date === date && d.productCode === code)?.quantity ?? 0;
        expect(await tableOf(p, 'Quantity per day')).toEqual(
          dates.map((date) => [
            formatDate(date),
            ...data.cards.quantities.map((q) => quantityText(quantityOn(date, q.productCode))),
            quantityText(quantityOn(date, 'BUF') + quantityOn(date, 'COW')),
          ]),
        );
        expect(await tableOf(p, 'Billed and collected, last 12 months')).toEqual(
          data.months.map((m) => [monthYear(m.month, m.year), rupeeText(m.billed), rupeeText(m.collected)]),
        );
        expect((await tableOf(p, 'Billed and collected, last 12 months')).at(-1)).toEqual([
          monthYear(month.month, month.year),
          rupeeText(billed()),
          rupeeText(collected()),
        ]);
        expect(await tableOf(p, 'Outstanding by days since last paid')).toEqual(
          data.ageing.map((a) => [
            a.bucket === '90+' ? 'Over 90 days' : `${a.bucket} days`,
            String(a.customers),
            rupeeText(a.amount),
          ]),
        );
        expect(await tableOf(p, 'Collection rate by colony')).toEqual(
          data.colonies.map((c) => [
            c.colonyCode,
            c.colonyName,
            rupeeText(c.billed),
            rupeeText(c.collected),
            c.rate === null ? 'Nothing billed' : `${Math.round(c.rate * 1000) / 10}%`,
          ]),
        );
        expect(await tableOf(p, '10 largest dues')).toEqual(
          data.topDues.map((d) => [d.customerName, d.colonyCode, String(d.route), rupeeText(d.due)]),
        );

        // The charts drew without a complaint in the console (a chart measured at no size warns).
        expect(warnings).toEqual([]);
        // Nothing is wider than the screen.
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await p.screenshot({ path: path.join(artifactsFolder('dashboard'), `${size}.png`), fullPage: true });

        // The largest due opens that customer's Receiving Payments.
        const top = largestDue();
        expect(data.topDues[0]?.customerName).toBe(top.name);
        await p.getByRole('link', { name: `Receiving Payments of ${top.name}` }).click();
        await p.getByRole('heading', { name: 'Receiving Payments' }).waitFor();
        const route = CUSTOMERS.find((c) => c.name === top.name)!.route;
        await expect
          .poll(() => p.getByRole('combobox', { name: 'Customer', exact: true }).inputValue())
          .toBe(`${top.name} (route ${route})`);
        expect(new URL(p.url()).hash).toContain(`customer=${ids[top.name]}`);
        await p
          .getByText(rupeeText(dueOf(top)))
          .first()
          .waitFor();
      } finally {
        await browser.close();
      }
    });

    it('an operator keeps Today after signing in, with Dashboard first in the menu', async () => {
      const browser = await openBrowser(viewport);
      const p = browser.page;
      try {
        await signInOnScreen(p, 'olga');
        await p.getByRole('heading', { name: 'Today', exact: true }).waitFor();
        expect(new URL(p.url()).hash).toBe('#/today');
        const menu = await menuOf(p, size);
        const first = menu.getByRole('link').first();
        expect(await first.textContent()).toBe('Dashboard');
        await first.click();
        await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
        expect(await card(p, 'Billed').textContent()).toBe(rupeeText(billed()));
      } finally {
        await browser.close();
      }
    });

    it('a collector sees no Dashboard in the menu, and the address says it is not theirs', async () => {
      const browser = await openBrowser(viewport);
      const p = browser.page;
      try {
        await signInOnScreen(p, 'kiran');
        await p.getByRole('heading', { name: 'Today', exact: true }).waitFor();
        const menu = await menuOf(p, size);
        await menu.getByRole('link', { name: 'Today', exact: true }).waitFor();
        expect(await menu.getByText('Dashboard').count()).toBe(0);
        await p.goto('about:blank');
        await p.goto(`${app.url}/#/dashboard`);
        await p.getByText('You do not have access to this screen.').waitFor();
        expect(await p.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
      } finally {
        await browser.close();
      }
    });
  });
}

describe("the first screen's calls", () => {
  /** Each GET to the API the page made, with when it was sent and when its answer arrived. */
  const calls = (p: Page) =>
    p.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ url: new URL(e.name), start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd }))
        .filter((e) => e.url.pathname.startsWith('/api/'))
        .map((e) => ({ call: `${e.url.pathname}${e.url.search}`, start: e.start, end: e.end })),
    );

  it('go out at once when the Dashboard is opened at its address, and each is made once', async () => {
    const browser = await openBrowser();
    const p = browser.page;
    try {
      await signInOnScreen(p, 'anita');
      await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      for (const address of [`/dashboard?month=${month.month}&year=${month.year}`, '/dashboard']) {
        await p.goto('about:blank');
        await p.goto(`${app.url}/#${address}`);
        await expect.poll(() => card(p, 'Billed').textContent()).toBe(rupeeText(billed()));
        const made = await calls(p);
        const monthCalls = made.filter((c) => c.call === `/api/dashboard?month=${month.month}&year=${month.year}`);
        const state = made.filter((c) => c.call === '/api/auth/state');
        // One call each: the screen took the answers started early instead of asking again.
        expect(monthCalls, address).toHaveLength(1);
        expect(state, address).toHaveLength(1);
        expect(
          made.filter((c) => c.call === '/api/config'),
          address,
        ).toHaveLength(1);
      }
    } finally {
      await browser.close();
    }
  });

  it("leave with the page, before the app's code has arrived", async () => {
    const chromium = await runChromium();
    // No service worker: the app's code comes over the network, where it can be held back.
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    try {
      const p = await context.newPage();
      await signInOnScreen(p, 'anita');
      await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      // The app's main script arrives a second late, as on a slow line.
      await context.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await p.goto('about:blank');
      await p.goto(`${app.url}/#/dashboard?month=${month.month}&year=${month.year}`);
      await expect.poll(() => card(p, 'Billed').textContent()).toBe(rupeeText(billed()));
      const main = await p.evaluate(() => {
        const script = performance.getEntriesByType('resource').find((e) => /\/assets\/main-/.test(e.name));
        return (script as PerformanceResourceTiming | undefined)?.responseEnd;
      });
      const made = await calls(p);
      for (const call of ['/api/auth/state', '/api/config', `/api/dashboard?month=${month.month}&year=${month.year}`]) {
        const sent = made.filter((c) => c.call === call);
        expect(sent, call).toHaveLength(1);
        expect(sent[0]!.start, call).toBeLessThan(main!);
      }
    } finally {
      await context.close();
    }
  });

  it('asked before signing in, are asked again for whoever signs in', async () => {
    const browser = await openBrowser();
    const p = browser.page;
    try {
      await p.goto(`${app.url}/#/dashboard?month=${month.month}&year=${month.year}`);
      await p.getByLabel('Username').fill('anita');
      await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => card(p, 'Billed').textContent()).toBe(rupeeText(billed()));
    } finally {
      await browser.close();
    }
  });
});

describe('exports', () => {
  it("each chart's table exports as CSV and XLSX with the API's numbers", async () => {
    const browser = await openBrowser();
    const p = browser.page;
    const folder = artifactsFolder('dashboard');
    const download = async (chart: string, format: 'CSV' | 'XLSX') => {
      await panel(p, chart).getByRole('button', { name: 'Export', exact: true }).click();
      const [file] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('menuitem', { name: format, exact: true }).click(),
      ]);
      const target = path.join(folder, file.suggestedFilename());
      await file.saveAs(target);
      return { name: file.suggestedFilename(), path: target };
    };
    try {
      await signedInRequest(browser, 'anita');
      await p.goto(`${app.url}/#/dashboard`);
      await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      const answer = await browser.context.request.get(`${app.url}/api/dashboard`);
      const data = dashboardResponse.parse(await answer.json());

      const csv = await download('Collection rate by colony', 'CSV');
      expect(csv.name).toBe(`Collection-rate-by-colony_month-${month.month}_year-${month.year}.csv`);
      const rows = Papa.parse<Record<string, string>>(readFileSync(csv.path, 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data;
      expect(rows).toEqual(
        data.colonies.map((c) => ({
          'Colony Code': c.colonyCode,
          'Colony Name': c.colonyName,
          Billed: String(c.billed / 100),
          Collected: String(c.collected / 100),
          'Collection rate (%)': c.rate === null ? '' : String(Math.round(c.rate * 1000) / 10),
        })),
      );

      const xlsx = await download('10 largest dues', 'XLSX');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(xlsx.path);
      const sheet = workbook.worksheets[0]!;
      const values = sheet.getSheetValues().slice(1) as unknown[][];
      expect(values.map((row) => row.slice(1))).toEqual([
        ['Customer Name', 'Colony Code', 'Route', 'Due'],
        ...data.topDues.map((d) => [d.customerName, d.colonyCode, d.route, d.due / 100]),
      ]);
    } finally {
      await browser.close();
    }
  });
});

describe('the bar', () => {
  it('holds Dashboard and every group beside the title at 1200 px, the narrowest that shows them', async () => {
    const browser = await openBrowser({ width: 1200, height: 800 });
    const p = browser.page;
    try {
      await signedInRequest(browser, 'anita');
      await p.goto(`${app.url}/#/dashboard`);
      await p.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      const title = (await p.getByRole('link', { name: 'DairyDesk', exact: true }).boundingBox())!;
      const menu = (await p.getByRole('navigation', { name: 'Main menu' }).boundingBox())!;
      expect(menu.x).toBeGreaterThanOrEqual(title.x + title.width);
      expect(menu.x + menu.width).toBeLessThanOrEqual(1200);
      // The customer search and the user menu follow the menu, inside the screen.
      const search = (await p.getByRole('button', { name: 'Search customers' }).boundingBox())!;
      const user = (await p.getByRole('button', { name: 'User menu' }).boundingBox())!;
      expect(search.x).toBeGreaterThanOrEqual(menu.x + menu.width);
      expect(user.x).toBeGreaterThanOrEqual(search.x + search.width);
      expect(user.x + user.width).toBeLessThanOrEqual(1200);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1200);
    } finally {
      await browser.close();
    }
  });
});
