import path from 'node:path';
import { calendarDateIn } from '@dairy/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeColony, makeConsumption, makeCustomer, makePayment, makeProductOn, makeTransaction } from '../dairy';
import { artifactsFolder, type Browser, createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';
import { choose, chooseEach, clickAndSee, downloadPdf, generateAndSee, typeDate } from '../screen';

/**
 * What a new operator meets first, at a laptop's 1366x768 and a phone's 390x844, in an Indian
 * operator's locale (en-IN). The product label is not the default one, so any screen naming the
 * product another way shows up. The first test needs the new installation's empty database; the
 * tests after it work in Shanti Vihar, made for them (`shantiVihar()`).
 */
const ARTIFACTS = artifactsFolder('look');
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const LABEL = 'Curd';

let app: RunningApp;
let browser: Browser;
let page: Page;

/** Shanti Vihar: Meena Shah (route 1) and Bala Iyer (route 2) take thick curd on Mondays. */
const sv = { productId: 0, combinationId: 0, meena: 0, bala: 0, consumptionId: 0 };
async function shantiVihar() {
  if (sv.productId) return;
  const db = app.database.db;
  await makeColony(db, { colonyCode: 'SV', colonyName: 'Shanti Vihar', charges: 2000 });
  const curd = await makeProductOn(db, 'Monday', { productCode: 'DH', productName: 'Thick Curd', price: 4000 });
  const meena = await makeCustomer(db, { colonyCode: 'SV', customerName: 'Meena Shah', route: 1 });
  const bala = await makeCustomer(db, { colonyCode: 'SV', customerName: 'Bala Iyer', route: 2 });
  const consumption = await makeConsumption(db, { customerId: meena.customerId, productId: curd.productId });
  await makeConsumption(db, { customerId: bala.customerId, productId: curd.productId });
  Object.assign(sv, {
    productId: curd.productId,
    combinationId: curd.combinationId,
    meena: meena.customerId,
    bala: bala.customerId,
    consumptionId: consumption.consumptionId,
  });
}

beforeAll(async () => {
  app = await startApp({ productLabel: LABEL });
  await createAdmin(app.database);
  browser = await openBrowser(LAPTOP);
  page = browser.page;
  await signIn(browser, app);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** River View: 45 customers, each billed ₹125.00 for November 2026 and marked a defaulter. */
let riverViewMade = false;
async function riverView() {
  if (riverViewMade) return;
  riverViewMade = true;
  const db = app.database.db;
  await makeColony(db, { colonyCode: 'RV', colonyName: 'River View', charges: 2000 });
  for (let i = 1; i <= 45; i++) {
    const person = await makeCustomer(db, {
      colonyCode: 'RV',
      customerName: `Resident ${String(i).padStart(2, '0')}`,
      contactNumber: `98100000${String(i).padStart(2, '0')}`,
      route: i,
      defaulter: 1,
      due: 12500,
    });
    await makePayment(
      db,
      {
        customerId: person.customerId,
        paymentYear: 2026,
        paymentMonth: 11,
        charges: 2000,
        totalPrice: 12500,
        // One paisa brought forward, so the grand total must add exactly.
        previousDue: i === 1 ? 1 : 0,
        due: 12500,
      },
      [{ productCode: 'CRD', productName: 'Fresh Curd', price: 3500, attendance: 3 }],
    );
  }
}

/** A fresh page load of a hash route (cached data and toasts of the step before are gone). */
async function goto(route: string) {
  await page.goto('about:blank');
  await page.goto(`${app.url}/#${route}`);
}

const apiAnswer = (pathname: string) => page.waitForResponse((r) => new URL(r.url()).pathname === pathname);

/** 2026-11-23 → 23/11/2026: how every date is shown. */
const shownInIndia = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** Whether the element on top at the centre of `target` is `target` or inside it (nothing covers it). */
const onTop = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });

describe('a new installation', () => {
  it('guides the first steps from the home page until each has a record', async () => {
    const db = app.database.db;
    await goto('/');
    const guide = page.getByRole('region', { name: 'Getting started' });
    await guide.waitFor();
    const links = guide.getByRole('list').getByRole('link', { name: /^Add / });
    expect(await links.allInnerTexts()).toEqual([
      'Add Colony',
      'Add Combination',
      'Add Curd',
      'Add Customer',
      'Add Consumption',
    ]);
    expect(await links.evaluateAll((all) => all.map((a) => new URL((a as HTMLAnchorElement).href).hash))).toEqual([
      '#/AddColony',
      '#/combinations/add',
      '#/products/add',
      '#/customers/add',
      '#/consumptions/add',
    ]);
    // Customers may come from a spreadsheet instead, and bills need the business's UPI ID.
    const hashOf = (name: string) =>
      guide.getByRole('link', { name, exact: true }).evaluate((a) => new URL((a as HTMLAnchorElement).href).hash);
    expect(await hashOf('Import Customers')).toBe('#/import');
    expect(await hashOf('Settings')).toBe('#/settings');
    expect(await guide.innerText()).toMatch(/UPI ID/);
    // The same guide on a phone, within its width.
    await page.setViewportSize(PHONE);
    try {
      await guide.getByRole('link', { name: 'Settings', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const importLink = guide.getByRole('link', { name: 'Import Customers', exact: true });
      // In the middle of the screen, clear of the bar.
      await importLink.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await guide.screenshot({ path: path.join(ARTIFACTS, 'getting-started-phone.png') });
      expect(await onTop(importLink)).toBe(true);
    } finally {
      await page.setViewportSize(LAPTOP);
    }

    // The first step as an operator takes it: the guide's link, the form, and home by the title.
    await guide.getByRole('link', { name: 'Add Colony' }).click();
    await page.getByRole('heading', { name: 'Add Colony' }).waitFor();
    await page.getByLabel('Colony Code').fill('GP');
    await page.getByLabel('Colony Name').fill('Green Park');
    await page.getByLabel('Service Charges').fill('20');
    await clickAndSee(page, 'Add Colony', 'Colony added successfully!');
    await page.waitForURL((url) => url.hash === '#/ShowColony');
    await page.getByRole('link', { name: 'DairyDesk', exact: true }).click();
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual(['Add Combination', 'Add Curd', 'Add Customer', 'Add Consumption']);
    expect(await guide.getByRole('listitem').first().textContent()).toMatch(/^Add ColonyDone/);

    const curd = await makeProductOn(db, 'Monday', { productCode: 'CRD', productName: 'Fresh Curd', price: 4000 });
    const asha = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha Rao', route: 1 });
    await goto('/');
    await guide.getByRole('link', { name: 'Add Consumption' }).waitFor();
    await expect.poll(() => links.allInnerTexts()).toEqual(['Add Consumption']);
    expect(await guide.getByText('Done', { exact: true }).count()).toBe(4);

    await makeConsumption(db, { customerId: asha.customerId, productId: curd.productId });
    const counted = apiAnswer('/api/overview');
    await goto('/');
    expect(await (await counted).json()).toEqual({
      colonies: 1,
      combinations: 1,
      products: 1,
      customers: 1,
      consumptions: 1,
    });
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();
    await page.waitForTimeout(300); // the answer has been rendered
    expect(await guide.count()).toBe(0);
  });
});

describe('Single User Transaction', () => {
  beforeAll(shantiVihar);

  /** Asks for Meena's Monday curd from one date to another. */
  async function generate(fromDate: string, toDate: string) {
    await goto('/transactions/singletransaction');
    await chooseEach(page, { Colony: 'Shanti Vihar', Customer: 'Meena Shah (route 1)' });
    await choose(page, LABEL, 'Thick Curd (DH)');
    await choose(page, 'Days', 'Monday');
    await expect.poll(() => page.getByLabel('Price').inputValue()).toBe('40');
    await page.getByLabel('Multiple Transaction').check();
    await typeDate(page.getByLabel('From Date'), fromDate);
    await typeDate(page.getByLabel('To Date'), toDate);
    await page.getByRole('button', { name: 'Generate Transaction' }).click();
  }
  const success = () => page.getByText('Generate Transaction Successfully');

  it('tells what happened: created, already there, or both', async () => {
    // November 2026 has Mondays on the 2nd, 9th, 16th, 23rd and 30th.
    await generate('2026-11-02', '2026-11-16');
    await success().waitFor();
    expect(await page.getByText('Transactions Already Exists.').count()).toBe(0);
    await page.waitForURL((url) => url.hash === '#/transactions');

    await generate('2026-11-02', '2026-11-23');
    await page.getByText('3 Transactions Already Exists.').waitFor();
    await success().waitFor();
    await page.waitForURL((url) => url.hash === '#/transactions');

    // Every date already there: the warning alone (both toasts are shown at once, or neither).
    await generate('2026-11-09', '2026-11-23');
    await page.getByText('3 Transactions Already Exists.').waitFor();
    expect(await success().count()).toBe(0);
  });
});

describe('dates', () => {
  beforeAll(shantiVihar);

  it('shows every date as dd/mm/yyyy (docs/rules.md section 23), and the date fields stay typeable', async () => {
    const delivery = await makeTransaction(app.database.db, {
      customerId: sv.bala,
      productId: sv.productId,
      combinationId: sv.combinationId,
      transactionDate: '2026-12-14',
      price: 4000,
    });

    await goto('/transactions');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale)).toBe('en-IN');
    await choose(page, 'Colony', 'Shanti Vihar');
    const dateInput = page.getByLabel('Date', { exact: true });
    // The app's own field, not the browser's date input.
    expect(await dateInput.getAttribute('type')).not.toBe('date');
    // Typed as the field shows it, day first, over the date it held.
    await dateInput.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('14/12/2026');
    await page.keyboard.press('Tab');
    expect(await dateInput.inputValue()).toBe('14/12/2026');
    await page.getByText('Total Records: 1').waitFor();
    const column = await page
      .getByRole('columnheader')
      .allInnerTexts()
      .then((headers) => headers.indexOf('Transaction Date'));
    const dates = await page
      .locator('tbody tr')
      .evaluateAll((rows, c) => rows.map((r) => r.children[c]?.textContent), column);
    expect(dates).toEqual(['14/12/2026']);
    await page.getByLabel('Attendance of Bala Iyer Thick Curd 14/12/2026').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'dates-transactions.png') });

    await goto('/transactions/dailyTransactions');
    await typeDate(page.getByLabel('Start Date'), '2026-12-21');
    await choose(page, 'Colony', 'Shanti Vihar');
    await page.getByRole('cell', { name: 'Bala Iyer' }).waitFor();
    const previewColumn = (await page.getByRole('columnheader').allInnerTexts()).indexOf('Date');
    expect(
      await page
        .locator('tbody tr')
        .evaluateAll((rows, c) => rows.map((r) => r.children[c]?.textContent), previewColumn),
    ).toEqual(['21/12/2026', '21/12/2026']);

    await goto(`/transactions/update/${delivery.transactionId}`);
    await expect.poll(() => page.getByLabel('Date', { exact: true }).inputValue()).toBe('14/12/2026');

    // Generate Transactions' dialog of the customers who already had that day.
    await goto('/transactions/add');
    await choose(page, 'Colony', 'Shanti Vihar');
    await typeDate(page.getByLabel('Date'), '2026-12-14');
    await generateAndSee(page, 'Generate', '2026-12-14', 'These customers already had transactions on 14/12/2026:');
  });
});

