import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { calendarDateIn } from '@dairy/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { userColony } from '../../server/src/db/schema';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import { daysOf, deliver, makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, type Browser, openBrowser, signedInForFile, signIn } from '../harness';
import { confirmDialog } from '../screen';

/**
 * Find any customer and the customer's file (docs/rules.md section 23): an operator presses `/`
 * (or Ctrl+K), types three letters and opens the file with the keyboard, and reads what the
 * customer owes and why; a collector finds their colonies' customers only; the 'Customer page'
 * panel makes, copies and deletes the customer's link. Bills and receipts are made through the
 * API, as the office makes them.
 */

const ARTIFACTS = artifactsFolder('customer-file');
const PUBLIC_URL = 'https://dairy.example.in';
const today = calendarDateIn('Asia/Kolkata', new Date());
const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
const last = thisMonth === 1 ? { month: 12, year: thisYear - 1 } : { month: thisMonth - 1, year: thisYear };
const lastMonthName = new Date(Date.UTC(last.year, last.month - 1, 1)).toLocaleString('en-GB', {
  month: 'long',
  timeZone: 'UTC',
});
const ids = { asha: 0 };

const s = signedInForFile(
  async (db) => {
    const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow milk', unit: 'L', price: 60_00 });
    await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
    await makeColony(db, { colonyCode: 'RV', colonyName: 'River View' });
    const asha = await makeCustomer(db, {
      colonyCode: 'GP',
      customerName: 'Asha Rao',
      route: 12,
      contactNumber: '98765 43210',
      address: '4 Lake Road',
    });
    ids.asha = asha.customerId;
    await makeCustomer(db, { colonyCode: 'GP', customerName: 'Prakash', route: 3 });
    await makeCustomer(db, { colonyCode: 'RV', customerName: 'Ashok Mehta', route: 2 });
    await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId, quantity: 150 });
    // Ten days of last month at 1.5 L × ₹60: a ₹900 bill; and today's delivery.
    const month = `${last.year}-${String(last.month).padStart(2, '0')}`;
    const days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    await deliver(db, asha.customerId, cow, [...daysOf(month, days), today], { quantity: 150 });
    const collector = await insertUser(db, {
      username: 'kiran',
      passwordHash: await hashPassword('collector-pass-1'),
      role: 'collector',
    });
    await db.insert(userColony).values({ userId: collector.userId, colonyCode: 'RV' });
  },
  { publicUrl: PUBLIC_URL },
);

/** A call as the signed-in operator's browser makes it. */
async function apiCall(method: 'POST' | 'PATCH', path: string, data: unknown) {
  const answer = await s.browser.context.request.fetch(`${s.app.url}/api${path}`, {
    method,
    headers: { 'X-Requested-With': 'fetch', 'Idempotency-Key': randomUUID() },
    data,
  });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
}

let billed = false;
/** Last month billed (₹900) and ₹500 received for it, once. */
async function billAndReceive() {
  if (billed) return;
  billed = true;
  await apiCall('POST', '/payments/generatePayments', { colony: 'GP', month: last.month, year: last.year });
  await apiCall('PATCH', '/payments/receivingPaymentsForm', {
    customerId: ids.asha,
    month: last.month - 1,
    year: last.year,
    receivingPayment: 500,
    paymentMode: 'positive',
  });
}

/** Opens the search with `key`, types `text` and opens the first match with Enter. */
async function findAndOpen(page: Page, key: string, text: string) {
  await page.keyboard.press(key);
  const box = page.getByRole('dialog', { name: 'Find a customer' }).getByLabel('Name, phone or colony and route');
  await box.waitFor();
  await box.pressSequentially(text);
  await page.getByRole('option').first().waitFor();
}

