import { readFileSync } from 'node:fs';
import path from 'node:path';
import { calendarDateIn } from '@dairy/contract';
import { and, gte, lte } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../server/src/db/schema';
import { EVERY_DAY, makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
import { artifactsFolder, type Browser, createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';
import { choose, chooseEach, clickAndSee, confirmDialog, downloadPdf, shownDate, typeDate } from '../screen';

/**
 * Dates read as in India (docs/rules.md section 23) in a browser set to US English, whose own
 * date inputs would read 06/01/2026 for 1 June: every date shown, typed, printed and exported is
 * dd/mm/yyyy all the same. And a generation date far from today is asked about (section 24).
 * Green Park: Asha (route 1) takes cow milk every day; 1 June 2026 is generated.
 */

const ARTIFACTS = artifactsFolder('dates');
const DAY = '2026-06-01';
const today = calendarDateIn('Asia/Kolkata', new Date());
const daysAfterToday = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let app: RunningApp;
let browser: Browser;
const page = () => browser.page;
const goto = async (route: string) => {
  await page().goto('about:blank');
  await page().goto(`${app.url}/#${route}`);
};

beforeAll(async () => {
  app = await startApp();
  await createAdmin(app.database);
  const db = app.database.db;
  const { cow } = await makeMilkAndCurd(db);
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  const asha = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha', route: 1 });
  await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId });
  browser = await openBrowser(undefined, 'en-US');
  await signIn(browser, app);
  const generated = await page().request.post(`${app.url}/api/transactions/generateAll`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { date: DAY },
  });
  expect(generated.ok()).toBe(true);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const rowsBetween = async (from: string, to: string) =>
  app.database.db
    .select({ date: transaction.transactionDate })
    .from(transaction)
    .where(and(gte(transaction.transactionDate, from), lte(transaction.transactionDate, to)))
    .orderBy(transaction.transactionDate);

describe('Dates in a US English browser', () => {
  it('is a browser that would itself write 1 June 2026 month first', async () => {
    await goto('/');
    expect(await page().evaluate(() => navigator.language)).toBe('en-US');
    expect(await page().evaluate(() => new Date(2026, 5, 1).toLocaleDateString())).toBe('6/1/2026');
  });

  it('shows, takes by keyboard and picks from the calendar dd/mm/yyyy on All Transactions', async () => {
    await goto('/transactions?colony=GP');
    const date = page().getByLabel('Date', { exact: true });
    await expect.poll(() => date.inputValue()).toBe(shownDate(today));
    expect(await date.getAttribute('type')).not.toBe('date');

    // Typed key by key, day first: 01/06 is 1 June, not 6 January.
    await date.click();
    await page().keyboard.press('ControlOrMeta+A');
    await page().keyboard.type('01/06/2026');
    await page().keyboard.press('Tab');
    await page().waitForURL(/date=2026-06-01/);
    await page().getByText('Total Records: 1').waitFor();
    expect(await date.inputValue()).toBe('01/06/2026');
    await page().getByRole('cell', { name: '01/06/2026', exact: true }).waitFor();
    await page().getByLabel('Attendance of Asha Cow milk 01/06/2026').waitFor();

    // The calendar opens on the month of the date; a day picked there reads dd/mm/yyyy too.
    await date.click();
    await page().getByRole('button', { name: '2 June 2026', exact: true }).click();
    await page().waitForURL(/date=2026-06-02/);
    expect(await date.inputValue()).toBe('02/06/2026');

    // A date outside 2000-2099 is not taken: the field keeps the date it had.
    await typeDate(date, '2100-01-01');
    expect(await date.inputValue()).toBe('02/06/2026');
    expect(page().url()).toContain('date=2026-06-02');
  });

  it('saves a period typed day first in Single User Transaction', async () => {
    await goto('/transactions/singletransaction');
    await chooseEach(page(), {
      Colony: 'Green Park',
      Customer: 'Asha (route 1)',
      Milk: 'Cow milk (COW)',
      Days: EVERY_DAY,
    });
    await page().getByLabel('Multiple Transaction').check();
    await typeDate(page().getByLabel('From Date'), '2026-07-11');
    await typeDate(page().getByLabel('To Date'), '2026-07-12');
    expect(await page().getByLabel('From Date').inputValue()).toBe('11/07/2026');
    await clickAndSee(page(), 'Generate Transaction', 'Generate Transaction Successfully');
    expect(await rowsBetween('2026-07-01', '2026-12-31')).toEqual([{ date: '2026-07-11' }, { date: '2026-07-12' }]);
  });

  it('asks before generating a date more than 31 days from today, naming it; a near date goes at once', async () => {
    const far = daysAfterToday(40);
    await goto('/transactions/add');
    await choose(page(), 'Colony', 'Green Park');
    await typeDate(page().getByLabel('Date', { exact: true }), far);
    await page().getByRole('button', { name: 'Generate', exact: true }).click();
    await confirmDialog(page(), `Generate transactions for ${shownDate(far)}? That is 40 days after today.`, 'Cancel');
    expect(await rowsBetween(far, far)).toEqual([]);

    await typeDate(page().getByLabel('Date', { exact: true }), daysAfterToday(31));
    await clickAndSee(page(), 'Generate', 'Successfully Generate Transactions.');
    expect(await page().getByRole('dialog', { name: 'Confirm Action' }).count()).toBe(0);
    expect(await rowsBetween(daysAfterToday(31), daysAfterToday(31))).toHaveLength(1);

    // Today's Generate all asks the same, and generates once confirmed.
    await goto(`/today?date=${far}`);
    await page().getByRole('table', { name: 'Colonies today' }).waitFor();
    expect(await page().getByLabel('Date').inputValue()).toBe(shownDate(far));
    await page().getByRole('button', { name: 'Generate all' }).click();
    await confirmDialog(page(), `Generate transactions for ${shownDate(far)}?`, 'Confirm');
    await page().getByText('1 transaction created in 1 colony.').waitFor();
    expect(await rowsBetween(far, far)).toHaveLength(1);
  });

  it('prints and exports dd/mm/yyyy', async () => {
    await goto(`/transactions/sheet?colony=GP&date=${DAY}`);
    await page().getByRole('table', { name: 'Route sheet' }).waitFor();
    expect(await page().getByLabel('Date').inputValue()).toBe('01/06/2026');
    const pdf = await downloadPdf(page(), ARTIFACTS, 'Print');
    expect(pdf.text).toContain('Green Park Deliveries 01/06/2026');
    expect(pdf.text).toContain(`Printed ${shownDate(today)}`);

    await goto(`/transactions?colony=GP&date=${DAY}`);
    await page().getByText('Total Records: 1').waitFor();
    await page().getByRole('button', { name: 'Export', exact: true }).click();
    const [file] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('menuitem', { name: 'CSV', exact: true }).click(),
    ]);
    const target = path.join(ARTIFACTS, file.suggestedFilename());
    await file.saveAs(target);
    const rows = Papa.parse<Record<string, string>>(readFileSync(target, 'utf8'), { header: true }).data;
    expect(rows[0]?.['Transaction Date']).toBe('01/06/2026');
  });

  it('shows the audit trail’s times as dd/mm/yyyy in the business time zone', async () => {
    await goto('/audit');
    const first = page().locator('tbody tr').first().locator('td').first();
    await first.waitFor();
    expect(await first.innerText()).toMatch(
      new RegExp(`^${shownDate(today).replaceAll('/', '\\/')} \\d{2}:\\d{2}:\\d{2} [ap]m$`),
    );
  });
});
