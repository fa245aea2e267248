import { calendarDateIn, MONTH_NAMES } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { receipt } from '../../server/src/db/schema';
import { deliver, makeColony, makeCustomer, makeDailyProduct, makePayment } from '../dairy';
import { signedInForFile } from '../harness';
import { choose, chooseEach, clickAndSee } from '../screen';

async function toast(text: string) {
  await s.page.getByText(text, { exact: true }).first().waitFor();
}

/** The amount shown beside a line of the Payment Summary. */
const summaryAmount = (name: string) => s.page.locator(`section[aria-label="Payment Summary"] [aria-label="${name}"]`);

const dates = (month: number, from: number, to: number) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `2026-${String(month).padStart(2, '0')}-${String(from + i).padStart(2, '0')}`,
  );

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GRN', colonyName: 'Green Park', charges: 20_00 });
  const milk = await makeDailyProduct(db, { productName: 'Cow Milk', price: 50_00 });
  const asha = await makeCustomer(db, {
    colonyCode: 'GRN',
    customerName: 'Asha Rao',
    route: 1,
    openingBalance: 100_00,
    due: 100_00,
  });
  const bala = await makeCustomer(db, { colonyCode: 'GRN', customerName: 'Bala Iyer', route: 2, defaulter: 1 });
  await deliver(db, asha.customerId, milk, dates(10, 1, 10)); // 500 + 20 service
  await deliver(db, bala.customerId, milk, dates(10, 1, 4)); // 200 + 20
  await deliver(db, asha.customerId, milk, dates(11, 1, 2)); // 100 + 20
  await deliver(db, asha.customerId, milk, dates(12, 1, 2)); // 100 + the service charge typed in

  /** A colony with `count` one-line bills of a month straight in the database, a customer a route. */
  const billedColony = async (
    colony: { code: string; name: string; charges: number },
    count: number,
    resident: string,
    month: number,
  ) => {
    await makeColony(db, { colonyCode: colony.code, colonyName: colony.name, charges: colony.charges });
    for (let i = 1; i <= count; i++) {
      const c = await makeCustomer(db, {
        colonyCode: colony.code,
        customerName: `${resident} ${String(i).padStart(2, '0')}`,
        route: i,
      });
      const totalPrice = 10_00 + colony.charges;
      await makePayment(
        db,
        {
          customerId: c.customerId,
          paymentYear: 2026,
          paymentMonth: month,
          charges: colony.charges,
          totalPrice,
          due: totalPrice,
        },
        [{ productCode: milk.productCode, productName: 'Cow Milk', price: 10_00, attendance: 1 }],
      );
    }
  };
  // 21 bills for paging and selection; 22 for Payment Information's pages and bulk delete.
  await billedColony({ code: 'MNY', name: 'Many Homes', charges: 0 }, 21, 'Resident', 9);
  await billedColony({ code: 'PGS', name: 'Pages Colony', charges: 5_00 }, 22, 'Tenant', 8);
});

/** Holds the calls under `path` until `release()`, to see what the screen shows meanwhile. */
async function hold(path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matches = (url: URL) => url.pathname.startsWith(path);
  const seen = s.page.waitForRequest((request) => matches(new URL(request.url())));
  await s.page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return {
    seen,
    release,
    done: () => s.page.unroute(matches),
  };
}

/** Makes the calls under `path` fail as a lost connection, and collects what the page logs as errors. */
async function cutOff(path: string) {
  const errors: string[] = [];
  const log = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  const matches = (url: URL) => url.pathname.startsWith(path);
  s.page.on('console', log);
  await s.page.route(matches, (route) => route.abort('internetdisconnected'));
  return {
    errors,
    done: async () => {
      s.page.off('console', log);
      await s.page.unroute(matches);
    },
  };
}

async function generate(month: string) {
  await s.open('/payments/add', 'Generate Payment');
  await choose(s.page, 'Colony', 'Green Park');
  expect(await s.page.getByLabel('Service Charges').inputValue()).toBe('20');
  await chooseEach(s.page, { Month: month, Year: '2026' });
  await s.page.getByRole('button', { name: 'Preview' }).click();
  return s.page.getByRole('dialog', { name: 'Payment Preview' });
}

