import { calendarDateIn } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product, transaction } from '../../server/src/db/schema';
import { deliver, makeColony, makeCombination, makeCustomer, makeProduct, makeProductOn } from '../dairy';
import { countCalls, openBrowser, signedInForFile, signIn, startSignedIn } from '../harness';
import { clickAndSee, expectDelayedRedirect, typeDate } from '../screen';

const s = signedInForFile(async (db) => {
  await makeCombination(db, 'Monday, Wednesday, Friday');
  await makeCombination(db, 'Saturday, Sunday');
  await makeCombination(db, 'Special', { disable: 1 });
});

const combinations = (page: Page = s.page) => page.getByRole('combobox', { name: 'Combinations', exact: true });

/** Chooses a combination as a person does: opens the picker and clicks the days. */
async function chooseCombination(days: string, page: Page = s.page) {
  await combinations(page).click();
  await page.getByRole('option', { name: days, exact: true }).click();
}

/** The message shown beside a field: the text its input is described by. */
async function messageBeside(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => field.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

/** The product rows of a code, as stored. */
const rowsOf = (code: string) => s.app.database.db.select().from(product).where(eq(product.productCode, code));

/** Records the page's saves (any call but a GET) to one API path from now on. */
function countSaves(page: Page, pathname: (path: string) => boolean) {
  const saves: string[] = [];
  const listen = (request: { url(): string; method(): string }) => {
    if (request.method() !== 'GET' && pathname(new URL(request.url()).pathname)) saves.push(request.url());
  };
  page.on('request', listen);
  return { saves, stop: () => page.off('request', listen) };
}

/**
 * Types 0 and then 0.5 as the price and presses `button`: the price stays as typed, the message
 * shows beside it, and no call that `isSave` names is sent.
 */
async function refusesPriceBelowOne(button: string, isSave: (path: string) => boolean) {
  const { page } = s;
  const price = page.getByLabel('Price');
  const { saves, stop } = countSaves(page, isSave);
  try {
    for (const typed of ['0', '0.5']) {
      await price.fill(typed);
      await price.blur();
      expect(await price.inputValue()).toBe(typed);
      await page.getByRole('button', { name: button }).click();
      await expect.poll(() => messageBeside(price)).toBe('Price must be at least 1');
      expect(await price.inputValue()).toBe(typed);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saves).toEqual([]);
  } finally {
    stop();
  }
}

describe('Add Milk', () => {
  it('shows each validation text beside its field, then adds and goes to the list', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByRole('heading', { name: 'Add Milk' }).waitFor();
    // A disabled combination is not offered.
    expect(await combinations().getAttribute('placeholder')).toBe('Select Combination');
    await combinations().click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Select Combination',
      'Monday, Wednesday, Friday',
      'Saturday, Sunday',
    ]);
    await page.keyboard.press('Escape');

    // The spec's labels: Milk Code, Name, Combinations, Price, Active; and the code's Unit (docs/rules.md section 12).
    expect(await page.locator('form label').allTextContents()).toEqual([
      'Milk Code',
      'Name',
      'Unit',
      'Combinations',
      'Price',
      'Active',
    ]);
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('placeholder')).toBe('Enter name');

    await page.getByRole('button', { name: 'Add Milk' }).click();
    for (const text of [
      "Milk Code can't be empty!",
      "Milk Name can't be empty!",
      "Price can't be empty!",
      'Please select a combination.',
    ]) {
      await page.getByText(text).waitFor();
    }
    // After a submit, typing a code clears its message at once.
    await page.getByPlaceholder('Select or enter Milk code').fill('COW');
    await page.getByText("Milk Code can't be empty!").waitFor({ state: 'detached' });
    await page.getByPlaceholder('Enter name').fill('Cow');
    await page.getByLabel('Price').fill('60.5');
    await chooseCombination('Monday, Wednesday, Friday');
    await clickAndSee(page, 'Add Milk', 'Milk Name must contain at least 5 alphabets');
    await page.getByPlaceholder('Enter name').fill('Cow Milk 2');
    await clickAndSee(page, 'Add Milk', 'Milk Name must contain only alphabets and spaces');
    await page.getByPlaceholder('Enter name').fill('  Cow Milk ');
    const added = 'Milk Added Successfully';
    await expectDelayedRedirect(page, { message: added, form: /#\/products\/add$/, list: /#\/products$/ }, () =>
      clickAndSee(page, 'Add Milk', added),
    );
    await page.getByRole('heading', { name: 'All Milks' }).waitFor();
    await page.getByRole('cell', { name: 'Cow Milk' }).waitFor();
  });

  it('fills the name from an existing code and adds a second combination of it', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByPlaceholder('Select or enter Milk code').fill('CO');
    await page.getByRole('option', { name: 'COW' }).click();
    expect(await page.getByPlaceholder('Enter name').inputValue()).toBe('Cow Milk');
    await chooseCombination('Saturday, Sunday');
    await page.getByLabel('Price').fill('70');
    await page.getByLabel('Active').uncheck();
    await clickAndSee(page, 'Add Milk', 'Milk Added Successfully');
    await page.waitForURL(/#\/products$/);
  });

  it('tells when the code already has that combination', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByPlaceholder('Select or enter Milk code').fill('COW');
    await page.getByPlaceholder('Enter name').fill('Cow Milk');
    await page.getByLabel('Price').fill('60');
    await chooseCombination('Saturday, Sunday');
    await clickAndSee(page, 'Add Milk', 'Unable to add Milk');
    await page.getByText('This Milk code already has a row with this combination.').waitFor();
  });

  it('keeps a price of 0 or 0.5 as typed, says why beside the field and stores nothing', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByPlaceholder('Select or enter Milk code').fill('LOW');
    await page.getByPlaceholder('Enter name').fill('Low Price Milk');
    await chooseCombination('Monday, Wednesday, Friday');
    await refusesPriceBelowOne('Add Milk', (path) => path === '/api/product/add');
    expect(await page.getByText('Milk Added Successfully').count()).toBe(0);
    expect(await rowsOf('LOW')).toEqual([]);
    // 1 is enough: the message goes as soon as it is typed.
    const price = page.getByLabel('Price');
    await price.fill('1');
    await expect.poll(() => messageBeside(price)).toBe('');
  });

  it('keeps a choice when the option already chosen is chosen again', async () => {
    const { page } = s;
    await s.goto('/products/add');
    const code = page.getByPlaceholder('Select or enter Milk code');
    await code.fill('CO');
    await page.getByRole('option', { name: 'COW' }).click();
    await code.fill('CO');
    await page.getByRole('option', { name: 'COW' }).click();
    expect(await code.inputValue()).toBe('COW');
    expect(await page.getByPlaceholder('Enter name').inputValue()).toBe('Cow Milk');
    for (let i = 0; i < 2; i++) await chooseCombination('Saturday, Sunday');
    expect(await combinations().inputValue()).toBe('Saturday, Sunday');
  });
});

