import { describe, expect, it } from 'vitest';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd, makePayment } from '../dairy';
import { artifactsFolder, signedInForFile } from '../harness';
import { type Language, switchTo } from '../language-walk';
import { downloadPdf, savePdf } from '../screen';

const ARTIFACTS = artifactsFolder('pdf-languages');

/**
 * The staff's PDFs in the language of the person exporting (docs/rules.md section 21): the
 * delivery sheet and the report PDFs print their headings, labels, totals and 'Page n of N' in
 * Hindi or Gujarati when the user menu shows it, and exactly as before in English. Green Park's
 * 1 June 2026: Asha (route 1, 1.5 L cow milk) and Bala (route 2, 2 L cow milk); Asha's June bill
 * has two lines, Bala (a defaulter) owes ₹500.00 and had one day in May.
 */

const DAY = '2026-06-01';
const SHEET = `/transactions/sheet?colony=GP&date=${DAY}`;
const MONTHLY = '/report/monthly?colony=GP&month=6&year=2026';
const BALANCE = '/report/balance?colony=GP';

const s = signedInForFile(async (db) => {
  const { cow } = await makeMilkAndCurd(db);
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  const asha = await makeCustomer(db, {
    colonyCode: 'GP',
    customerName: 'Asha',
    route: 1,
    address: '1 Lake Road',
    contactNumber: '9810000001',
  });
  const bala = await makeCustomer(db, {
    colonyCode: 'GP',
    customerName: 'Bala',
    route: 2,
    address: '2 Hill Road',
    defaulter: 1,
    due: 50000,
  });
  await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId, quantity: 150 });
  await makeConsumption(db, { customerId: bala.customerId, productId: cow.productId, quantity: 200 });
  const res = await s.page.request.post(`${s.app.url}/api/transactions/generateAll`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { date: DAY },
  });
  expect(res.ok()).toBe(true);
  await makePayment(
    db,
    {
      customerId: asha.customerId,
      paymentYear: 2026,
      paymentMonth: 6,
      charges: 2000,
      totalPrice: 182500,
      previousDue: 10000,
      paid: 50000,
      due: 132500,
    },
    [
      { productCode: 'COW', productName: 'Cow milk', price: 6000, attendance: 29 },
      { productCode: 'COW', productName: 'Cow milk', price: 6500, attendance: 1 },
    ],
  );
  await makePayment(
    db,
    { customerId: bala.customerId, paymentYear: 2026, paymentMonth: 5, totalPrice: 6000, due: 6000 },
    [{ productCode: 'COW', productName: 'Cow milk', price: 6000, attendance: 1 }],
  );
  // A Hindi-speaking customer's May bill, made by English-speaking staff.
  const chitra = await makeCustomer(db, {
    colonyCode: 'GP',
    customerName: 'Chitra',
    route: 3,
    address: '3 Park Lane',
    language: 'hi',
  });
  await makePayment(
    db,
    { customerId: chitra.customerId, paymentYear: 2026, paymentMonth: 5, totalPrice: 12000, due: 12000 },
    [{ productCode: 'COW', productName: 'Cow milk', price: 6000, attendance: 2 }],
  );
});

/** What each language calls the buttons and headings the test presses and waits for. */
const SCREEN = {
  en: { print: 'Print', exportPdf: 'Export to PDF', sheet: 'Route Sheet', monthly: 'Green Park June 2026' },
  hi: { print: 'प्रिंट करें', exportPdf: 'PDF बनाएं', sheet: 'रूट शीट', monthly: 'Green Park जून 2026' },
  gu: { print: 'પ્રિન્ટ કરો', exportPdf: 'PDF બનાવો', sheet: 'રૂટ શીટ', monthly: 'Green Park જૂન 2026' },
} satisfies Record<Language, Record<string, string>>;