describe('read-only fields', () => {
  beforeAll(shantiVihar);

  const looks = (field: Locator) =>
    field.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        background: style.backgroundColor,
        border: style.borderColor,
        color: style.color,
        cursor: style.cursor,
      };
    });

  it('look the same on every update screen, and unlike the fields one can change', async () => {
    const transaction = await makeTransaction(app.database.db, {
      customerId: sv.meena,
      productId: sv.productId,
      combinationId: sv.combinationId,
      transactionDate: '2026-12-07',
      price: 4000,
    });
    const screens: { route: string; readOnly: [string, string][]; editable?: string }[] = [
      { route: '/colony/update/SV', readOnly: [['Colony Code', 'SV']], editable: 'Colony Name' },
      { route: `/products/update/${sv.productId}`, readOnly: [[`${LABEL} Code`, 'DH']], editable: 'Name' },
      {
        route: `/consumptions/update/${sv.consumptionId}`,
        readOnly: [
          ['Colony', 'Shanti Vihar'],
          ['Customer', 'Meena Shah'],
        ],
      },
      {
        route: `/transactions/update/${transaction.transactionId}`,
        readOnly: [
          ['Colony', 'Shanti Vihar'],
          ['Customer', 'Meena Shah'],
          ['Date', '07/12/2026'],
        ],
        editable: 'Price',
      },
    ];
    let first: Awaited<ReturnType<typeof looks>> | undefined;
    for (const screen of screens) {
      await goto(screen.route);
      for (const [label, value] of screen.readOnly) {
        const field = page.getByLabel(label, { exact: true });
        await expect.poll(() => field.inputValue(), { message: `${label} on ${screen.route}` }).toBe(value);
        expect(await field.isEditable(), `${label} on ${screen.route}`).toBe(false);
        first ??= await looks(field);
        expect(await looks(field), `${label} on ${screen.route}`).toEqual(first);
      }
      if (screen.editable) {
        const editable = await looks(page.getByLabel(screen.editable, { exact: true }));
        expect(editable.background, `${screen.editable} on ${screen.route}`).not.toBe(first?.background);
      }
    }
  });
});

