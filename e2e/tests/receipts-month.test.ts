import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { paymentTexts, statementTexts } from '@dairy/contract';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { receipt } from '../../server/src/db/schema';
import { daysOf, deliver, makeColony, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, openBrowser, signedInForFile, signIn } from '../harness';
import { choose, downloadPdf } from '../screen';

/*
 * Receipts go to the latest bill (docs/rules.md section 23). October's bills were made on the first
 * days of November; on 26 November the operator collects them. Receiving Payments and Collection
 * Entry start at October, and every October bill, its QR code and its WhatsApp text then ask each
 * customer for what they owe now, wherever the receipt went.
 */

const ARTIFACTS = artifactsFolder('receipts-month');
/** 26 November 2026, late morning in India: the day the operator collects October's bills. */
const COLLECTION_DAY = new Date('2026-11-26T11:00:00+05:30');
const ids: Record<'meena' | 'ravi' | 'sita', number> = { meena: 0, ravi: 0, sita: 0 };

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 5000 });
  const add = async (customerName: string, route: number, days: number) => {
    const c = await makeCustomer(db, { colonyCode: 'GP', customerName, route, contactNumber: `98765 0000${route}` });
    await deliver(
      db,
      c.customerId,
      cow,
      daysOf(
        '2026-10',
        Array.from({ length: days }, (_, i) => i + 1),
      ),
    );
    return c.customerId;
  };
  // October: Meena 18 days (₹920.00 with the ₹20.00 service), Ravi 10 (₹520.00), Sita 4 (₹220.00).
  ids.meena = await add('Meena', 1, 18);
  ids.ravi = await add('Ravi', 2, 10);
  ids.sita = await add('Sita', 3, 4);
  expect((await api('POST', '/api/payments/generatePayments', { colony: 'GP', month: 10, year: 2026 })).status).toBe(
    200,
  );
  const settings = { businessName: 'Shree Dairy', address: '', phone: '', billNote: '' };
  expect(
    (await api('PUT', '/api/settings', { ...settings, upiId: 'shreedairy@okhdfcbank', upiName: 'Shree Dairy' })).status,
  ).toBe(200);
  await s.browser.context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' }),
  );
  await s.page.clock.setFixedTime(COLLECTION_DAY);
});

/** A call of the signed-in browser's own session. */
async function api(method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const response = await s.browser.context.request.fetch(`${s.app.url}${url}`, {
    method,
    headers: { 'X-Requested-With': 'fetch' },
    data,
  });
  return { status: response.status(), body: await response.json() };
}

const statementOf = async (customerId: number) =>
  (await api('GET', `/api/statement?customerId=${customerId}&month=10&year=2026`)).body;
const pickerValue = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true }).inputValue();
const balance = (page: Page) =>
  page.getByRole('region', { name: 'Payment Summary' }).getByLabel('Balance', { exact: true }).textContent();

async function receipts() {
  const rows = await s.app.database.db.select().from(receipt);
  return rows.map((r) => [r.customerId, r.paymentYear, r.paymentMonth, r.amount]);
}

