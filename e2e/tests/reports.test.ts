import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { calendarDateIn, MONTH_NAMES } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { deliver, makeColony, makeCustomer, makeDailyProduct, makePayment } from '../dairy';
import { artifactsFolder, openBrowser, signedInForFile, signIn, startSignedIn } from '../harness';
import { choose, chooseEach, clickAndSee, downloadPdf, shownDate, typeDate } from '../screen';

const ARTIFACTS = artifactsFolder('reports');

/**
 * Green Park, November 2026: Ramesh (a defaulter who owes ₹1,234.56; his bill has one product
 * code at two prices) and Sita (delivered on 22 November, billed normally); Mohan owes but had
 * no delivery in November, so he is the defaulter candidate.
 */
const s = signedInForFile(async (db) => {
  const colony = await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  await makeColony(db, { colonyCode: 'QT', colonyName: 'Quiet Town' });
  const closed = await makeColony(db, { colonyCode: 'OT', colonyName: 'Old Town', disable: 1 });
  await makeCustomer(db, { colonyCode: closed.colonyCode, customerName: 'gone away', due: 10000 });
  const cow = await makeDailyProduct(db, { productCode: 'CM', productName: 'Cow Milk', price: 5550 });
  const buffalo = await makeDailyProduct(db, { productCode: 'BM', productName: 'Buffalo Milk', price: 7300 });
  const ramesh = await makeCustomer(db, {
    colonyCode: colony.colonyCode,
    customerName: 'ramesh kumar',
    contactNumber: '9810000001',
    route: 1,
    defaulter: 1,
    due: 123456,
  });
  const sita = await makeCustomer(db, { colonyCode: colony.colonyCode, customerName: 'SITA DEVI', route: 2 });
  await makeCustomer(db, { colonyCode: colony.colonyCode, customerName: 'mohan lal', route: 3, due: 50000 });

  await deliver(db, ramesh.customerId, cow, ['2026-10-31']);
  await deliver(db, sita.customerId, cow, ['2026-11-22']);
  await deliver(db, sita.customerId, buffalo, ['2026-11-22']);
  // 23 November in two colonies, in litres: what the Daily Consumptions quantities add up.
  const asha = await makeCustomer(db, { colonyCode: 'QT', customerName: 'Asha', route: 1 });
  await deliver(db, sita.customerId, cow, ['2026-11-23'], { quantity: 150 });
  await deliver(db, asha.customerId, cow, ['2026-11-23'], { quantity: 225 });
  await deliver(db, asha.customerId, buffalo, ['2026-11-23'], { quantity: 200, attendance: 0 });

  await makePayment(
    db,
    {
      customerId: ramesh.customerId,
      paymentYear: 2026,
      paymentMonth: 11,
      charges: 2000,
      totalPrice: 174300,
      previousDue: -10001,
      paid: 50000,
      due: 124300,
    },
    [
      { productCode: 'CM', productName: 'Cow Milk', price: 5550, attendance: 20 },
      { productCode: 'CM', productName: 'Cow Milk', price: 6000, attendance: 9 },
      { productCode: 'BM', productName: 'Buffalo Milk', price: 7300, attendance: 1 },
    ],
  );
  await makePayment(
    db,
    {
      customerId: sita.customerId,
      paymentYear: 2026,
      paymentMonth: 11,
      charges: 2000,
      totalPrice: 221000,
      due: 221000,
    },
    [{ productCode: 'BM', productName: 'Buffalo Milk', price: 7300, attendance: 30 }],
  );
});

const exportPdf = () => downloadPdf(s.page, ARTIFACTS);

/** The cells of a body row; lines inside a cell joined by one newline. */
const cellTexts = async (row: number) =>
  (await s.page.locator('tbody tr').nth(row).locator('td').allInnerTexts()).map((t) => t.replace(/\n+/g, '\n'));