/** Words a translated PDF may keep in English: the seeded names, codes, units and the product label. */
const NAMES = new Set(['Green', 'Park', 'Asha', 'Bala', 'Lake', 'Hill', 'Road', 'COW', 'Cow', 'milk', 'Milk', 'L']);

/** The English words of a PDF's text that are not names, codes or units. */
const englishIn = (text: string) => [...new Set(text.match(/[A-Za-z]+/g) ?? [])].filter((w) => !NAMES.has(w));

/** A PDF's lines, their cells (runs of two or more spaces in pdftotext's layout) joined by ' | '. */
const cells = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .trim()
        .split(/\s{2,}/)
        .join(' | '),
    )
    .filter(Boolean);

async function exportIn(language: Language) {
  const words = SCREEN[language];
  await s.goto(SHEET);
  await switchTo(s.page, language);
  await s.page.getByRole('heading', { name: words.sheet }).waitFor();
  await s.page.getByRole('table', { name: /./ }).first().waitFor();
  const sheet = await downloadPdf(s.page, ARTIFACTS, words.print);
  await s.goto(MONTHLY);
  await s.page.getByRole('heading', { name: words.monthly }).waitFor();
  const monthly = await downloadPdf(s.page, ARTIFACTS, words.exportPdf);
  await s.goto(BALANCE);
  await s.page.getByRole('cell', { name: 'Bala' }).waitFor();
  const balance = await downloadPdf(s.page, ARTIFACTS, words.exportPdf);
  return { sheet, monthly, balance };
}