/** The file answers what the customer owes and why: balance, last month's bill, the receipt, today. */
async function expectOwesAndWhy(page: Page) {
  await page.getByRole('heading', { name: 'Asha Rao', level: 2 }).waitFor();
  expect(page.url()).toContain(`#/customers/${ids.asha}`);
  expect(await page.getByLabel('Balance now: ₹400.00').innerText()).toBe('₹400.00');
  await page.getByText('Owes ₹400.00').waitFor();
  await page.getByText('Green Park (GP) · route 12').waitFor();
  // The latest bill, line by line: why ₹400.
  const latestBill = page.getByRole('table', { name: `Bill of ${lastMonthName} ${last.year}` });
  await latestBill.waitFor();
  expect(await latestBill.getByRole('row').allInnerTexts()).toEqual([
    'Milk charge\t₹900.00',
    'Service charge\t₹0.00',
    'Previous balance\t₹0.00',
    'Paid\t₹500.00',
    'Balance\t₹400.00',
  ]);
  await page.getByText('Cow milk ₹60.00 × 15 L (10 days) = ₹900.00').waitFor();
  const bills = page.getByRole('table', { name: 'Bills of the last 12 months' });
  const bill = bills.getByRole('row').filter({ hasText: `${lastMonthName} ${last.year}` });
  await bill.waitFor();
  expect((await bill.getByRole('cell').allInnerTexts()).slice(0, 5)).toEqual([
    `${lastMonthName} ${last.year}`,
    '₹900.00',
    '₹0.00',
    '₹500.00',
    '₹400.00',
  ]);
  const receipts = page.getByRole('table', { name: 'Receipts of the last 12 months' });
  await receipts.getByRole('row').nth(1).getByText('₹500.00').waitFor();
  expect((await receipts.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).slice(1, 4)).toEqual([
    `${lastMonthName} ${last.year}`,
    '₹500.00',
    'operator',
  ]);
  // This month: today's delivery in the calendar, today marked.
  const todayCell = page.locator('td[aria-current="date"]');
  expect(await todayCell.getAttribute('data-date')).toBe(today);
  expect(await todayCell.innerText()).toContain('COW 1.5 L');
}

describe('Find any customer', () => {
  it('an operator presses /, types three letters, moves with the arrows and opens the file with Enter', async () => {
    await billAndReceive();
    await s.open('/today', 'Today');
    // The search button fits in the bar beside the menu at 1280 px.
    const bar = s.page.getByRole('banner');
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await bar.getByRole('button', { name: 'Search customers' }).waitFor();
    await findAndOpen(s.page, '/', 'ash');
    const options = s.page.getByRole('option');
    // Best first: the name that starts with the letters; the collector's other colony is there too for the office.
    expect(await options.first().innerText()).toContain('Asha Rao');
    expect(await options.first().innerText()).toContain('Green Park · route 12');
    expect(await options.allInnerTexts()).toHaveLength(3);
    await s.page.keyboard.press('ArrowDown');
    expect(await s.page.locator('[role=option][data-combobox-selected]').innerText()).toContain('Ashok Mehta');
    await s.page.keyboard.press('ArrowUp');
    expect(await s.page.locator('[role=option][data-combobox-selected]').innerText()).toContain('Asha Rao');
    await s.page.keyboard.press('Enter');
    await expectOwesAndWhy(s.page);
    await s.page.screenshot({ path: path.join(ARTIFACTS, 'file-desktop.png'), fullPage: true });
  });

  it('opens with Ctrl+K too, finds by phone digits and by colony and route, and leaves / to a field being typed in', async () => {
    await s.open('/ShowColony', 'All Colonies');
    const field = s.page.getByPlaceholder('Search Colonies...');
    await field.click();
    await s.page.keyboard.press('/');
    expect(await field.inputValue()).toBe('/');
    expect(await s.page.getByRole('dialog', { name: 'Find a customer' }).count()).toBe(0);
    await field.fill('');
    await s.page.locator('body').click({ position: { x: 5, y: 300 } });
    await findAndOpen(s.page, 'Control+K', 'GP 12');
    expect(await s.page.getByRole('option').allInnerTexts()).toHaveLength(1);
    // One Escape leaves the search, matches shown or not.
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('dialog', { name: 'Find a customer' }).waitFor({ state: 'hidden', timeout: 2_000 });
    await findAndOpen(s.page, 'Control+K', '98765');
    await s.page.keyboard.press('Enter');
    await expectOwesAndWhy(s.page);
  });

  it('works on a 390 px phone', async () => {
    await billAndReceive();
    const phone: Browser = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      await phone.page.goto(`${s.app.url}/#/today`);
      await phone.page.getByRole('heading', { name: 'Today' }).waitFor();
      await phone.page.getByRole('button', { name: 'Search customers' }).click();
      const box = phone.page.getByLabel('Name, phone or colony and route');
      await box.pressSequentially('ash');
      await phone.page.getByRole('option').first().waitFor();
      await phone.page.keyboard.press('Enter');
      await expectOwesAndWhy(phone.page);
      // Nothing runs off the side of the phone.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.page.screenshot({ path: path.join(ARTIFACTS, 'file-phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it("gives a collector their colonies' customers only", async () => {
    const collector = await openBrowser();
    try {
      const answer = await collector.context.request.post(`${s.app.url}/api/auth/login`, {
        headers: { 'X-Requested-With': 'fetch' },
        data: { username: 'kiran', password: 'collector-pass-1' },
      });
      expect(answer.ok()).toBe(true);
      await collector.page.goto(`${s.app.url}/#/today`);
      await collector.page.getByRole('heading', { name: 'Today' }).waitFor();
      await findAndOpen(collector.page, '/', 'ash');
      expect(await collector.page.getByRole('option').allInnerTexts()).toEqual([
        expect.stringContaining('Ashok Mehta'),
      ]);
      await collector.page.keyboard.press('Enter');
      await collector.page.getByRole('heading', { name: 'Ashok Mehta', level: 2 }).waitFor();
      await collector.page.getByRole('link', { name: 'Receive payment' }).waitFor();
      // The office's actions are not offered.
      expect(await collector.page.getByRole('button', { name: 'Customer page' }).count()).toBe(0);
    } finally {
      await collector.close();
    }
  });
});

