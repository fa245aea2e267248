import { calendarDateIn, MONTH_NAMES, myTexts, rupeeText } from '@dairy/contract';
import jsQR from 'jsqr';
import { type APIRequestContext, request } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import { deliver, makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, type Browser, openBrowser, signedInForFile } from '../harness';
import { savePdf } from '../screen';

/*
 * The customer's own page (docs/rules.md section 19) on a 390 px phone, against the real server.
 * Gokul Nagar: Asha (1.5 L of cow milk a day, last month billed), Chitra (away, paused by the
 * office), Dev (whose link is deleted). The links are made as an operator through the office's
 * call; the customer's browser has no staff session.
 */

const ARTIFACTS = artifactsFolder('customer-page');
const OPERATOR = { username: 'counter', password: 'counter-pass-1' };
const today = calendarDateIn('Asia/Kolkata', new Date());
const [year, month] = today.split('-').map(Number) as [number, number];
const last = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
const lastMonth = `${last.year}-${String(last.month).padStart(2, '0')}`;
const dayAndMonth = (date: string) => `${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]}`;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const ids = { asha: 0, chitra: 0, dev: 0, ashaMilk: 0 };
const s = signedInForFile(
  async (db) => {
    await makeColony(db, { colonyCode: 'GK', colonyName: 'Gokul Nagar' });
    const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 60_00 });
    const asha = await makeCustomer(db, {
      colonyCode: 'GK',
      customerName: 'Asha Rao',
      route: 3,
      address: 'Flat 4, Lotus',
    });
    const chitra = await makeCustomer(db, { colonyCode: 'GK', customerName: 'Chitra Shah', route: 5, language: 'gu' });
    const dev = await makeCustomer(db, { colonyCode: 'GK', customerName: 'Dev Patel', route: 7 });
    ids.asha = asha.customerId;
    ids.chitra = chitra.customerId;
    ids.dev = dev.customerId;
    ids.ashaMilk = (
      await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId, quantity: 150 })
    ).consumptionId;
    await makeConsumption(db, { customerId: chitra.customerId, productId: cow.productId });
    await makeConsumption(db, { customerId: dev.customerId, productId: cow.productId });
    await deliver(db, asha.customerId, cow, [`${lastMonth}-02`, `${lastMonth}-03`], { quantity: 150 });
    await deliver(db, asha.customerId, cow, [`${today.slice(0, 7)}-01`], { quantity: 150 });
    await insertUser(db, { ...OPERATOR, passwordHash: await hashPassword(OPERATOR.password), role: 'operator' });
  },
  { publicUrl: 'https://dairy.example.in' },
);

const guard = { 'x-requested-with': 'fetch' };
let office: APIRequestContext;
let phone: Browser;
const tokens = { asha: '', chitra: '', dev: '' };