/** Renders one page of the PDF (pdftoppm, 150 dpi) and decodes the QR code on it. */
function qrOnPage(file: string, pageNumber: number): string | null {
  const prefix = path.join(ARTIFACTS, `qr-${pageNumber}`);
  const page = String(pageNumber);
  execFileSync('pdftoppm', ['-r', '150', '-f', page, '-l', page, '-singlefile', file, prefix]);
  const ppm = readFileSync(`${prefix}.ppm`);
  const header = ppm
    .subarray(0, 40)
    .toString('latin1')
    .match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error('not a PPM file');
  const [whole, w, h] = header;
  const width = Number(w);
  const height = Number(h);
  const rgb = ppm.subarray(whole.length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

describe('collecting October on 26 November', () => {
  it('Receiving Payments starts at October, the bill month; a month picked stays picked', async () => {
    await s.open('/payments/receiving', 'Receiving Payments');
    // Before a colony is chosen: this month.
    await expect.poll(() => pickerValue(s.page, 'Month')).toBe('November');
    await choose(s.page, 'Colony', 'Green Park');
    await expect.poll(() => pickerValue(s.page, 'Month')).toBe('October');
    expect(await pickerValue(s.page, 'Year')).toBe('2026');

    // Meena pays ₹950.00 for October's ₹920.00: the ₹30.00 over is said before Submit.
    await choose(s.page, 'Customer', 'Meena (route 1)');
    await expect.poll(() => balance(s.page)).toBe('₹920.00');
    await s.page.getByLabel('Payment Amount').fill('950');
    await s.page.getByText(paymentTexts.advance(3000)).waitFor();
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await s.page.getByText(paymentTexts.received).first().waitFor();
    await expect.poll(() => balance(s.page)).toBe('-₹30.00');
    expect(await receipts()).toEqual([[ids.meena, 2026, 10, 95000]]);

    // Another customer keeps October; November picked stays picked across customers.
    await choose(s.page, 'Customer', 'Ravi (route 2)');
    expect(await pickerValue(s.page, 'Month')).toBe('October');
    await choose(s.page, 'Month', 'November');
    await choose(s.page, 'Customer', 'Sita (route 3)');
    await choose(s.page, 'Customer', 'Ravi (route 2)');
    expect(await pickerValue(s.page, 'Month')).toBe('November');
    await s.page.getByLabel('Payment Amount').fill('300');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(async () => (await receipts()).length).toBe(2);
    expect((await receipts())[1]).toEqual([ids.ravi, 2026, 11, 30000]);
  });

  it('Collection Entry starts at October and says which amounts go beyond the balance', async () => {
    await s.open('/payments/collect?colony=GP', 'Collection Entry');
    await expect.poll(() => pickerValue(s.page, 'Month')).toBe('October');
    const sita = s.page.getByRole('textbox', { name: 'Amount: Sita' });
    await sita.fill('250');
    const row = s.page.getByRole('row').filter({ hasText: 'Sita' });
    await row.getByText(paymentTexts.advance(3000)).waitFor();
    await s.page.getByRole('button', { name: 'Save all' }).click();
    await s.page.getByText('1 payment received: ₹250.00.').waitFor();
    expect((await receipts())[2]).toEqual([ids.sita, 2026, 10, 25000]);
  });

  it('prints every October bill with what each customer owes now, the QR code paying just that', async () => {
    await s.goto('/payments/info?colony=GP&month=10&year=2026');
    await s.page.getByRole('row').filter({ hasText: 'Sita' }).waitFor();
    const pdf = await downloadPdf(s.page, ARTIFACTS, statementTexts.printAll);
    const [meena, ravi, sita] = pdf.pages as [string, string, string];
    // Meena paid October in October: ₹30.00 in credit, nothing to pay, no QR code.
    expect(meena).toMatch(/Balance\s+-₹30\.00/);
    expect(meena).not.toContain('Received since');
    expect(meena).toContain(statementTexts.nothingToPay);
    expect(qrOnPage(pdf.file, 1)).toBeNull();
    // Ravi's ₹300.00 went to November: October still shows ₹520.00, and what is left now.
    expect(ravi).toMatch(/Paid\s+₹0\.00/);
    expect(ravi).toMatch(/Balance\s+₹520\.00/);
    expect(ravi).toMatch(/Received since\s+₹300\.00/);
    expect(ravi).toMatch(/To pay now\s+₹220\.00/);
    expect(ravi).toContain('Scan to pay ₹220.00');
    const ravisLink = (await statementOf(ids.ravi)).upiLink;
    expect(ravisLink).toContain('&am=220.00&');
    expect(qrOnPage(pdf.file, 2)).toBe(ravisLink);
    expect(sita).toMatch(/Balance\s+-₹30\.00/);
    expect(qrOnPage(pdf.file, 3)).toBeNull();
  });

  it("sends each customer's October message with what they owe now", async () => {
    const message = async (name: string) => {
      const [tab] = await Promise.all([
        s.browser.context.waitForEvent('page'),
        s.page.getByRole('button', { name: `WhatsApp ${name}` }).click(),
      ]);
      await tab.waitForURL(/^https:\/\/wa\.me\//);
      const link = tab.url();
      await tab.close();
      return decodeURIComponent(link.split('?text=')[1]!);
    };
    await s.goto('/payments/info?colony=GP&month=10&year=2026');
    await s.page.getByRole('row').filter({ hasText: 'Sita' }).waitFor();
    const ravi = await message('Ravi');
    expect(ravi).toContain('Balance: ₹520.00\nReceived since: ₹300.00\nTo pay now: ₹220.00\nPay by UPI: upi://');
    expect(ravi).toContain('&am=220.00&');
    const meena = await message('Meena');
    expect(meena).toMatch(/Balance: -₹30\.00$/);
    expect(meena).not.toContain('UPI');
  });

  it("counts Meena and Sita's October bills as paid", async () => {
    const paid = await api(
      'GET',
      '/api/payments/paymentDetails?colony=GP&startMonth=9&startYear=2026&endMonth=9&endYear=2026&paymentStatus=paid',
    );
    expect(paid.body.result.map((r: { customerName: string }) => r.customerName)).toEqual(['Meena', 'Sita']);
  });

  it('starts at October on a 390 px phone too', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      await phone.page.clock.setFixedTime(COLLECTION_DAY);
      await phone.page.goto(`${s.app.url}/#/payments/collect?colony=GP`);
      await expect.poll(() => pickerValue(phone.page, 'Month')).toBe('October');
      await phone.page.getByRole('textbox', { name: 'Amount: Ravi' }).fill('300');
      // Ravi owes ₹220.00 now: ₹80.00 more is said beside his amount.
      await phone.page.getByText(paymentTexts.advance(8000)).waitFor();
      await phone.page.goto(`${s.app.url}/#/payments/receiving?colony=GP&customer=${ids.ravi}`);
      await expect.poll(() => pickerValue(phone.page, 'Month')).toBe('October');
      await phone.page.getByLabel('Payment Amount').fill('220');
      await phone.page.waitForTimeout(200);
      expect(await phone.page.getByText(/more than the balance/).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });
});