describe('reports as PDFs', () => {
  beforeAll(riverView);

  /** Clicks 'Export to PDF' and reads the PDF back: its text page by page. */
  const exportPdf = async () => (await downloadPdf(page, ARTIFACTS)).pages;

  const printedToday = () => `Printed ${shownInIndia(calendarDateIn('Asia/Kolkata', new Date()))}`;

  function expectNumberedPages(pages: string[]) {
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}\\s*$`));
      expect(text, `page ${i + 1}`).toContain(printedToday());
      expect(text, `page ${i + 1}`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    });
  }

  it("the monthly sheet ends with the colony's grand total and numbers every page", async () => {
    await goto('/report/monthly');
    await chooseEach(page, { Colony: 'River View', Month: 'November', Year: '2026' });
    await page.getByRole('cell', { name: 'Resident 45' }).waitFor();
    const pages = await exportPdf();
    expectNumberedPages(pages);
    const all = pages.join('\n');
    expect(all.match(/Grand Total/g)).toHaveLength(1);
    // 45 bills of ₹125.00, and one paisa brought forward.
    expect(pages.at(-1)).toMatch(/Grand Total\s+₹5,625\.01/);
    expect(all).toMatch(/45\s+Resident 45\s+9810000045\s+Fresh Curd \(3 L\)\s+3\s+₹105\.00/);
  });

  it('the balance sheet numbers every page', async () => {
    await goto('/report/balance');
    await choose(page, 'Colony', 'River View');
    await page.getByRole('cell', { name: 'Resident 45' }).waitFor();
    const pages = await exportPdf();
    expectNumberedPages(pages);
    expect(pages.join('\n')).toMatch(/45\s+Resident 45\s+9810000045\s+₹125\.00/);
  });
});

describe('the product', () => {
  beforeAll(shantiVihar);
  beforeAll(riverView);

  it('is named by the configured label on every screen, never "Milk" or "Product"', async () => {
    /** What a person (or a screen reader) meets on the screen: text, labels, placeholders, titles. */
    const wordsOnScreen = () =>
      page.evaluate(() => {
        const words = [document.title, document.body.innerText];
        for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
          for (const name of ['aria-label', 'placeholder', 'title']) words.push(el.getAttribute(name) ?? '');
        }
        return words.join('\n');
      });
    const otherNames = /\b(milks?|products?)\b/gi;
    const routes = [
      '/',
      '/ShowColony',
      '/combinations',
      '/products',
      '/products/add',
      `/products/update/${sv.productId}`,
      '/consumptions',
      '/consumptions/add',
      `/consumptions/update/${sv.consumptionId}`,
      '/transactions',
      '/transactions/singletransaction',
      '/transactions/dailyTransactions',
      '/payments/add',
      '/payments/receiving',
      '/payments/details',
      '/report',
      '/report/monthly',
      '/report/balance',
      '/report/genrate-defaulters',
    ];
    for (const route of routes) {
      await goto(route);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect((await wordsOnScreen()).match(otherNames), route).toBeNull();
    }
    // A month's bills, each with its lines.
    await goto('/payments/info');
    await chooseEach(page, { Colony: 'River View', Month: 'November', Year: '2026' });
    await page.getByRole('cell', { name: 'Resident 01', exact: true }).waitFor();
    expect((await wordsOnScreen()).match(otherNames), '/payments/info').toBeNull();
  });
});

describe('the bar', () => {
  it('is opaque: a table scrolling under it does not show through', async () => {
    const db = app.database.db;
    for (let i = 1; i <= 40; i++) {
      await makeColony(db, { colonyCode: `Z${String(i).padStart(2, '0')}`, colonyName: `Zone number ${i}` });
    }
    await goto('/ShowColony');
    await page.getByRole('cell', { name: 'Z40', exact: true }).waitFor();
    await page.mouse.move(600, 700);
    const bar = (await page.getByRole('banner').boundingBox())!;
    const clip = { x: 0, y: 0, width: bar.width, height: bar.height };
    const overBackground = await page.screenshot({ clip });
    await page.evaluate(() => window.scrollTo(0, 500));
    // The table's rows now pass under the bar.
    await expect.poll(async () => (await page.locator('tbody').boundingBox())!.y).toBeLessThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'bar-over-table.png') });
    const overTable = await page.screenshot({ clip });
    expect(overTable.equals(overBackground)).toBe(true);
  });
});

describe('toasts', () => {
  beforeAll(shantiVihar);

  const toasts = () => page.getByRole('alert');
  const refusals = (pathname: string, message: (n: number) => string) => {
    let n = 0;
    const matches = (url: URL) => url.pathname === pathname;
    return {
      on: () => page.route(matches, (route) => route.fulfill({ status: 409, json: { message: message(++n) } })),
      off: () => page.unroute(matches),
    };
  };
  async function submitAddColony() {
    const answered = apiAnswer('/api/colony/add');
    await page.getByRole('button', { name: 'Add Colony' }).click();
    await answered;
  }

  it('stay top-right below the title row, narrow, three at most, identical ones once, never over the menu', async () => {
    await page.setViewportSize(LAPTOP);
    await goto('/AddColony');
    await page.getByLabel('Colony Code').fill('SV');
    await page.getByLabel('Colony Name').fill('Shanti Vihar');
    await page.getByLabel('Service Charges').fill('20');

    // The same refusal three times (SV exists): one toast.
    for (let i = 0; i < 3; i++) await submitAddColony();
    await toasts().first().waitFor();
    await page.waitForTimeout(300);
    expect(await toasts().count()).toBe(1);

    // Five different refusals: three at a time, the rest as the first ones close (after 5 s).
    const refuse = refusals('/api/colony/add', (n) => `Refusal number ${n}`);
    await refuse.on();
    try {
      for (let i = 0; i < 5; i++) await submitAddColony();
    } finally {
      await refuse.off();
    }
    // Six waiting, three shown (a closing toast slides out for 250 ms while the next slides in).
    await expect.poll(() => toasts().count()).toBe(3);
    // The fifth shows only once three before it have closed.
    expect(await page.getByText('Refusal number 5').isVisible()).toBe(false);
    await page.getByText('Refusal number 5').waitFor({ timeout: 8000 });
    await expect.poll(() => toasts().count()).toBe(3);

    // At the top right below the screen's title row, narrow; the bar's buttons, the screen's
    // own and an open menu stay uncovered.
    const bar = (await page.getByRole('banner').boundingBox())!;
    const titleRow = (await page.locator('[data-page-header]').boundingBox())!;
    for (const toast of await toasts().all()) {
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(titleRow.y + titleRow.height);
      expect(box.y).toBeLessThan(LAPTOP.height / 2);
      expect(box.width).toBeLessThanOrEqual(340);
      expect(LAPTOP.width - (box.x + box.width)).toBeLessThan(40);
    }
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Transactions', 'Payments', 'Report', 'Sign out']) {
      expect(await onTop(nav.getByRole('button', { name, exact: true })), name).toBe(true);
    }
    await nav.getByRole('button', { name: 'Report', exact: true }).click();
    const dropdown = page.getByRole('menu', { name: 'Report' });
    await dropdown.waitFor();
    expect(await toasts().count()).toBeGreaterThan(0);
    for (const item of await dropdown.getByRole('menuitem').all()) {
      expect(await onTop(item), await item.innerText()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(ARTIFACTS, 'toasts-laptop.png') });

    // On a phone: as wide as the screen allows, below the bar, and under the open menu panel.
    await page.setViewportSize(PHONE);
    const phoneRefusal = refusals('/api/colony/add', () => 'Refused on the phone');
    await phoneRefusal.on();
    try {
      await submitAddColony();
    } finally {
      await phoneRefusal.off();
    }
    const phoneToast = toasts().filter({ hasText: 'Refused on the phone' });
    await phoneToast.waitFor();
    await page.waitForTimeout(400); // it has slid in
    const box = (await phoneToast.boundingBox())!;
    const phoneTitleRow = (await page.locator('[data-page-header]').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(phoneTitleRow.y + phoneTitleRow.height);
    expect(box.y).toBeGreaterThanOrEqual(bar.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Mobile menu' });
    await panel.waitFor();
    await page.waitForTimeout(400); // the panel has slid in
    expect(await phoneToast.isVisible()).toBe(true);
    for (const group of ['Colony', 'Combinations', LABEL, 'Customers']) {
      expect(await onTop(panel.getByRole('button', { name: group, exact: true })), group).toBe(true);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'toasts-phone-menu.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize(LAPTOP);
  });
});

describe("toasts and a screen's top buttons", () => {
  beforeAll(shantiVihar);

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
  ] as const)('never cover them, on a %s', async (_size, viewport) => {
    await page.setViewportSize(viewport);
    try {
      // A list's top buttons while its action's toast shows.
      await goto('/ShowColony');
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'SV', exact: true }) });
      for (const action of ['Disable', 'Enable']) {
        await row.getByRole('button', { name: action }).click();
        await page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('alert').first().waitFor();
        await page.waitForTimeout(400); // it has slid in
        for (const button of [
          page.getByRole('link', { name: 'Add Colony', exact: true }),
          page.getByRole('button', { name: 'Export', exact: true }),
        ])
          expect(await onTop(button), await button.innerText()).toBe(true);
      }

      // Today's buttons after Generate all.
      await goto('/today?date=2026-11-30');
      await page.getByRole('button', { name: 'Generate all' }).click();
      await page.getByRole('alert').filter({ hasText: 'created in' }).waitFor();
      await page.waitForTimeout(400);
      for (const name of ['Previous day', 'Next day', 'Generate all', 'Print all route sheets'])
        expect(await onTop(page.getByRole('button', { name, exact: true })), name).toBe(true);
    } finally {
      await page.setViewportSize(LAPTOP);
    }
  });
});

describe('the menu on a phone', () => {
  /**
   * Whether a menu item's label fits its box (which cuts it with an ellipsis) uncut. The ellipsis
   * does not show in scrollWidth, so the label is measured on its own, in its font, on one line.
   */
  const fitsWhole = (box: Element) => {
    const label = box.querySelector('.mantine-NavLink-label') ?? box;
    const probe = document.createElement('span');
    probe.style.cssText = `position: absolute; visibility: hidden; white-space: nowrap; font: ${getComputedStyle(label).font}`;
    probe.textContent = label.textContent;
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return needed <= box.getBoundingClientRect().width;
  };
  const groups = ['Colony', 'Combinations', LABEL, 'Customers', 'Consumptions', 'Transactions', 'Payments', 'Report'];

  it("is 35% of the screen, a phone's too, and shows whole group names", async () => {
    await page.setViewportSize(PHONE);
    try {
      await goto('/ShowColony');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('navigation', { name: 'Mobile menu' });
      await panel.waitFor();
      // The spec's 35 percent, measured once the panel has slid in.
      await expect
        .poll(async () => (await page.getByRole('dialog', { name: 'Menu' }).boundingBox())?.width)
        .toBeCloseTo(PHONE.width * 0.35, 0);
      for (const group of groups) {
        const body = panel.getByRole('button', { name: group, exact: true }).locator('.mantine-NavLink-body');
        expect(await body.evaluate(fitsWhole), `${group} is cut`).toBe(true);
      }
      await page.screenshot({ path: path.join(ARTIFACTS, 'menu-phone.png') });

      // A small tablet (still the collapsed menu): the spec's 35 percent.
      await page.setViewportSize({ width: 800, height: 900 });
      await expect
        .poll(async () => (await page.getByRole('dialog', { name: 'Menu' }).boundingBox())?.width)
        .toBeCloseTo(800 * 0.35, 0);
    } finally {
      await page.keyboard.press('Escape');
      await page.setViewportSize(LAPTOP);
    }
  });
});

describe('motion', () => {
  /** The confirm dialog's motion as it opens for Disable on Meena Shah's row, then cancelled. */
  async function dialogMotion() {
    await goto('/?colony=SV');
    await page.getByRole('row').filter({ hasText: 'Meena Shah' }).getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
    const duration = await dialog.evaluate((el) => getComputedStyle(el).transitionDuration);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    return duration;
  }

  it('slides a dialog in, and shows it at once for a person whose system asks for less motion', async () => {
    await shantiVihar();
    // The test browser asks for reduced motion (harness.ts).
    expect(await dialogMotion()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    try {
      expect(await dialogMotion()).toBe('0.2s');
    } finally {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    }
  });
});