describe('All Milks', () => {
  it('filters by state and by a debounced search, and toggles Is Active through the dialog', async () => {
    const { page } = s;
    const db = s.app.database.db;
    const special = await makeCombination(db, 'Monthly');
    await makeProduct(db, { productCode: 'BUF', productName: 'Buffalo Milk', combinationId: special.combinationId });
    await s.goto('/products');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'Buffalo Milk' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    expect(await table.locator('thead th').allTextContents()).toEqual([
      '#',
      'Milk Code',
      'Milk Name',
      'Days',
      'Price',
      'Is Active',
      'Action',
    ]);

    await page.getByLabel('Inactive').check();
    await table.getByRole('cell', { name: 'Saturday, Sunday', exact: true }).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('All', { exact: true }).check();

    await page.getByPlaceholder('Enter code or name').fill('buff');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('cell', { name: 'BUF', exact: true }).waitFor();
    await page.getByPlaceholder('Enter code or name').fill('nothing like it');
    await page.getByText('No Milks found').waitFor();
    await page.getByPlaceholder('Enter code or name').fill('');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);

    const active = page.getByLabel('Is Active: BUF Monthly');
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await page.getByText('Are you sure you want to disable this Milk?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await clickAndSee(page, 'Confirm', 'Disabled Milk successfully');
    await expect.poll(() => active.isChecked()).toBe(false);
    await active.click();
    await page.getByText('Are you sure you want to enable this Milk?').waitFor();
    await clickAndSee(page, 'Confirm', 'Enabled Milk successfully');
    await expect.poll(() => active.isChecked()).toBe(true);
  });
});