/** Users Payments Details: the months shown (the filters start at this month). */
async function detailsPeriod(start: string, end: string, year = '2026') {
  await chooseEach(s.page, { 'Start Month': start, 'Start Year': year, 'End Month': end, 'End Year': year });
}

async function openSummary(customer: string, month: string) {
  await chooseEach(s.page, { Customer: customer, Month: month, Year: '2026' });
  await summaryAmount('Balance').waitFor();
}

describe('a full month of payments', () => {
  it('generates, shows the bills, takes part and full payments and a refund, and carries the balance', async () => {
    const dialog = await generate('October');
    await dialog.getByText('Asha Rao').waitFor();
    await dialog.getByText('₹520.00').waitFor();
    await dialog.getByText('₹220.00').waitFor();
    await dialog.getByRole('button', { name: 'Confirm & Generate' }).click();
    await toast('Payments generated successfully!');
    await dialog.waitFor({ state: 'hidden' });

    await s.open('/payments/info', 'Payment Information');
    await s.page.getByText('Please select colony, month and year.').waitFor();
    await chooseEach(s.page, { Colony: 'Green Park', Month: 'October', Year: '2026' });
    const asha = s.page.getByRole('row').filter({ hasText: 'Asha Rao' }).first();
    await asha.waitFor();
    expect(await asha.innerText()).toMatch(/1\s+Asha Rao\s+₹100\.00\s+₹500\.00\s+₹20\.00/);
    await s.page.getByRole('columnheader', { name: 'Milk Charge' }).waitFor();
    const lines = s.page.getByRole('table', { name: 'Milks of Asha Rao' });
    expect(await lines.getByRole('row').nth(1).innerText()).toMatch(/Cow Milk\s+₹50\.00\s+10/);

    await s.open('/payments/receiving', 'Receiving Payments');
    await choose(s.page, 'Colony', 'Green Park');
    await openSummary('Asha Rao (route 1)', 'October');
    expect(await summaryAmount('Milk Bill').innerText()).toBe('₹520.00');
    expect(await summaryAmount('Prev Month Balance').innerText()).toBe('₹100.00');
    expect(await summaryAmount('Total').innerText()).toBe('₹620.00');
    expect(await summaryAmount('This Month Paid').innerText()).toBe('₹0.00');
    expect(await summaryAmount('Balance').innerText()).toBe('₹620.00');

    await s.page.getByLabel('Payment Amount').fill('300');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await toast('Successfully Received Amount');
    // The customer stays, with the balance after the receipt; the amount field is emptied.
    await s.page.waitForFunction(
      () => document.querySelector('[aria-label="This Month Paid"]')?.textContent === '₹300.00',
    );
    expect(await summaryAmount('Balance').innerText()).toBe('₹320.00');
    expect(await s.page.getByLabel('Payment Amount').inputValue()).toBe('');
    await s.page.getByLabel('Payment Amount').fill('320');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await s.page.waitForFunction(() => document.querySelector('[aria-label="Balance"]')?.textContent === '₹0.00');

    await s.page.getByRole('radio', { name: 'Negative' }).check();
    await s.page.getByLabel('Payment Amount').fill('20');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await s.page.waitForFunction(() => document.querySelector('[aria-label="Balance"]')?.textContent === '₹20.00');
    // The form resets to a positive payment just after the toast.
    await expect.poll(() => s.page.getByRole('radio', { name: 'Positive' }).isChecked()).toBe(true);

    const november = await generate('November');
    await november.getByRole('button', { name: 'Confirm & Generate' }).click();
    await november.waitFor({ state: 'hidden' });
    await s.goto('/payments/receiving');
    await choose(s.page, 'Colony', 'Green Park');
    await openSummary('Asha Rao (route 1)', 'November');
    expect(await summaryAmount('Milk Bill').innerText()).toBe('₹120.00');
    expect(await summaryAmount('Prev Month Balance').innerText()).toBe('₹20.00');
    expect(await summaryAmount('Total').innerText()).toBe('₹140.00');
    expect(await summaryAmount('Balance').innerText()).toBe('₹140.00');

    await s.open('/payments/details', 'Users Payments Details');
    await choose(s.page, 'Colony', 'Green Park');
    await detailsPeriod('October', 'December');
    await s.page.getByText('Total Records: 3').waitFor();
    const october = s.page.getByRole('row').filter({ hasText: 'October/2026' }).filter({ hasText: 'Asha Rao' });
    expect(await october.innerText()).toMatch(
      /1\s+Asha Rao\s+Cow Milk ₹50\.00 × 10 L \(10 days\) = ₹500\.00\s+₹520\.00 \+ ₹100\.00\s+₹600\.00\s+₹20\.00\s+October\/2026/,
    );
    await s.page.getByRole('radio', { name: 'Unpaid' }).check();
    await s.page.getByText('Total Records: 2').waitFor();
    await s.page.getByRole('radio', { name: 'Paid', exact: true }).check();
    await s.page.getByText('Total Records: 1').waitFor();
  });
});

