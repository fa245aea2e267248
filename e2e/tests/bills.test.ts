import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { paymentTexts, rupeeText, settingsTexts, statementTexts } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { customer } from '../../server/src/db/schema';
import { daysOf, deliver, makeColony, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, signedInForFile } from '../harness';
import { clickAndSee, downloadPdf } from '../screen';

const ARTIFACTS = artifactsFolder('bills');

const customers: Record<'asha' | 'ravi' | 'sita', number> = { asha: 0, ravi: 0, sita: 0 };

/**
 * Green Park, March 2026: Asha (route 1, owed ₹100.00 before, 9 days of Cow Milk at ₹55.50 and
 * away on the 5th, paid ₹200.00), Ravi (route 2, no phone, 3 days of Buffalo Milk), Sita (route 3,
 * a +91 number, 2 days of each). Bills made by Generate Payments with the colony's ₹20.00.
 */
const s = signedInForFile(async (db) => {
  const colony = await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 5550 });
  const buffalo = await makeDailyProduct(db, { productCode: 'BUF', productName: 'Buffalo Milk', price: 7000 });
  const add = async (customerName: string, route: number, contactNumber: string, due = 0) =>
    (
      await makeCustomer(db, {
        colonyCode: colony.colonyCode,
        customerName,
        route,
        contactNumber,
        address: `${route}, Lotus Lane`,
        openingBalance: due,
        due,
      })
    ).customerId;
  customers.asha = await add('Asha Rao', 1, '98765 43210', 10000);
  customers.ravi = await add('Ravi Kumar', 2, '');
  customers.sita = await add('Sita Devi', 3, '+91 99887-76655');
  const march = (...days: number[]) => daysOf('2026-03', days);
  await deliver(db, customers.asha, cow, march(1, 2, 3, 4, 6, 7, 8, 9, 10));
  await deliver(db, customers.asha, cow, march(5), { attendance: 0 });
  await deliver(db, customers.ravi, buffalo, march(1, 2, 3));
  await deliver(db, customers.sita, cow, march(1, 2));
  await deliver(db, customers.sita, buffalo, march(1, 2));
  expect((await api('POST', '/api/payments/generatePayments', { colony: 'GP', month: 3, year: 2026 })).status).toBe(
    200,
  );
  const paid = await api('PATCH', '/api/payments/receivingPaymentsForm', {
    customerId: customers.asha,
    month: 2, // zero-based on this call
    year: 2026,
    receivingPayment: 200,
    paymentMode: 'positive',
  });
  expect(paid.status).toBe(200);
  // WhatsApp opens in a new tab: answer wa.me here, so the tab's address can be read without the internet.
  await s.browser.context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' }),
  );
});

/** A call of the signed-in browser's own session. */
async function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, data?: object) {
  const response = await s.browser.context.request.fetch(`${s.app.url}${url}`, {
    method,
    headers: { 'X-Requested-With': 'fetch' },
    data,
  });
  return { status: response.status(), body: await response.json() };
}

const statementOf = async (customerId: number) =>
  (await api('GET', `/api/statement?customerId=${customerId}&month=3&year=2026`)).body;

/** Renders one page of the PDF (pdftoppm, 150 dpi) and decodes the QR code on it. */
function qrOnPage(file: string, pageNumber: number): string | null {
  const prefix = path.join(ARTIFACTS, `qr-${pageNumber}`);
  execFileSync('pdftoppm', [
    '-r',
    '150',
    '-f',
    String(pageNumber),
    '-l',
    String(pageNumber),
    '-singlefile',
    file,
    prefix,
  ]);
  const ppm = readFileSync(`${prefix}.ppm`);
  // P6: "P6\n<width> <height>\n255\n", then RGB bytes.
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
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

const paymentInfo = () => s.goto('/payments/info?colony=GP&month=3&year=2026');
const row = (name: string) => s.page.getByRole('row').filter({ hasText: name });

describe('Settings', () => {
  it('refuses a UPI ID that is not like name@bank, then saves the details', async () => {
    await s.goto('/settings');
    await s.page.getByLabel('UPI ID').fill('shreedairy');
    await expect.poll(() => s.page.getByText(settingsTexts.upiInvalid).isVisible()).toBe(true);
    await s.page.getByRole('button', { name: 'Save Settings' }).click();
    expect((await api('GET', '/api/settings')).body.upiId).toBe('');

    await s.page.getByLabel('Business Name').fill('Shree Krishna Dairy');
    await s.page.getByLabel('Address').fill('12, Gandhi Road, Pune');
    await s.page.getByLabel('Phone').fill('020 2345 6789');
    await s.page.getByLabel('UPI ID').fill('shreedairy@okhdfcbank');
    await s.page.getByLabel('UPI Payee Name').fill('Shree Krishna Dairy');
    await s.page.getByLabel('Bill Note').fill('Please pay by the 10th. Thank you!');
    await clickAndSee(s.page, 'Save Settings', settingsTexts.saved);
    expect((await api('GET', '/api/settings')).body).toEqual({
      businessName: 'Shree Krishna Dairy',
      address: '12, Gandhi Road, Pune',
      phone: '020 2345 6789',
      upiId: 'shreedairy@okhdfcbank',
      upiName: 'Shree Krishna Dairy',
      billNote: 'Please pay by the 10th. Thank you!',
      cutoffTime: '20:00',
    });
    // The Data menu leads here.
    await s.goto('/');
    await s.page.getByRole('button', { name: 'Data' }).hover();
    await s.page.getByRole('menuitem', { name: 'Settings' }).click();
    await s.page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await s.page.getByLabel('UPI ID').inputValue()).toBe('shreedairy@okhdfcbank');
  });
});