describe('Update Milk', () => {
  it('keeps the code read-only, checks the fields and saves', async () => {
    const { page } = s;
    await s.goto('/products');
    const row = page.getByRole('row').filter({ hasText: 'Monday, Wednesday, Friday' });
    await row.getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update Milk' }).waitFor();
    const code = page.getByLabel('Milk Code');
    expect(await code.inputValue()).toBe('COW');
    expect(await code.getAttribute('readonly')).not.toBeNull();
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('');
    await page.getByLabel('Price').fill('');
    await clickAndSee(page, 'Update Milk', 'Name is required.');
    await page.getByText('Price is required.').waitFor();
    await name.fill('Cow Milk Fresh');
    await page.getByLabel('Price').fill('62.25');
    const updated = 'Milk updated Successfully';
    await expectDelayedRedirect(
      page,
      { message: updated, form: /#\/products\/update\/\d+$/, list: /#\/products$/ },
      () => clickAndSee(page, 'Update Milk', updated),
    );
    await page.getByRole('cell', { name: '₹62.25' }).waitFor();
    // The code has one name: its other row (Saturday, Sunday) shows the new name too.
    await expect.poll(() => page.getByRole('cell', { name: 'Cow Milk Fresh', exact: true }).count()).toBe(2);
  });

  it('keeps a price below 1 as typed, says why beside the field and sends nothing', async () => {
    const { page } = s;
    const [row] = await rowsOf('COW');
    await s.goto(`/products/update/${row!.productId}`);
    const price = page.getByLabel('Price');
    await price.waitFor();
    await refusesPriceBelowOne('Update Milk', (path) => path.startsWith('/api/product/update/'));
    expect((await rowsOf('COW')).find((r) => r.productId === row!.productId)).toEqual(row);
  });

  it('refuses a save from an older copy, says so, and Reload shows the other change', async () => {
    const db = s.app.database.db;
    const saved = await makeProductOn(db, 'Weekly', {
      productCode: 'TWIN',
      productName: 'Twin Copy Milk',
      price: 4000,
    });
    const url = `/products/update/${saved.productId}`;
    // Two operators open the same row.
    await s.goto(url);
    const other = await s.browser.context.newPage();
    try {
      await other.goto(`${s.app.url}/#${url}`);
      await other.getByLabel('Price').fill('45');
      await clickAndSee(other, 'Update Milk', 'Milk updated Successfully');
    } finally {
      await other.close();
    }

    const { page } = s;
    await page.getByLabel('Name', { exact: true }).fill('Twin Stale Milk');
    await page.getByRole('button', { name: 'Update Milk' }).click();
    const alert = page.getByRole('alert').filter({
      hasText: 'This record was changed by someone else.',
      has: page.getByRole('button', { name: 'Reload' }),
    });
    await alert.waitFor();
    await page.getByText('Unable to update Milk').waitFor();
    expect(await rowsOf('TWIN')).toEqual([
      expect.objectContaining({ productName: 'Twin Copy Milk', price: 4500, version: saved.version + 1 }),
    ]);

    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Price').inputValue()).toBe('45');
    await alert.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Twin Copy Milk');
    await page.getByLabel('Name', { exact: true }).fill('Twin Fresh Milk');
    await clickAndSee(page, 'Update Milk', 'Milk updated Successfully');
    expect(await rowsOf('TWIN')).toEqual([expect.objectContaining({ productName: 'Twin Fresh Milk', price: 4500 })]);
  });
});

describe('a unit per code (docs/rules.md section 12)', () => {
  it("starts at 'L', brings an existing code's unit, and writes a unit to every row of the code", async () => {
    const { page } = s;
    await s.goto('/products/add');
    expect(await page.getByLabel('Unit').inputValue()).toBe('L');
    await page.getByPlaceholder('Select or enter Milk code').fill('PANEER');
    await page.getByPlaceholder('Enter name').fill('Fresh Paneer');
    await page.getByLabel('Unit').fill('kg');
    await chooseCombination('Monday, Wednesday, Friday');
    await page.getByLabel('Price').fill('350');
    await clickAndSee(page, 'Add Milk', 'Milk Added Successfully');
    expect((await rowsOf('PANEER')).map((r) => r.unit)).toEqual(['kg']);

    // A second row of the code: the form brings the code's unit.
    await s.goto('/products/add');
    await page.getByPlaceholder('Select or enter Milk code').fill('PANE');
    await page.getByRole('option', { name: 'PANEER', exact: true }).click();
    await expect.poll(() => page.getByLabel('Unit').inputValue()).toBe('kg');
    await chooseCombination('Saturday, Sunday');
    await page.getByLabel('Price').fill('360');
    await clickAndSee(page, 'Add Milk', 'Milk Added Successfully');
    expect((await rowsOf('PANEER')).map((r) => r.unit)).toEqual(['kg', 'kg']);

    // Update Milk shows the unit and writes a new one to every row; one over 10 characters is refused.
    const [first] = await rowsOf('PANEER');
    await s.goto(`/products/update/${first!.productId}`);
    const unit = page.getByLabel('Unit');
    await expect.poll(() => unit.inputValue()).toBe('kg');
    await unit.fill('kilograms!!');
    await page.getByRole('button', { name: 'Update Milk' }).click();
    await expect.poll(() => messageBeside(unit)).toContain('Unit must be at most 10 characters');
    await unit.fill('block');
    await clickAndSee(page, 'Update Milk', 'Milk updated Successfully');
    expect((await rowsOf('PANEER')).map((r) => r.unit)).toEqual(['block', 'block']);
  });
});

describe('All Milks when the server fails or the person types', () => {
  it("says 'Something went wrong.' when the toggle is refused and 'Internal Server Error' when it gets no answer", async () => {
    const { page } = s;
    await s.goto('/products');
    const active = page.getByLabel('Is Active: BUF Monthly');
    expect(await active.isChecked()).toBe(true);
    const isToggle = (url: URL) => url.pathname.startsWith('/api/product/updateActive/');
    await page.route(isToggle, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
    );
    try {
      await active.click();
      await clickAndSee(page, 'Confirm', 'Something went wrong.');
      expect(await active.isChecked()).toBe(true);
    } finally {
      await page.unroute(isToggle);
    }
    await page.route(isToggle, (route) => route.abort());
    try {
      await active.click();
      await clickAndSee(page, 'Confirm', 'Internal Server Error');
      expect(await active.isChecked()).toBe(true);
    } finally {
      await page.unroute(isToggle);
    }
  });

  it('searches once, 500 ms after the last keystroke, and keeps the page until then', async () => {
    const { page } = s;
    const db = s.app.database.db;
    const monthly = await makeCombination(db, 'Monthly');
    // 205 more rows: two pages of 200.
    await db.insert(product).values(
      Array.from({ length: 205 }, (_, i) => ({
        productCode: `P${String(i + 1).padStart(3, '0')}`,
        productName: 'Bulk Milk',
        price: 5000,
        combinationId: monthly.combinationId,
      })),
    );
    await s.goto('/products');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'P001', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const lastRow = table.getByRole('cell', { name: 'P205', exact: true });
    await lastRow.waitFor();

    const { calls: asked, stop } = countCalls(page, '/api/product');
    try {
      await page.getByPlaceholder('Enter code or name').pressSequentially('Buffalo', { delay: 20 });
      // Still typing as far as the search knows: page 2 stays, nothing is asked yet.
      expect(await lastRow.count()).toBe(1);
      expect(asked).toHaveLength(0);
      await table.getByRole('cell', { name: 'BUF', exact: true }).waitFor();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(asked.map((u) => [u.searchParams.get('name'), u.searchParams.get('offset')])).toEqual([['Buffalo', '1']]);
    } finally {
      stop();
    }
  });

  it('keeps the search, the state and the page in the address: reload and a save come back to them', async () => {
    const { page } = s;
    await s.goto('/products');
    const table = page.getByRole('table');
    await page.getByPlaceholder('Enter code or name').fill('bulk');
    await page.getByLabel('Inactive', { exact: true }).check();
    await table.getByRole('cell', { name: 'P001', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await table.getByRole('cell', { name: 'P205', exact: true }).waitFor();
    await page.waitForURL(/search=bulk/);
    await page.waitForURL(/state=inactive/);
    await page.waitForURL(/page=2/);
    const address = page.url();

    await page.reload();
    await table.getByRole('cell', { name: 'P205', exact: true }).waitFor();
    expect(await page.getByPlaceholder('Enter code or name').inputValue()).toBe('bulk');
    expect(await page.getByLabel('Inactive', { exact: true }).isChecked()).toBe(true);
    expect(await table.locator('tbody tr').count()).toBe(5);
    expect(page.url()).toBe(address);

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'P203', exact: true }) });
    await row.getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update Milk' }).waitFor();
    await page.getByLabel('Price').fill('51');
    await clickAndSee(page, 'Update Milk', 'Milk updated Successfully');
    await page.waitForURL(address);
    await row.getByRole('cell', { name: '₹51.00' }).waitFor();
    expect(await page.getByPlaceholder('Enter code or name').inputValue()).toBe('bulk');
    expect(await page.getByLabel('Inactive', { exact: true }).isChecked()).toBe(true);
  });
});