describe('Generate Payment', () => {
  it("prefills the colony's service charge, and bills with the one typed in", async () => {
    await s.goto('/payments/add');
    const charges = s.page.getByLabel('Service Charges');
    await choose(s.page, 'Colony', 'Many Homes');
    expect(await charges.inputValue()).toBe('0');
    await choose(s.page, 'Colony', 'Green Park');
    expect(await charges.inputValue()).toBe('20');
    await charges.fill('7.5');
    await chooseEach(s.page, { Month: 'December', Year: '2026' });
    await s.page.getByRole('button', { name: 'Preview' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Payment Preview' });
    const asha = dialog.getByRole('row').filter({ hasText: 'Asha Rao' });
    expect(await asha.innerText()).toMatch(/Cow Milk ₹50\.00 × 2 L \(2 days\) = ₹100\.00\s+₹107\.50/);
    await dialog.getByRole('button', { name: 'Confirm & Generate' }).click();
    await toast('Payments generated successfully!');

    await s.goto('/payments/info');
    await chooseEach(s.page, { Colony: 'Green Park', Month: 'December', Year: '2026' });
    const bill = s.page.getByRole('row').filter({ hasText: 'Asha Rao' }).first();
    await bill.waitFor();
    expect(await bill.innerText()).toMatch(/1\s+Asha Rao\s+₹[\d,.]+\s+₹100\.00\s+₹7\.50/);
  });

  it('asks for every field and says when there is nothing to bill', async () => {
    await s.goto('/payments/add');
    await s.page.getByRole('button', { name: 'Preview' }).click();
    await toast('Please select all fields.');
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByLabel('Service Charges').fill('5');
    await chooseEach(s.page, { Month: 'January', Year: '2026' });
    await s.page.getByRole('button', { name: 'Preview' }).click();
    await toast('No data available for preview.');
  });
});

describe('Receiving Payments', () => {
  it('lists only defaulters when asked, and checks the amount beside the field', async () => {
    await s.goto('/payments/receiving');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await toast('Please select all fields.');
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByRole('checkbox', { name: 'Only Defaulters' }).check();
    await s.page.getByRole('combobox', { name: 'Customer', exact: true }).click();
    await s.page.getByRole('option', { name: 'Bala Iyer (route 2)' }).waitFor();
    expect(await s.page.getByRole('option', { name: 'Asha Rao (route 1)' }).count()).toBe(0);
    await s.page.keyboard.press('Escape');
    await openSummary('Bala Iyer (route 2)', 'October');
    await clickAndSee(s.page, 'Submit', 'Please enter the payment amount.');
    await s.page.getByLabel('Payment Amount').fill('0');
    await clickAndSee(s.page, 'Submit', 'Payment amount must be more than 0');
  });
});

describe('Users Payments Details', () => {
  it('pages, selects with a partial state, and deletes after the confirm text', async () => {
    await s.goto('/payments/details');
    await choose(s.page, 'Colony', 'Many Homes');
    await detailsPeriod('September', 'September');
    await s.page.getByText('Total Records: 21').waitFor();
    const next = s.page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(false);
    await s.page.getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Resident 21', exact: true }).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await s.page.getByRole('button', { name: 'Previous' }).click();
    await s.page.getByRole('cell', { name: 'Resident 01', exact: true }).waitFor();

    const all = s.page.getByRole('checkbox', { name: 'Select all', exact: true });
    const indeterminate = () => all.evaluate((el) => (el as HTMLInputElement).indeterminate);
    await s.page.getByRole('checkbox', { name: /^Select Resident 01/ }).check();
    expect(await indeterminate()).toBe(true);
    // The header box of page 2 ticks and clears page 2 only; the tick on page 1 stays.
    await s.page.getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Resident 21', exact: true }).waitFor();
    expect(await all.isChecked()).toBe(false);
    expect(await indeterminate()).toBe(false);
    await all.check();
    await s.page.getByRole('button', { name: 'Delete Selected (2)' }).waitFor();
    await all.uncheck();
    await s.page.getByRole('button', { name: 'Delete Selected (1)' }).waitFor();
    await s.page.getByRole('button', { name: '1', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Resident 01', exact: true }).waitFor();
    expect(await s.page.getByRole('checkbox', { name: /^Select Resident 01/ }).isChecked()).toBe(true);
    expect(await indeterminate()).toBe(true);

    await s.page.getByRole('checkbox', { name: /^Select Resident 02/ }).check();
    await s.page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Confirm Action' });
    await dialog.getByText('Are you sure you want to delete all 2 Consumptions?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await s.page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    // The dialog stays until the delete has completed.
    const call = await hold('/api/payments/delete');
    try {
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await call.seen;
      await s.page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      call.release();
      await toast('Selected records deleted!');
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await call.done();
    }
    await s.page.getByText('Total Records: 19').waitFor();
    expect(await s.page.getByRole('button', { name: /^Delete Selected/ }).count()).toBe(0);

    // One page: Previous, 1 and Next are still shown; Previous does nothing, Next is disabled.
    const pages = s.page.getByRole('navigation', { name: 'Pagination' });
    expect(await pages.getByRole('button').allInnerTexts()).toEqual(['Previous', '1', 'Next']);
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);

    await all.check();
    expect(await s.page.getByRole('button', { name: 'Delete Selected (19)' }).isVisible()).toBe(true);
    await all.uncheck();

    await chooseEach(s.page, { 'Start Month': 'December', 'Start Year': '2026' });
    const empty = s.page.getByRole('cell', { name: 'No records found. Check the filters.' });
    await empty.waitFor();
    expect(await empty.getAttribute('colspan')).toBe('6');
    expect(await pages.count()).toBe(0);
  });

  it('says and logs a bulk delete that cannot reach the server', async () => {
    await s.goto('/payments/details');
    await choose(s.page, 'Colony', 'Many Homes');
    await detailsPeriod('September', 'September');
    await s.page.getByRole('checkbox', { name: /^Select Resident 05/ }).check();
    const cut = await cutOff('/api/payments/delete');
    try {
      await s.page.getByRole('button', { name: 'Delete Selected (1)' }).click();
      await s.page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
      await toast('Error during bulk delete: The server cannot be reached. Check the connection and try again.');
      await expect.poll(() => cut.errors.some((e) => e.startsWith('Error during bulk delete'))).toBe(true);
    } finally {
      await cut.done();
    }
    await s.page.getByRole('cell', { name: 'Resident 05', exact: true }).waitFor();
  });
});

describe('Payment Information', () => {
  async function openPages() {
    await s.goto('/payments');
    await chooseEach(s.page, { Colony: 'Pages Colony', Month: 'August', Year: '2026' });
    await s.page.getByRole('cell', { name: 'Tenant 01', exact: true }).waitFor();
  }

  it('shows 20 bills a page, numbered on from page to page', async () => {
    await openPages();
    await s.page.getByRole('columnheader', { name: 'previous Due', exact: true }).waitFor();
    expect(await s.page.getByRole('table', { name: /^Milks of/ }).count()).toBe(20);
    const next = s.page.getByRole('button', { name: 'Next' });
    expect(await s.page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await next.click();
    const last = s.page.getByRole('row').filter({ hasText: 'Tenant 22' }).first();
    await last.waitFor();
    expect(await last.innerText()).toMatch(/22\s+Tenant 22\s+₹0\.00\s+₹10\.00\s+₹5\.00/);
    expect(await s.page.getByRole('table', { name: /^Milks of/ }).count()).toBe(2);
    expect(await next.isDisabled()).toBe(true);
    await s.page.getByRole('button', { name: '1', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Tenant 01', exact: true }).waitFor();
  });

  it('deletes the ticked bills after confirming, and says and logs a delete that cannot reach the server', async () => {
    await openPages();
    await s.page.getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Tenant 21', exact: true }).waitFor();
    const all = s.page.getByRole('checkbox', { name: 'Select all', exact: true });
    await all.check();
    await s.page.getByRole('checkbox', { name: 'Select Tenant 22' }).uncheck();
    expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await s.page.getByRole('button', { name: '1', exact: true }).click();
    await s.page.getByRole('checkbox', { name: 'Select Tenant 01' }).check();

    const cut = await cutOff('/api/payments/delete');
    try {
      await s.page.getByRole('button', { name: 'Delete Selected (2)' }).click();
      await s.page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
      await toast('Error during bulk delete: The server cannot be reached. Check the connection and try again.');
      await expect.poll(() => cut.errors.some((e) => e.startsWith('Error during bulk delete'))).toBe(true);
    } finally {
      await cut.done();
    }

    await s.page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Confirm Action' });
    await dialog.getByText('Are you sure you want to delete the 2 selected payments?').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast('Selected records deleted!');
    await dialog.waitFor({ state: 'hidden' });
    await s.page.getByRole('cell', { name: 'Tenant 01', exact: true }).waitFor({ state: 'hidden' });
    expect(await s.page.getByRole('button', { name: /^Delete Selected/ }).count()).toBe(0);
    // 20 left: one page, Tenant 22 now on it.
    await s.page.getByRole('cell', { name: 'Tenant 22', exact: true }).waitFor();
    expect(await s.page.getByRole('cell', { name: 'Tenant 21', exact: true }).count()).toBe(0);
    expect(await s.page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
  });

  it('deletes one bill after confirming', async () => {
    await s.goto('/payments');
    await chooseEach(s.page, { Colony: 'Many Homes', Month: 'September', Year: '2026' });
    await s.page.getByRole('cell', { name: 'Resident 03', exact: true }).waitFor();
    await s.page.getByRole('button', { name: 'Delete Resident 03' }).click();
    await s.page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
    await toast('Successfully Deleted Payment');
    await s.page.getByRole('cell', { name: 'Resident 03', exact: true }).waitFor({ state: 'hidden' });
    await s.page.getByRole('cell', { name: 'Resident 04', exact: true }).waitFor();
  });
});

describe('a list that fails to load', () => {
  it('shows the failure and loads again on Retry', async () => {
    await s.goto('/payments/info');
    let failures = 1;
    await s.page.route('**/api/payments?*', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' })
        : route.continue(),
    );
    // Month and year first: they start at this month, so the colony is the choice that loads.
    await chooseEach(s.page, { Month: 'August', Year: '2026', Colony: 'Green Park' });
    await s.page.getByRole('alert').getByText('Internal Server Error').waitFor();
    await clickAndSee(s.page, 'Retry', 'No payments found.');
    await s.page.unroute('**/api/payments?*');
  });
});

describe('what tripped the operator up', () => {
  const today = calendarDateIn('Asia/Kolkata', new Date());
  const THIS_MONTH = MONTH_NAMES[Number(today.slice(5, 7)) - 1]!;
  const THIS_YEAR = today.slice(0, 4);
  const combobox = (label: string) => s.page.getByRole('combobox', { name: label, exact: true });
  /** Lets a list finish opening (zero-delay timers) before the next key, as in tests/reports.test.ts. */
  const settle = () => s.page.evaluate(() => new Promise((done) => setTimeout(done)));

  it('Receiving Payments starts at this month, filters months as typed, and says when the month has no bill', async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'TRP', colonyName: 'Trip Colony' });
    const tara = await makeCustomer(db, { colonyCode: 'TRP', customerName: 'Tara Singh' });
    await makePayment(
      db,
      { customerId: tara.customerId, paymentYear: 2026, paymentMonth: 10, totalPrice: 310_00, due: 310_00 },
      [{ productCode: 'CM', productName: 'Cow Milk', price: 10_00, attendance: 31 }],
    );
    await s.open('/payments/receiving', 'Receiving Payments');
    await expect.poll(() => combobox('Month').inputValue()).toBe(THIS_MONTH);
    expect(await combobox('Year').inputValue()).toBe(THIS_YEAR);
    await chooseEach(s.page, { Colony: 'Trip Colony', Customer: 'Tara Singh (route 1)', Year: '2026' });

    // "Nov", ArrowDown, Enter takes November: typing leaves only the months that match.
    await combobox('Month').click();
    await settle();
    await s.page.keyboard.press('Control+A');
    await s.page.keyboard.type('Nov');
    await settle();
    expect(await s.page.getByRole('option').allInnerTexts()).toEqual(['November']);
    await s.page.keyboard.press('ArrowDown');
    await settle();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => combobox('Month').inputValue()).toBe('November');
    await s.page.getByText('No bill for November 2026: this will be kept as an advance.').waitFor();

    await choose(s.page, 'Month', 'October');
    expect(await summaryAmount('Milk Bill').innerText()).toBe('₹310.00');
    expect(await s.page.getByText(/^No bill for/).count()).toBe(0);

    await choose(s.page, 'Month', 'January');
    await s.page.getByText('No bill for January 2026: this will be kept as an advance.').waitFor();
    await s.page.getByLabel('Payment Amount').fill('500');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await toast('Successfully Received Amount');
    const kept = await db.select().from(receipt).where(eq(receipt.customerId, tara.customerId));
    expect(kept.map((r) => [r.paymentYear, r.paymentMonth, r.amount])).toEqual([[2026, 1, 500_00]]);
  });

  it('starts every month and year filter of the payment screens at this month', async () => {
    const screens: [string, string, string[]][] = [
      ['/payments/info', 'Payment Information', ['Month', 'Year']],
      ['/payments/add', 'Generate Payment', ['Month', 'Year']],
      ['/payments/receiving', 'Receiving Payments', ['Month', 'Year']],
      ['/payments/details', 'Users Payments Details', ['Start Month', 'Start Year', 'End Month', 'End Year']],
    ];
    for (const [route, heading, fields] of screens) {
      await s.open(route, heading);
      for (const field of fields)
        await expect
          .poll(() => combobox(field).inputValue(), { message: `${route} ${field}` })
          .toBe(field.endsWith('Month') ? THIS_MONTH : THIS_YEAR);
    }
  });

  it('keeps the filters and the page in the address: reload and Back keep them', async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'ADR', colonyName: 'Address Colony' });
    for (let i = 1; i <= 21; i++) {
      const c = await makeCustomer(db, { colonyCode: 'ADR', customerName: `Neighbour ${i}`, route: i });
      await makePayment(db, {
        customerId: c.customerId,
        paymentYear: 2026,
        paymentMonth: 6,
        totalPrice: 1_00,
        due: 1_00,
      });
    }
    await s.goto('/payments/info');
    await chooseEach(s.page, { Colony: 'Address Colony', Month: 'June', Year: '2026' });
    await s.page.getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Neighbour 21', exact: true }).waitFor();
    await s.page.reload();
    await s.page.getByRole('cell', { name: 'Neighbour 21', exact: true }).waitFor();
    // A picker names its choice once its options arrive, which may be after the rows.
    await expect.poll(() => combobox('Colony').inputValue()).toBe('Address Colony');
    await expect.poll(() => combobox('Month').inputValue()).toBe('June');
    await s.page.evaluate(() => {
      window.location.hash = '#/payments/add';
    });
    await s.page.getByRole('heading', { name: 'Generate Payment' }).waitFor();
    await s.page.goBack();
    await s.page.getByRole('cell', { name: 'Neighbour 21', exact: true }).waitFor();
    expect(await combobox('Colony').inputValue()).toBe('Address Colony');

    await s.goto('/payments/details');
    await chooseEach(s.page, {
      Colony: 'Address Colony',
      'Start Month': 'June',
      'Start Year': '2026',
      'End Month': 'June',
      'End Year': '2026',
    });
    await s.page.getByRole('radio', { name: 'Unpaid' }).check();
    await s.page.getByText('Total Records: 21').waitFor();
    await s.page.getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Neighbour 21', exact: true }).waitFor();
    await s.page.reload();
    await s.page.getByRole('cell', { name: 'Neighbour 21', exact: true }).waitFor();
    expect(await combobox('Start Month').inputValue()).toBe('June');
    expect(await combobox('End Month').inputValue()).toBe('June');
    expect(await s.page.getByRole('radio', { name: 'Unpaid' }).isChecked()).toBe(true);
  });

  it('Payment Information lines its product tables up in one grid, with a quiet Delete', async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'GRD', colonyName: 'Grid Colony' });
    const bills: [string, string, number, number][] = [
      ['Gita Rao', 'Curd', 5_00, 1],
      ['Hari Das', 'A2 Desi Cow Milk Full Cream', 1234_50, 30],
    ];
    for (const [i, [name, product, price, days]] of bills.entries()) {
      const c = await makeCustomer(db, { colonyCode: 'GRD', customerName: name, route: i + 1 });
      await makePayment(
        db,
        { customerId: c.customerId, paymentYear: 2026, paymentMonth: 7, totalPrice: price * days, due: price * days },
        [{ productCode: `G${i}`, productName: product, price, attendance: days }],
      );
    }
    await s.goto('/payments/info');
    await chooseEach(s.page, { Colony: 'Grid Colony', Month: 'July', Year: '2026' });
    const boxes = async (header: string) =>
      Promise.all(
        ['Gita Rao', 'Hari Das'].map(async (name) =>
          s.page
            .getByRole('table', { name: `Milks of ${name}` })
            .getByRole('columnheader', { name: header, exact: true })
            .boundingBox(),
        ),
      );
    await s.page.getByRole('table', { name: 'Milks of Hari Das' }).waitFor();
    for (const header of ['Milk Name', 'Price', 'Qty', 'Days', 'Amount']) {
      const [gita, hari] = await boxes(header);
      expect({ x: gita!.x, width: gita!.width }, header).toEqual({ x: hari!.x, width: hari!.width });
    }

    const remove = s.page.getByRole('button', { name: 'Delete Gita Rao' });
    const look = await remove.evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, background: style.backgroundColor };
    });
    const [r, g] = look.color.match(/\d+/g)!.map(Number);
    expect(r! - g!, `a quiet text colour, not red: ${look.color}`).toBeLessThan(60);
    expect(look.background).toBe('rgba(0, 0, 0, 0)');
  });

  it("Generate Payment's preview shows the colony's total and keeps 'Confirm & Generate' in sight", async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'BIG', colonyName: 'Big Colony', charges: 2_50 });
    const milk = await makeDailyProduct(db, { productName: 'Cow Milk', price: 50_00 });
    for (let i = 1; i <= 300; i++) {
      const c = await makeCustomer(db, { colonyCode: 'BIG', customerName: `Home ${i}`, route: i });
      await deliver(db, c.customerId, milk, ['2026-07-01'], { price: 50_00 + i });
    }
    await s.goto('/payments/add');
    await choose(s.page, 'Colony', 'Big Colony');
    expect(await s.page.getByLabel('Service Charges').inputValue()).toBe('2.5');
    // Choosing the colony already chosen keeps it.
    await choose(s.page, 'Colony', 'Big Colony');
    expect(await combobox('Colony').inputValue()).toBe('Big Colony');
    expect(await s.page.getByLabel('Service Charges').inputValue()).toBe('2.5');
    await chooseEach(s.page, { Month: 'July', Year: '2026' });
    await s.page.getByRole('button', { name: 'Preview' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Payment Preview' });
    await dialog.getByText('Home 300', { exact: true }).waitFor();
    // 300 x ₹52.50 and ₹0.01 … ₹3.00 more: ₹15,750.00 + ₹451.50.
    const total = dialog.getByRole('row').filter({ hasText: 'Total' }).last();
    expect(await total.innerText()).toMatch(/Total\s+₹16,201\.50/);
    const confirm = dialog.getByRole('button', { name: 'Confirm & Generate' });
    const box = await confirm.boundingBox();
    const viewport = s.page.viewportSize()!;
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    await confirm.click();
    await toast('Payments generated successfully!');
  });
});