/** The office's call, as the operator; fails the test unless it answers 2xx. */
async function officeCall(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: object) {
  const response = await office[method](`${s.app.url}${path}`, { headers: guard, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A link made through the office's call; its token read from the url it answers. */
async function link(customerId: number) {
  const made = await officeCall('post', `/api/customer-links/${customerId}`);
  return new URL(made.url).pathname.split('/')[2]!;
}

/** What the page's own call answers (no session, as the page asks it). */
async function pageData(token: string) {
  const response = await office.get(`${s.app.url}/api/my/${token}`);
  return response.json();
}

async function openPage(token: string, heading = 'Shree Dairy') {
  await phone.page.goto(`${s.app.url}/my/${token}`);
  await phone.page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

beforeAll(async () => {
  const admin = s.browser.context.request;
  const settings = {
    businessName: 'Shree Dairy',
    address: '12 Gandhi Road',
    phone: '020 2345 6789',
    upiId: 'shree@okaxis',
    upiName: 'Shree Dairy',
    billNote: '',
  };
  expect((await admin.put(`${s.app.url}/api/settings`, { headers: guard, data: settings })).status()).toBe(200);
  const billed = await admin.post(`${s.app.url}/api/payments/generatePayments`, {
    headers: guard,
    data: { colony: 'GK', month: last.month, year: last.year },
  });
  expect(billed.status(), await billed.text()).toBe(200);
  office = await request.newContext();
  expect((await office.post(`${s.app.url}/api/auth/login`, { headers: guard, data: OPERATOR })).status()).toBe(200);
  tokens.asha = await link(ids.asha);
  tokens.chitra = await link(ids.chitra);
  tokens.dev = await link(ids.dev);
  phone = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await phone?.close();
  await office?.dispose();
});

describe('The customer page on a phone', () => {
  it('shows the dairy to call, this month with today marked, and the Pay link of the statement', async () => {
    await openPage(tokens.asha);
    const page = phone.page;
    const call = page.getByRole('link', { name: 'Call the dairy on 020 2345 6789' });
    expect(await call.getAttribute('href')).toBe('tel:02023456789');
    await page.getByRole('heading', { name: `This month: ${MONTH_NAMES[month - 1]} ${year}` }).waitFor();
    // Today, highlighted and named; the 1st brought 1.5 L.
    const todayCell = page.locator('td[aria-current="date"]');
    expect(await todayCell.innerText()).toContain(String(Number(today.slice(8))));
    expect(await todayCell.locator('.sr-only').innerText()).toContain(`${dayAndMonth(today)}, Today:`);
    const first = page.getByRole('cell', { name: new RegExp(`^1 ${MONTH_NAMES[month - 1]}`) });
    expect(await first.locator('.sr-only').innerText()).toMatch(/Cow Milk 1\.5 L/);

    // Last month's bill is owed: the link is the statement's own upiLink, and so is its QR code.
    const statement = await officeCall('get', `/api/statement?customerId=${ids.asha}&month=${month}&year=${year}`);
    expect(statement.upiLink).toMatch(/^upi:\/\/pay\?pa=shree%40okaxis/);
    const pay = page.getByRole('link', { name: /by UPI$/ });
    expect(await pay.getAttribute('href')).toBe(statement.upiLink);
    expect(await pay.innerText()).toBe(`Pay ${rupeeText(Math.round(statement.dueNow * 100))} by UPI`);
    const qr = PNG.sync.read(await page.getByRole('img', { name: /QR code to pay/ }).screenshot());
    expect(jsQR(new Uint8ClampedArray(qr.data), qr.width, qr.height)?.data).toBe(statement.upiLink);

    // Nothing wider than the phone; every control at least 44 px high.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('a, button, select, summary')]
        .filter((el) => el.getBoundingClientRect().height < 44)
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(small).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/asha-390.png`, fullPage: true });
  });

  it('pauses from the earliest open date, lists the pause, and the office sees the request; then cancels it', async () => {
    const { cutoff } = await pageData(tokens.asha);
    const earliest: string = cutoff.earliestDate;
    await openPage(tokens.asha);
    const page = phone.page;
    // Opened from the keyboard: the title is a button.
    await page.locator('summary').filter({ hasText: 'Pause deliveries' }).focus();
    await page.keyboard.press('Enter');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save pause' }) });
    const from = form.getByLabel('From');
    expect(await from.inputValue()).toBe(earliest);
    expect(await from.getAttribute('min')).toBe(earliest);
    await form.getByText(`The earliest day you can change is ${dayAndMonth(earliest)}.`).waitFor();

    // A day already closed: the server's own words under the form.
    await from.fill(addDays(earliest, -1));
    await form.getByLabel('To').fill(addDays(earliest, -1));
    await form.getByRole('button', { name: 'Save pause' }).click();
    await form
      .getByRole('alert')
      .getByText(myTexts.closed(addDays(earliest, -1), cutoff.time, earliest), { exact: true })
      .waitFor();

    await from.fill(earliest);
    await form.getByLabel('To').fill(addDays(earliest, 2));
    await form.getByRole('button', { name: 'Save pause' }).click();
    await page
      .getByRole('status')
      .getByText(`Deliveries paused from ${dayAndMonth(earliest)}.`)
      .waitFor();
    const changes = page.getByRole('region', { name: 'Your pauses and changes' });
    const item = changes.getByRole('listitem').filter({ hasText: 'Pause: All products' });
    expect(await item.innerText()).toContain(`${dayAndMonth(earliest)} to ${dayAndMonth(addDays(earliest, 2))}`);
    expect(await item.innerText()).toContain('Made by you');
    if (earliest.slice(0, 7) === today.slice(0, 7)) {
      const day = page.getByRole('cell', { name: new RegExp(`^${dayAndMonth(earliest)}:`) });
      expect(await day.locator('.sr-only').innerText()).toBe(`${dayAndMonth(earliest)}: Cow Milk: Paused`);
    }

    // The office: a request on Today (the web's Today does not show it yet: its call does).
    const day = await officeCall('get', `/api/today?date=${earliest}`);
    expect(day.colonies.find((c: { colonyCode: string }) => c.colonyCode === 'GK').requests).toBe(1);
    const byCustomers = await officeCall('get', `/api/changes?byCustomer=true&customerId=${ids.asha}`);
    expect(byCustomers.rows.map((r: { fromDate: string; createdBy: string }) => [r.fromDate, r.createdBy])).toEqual([
      [earliest, 'customer'],
    ]);

    await item.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').getByText('Change cancelled.').waitFor();
    await changes.getByText('No pauses or changes coming up.').waitFor();
    // The pressed button is gone: the list's title holds the focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your pauses and changes');
    expect((await officeCall('get', `/api/changes?byCustomer=true&customerId=${ids.asha}`)).rows).toEqual([]);
  });

  it('changes the quantity for a day, and the route sheet marks the row', async () => {
    const { cutoff } = await pageData(tokens.asha);
    const earliest: string = cutoff.earliestDate;
    await openPage(tokens.asha);
    const page = phone.page;
    await page.getByText('Change quantity', { exact: true }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save quantity' }) });
    expect(await form.getByLabel('Quantity each day (L)').inputValue()).toBe('1.5');
    await form.getByLabel('Quantity each day (L)').fill('0');
    await form.getByRole('button', { name: 'Save quantity' }).click();
    await form.getByRole('alert').getByText('Quantity must be more than 0.', { exact: true }).waitFor();
    await form.getByLabel('Quantity each day (L)').fill('2');
    await form.getByRole('button', { name: 'Save quantity' }).click();
    await page
      .getByRole('status')
      .getByText(`Quantity changed from ${dayAndMonth(earliest)}.`)
      .waitFor();
    await page.getByRole('listitem').filter({ hasText: '2 L a day: Cow Milk' }).waitFor();

    // The day made, the route sheet's call marks the row (the web's sheet does not show the mark yet).
    await officeCall('post', '/api/transactions/generate', { colony: 'GK', date: earliest });
    const sheet = await officeCall('get', `/api/today/sheet?colony=GK&date=${earliest}`);
    const row = sheet.rows.find((r: { customerName: string }) => r.customerName === 'Asha Rao');
    expect(row.changedByCustomer).toBe(true);
    expect(row.quantity).toBe(2);
  });

  it("resumes the office's running pause from the first open date", async () => {
    const started = addDays(today, -2);
    await officeCall('post', '/api/changes', { customerId: ids.chitra, kind: 'pause', fromDate: started });
    const { cutoff } = await pageData(tokens.chitra);
    const earliest: string = cutoff.earliestDate;
    await phone.page.evaluate(() => localStorage.setItem('my-page-language', 'en'));
    await openPage(tokens.chitra);
    const page = phone.page;
    const item = page.getByRole('listitem').filter({ hasText: 'Pause: All products' });
    expect(await item.innerText()).toContain(`From ${dayAndMonth(started)}, until further notice`);
    expect(await item.innerText()).toContain('Set by the dairy');
    // The office's pause: no Cancel, but the customer may come back early.
    expect(await item.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await item.getByRole('button', { name: `Resume from ${dayAndMonth(earliest)}` }).click();
    await page
      .getByRole('status')
      .getByText(`Deliveries resume from ${dayAndMonth(earliest)}.`)
      .waitFor();
    const after = await pageData(tokens.chitra);
    expect(after.changes.map((c: { fromDate: string; toDate: string }) => [c.fromDate, c.toDate])).toEqual([
      [started, addDays(earliest, -1)],
    ]);
    await item.getByText(`${dayAndMonth(started)} to ${dayAndMonth(addDays(earliest, -1))}`).waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
  });

  it("opens in the customer's language, switches, and keeps the choice on the phone", async () => {
    await phone.page.evaluate(() => localStorage.removeItem('my-page-language'));
    await openPage(tokens.chitra);
    const page = phone.page;
    // Chitra's language is Gujarati.
    expect(await page.locator('html').getAttribute('lang')).toBe('gu');
    await page.getByText('ડિલિવરી બંધ કરો', { exact: true }).waitFor();
    // The narrowest phone, in the longest words: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('summary').filter({ hasText: 'ડિલિવરી બંધ કરો' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${ARTIFACTS}/chitra-gu-360.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('ભાષા').selectOption('hi');
    await page.getByText('डिलीवरी रोकें', { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByRole('heading', { name: 'पिछले 12 महीने' }).waitFor();

    await openPage(tokens.asha);
    await page.getByText('डिलीवरी रोकें', { exact: true }).waitFor();
    const statement = await officeCall('get', `/api/statement?customerId=${ids.asha}&month=${month}&year=${year}`);
    const pay = page.getByRole('link', { name: /^UPI से/ });
    expect(await pay.innerText()).toBe(`UPI से ${rupeeText(Math.round(statement.dueNow * 100))} चुकाएँ`);
    expect(await pay.getAttribute('href')).toBe(statement.upiLink);
    await page.getByLabel('भाषा').selectOption('en');
    await page.getByText('Pause deliveries', { exact: true }).waitFor();
  });

  it("makes last month's bill PDF on the phone", async () => {
    await openPage(tokens.asha);
    const name = `${MONTH_NAMES[last.month - 1]} ${last.year}`;
    const [download] = await Promise.all([
      phone.page.waitForEvent('download'),
      phone.page.getByRole('button', { name: `Bill PDF of ${name}` }).click(),
    ]);
    const pdf = await savePdf(download, ARTIFACTS);
    expect(pdf.name).toBe(`Asha Rao_${MONTH_NAMES[last.month - 1]}_${last.year}_Bill.pdf`);
    expect(pdf.text).toContain('Shree Dairy');
    expect(pdf.text).toContain('₹180.00');
  });

  it('shows a deleted link, a replaced one and a guessed one the same way, and nothing else', async () => {
    const old = tokens.dev;
    await link(ids.dev);
    const replaced = await readPage(old);
    await officeCall('delete', `/api/customer-links/${ids.dev}`);
    const deleted = await readPage(tokens.dev);
    const guessed = await readPage('A'.repeat(43));
    expect(deleted).toBe('This link is no longer valid. Ask your dairy for a new one.');
    expect(replaced).toBe(deleted);
    expect(guessed).toBe(deleted);
    // Another customer's token shows their own page only.
    await openPage(tokens.chitra);
    expect(await phone.page.getByText('Asha Rao').count()).toBe(0);
  });
});

/** The whole text of the page a token opens, once it has asked the server. */
async function readPage(token: string) {
  const answered = phone.page.waitForResponse((r) => r.url().includes('/api/my/'));
  await phone.page.goto(`${s.app.url}/my/${token}`);
  expect((await answered).status()).toBe(404);
  await phone.page.getByText('This link is no longer valid.', { exact: false }).waitFor();
  return (await phone.page.locator('body').innerText()).trim();
}