describe('the staff PDFs in the language shown', () => {
  it('print in English exactly as before', async () => {
    const { sheet, monthly, balance } = await exportIn('en');
    expect(sheet.name).toBe(`Green Park_${DAY}_Deliveries.pdf`);
    expect(cells(sheet.text)[0]).toBe('Green Park Deliveries 01/06/2026');
    expect(cells(sheet.text)).toContain('Route | Customer | Address | Milk | Qty | Tick');
    expect(cells(sheet.text)).toContain('Totals | Milk | Deliveries | Qty');
    expect(sheet.text).toMatch(/Printed \d\d\/\d\d\/\d{4}/);
    expect(sheet.text).toContain('Page 1 of 1');

    expect(monthly.name).toBe('Green Park_June_2026_Report.pdf');
    expect(monthly.text).toContain('Green Park June 2026');
    expect(monthly.text).toMatch(/Route\s+Customer Name\s+Phone Number\s+Milk\s+Days\s+Total Amount\s+Receive/);
    expect(monthly.text).toMatch(/Milk ₹1,805.00 \+ ₹100.00 balance - ₹500.00 pre-paid/);
    expect(monthly.text).toMatch(/Grand Total\s+₹1,425.00/);
    expect(monthly.text).toContain('Page 1 of 1');

    expect(balance.name).toBe('Green Park_Report.pdf');
    expect(balance.text).toContain('Customer Having No Transactions - Green Park');
    expect(balance.text).toMatch(/Route\s+Customer Name\s+Phone No\.\s+Total Due\s+Milk\s+Receive/);
    expect(balance.text).toMatch(/Cow milk ₹60.00 × \S+ ?L \(1 day\) = ₹60.00/);
    expect(balance.text).toContain('Page 1 of 1');
  });

  it('print in Hindi when the user menu shows Hindi, names and codes as entered', async () => {
    const { sheet, monthly, balance } = await exportIn('hi');
    expect(sheet.name).toBe(`Green Park_${DAY}_Deliveries.pdf`);
    expect(cells(sheet.text)[0]).toBe('Green Park डिलीवरी 01/06/2026');
    expect(cells(sheet.text)).toContain('रूट | ग्राहक | पता | Milk | मात्रा | टिक');
    expect(cells(sheet.text)).toContain('1 | Asha | 1 Lake Road | COW Cow milk | 1.5 L');
    expect(cells(sheet.text)).toContain('कुल | Milk | डिलीवरी | मात्रा');
    expect(sheet.text).toMatch(/छपा \d\d\/\d\d\/\d{4}/);
    expect(sheet.text).toContain('पेज 1 / 1');
    expect(englishIn(sheet.text)).toEqual([]);

    expect(monthly.name).toBe('Green Park_June_2026_Report.pdf');
    expect(monthly.text).toContain('Green Park जून 2026');
    expect(monthly.text).toMatch(/रूट\s+ग्राहक का नाम\s+फ़ोन नंबर\s+Milk\s+दिन\s+कुल रकम\s+वसूली/);
    // The summary wraps in its cell, beside the balance.
    expect(monthly.text).toContain('Milk ₹1,805.00 + ₹100.00 पिछला बकाया - ₹500.00 पहले');
    expect(monthly.text).toContain('से जमा + ₹20.00 सर्विस चार्ज = ₹1,425.00');
    expect(monthly.text).toMatch(/कुल जोड़\s+₹1,425.00/);
    expect(monthly.text).toContain('पेज 1 / 1');
    expect(englishIn(monthly.text)).toEqual([]);

    expect(balance.name).toBe('Green Park_Report.pdf');
    expect(balance.text).toContain('बिना डिलीवरी वाले ग्राहक - Green Park');
    expect(balance.text).toMatch(/रूट\s+ग्राहक का नाम\s+फ़ोन नंबर\s+कुल बकाया\s+Milk\s+वसूली/);
    expect(balance.text).toMatch(/Cow milk ₹60.00 × \S+ ?L \(1 दिन\) = ₹60.00/);
    expect(balance.text).toContain('पेज 1 / 1');
    expect(englishIn(balance.text)).toEqual([]);
  });

  it('print in Gujarati when the user menu shows Gujarati', async () => {
    const { sheet, monthly, balance } = await exportIn('gu');
    expect(cells(sheet.text)[0]).toBe('Green Park ડિલિવરી 01/06/2026');
    expect(cells(sheet.text)).toContain('રૂટ | ગ્રાહક | સરનામું | Milk | જથ્થો | ટિક');
    expect(sheet.text).toContain('પાનું 1 / 1');
    expect(monthly.text).toContain('Green Park જૂન 2026');
    expect(monthly.text).toMatch(/કુલ સરવાળો\s+₹1,425.00/);
    for (const pdf of [sheet, monthly, balance]) expect(englishIn(pdf.text)).toEqual([]);
  });

  it("offer the bill's buttons in the staff's language", async () => {
    await s.goto('/payments/info?colony=GP&month=6&year=2026');
    await switchTo(s.page, 'hi');
    // The screen readers' names stay English (docs/decisions.md, Languages); the words shown do not.
    await s.page.getByRole('button', { name: 'Bill of Asha' }).filter({ hasText: /^बिल$/ }).waitFor();
    await s.page.getByRole('button', { name: 'सभी बिल प्रिंट करें' }).waitFor();
  });

  it("prints a customer's bill in the customer's language whatever the staff's", async () => {
    await s.goto('/payments/info?colony=GP&month=5&year=2026');
    await switchTo(s.page, 'en');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Bill of Chitra' }).click(),
    ]);
    const bill = await savePdf(download, ARTIFACTS);
    expect(bill.name).toBe('Chitra_May_2026_Bill.pdf');
    for (const words of ['मई 2026', 'रूट 3 · Green Park', 'भाव', 'दिन', 'मात्रा', 'रकम', 'बाकी', 'पेज 1 / 1'])
      expect(bill.text).toContain(words);
    // The line's days are a number under 'दिन'; the note on the missing UPI ID names UPI, QR and ID as written.
    expect(bill.text).toMatch(/Cow milk\s+₹60.00\s+2\s+/);
    const allowed = new Set(['Chitra', 'Lane', 'UPI', 'QR', 'ID']);
    expect(englishIn(bill.text).filter((word) => !allowed.has(word))).toEqual([]);
  });
});