describe('Daily Consumptions', () => {
  it("shows a day's delivered counts and quantities per product for the chosen colony", async () => {
    await s.open('/report', 'Daily Consumptions');
    // The table comes after the heading.
    await expect
      .poll(() => s.page.locator('thead th').allTextContents())
      .toEqual(['Colony Name', 'Milk Name', 'Total Consumptions', 'Quantity']);
    await typeDate(s.page.getByLabel('Date'), '2026-11-22');
    await choose(s.page, 'Colony Name', 'Green Park');
    await s.page.getByRole('cell', { name: 'Buffalo Milk' }).waitFor();
    expect(await cellTexts(0)).toEqual(['Green Park', 'Buffalo Milk', '1', '1 L']);
    expect(await cellTexts(1)).toEqual(['Green Park', 'Cow Milk', '1', '1 L']);

    await typeDate(s.page.getByLabel('Date'), '2026-11-21');
    await s.page.getByRole('cell', { name: 'No data available' }).waitFor();
    await typeDate(s.page.getByLabel('Date'), '2026-11-22');
    await choose(s.page, 'Colony Name', 'Quiet Town');
    await s.page.getByRole('cell', { name: 'No data available' }).waitFor();
  });

  it('with no colony chosen shows every colony, at a desk and on a 390 px phone', async () => {
    const every = [
      ['Green Park', 'Cow Milk', '1', '1.5 L'],
      ['Quiet Town', 'Cow Milk', '1', '2.25 L'],
    ];
    await s.goto('/report?date=2026-11-23');
    await s.page.getByRole('cell', { name: 'Quiet Town' }).waitFor();
    expect(await s.page.getByRole('combobox', { name: 'Colony Name', exact: true }).inputValue()).toBe('');
    expect([await cellTexts(0), await cellTexts(1)]).toEqual(every);
    expect(await s.page.locator('tbody tr').count()).toBe(2);
    await choose(s.page, 'Colony Name', 'Quiet Town');
    await expect.poll(() => s.page.locator('tbody tr').count()).toBe(1);
    expect(await cellTexts(0)).toEqual(every[1]);

    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      await phone.page.goto(`${s.app.url}/#/report?date=2026-11-23`);
      const table = phone.page.locator('tbody tr');
      await table.filter({ hasText: 'Quiet Town' }).waitFor();
      expect(await table.nth(0).locator('td').allInnerTexts()).toEqual(every[0]);
      expect(await table.nth(1).locator('td').allInnerTexts()).toEqual(every[1]);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it("starts at today's date in the business time zone, not the browser's", async () => {
    // UTC+14 against UTC-11: the two zones never share a date.
    const far = await startSignedIn({ businessTz: 'Pacific/Kiritimati' });
    try {
      const cdp = await far.page.context().newCDPSession(far.page);
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Pacific/Pago_Pago' });
      await far.goto('/report');
      const shown = await far.page.getByLabel('Date').inputValue();
      expect(shown).toBe(shownDate(calendarDateIn('Pacific/Kiritimati', new Date())));
      expect(shown).not.toBe(shownDate(await far.page.evaluate(() => new Date().toLocaleDateString('en-CA'))));
    } finally {
      await far.close();
    }
  });
});

describe('Customer Having No Transactions', () => {
  it('lists the defaulters of a colony and exports the collection sheet', async () => {
    await s.open('/report/balance', 'Customer Having No Transactions');
    expect(await s.page.getByRole('combobox', { name: 'Colony', exact: true }).getAttribute('placeholder')).toBe(
      'Select Colony',
    );
    await choose(s.page, 'Colony', 'Quiet Town');
    await s.page.getByRole('cell', { name: 'No data available.' }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Export to PDF' }).count()).toBe(0);

    const requested: string[] = [];
    s.page.on('request', (request) => requested.push(request.url()));
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByRole('cell', { name: 'Ramesh Kumar' }).waitFor();
    for (const header of ['Route', 'Customer Name', 'Contact Number', 'Total Due', 'Milk Name', 'Last Transaction']) {
      await s.page.getByRole('columnheader', { name: header }).waitFor();
    }
    expect(await cellTexts(0)).toEqual([
      '1',
      'Ramesh Kumar',
      '9810000001',
      '₹1,234.56',
      'Cow Milk ₹55.50 × 20 L (20 days) = ₹1,110.00\nCow Milk ₹60.00 × 9 L (9 days) = ₹540.00\nBuffalo Milk ₹73.00 × 1 L (1 day) = ₹73.00',
      'October 2026',
    ]);

    // The PDF code and its font load only when a person exports.
    const pdfCode = /report-pdfs|NotoSans/;
    expect(requested.filter((url) => pdfCode.test(url))).toEqual([]);
    const pdf = await exportPdf();
    expect(requested.filter((url) => pdfCode.test(url)).length).toBeGreaterThan(0);
    expect(pdf.name).toBe('Green Park_Report.pdf');
    expect(pdf.text).toContain('Customer Having No Transactions - Green Park');
    expect(pdf.text).toMatch(/Route\s+Customer Name\s+Phone No\.\s+Total Due\s+Milk\s+Receive/);
    expect(pdf.text).toMatch(/1\s+Ramesh Kumar\s+9810000001\s+₹1,234.56\s+Cow Milk ₹55.50 × 20 L \(20 days\) =/);
    expect(pdf.text).toContain('Buffalo Milk ₹73.00 × 1 L (1 day) = ₹73.00');
  });
});

describe('Monthly Payment Info', () => {
  it("prints a colony's monthly sheet with each customer's summary line", async () => {
    await s.open('/report/monthly', 'Monthly Payment Info');
    await s.page.getByText('Please select filters to view data.').waitFor();
    // Month and year start at this month: the colony is what is left to choose.
    await chooseEach(s.page, { Colony: 'Green Park', Month: 'November', Year: '2026' });
    await s.page.getByRole('heading', { name: 'Green Park November 2026' }).waitFor();
    await s.page.getByRole('cell', { name: 'Ramesh Kumar' }).waitFor();
    expect(await cellTexts(0)).toEqual([
      '1',
      'Ramesh Kumar',
      '9810000001',
      '₹1,723.00',
      'Cow Milk ₹55.50 × 20 L (20 days) = ₹1,110.00\nCow Milk ₹60.00 × 9 L (9 days) = ₹540.00\nBuffalo Milk ₹73.00 × 1 L (1 day) = ₹73.00',
    ]);
    expect(await cellTexts(1)).toEqual([
      'Milk ₹1,723.00 - ₹100.01 balance - ₹500.00 pre-paid + ₹20.00 service charge = ₹1,142.99',
    ]);
    expect(await cellTexts(2)).toEqual([
      '2',
      'Sita Devi',
      '',
      '₹2,190.00',
      'Buffalo Milk ₹73.00 × 30 L (30 days) = ₹2,190.00',
    ]);
    expect(await cellTexts(3)).toEqual(['Milk ₹2,190.00 + ₹0.00 balance + ₹20.00 service charge = ₹2,210.00']);

    const pdf = await exportPdf();
    expect(pdf.name).toBe('Green Park_November_2026_Report.pdf');
    expect(pdf.text).toContain('Green Park November 2026');
    expect(pdf.text).toMatch(/Route\s+Customer Name\s+Phone Number\s+Milk\s+Days\s+Total Amount\s+Receive/);
    // Cow Milk's two prices become one row: 29 days, ₹1,110.00 + ₹540.00.
    expect(pdf.text).toMatch(/1\s+Ramesh Kumar\s+9810000001\s+Cow Milk \(29 L\)\s+29\s+₹1,650.00/);
    expect(pdf.text).toMatch(/Buffalo Milk \(1 L\)\s+1\s+₹73.00/);
    // Each summary row carries its line and, in Total Amount, what is left to collect.
    expect(pdf.text).toMatch(/Milk ₹1,723.00 - ₹100.01 balance - ₹500.00 pre-paid\s+₹1,142.99/);
    expect(pdf.text).toMatch(/2\s+Sita Devi\s+Buffalo Milk \(30 L\)\s+30\s+₹2,190.00/);
    expect(pdf.text).toMatch(/Milk ₹2,190.00 \+ ₹0.00 balance \+ ₹20.00 service\s+₹2,210.00/);
    // The server's sum of what is left to collect: ₹1,142.99 + ₹2,210.00.
    expect(pdf.text).toMatch(/Grand Total\s+₹3,352\.99/);

    // One page as a picture, for a person to look at.
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf.file, path.join(ARTIFACTS, 'monthly')]);
    expect(existsSync(path.join(ARTIFACTS, 'monthly-1.png'))).toBe(true);

    await choose(s.page, 'Month', 'October');
    await s.page.getByRole('cell', { name: 'No data available.' }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Export to PDF' }).count()).toBe(0);
  });
});

describe('keyboard', () => {
  /**
   * A list finishes opening in zero-delay timers, and the browser may run a quick key before them: the key
   * then acts on a half-open list and is lost. No person types that fast; waiting for a zero-delay timer of
   * our own (timers run in the order they were set) lets the list finish first.
   */
  const settle = () => s.page.evaluate(() => new Promise((done) => setTimeout(done)));

  /** Focuses a select and lets it open. */
  async function focusField(label: string) {
    await s.page.getByRole('combobox', { name: label, exact: true }).focus();
    await settle();
  }

  /** Moves through the focused select's list with ArrowDown until `option` is highlighted, then takes it with Enter. */
  async function arrowDownTo(label: string, option: string) {
    const field = s.page.getByRole('combobox', { name: label, exact: true });
    const highlighted = s.page.getByRole('listbox', { name: label, exact: true }).locator('[data-combobox-selected]');
    // A month or year filter opens at this month's option, which may be the one wanted already.
    const isWanted = async () => (await highlighted.count()) > 0 && (await highlighted.innerText()) === option;
    for (let presses = 0; presses < 30 && !(await isWanted()); presses++) {
      await s.page.keyboard.press('ArrowDown');
      await settle();
      await highlighted.waitFor();
    }
    await s.page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toBe(option);
  }

  it('chooses the monthly filters and exports without a mouse', async () => {
    await s.goto('/report/monthly');
    await focusField('Colony');
    await s.page.keyboard.type('Green');
    // The list fills once the colonies arrive; typing narrows it to the one match.
    await s.page.getByRole('option', { name: 'Green Park', exact: true }).waitFor();
    await arrowDownTo('Colony', 'Green Park');
    await focusField('Month');
    await arrowDownTo('Month', 'November');
    await focusField('Year');
    await arrowDownTo('Year', '2026');
    await s.page.getByRole('heading', { name: 'Green Park November 2026' }).waitFor();
    await s.page.getByRole('button', { name: 'Export to PDF' }).focus();
    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('Green Park_November_2026_Report.pdf');
  });
});

describe('Create Customer Having No Transactions Data', () => {
  it('previews who stopped taking deliveries but owes, marks them, and the balance report shows them', async () => {
    await s.open('/report/genrate-defaulters', 'Create Customer Having No Transactions Data');
    await chooseEach(s.page, { Colony: 'Green Park', Month: 'November', Year: '2026' });
    // Ramesh owes and had no November delivery; Mohan owes and never had one; Sita had deliveries.
    await s.page.getByRole('cell', { name: 'Mohan Lal' }).waitFor();
    expect(await cellTexts(0)).toEqual([
      '1',
      'Ramesh Kumar',
      '9810000001',
      '₹1,234.56',
      expect.any(String),
      'October 2026',
    ]);
    expect(await cellTexts(1)).toEqual(['3', 'Mohan Lal', '', '₹500.00', '', '-']);
    expect(await s.page.locator('tbody tr').count()).toBe(2);

    await clickAndSee(s.page, 'Create', 'Defaulters data created successfully!');

    await s.goto('/report/balance');
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByRole('cell', { name: 'Mohan Lal' }).waitFor();
    const pdf = await exportPdf();
    expect(pdf.text).toMatch(/3\s+Mohan Lal\s+₹500.00/);
  });

  it('shows why a disabled colony cannot be marked', async () => {
    await s.goto('/report/genrate-defaulters');
    await chooseEach(s.page, { Colony: 'Old Town', Month: 'November', Year: '2026' });
    await s.page.getByRole('cell', { name: 'Gone Away' }).waitFor();
    await clickAndSee(s.page, 'Create', 'This colony is disabled.');
  });

  it('offers no Create button when nobody matches', async () => {
    await s.goto('/report/genrate-defaulters');
    await s.page.reload(); // the same route: start from empty filters
    await chooseEach(s.page, { Colony: 'Quiet Town', Month: 'November', Year: '2026' });
    await s.page.getByRole('cell', { name: 'No data available.' }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Create' }).count()).toBe(0);
  });
});

describe('filters the operator expects', () => {
  const today = calendarDateIn('Asia/Kolkata', new Date());
  const THIS_MONTH = MONTH_NAMES[Number(today.slice(5, 7)) - 1]!;
  const THIS_YEAR = today.slice(0, 4);
  const combobox = (label: string) => s.page.getByRole('combobox', { name: label, exact: true });

  it('starts the month and year of the monthly report and the defaulters at this month', async () => {
    for (const [route, heading] of [
      ['/report/monthly', 'Monthly Payment Info'],
      ['/report/genrate-defaulters', 'Create Customer Having No Transactions Data'],
    ]) {
      await s.open(route!, heading!);
      await expect.poll(() => combobox('Month').inputValue(), { message: route }).toBe(THIS_MONTH);
      expect(await combobox('Year').inputValue()).toBe(THIS_YEAR);
    }
  });

  it('keeps the filters in the address: reload and Back keep them', async () => {
    await s.goto('/report/monthly');
    await chooseEach(s.page, { Colony: 'Green Park', Month: 'November', Year: '2026' });
    await s.page.getByRole('cell', { name: 'Ramesh Kumar' }).waitFor();
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Green Park November 2026' }).waitFor();
    await s.page.getByRole('cell', { name: 'Ramesh Kumar' }).waitFor();
    await s.page.evaluate(() => {
      window.location.hash = '#/report/balance';
    });
    await s.page.getByRole('heading', { name: 'Customer Having No Transactions' }).waitFor();
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByRole('cell', { name: 'Ramesh Kumar' }).waitFor();
    await s.page.goBack();
    await s.page.getByRole('heading', { name: 'Green Park November 2026' }).waitFor();
    await s.page.goForward();
    await s.page.getByRole('heading', { name: 'Customer Having No Transactions' }).waitFor();
    expect(await combobox('Colony').inputValue()).toBe('Green Park');
    await s.page.getByRole('cell', { name: 'Ramesh Kumar' }).waitFor();
  });
});