describe("the file's actions", () => {
  it('Pause opens the change dialog for this customer; Receive payment opens Receiving Payments for them', async () => {
    await s.open(`/customers/${ids.asha}`, 'Asha Rao');
    await s.page.getByRole('button', { name: 'Pause', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Add Change' });
    expect(await dialog.getByLabel('Customer').inputValue()).toBe('Asha Rao');
    expect(await dialog.getByRole('radio', { name: 'Pause' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await s.page.getByRole('button', { name: 'Bill of Asha Rao' }).first().waitFor();
    await s.page.getByRole('link', { name: 'Receive payment' }).click();
    await s.page.getByRole('heading', { name: 'Receiving Payments' }).waitFor();
    expect(s.page.url()).toContain(`customer=${ids.asha}`);
    expect(s.page.url()).toContain('colony=GP');
  });
});

describe("the file's Customer page panel", () => {
  afterAll(() => s.browser.context.clearPermissions());

  it('creates a link, copies it, and deletes it', async () => {
    await s.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.app.url });
    await s.open(`/customers/${ids.asha}`, 'Asha Rao');
    await s.page.getByRole('button', { name: 'Customer page' }).click();
    const panel = s.page.getByRole('dialog', { name: 'Customer page' });
    await panel.getByText('This customer has no page link yet.').waitFor();
    await panel.getByRole('button', { name: 'Create link' }).click();
    await s.page.getByText('Link created.').waitFor();
    const url = await panel.getByLabel('Link').inputValue();
    expect(url).toMatch(/^https:\/\/dairy\.example\.in\/my\/[A-Za-z0-9_-]{43}$/);
    await panel.getByText('Not opened yet').waitFor();
    const send = panel.getByRole('link', { name: 'Send on WhatsApp' });
    expect(await send.getAttribute('href')).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(`Your deliveries and bills: ${url}`)}`,
    );
    await panel.getByRole('button', { name: 'Copy' }).click();
    await s.page.getByText('Link copied.').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // A new link replaces the old one.
    await panel.getByRole('button', { name: 'New link' }).click();
    await confirmDialog(s.page, 'Make a new link? The old one stops working at once.', 'Confirm');
    await expect.poll(() => panel.getByLabel('Link').inputValue()).not.toBe(url);
    await panel.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(s.page, 'Delete the link? It stops working at once.', 'Confirm');
    await panel.getByText('This customer has no page link yet.').waitFor();
    const gone = await s.browser.context.request.get(`${s.app.url}/api/customer-links/${ids.asha}`);
    expect(gone.status()).toBe(404);
  });

  it('is on Update User too', async () => {
    await s.open(`/customers/update/${ids.asha}`, 'Update User');
    const panel = s.page.getByRole('region', { name: 'Customer page' });
    await panel.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => panel.getByLabel('Link').inputValue()).toMatch(/^https:\/\/dairy\.example\.in\/my\//);
  });
});