describe('the product label', () => {
  it("names the product by the configured label, here 'Curd', on every screen of it", async () => {
    const curd = await startSignedIn({ productLabel: 'Curd' });
    try {
      const db = curd.app.database.db;
      const row = await makeProductOn(db, 'Monday', {
        productCode: 'CRD',
        productName: 'Fresh Curd',
      });
      const used = await makeCombination(db, 'Wednesday', { disable: 1 });
      await makeProduct(db, { productCode: 'OLDC', productName: 'Old Curd', combinationId: used.combinationId });
      const { page } = curd;
      const noMilk = async () => expect(await page.locator('body').innerText()).not.toMatch(/milk|product/i);

      await curd.goto('/products');
      await page.getByRole('heading', { name: 'All Curds' }).waitFor();
      await page.getByRole('columnheader', { name: 'Curd Code' }).waitFor();
      await noMilk();
      await page.getByLabel('Is Active: CRD Monday').click();
      await page.getByText('Are you sure you want to disable this Curd?').waitFor();
      await clickAndSee(page, 'Confirm', 'Disabled Curd successfully');
      await noMilk();

      await curd.goto('/products/add');
      await page.getByRole('heading', { name: 'Add Curd' }).waitFor();
      await clickAndSee(page, 'Add Curd', "Curd Code can't be empty!");
      await noMilk();

      await curd.goto(`/products/update/${row.productId}`);
      await page.getByRole('heading', { name: 'Update Curd' }).waitFor();
      expect(await page.getByLabel('Curd Code').inputValue()).toBe('CRD');
      await noMilk();

      await curd.goto('/combinations');
      const usedRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Wednesday', exact: true }) });
      await usedRow.getByRole('button', { name: 'Delete' }).click();
      await clickAndSee(page, 'Confirm', 'This combination is used by a Curd and cannot be deleted.');
      await noMilk();
    } finally {
      await curd.close();
    }
  });
});