describe('bills on Payment Information', () => {
  it("prints a colony's bills, one page each in route order, and each QR code pays that bill's balance", async () => {
    await paymentInfo();
    await row('Sita Devi').waitFor();
    const pdf = await downloadPdf(s.page, ARTIFACTS, statementTexts.printAll);
    expect(pdf.name).toBe('Green Park_March_2026_Bills.pdf');
    expect(pdf.pages).toHaveLength(3);
    const [asha, ravi, sita] = pdf.pages as [string, string, string];
    expect(asha).toContain('Asha Rao');
    expect(ravi).toContain('Ravi Kumar');
    expect(sita).toContain('Sita Devi');
    // Asha: 9 days at ₹55.50 = ₹499.50, service ₹20.00, owed ₹100.00 before, paid ₹200.00: ₹419.50 to pay.
    expect(asha).toContain('Shree Krishna Dairy');
    expect(asha).toContain('March 2026');
    expect(asha).toMatch(/Cow Milk\s+₹55\.50\s+9\s+9\s?L\s+₹499\.50/);
    expect(asha).toMatch(/Milk charge\s+₹499\.50/);
    expect(asha).toMatch(/Service charge\s+₹20\.00/);
    expect(asha).toMatch(/Previous balance\s+₹100\.00/);
    expect(asha).toMatch(/Paid\s+₹200\.00/);
    expect(asha).toMatch(/Balance\s+₹419\.50/);
    expect(asha).toContain('Scan to pay ₹419.50');
    expect(asha).toContain('COW absent');
    expect(asha).toContain('COW 1 L');
    expect(asha).toContain('Please pay by the 10th. Thank you!');
    expect(sita).toMatch(/Buffalo Milk\s+₹70\.00\s+2\s+2\s?L\s+₹140\.00/);

    for (const [n, customerId] of [customers.asha, customers.ravi, customers.sita].entries()) {
      const statement = await statementOf(customerId);
      expect(statement.upiLink).toMatch(/^upi:\/\/pay\?pa=shreedairy%40okhdfcbank&/);
      expect(qrOnPage(pdf.file, n + 1)).toBe(statement.upiLink);
    }
    expect((await statementOf(customers.asha)).upiLink).toBe(
      'upi://pay?pa=shreedairy%40okhdfcbank&pn=Shree%20Krishna%20Dairy&am=419.50&cu=INR&tn=March%202026%20bill',
    );
  });

  it("makes one customer's bill", async () => {
    await paymentInfo();
    const pdf = await downloadPdf(s.page, ARTIFACTS, 'Bill of Ravi Kumar');
    expect(pdf.name).toBe('Ravi Kumar_March_2026_Bill.pdf');
    expect(pdf.pages).toHaveLength(1);
    // 3 days of Buffalo Milk at ₹70.00 and the service charge: ₹230.00.
    expect(pdf.text).toMatch(/Buffalo Milk\s+₹70\.00\s+3\s+3\s?L\s+₹210\.00/);
    expect(pdf.text).toMatch(/Balance\s+₹230\.00/);
    expect(qrOnPage(pdf.file, 1)).toBe((await statementOf(customers.ravi)).upiLink);
  });

  it("opens a customer's WhatsApp message with the right balance, and says why a customer has none", async () => {
    await paymentInfo();
    await row('Ravi Kumar').getByText(statementTexts.noWhatsApp('Ravi Kumar')).waitFor();
    expect(await row('Ravi Kumar').getByRole('button', { name: 'WhatsApp Ravi Kumar' }).count()).toBe(0);
    const [tab] = await Promise.all([
      s.browser.context.waitForEvent('page'),
      s.page.getByRole('button', { name: 'WhatsApp Asha Rao' }).click(),
    ]);
    await tab.waitForURL(/^https:\/\/wa\.me\//);
    const link = tab.url();
    await tab.close();
    expect(link.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    expect(link).toBe((await statementOf(customers.asha)).whatsappLink);
    const message = decodeURIComponent(link.split('?text=')[1]!);
    expect(message).toContain('bill for March 2026, Asha Rao');
    expect(message).toContain('Balance: ₹419.50');
    expect(message).toContain(
      'Pay by UPI: upi://pay?pa=shreedairy%40okhdfcbank&pn=Shree%20Krishna%20Dairy&am=419.50&cu=INR&tn=March%202026%20bill',
    );
  });
});

describe('bills on Receiving Payments', () => {
  it("offers the month's bill, and after a receipt a WhatsApp receipt with the balance now", async () => {
    await s.goto(`/payments/receiving?colony=GP&customer=${customers.sita}&month=3&year=2026`);
    const summary = s.page.getByRole('region', { name: 'Payment Summary' });
    await summary.getByRole('button', { name: 'Bill of Sita Devi' }).waitFor();
    await summary.getByRole('button', { name: 'WhatsApp Sita Devi' }).waitFor();
    // Sita: 2 x ₹55.50 + 2 x ₹70.00 + ₹20.00 = ₹271.00 to pay.
    expect(await summary.getByLabel('Balance', { exact: true }).textContent()).toBe('₹271.00');

    await s.page.getByLabel('Payment Amount').fill('100');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    const receipt = s.page.getByRole('link', { name: statementTexts.sendReceipt });
    await receipt.waitFor();
    expect(await receipt.getAttribute('target')).toBe('_blank');
    const href = (await receipt.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/919988776655?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1]!)).toBe(
      'Shree Krishna Dairy: Received ₹100.00 from Sita Devi for March 2026.\nBalance now: ₹171.00',
    );
    expect((await statementOf(customers.sita)).balance).toBe(171);
  });

  it("words the WhatsApp receipt in the customer's language", async () => {
    await s.app.database.db.update(customer).set({ language: 'hi' }).where(eq(customer.customerId, customers.sita));
    try {
      await s.goto(`/payments/receiving?colony=GP&customer=${customers.sita}&month=3&year=2026`);
      await s.page.getByLabel('Payment Amount').fill('21');
      await s.page.getByRole('button', { name: 'Submit' }).click();
      const receipt = s.page.getByRole('link', { name: statementTexts.sendReceipt });
      await receipt.waitFor();
      const href = (await receipt.getAttribute('href'))!;
      // What is owed now, in rupees on the wire.
      const dueNow: number = (await statementOf(customers.sita)).dueNow;
      expect(decodeURIComponent(href.split('?text=')[1]!)).toBe(
        `Shree Krishna Dairy: Sita Devi से मार्च 2026 के लिए ₹21.00 मिले।\nअब बाकी: ${rupeeText(Math.round(dueNow * 100))}`,
      );
    } finally {
      await s.app.database.db.update(customer).set({ language: 'en' }).where(eq(customer.customerId, customers.sita));
    }
  });

  it('says why there is no WhatsApp receipt for a customer without a phone', async () => {
    await s.goto(`/payments/receiving?colony=GP&customer=${customers.ravi}&month=3&year=2026`);
    await s.page
      .getByRole('region', { name: 'Payment Summary' })
      .getByText(statementTexts.noWhatsApp('Ravi Kumar'))
      .waitFor();
    await s.page.getByLabel('Payment Amount').fill('30');
    await clickAndSee(s.page, 'Submit', paymentTexts.received);
    // The customer stays after the receipt: the summary and the receipt's line both say why.
    await expect.poll(() => s.page.getByText(statementTexts.noWhatsApp('Ravi Kumar')).count()).toBe(2);
    expect(await s.page.getByRole('link', { name: statementTexts.sendReceipt }).count()).toBe(0);
  });
});

describe('without a UPI ID', () => {
  it('prints the bill without a QR code and says how to add one', async () => {
    const settings = (await api('GET', '/api/settings')).body;
    expect((await api('PUT', '/api/settings', { ...settings, upiId: '' })).status).toBe(200);
    await paymentInfo();
    const pdf = await downloadPdf(s.page, ARTIFACTS, 'Bill of Asha Rao');
    expect(pdf.text.replace(/\s+/g, ' ')).toContain(statementTexts.noUpi);
    expect(pdf.text).not.toContain('Scan to pay');
    expect(qrOnPage(pdf.file, 1)).toBeNull();
    expect((await statementOf(customers.asha)).upiLink).toBeNull();
  });
});
