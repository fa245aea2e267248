import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERY_DAY, makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { openBrowser, signedInForFile, signIn } from '../harness';
import { choose, chooseEach, clickAndSee, typeDate } from '../screen';

/**
 * Pauses & Changes (docs/rules.md section 12); Update User's part is in customers.test.ts.
 * Green Park: Asha and Bala on routes 1 and 2, cow milk (L) and curd (kg) every day.
 */

/** Today in the business time zone (BUSINESS_TZ defaults to Asia/Kolkata), and the days after it. */
const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const daysFromToday = (n: number) =>
  new Date(Date.parse(`${businessToday()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** A date as the Indian operator's browser shows it: 23/11/2026. */
const shown = (date: string) => date.split('-').reverse().join('/');

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  await makeColony(db, { colonyCode: 'RV', colonyName: 'River View' });
  await makeDailyProduct(db, { productCode: 'MLK', productName: 'Cow milk', price: 3050 });
  const curd = await makeDailyProduct(db, { productCode: 'CRD', productName: 'Curd', unit: 'kg', price: 8000 });
  for (const [customerName, route] of [
    ['Asha', 1],
    ['Bala', 2],
  ] as const) {
    const { customerId } = await makeCustomer(db, { colonyCode: 'GP', customerName, route });
    await makeConsumption(db, { customerId, productId: curd.productId });
  }
  await makeCustomer(db, { colonyCode: 'RV', customerName: 'Ravi', route: 1 });
});

const dialog = () => s.page.getByRole('dialog');
const rows = () => s.page.locator('tbody tr');
const rowOf = (text: string) => rows().filter({ hasText: text });

async function cells(row: Locator) {
  return row.locator('td').allTextContents();
}

/** Adds a pause of every consumption of `customer` through the Add Change dialog. */
async function addPause(page: Page, customer: string, from: string, to: string, reason: string) {
  await page.getByRole('button', { name: 'Add Change' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Add Change' }).waitFor();
  await choose(page, 'Customer', customer, dialog);
  await typeDate(dialog.getByLabel('From Date'), from);
  await typeDate(dialog.getByLabel('To Date'), to);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

describe("the person's path", () => {
  it('gives Asha 1.5 L a day, pauses her for a holiday, and her deliveries of those days are absent', async () => {
    const [today, tomorrow, after] = [daysFromToday(0), daysFromToday(1), daysFromToday(2)];

    // Add Consumption: 1.5 L of cow milk every day.
    await s.open('/consumptions/add', 'Add Consumption');
    await chooseEach(s.page, {
      Colony: 'Green Park',
      Customer: 'Asha (route 1)',
      Milk: 'Cow milk',
      Days: `${EVERY_DAY} (₹30.50)`,
    });
    const quantity = s.page.getByLabel('Quantity', { exact: true });
    expect(await quantity.inputValue()).toBe('1');
    await s.page.locator('form').getByText('L', { exact: true }).waitFor();
    await quantity.fill('1.5');
    await clickAndSee(s.page, 'Add Consumption', 'Successfully created consumption.');
    await s.goto('/consumptions?colony=GP');
    await rowOf('Cow milk').getByRole('cell', { name: '1.5 L', exact: true }).waitFor();

    // Generate Transactions for today and tomorrow.
    for (const date of [today, tomorrow]) {
      await s.goto('/transactions/add');
      await choose(s.page, 'Colony', 'Green Park');
      await typeDate(s.page.getByLabel('Date', { exact: true }), date);
      await clickAndSee(s.page, 'Generate', 'Successfully Generate Transactions.');
    }

    // Pauses & Changes: a holiday from tomorrow, every consumption of Asha's.
    await s.open('/changes', 'Pauses & Changes');
    await s.page.getByText('Select a colony to see its pauses and changes.').waitFor();
    expect(await s.page.getByRole('button', { name: 'Add Change' }).isDisabled()).toBe(true);
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByText('No current or upcoming pauses or changes.').waitFor();
    await s.page.getByRole('button', { name: 'Add Change' }).click();
    await dialog().getByRole('heading', { name: 'Add Change' }).waitFor();
    await choose(s.page, 'Customer', 'Asha (route 1)', dialog());
    expect(await dialog().getByRole('combobox', { name: 'Consumption' }).inputValue()).toBe('All');
    expect(await dialog().getByLabel('Pause').isChecked()).toBe(true);
    await typeDate(dialog().getByLabel('From Date'), tomorrow);
    await typeDate(dialog().getByLabel('To Date'), after);
    await dialog().getByLabel('Reason').fill('Holiday');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await s.page.getByText('Change added successfully.').waitFor();
    // Tomorrow's cow milk and curd were generated already: both are corrected.
    await s.page.getByText('2 generated deliveries were corrected.').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    expect(await s.page.locator('thead th').allTextContents()).toEqual([
      'Route',
      'Customer',
      'Milk',
      'Change',
      'From',
      'To',
      'Reason',
      'By',
      'Action',
    ]);
    expect((await cells(rowOf('Asha'))).slice(0, 8)).toEqual([
      '1',
      'Asha',
      'All',
      'Pause',
      shown(tomorrow),
      shown(after),
      'Holiday',
      'operator',
    ]);

    // All Transactions: tomorrow's rows of Asha are absent, today's delivered, Bala's untouched.
    await s.goto(`/transactions?colony=GP&date=${tomorrow}`);
    await s.page.getByText('Total Records: 3').waitFor();
    expect(await s.page.getByLabel(`Attendance of Asha Cow milk ${shown(tomorrow)}`).isChecked()).toBe(false);
    expect(await s.page.getByLabel(`Attendance of Asha Curd ${shown(tomorrow)}`).isChecked()).toBe(false);
    expect(await s.page.getByLabel(`Attendance of Bala Curd ${shown(tomorrow)}`).isChecked()).toBe(true);
    await s.goto(`/transactions?colony=GP&date=${today}`);
    await s.page.getByText('Total Records: 3').waitFor();
    expect(await s.page.getByLabel(`Attendance of Asha Cow milk ${shown(today)}`).isChecked()).toBe(true);
  });
});

describe('Pauses & Changes', () => {
  it('checks the dialog through the contract: each text beside its field, nothing sent', async () => {
    await s.goto('/changes?colony=GP');
    await s.page.getByRole('button', { name: 'Add Change' }).click();
    // What the dialog would send: a POST or PUT to the changes calls.
    const sent: string[] = [];
    const listen = (request: { method(): string; url(): string }) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/changes'))
        sent.push(request.url());
    };
    s.page.on('request', listen);
    try {
      await typeDate(dialog().getByLabel('From Date'), '');
      await clickAndSee(dialog(), 'Save', 'Please select a customer.');
      await dialog().getByText('From date is required.').waitFor();
      await choose(s.page, 'Customer', 'Bala (route 2)', dialog());
      await typeDate(dialog().getByLabel('From Date'), '2030-01-10');
      await typeDate(dialog().getByLabel('To Date'), '2030-01-09');
      await dialog().getByText('To date must be on or after the from date.').waitFor();
      await dialog().getByLabel('Quantity change').check();
      await dialog().getByText('A quantity change needs a consumption.').waitFor();
      await choose(
        s.page,
        'Consumption',
        'Curd (Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday)',
        dialog(),
      );
      await dialog().getByText('kg', { exact: true }).waitFor();
      await typeDate(dialog().getByLabel('To Date'), '');
      await dialog().getByText('A quantity change needs a to date.').waitFor();
      await dialog().getByLabel('Quantity', { exact: true }).fill('0');
      await dialog().getByText('Quantity must be more than 0.').waitFor();
      await dialog().getByLabel('Quantity', { exact: true }).fill('1.234');
      await dialog().getByText('Quantity must have at most 2 decimals.').waitFor();
      await clickAndSee(dialog(), 'Save', 'Quantity must have at most 2 decimals.');
      // Cancel leaves everything as it was.
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      await dialog().waitFor({ state: 'hidden' });
      expect(sent).toEqual([]);
    } finally {
      s.page.off('request', listen);
    }
  });

  it("a quantity change shows its unit; an overlap is the server's 409 in the dialog", async () => {
    await s.goto('/changes?colony=GP');
    await s.page.getByRole('button', { name: 'Add Change' }).click();
    await chooseEach(s.page, { Customer: 'Bala (route 2)', Consumption: `Curd (${EVERY_DAY})` }, dialog());
    await dialog().getByLabel('Quantity change').check();
    await typeDate(dialog().getByLabel('From Date'), '2030-01-10');
    await typeDate(dialog().getByLabel('To Date'), '2030-01-12');
    await dialog().getByLabel('Quantity', { exact: true }).fill('2.5');
    await dialog().getByText('kg', { exact: true }).waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await s.page.getByText('Change added successfully.').waitFor();
    expect((await cells(rowOf('Bala'))).slice(0, 6)).toEqual([
      '2',
      'Bala',
      'Curd',
      'Quantity 2.5 kg',
      '10/01/2030',
      '12/01/2030',
    ]);

    await s.page.getByRole('button', { name: 'Add Change' }).click();
    await chooseEach(s.page, { Customer: 'Bala (route 2)', Consumption: `Curd (${EVERY_DAY})` }, dialog());
    await dialog().getByLabel('Quantity change').check();
    await typeDate(dialog().getByLabel('From Date'), '2030-01-12');
    await typeDate(dialog().getByLabel('To Date'), '2030-01-20');
    await dialog().getByLabel('Quantity', { exact: true }).fill('3');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByRole('alert').getByText('Overlaps an existing change.').waitFor();
    await s.page.getByText('Unable to save the change.').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await rowOf('Bala').count()).toBe(1);
  });

  it('edits and deletes a change: the list and the deliveries follow', async () => {
    const tomorrow = daysFromToday(1);
    await s.goto('/changes?colony=GP');
    const asha = rowOf('Asha');
    await asha.getByRole('button', { name: 'Edit' }).click();
    await dialog().getByRole('heading', { name: 'Edit Change' }).waitFor();
    expect(await dialog().getByLabel('Customer').inputValue()).toBe('Asha');
    expect(await dialog().getByLabel('Reason').inputValue()).toBe('Holiday');
    await typeDate(dialog().getByLabel('To Date'), '');
    await dialog().getByLabel('Reason').fill('Gone until further notice');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await s.page.getByText('Change updated successfully.').waitFor();
    await asha.getByRole('cell', { name: 'Until further notice', exact: true }).waitFor();

    await asha.getByRole('button', { name: 'Delete' }).click();
    await s.page.getByText('Are you sure you want to delete this change?').waitFor();
    await clickAndSee(s.page, 'Confirm', 'Change deleted successfully.');
    await s.page.getByText('2 generated deliveries were corrected.').waitFor();
    await expect.poll(() => rowOf('Asha').count()).toBe(0);

    await s.goto(`/transactions?colony=GP&date=${tomorrow}`);
    await s.page.getByText('Total Records: 3').waitFor();
    expect(await s.page.getByLabel(`Attendance of Asha Cow milk ${shown(tomorrow)}`).isChecked()).toBe(true);
  });

  it("keeps a change just saved in view though it lies in the past; 'Show past' lists the rest", async () => {
    const [from, to] = [daysFromToday(-12), daysFromToday(-10)];
    await s.goto('/changes?colony=GP');
    await rowOf('Bala').waitFor();
    expect(await s.page.getByRole('switch', { name: 'Show past' }).isChecked()).toBe(false);
    await addPause(s.page, 'Bala (route 2)', from, to, 'Wedding');
    await s.page.getByText('Change added successfully.').waitFor();
    // Saved in the past, and still listed where it was saved, beside the current ones.
    // The list is read again after the message; poll until it holds the new row.
    await expect
      .poll(async () => (await cells(rowOf('Wedding'))).slice(0, 7))
      .toEqual(['2', 'Bala', 'All', 'Pause', shown(from), shown(to), 'Wedding']);
    expect(await rowOf('Quantity 2.5 kg').count()).toBe(1);

    // Opened again, the list is current and upcoming; 'Show past' lists the rest, and stays in the address.
    await s.goto('/changes?colony=GP');
    await rowOf('Quantity 2.5 kg').waitFor();
    expect(await rowOf('Wedding').count()).toBe(0);
    await s.page.getByRole('switch', { name: 'Show past' }).click();
    await rowOf('Wedding').waitFor();
    await expect.poll(() => s.page.url()).toContain('past=1');
    await s.page.reload();
    await rowOf('Wedding').waitFor();
    expect(await s.page.getByRole('switch', { name: 'Show past' }).isChecked()).toBe(true);
    await choose(s.page, 'Colony', 'River View');
    await s.page.getByText('No pauses or changes.').waitFor();
  });

  it('keeps what was just saved in view on a 390 px phone too', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      const page = phone.page;
      await page.goto(`${s.app.url}/#/changes?colony=GP`);
      await page.getByRole('heading', { name: 'Pauses & Changes' }).waitFor();
      await page.locator('tbody tr').filter({ hasText: 'Quantity 2.5 kg' }).waitFor();
      await addPause(page, 'Asha (route 1)', daysFromToday(-30), daysFromToday(-29), 'Visiting family');
      await page.getByText('Change added successfully.').waitFor();
      await page.locator('tbody tr').filter({ hasText: 'Visiting family' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it("Update User lists the customer's changes whole, past ones included", async () => {
    const db = s.app.database.db;
    const { customerId } = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Chitra', route: 5 });
    const change = (data: Record<string, unknown>) =>
      s.browser.context.request.post(`${s.app.url}/api/changes`, {
        headers: { 'X-Requested-With': 'fetch' },
        data: { customerId, kind: 'pause', ...data },
      });
    expect(
      (await change({ fromDate: daysFromToday(-40), toDate: daysFromToday(-35), reason: 'Long ago' })).status(),
    ).toBe(201);
    expect((await change({ fromDate: daysFromToday(20), toDate: daysFromToday(22), reason: 'Ahead' })).status()).toBe(
      201,
    );
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const browser = await openBrowser({ width, height });
      try {
        await signIn(browser, s.app);
        const page = browser.page;
        await page.goto(`${s.app.url}/#/customers/update/${customerId}`);
        const listed = page.getByRole('region', { name: 'Pauses & Changes' }).locator('tbody tr');
        await listed.filter({ hasText: 'Ahead' }).waitFor();
        // The past pause first (by from date), then the upcoming one.
        expect(await listed.count()).toBe(2);
        expect(await listed.nth(0).innerText()).toContain('Long ago');
        expect(await listed.nth(0).innerText()).toContain(shown(daysFromToday(-40)));
        if (width === 390)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await browser.close();
      }
    }
  });

  it('works from the keyboard: open, choose the kind with the arrows, close with Escape', async () => {
    await s.goto('/changes?colony=GP');
    const add = s.page.getByRole('button', { name: 'Add Change' });
    await add.focus();
    await s.page.keyboard.press('Enter');
    await dialog().getByRole('heading', { name: 'Add Change' }).waitFor();
    await dialog().getByLabel('Pause').focus();
    await s.page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog().getByLabel('Quantity change').isChecked()).toBe(true);
    await dialog().getByLabel('Quantity', { exact: true }).waitFor();
    await s.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });
});