describe("Add Milk's Combinations field", () => {
  it("starts with the spec's disabled option 'Select Combination', at a desk and on a 390 px phone", async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const browser = await openBrowser(viewport);
      try {
        await signIn(browser, s.app);
        const { page } = browser;
        await page.goto(`${s.app.url}/#/products/add`);
        await page.getByRole('heading', { name: 'Add Milk' }).waitFor();
        expect(await combinations(page).inputValue()).toBe('');
        await combinations(page).click();
        const first = page.getByRole('option').first();
        await first.waitFor();
        expect(await first.textContent()).toBe('Select Combination');
        expect(await first.getAttribute('aria-disabled')).toBe('true');
        // It cannot be chosen: the field stays empty, and a real combination still can.
        await first.click({ force: true });
        expect(await combinations(page).inputValue()).toBe('');
        await page.getByRole('option', { name: 'Saturday, Sunday', exact: true }).click();
        expect(await combinations(page).inputValue()).toBe('Saturday, Sunday');
      } finally {
        await browser.close();
      }
    }
  });
});

describe('Change price', () => {
  /** Today in the business time zone (Asia/Kolkata by default), and the days around it. */
  const today = calendarDateIn('Asia/Kolkata', new Date());
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const shown = (date: string) => date.split('-').reverse().join('/');

  it('previews how many deliveries and bills a rise changes, then makes it in one action', async () => {
    const db = s.app.database.db;
    const colony = await makeColony(db, { colonyCode: 'PRC', colonyName: 'Price Colony', charges: 0 });
    const weekdays = await makeProductOn(db, 'Monday, Wednesday, Friday', {
      productCode: 'GIR',
      productName: 'Gir Cow Milk',
      price: 60_00,
    });
    const weekend = await makeProductOn(db, 'Saturday, Sunday', {
      productCode: 'GIR',
      productName: 'Gir Cow Milk',
      price: 58_00,
    });
    const asha = await makeCustomer(db, { colonyCode: colony.colonyCode, customerName: 'Asha', route: 3 });
    await deliver(db, asha.customerId, weekdays, [day(-12), day(-3), day(-2)]);
    await deliver(db, asha.customerId, weekend, [day(-1)]);
    // Typed at another price: it keeps it.
    await deliver(db, asha.customerId, weekdays, [day(-1)], { price: 65_00 });
    const months = [...new Set([day(-3), day(-2), day(-1)].map((d) => d.slice(0, 7)))];
    for (const month of [...new Set([day(-12).slice(0, 7), ...months])]) {
      const billed = await s.browser.context.request.post(`${s.app.url}/api/payments/generatePayments`, {
        headers: { 'X-Requested-With': 'fetch' },
        data: { colony: 'PRC', month: Number(month.slice(5)), year: Number(month.slice(0, 4)) },
      });
      expect(billed.status()).toBe(200);
    }

    const { page } = s;
    await s.goto('/products?search=GIR');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    // One 'Change price' per code.
    expect(await page.getByRole('button', { name: 'Change price of GIR' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Change price of GIR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change price of GIR' });
    await dialog.getByText('Gir Cow Milk').first().waitFor();
    expect(await dialog.getByLabel('From Date').inputValue()).toBe(shown(today));
    await dialog.getByLabel('New Price').fill('64');
    await typeDate(dialog.getByLabel('From Date'), day(-70));
    await dialog.getByText('The price can change from a date in the last 62 days.').waitFor();
    await typeDate(dialog.getByLabel('From Date'), day(-3));
    const preview = dialog.getByRole('status');
    await expect
      .poll(() => preview.innerText())
      .toBe(
        `From ${shown(day(-3))}: 2 rows of GIR, 3 deliveries and ${months.length} ${months.length === 1 ? 'bill' : 'bills'} ` +
          'change to ₹64.00. Deliveries typed at another price keep it.',
      );
    await dialog.getByRole('button', { name: 'Change price' }).click();
    await page.getByText('Price changed successfully.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('cell', { name: '₹64.00', exact: true }).count()).toBe(2);

    const prices = await s.app.database.db
      .select({ date: transaction.transactionDate, price: transaction.price })
      .from(transaction)
      .where(eq(transaction.customerId, asha.customerId))
      .orderBy(transaction.transactionDate, transaction.price);
    expect(prices.map((r) => `${r.date} ${r.price}`)).toEqual([
      `${day(-12)} 6000`,
      `${day(-3)} 6400`,
      `${day(-2)} 6400`,
      `${day(-1)} 6400`,
      `${day(-1)} 6500`,
    ]);
  });

  it('works on a 390 px phone, from the keyboard', async () => {
    const db = s.app.database.db;
    await makeProductOn(db, 'Monday, Wednesday, Friday', {
      productCode: 'DSI',
      productName: 'Desi Milk',
      price: 50_00,
    });
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      const { page } = phone;
      await page.goto(`${s.app.url}/#/products?search=DSI`);
      const open = page.getByRole('button', { name: 'Change price of DSI' });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Change price of DSI' });
      await dialog.getByLabel('New Price').fill('52.50');
      await dialog
        .getByRole('status')
        .getByText(`From ${shown(today)}: 1 row of DSI, 0 deliveries and 0 bills change to ₹52.50.`, { exact: false })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await dialog.getByRole('button', { name: 'Change price' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Price changed successfully.').waitFor();
      await page.getByRole('cell', { name: '₹52.50', exact: true }).waitFor();
    } finally {
      await phone.close();
    }
  });
});
