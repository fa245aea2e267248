import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct, makeTransaction } from '../dairy';
import { signedInForFile } from '../harness';
import { choose, chooseEach, clickAndSee, confirmDialog, generateAndSee, shownDate, typeDate } from '../screen';

/**
 * Green Park: Asha takes cow milk on Mondays and curd monthly; Bala takes cow milk on Mondays
 * and already has that delivery on 2026-06-01 (a Monday and the 1st).
 */
const seeded = {
  asha: 0,
  bala: 0,
  milkMonday: 0,
  monday: 0,
};

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  const monday = await makeCombination(db, 'Monday');
  const monthly = await makeCombination(db, 'Monthly');
  const milk = await makeProduct(db, {
    productCode: 'MLK',
    productName: 'Cow milk',
    combinationId: monday.combinationId,
    price: 3050,
  });
  const curd = await makeProduct(db, {
    productCode: 'CRD',
    productName: 'Curd',
    combinationId: monthly.combinationId,
    price: 10000,
  });
  const asha = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha', route: 1 });
  const bala = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Bala', route: 2 });
  await makeConsumption(db, { customerId: asha.customerId, productId: milk.productId });
  await makeConsumption(db, { customerId: asha.customerId, productId: curd.productId });
  await makeConsumption(db, { customerId: bala.customerId, productId: milk.productId });
  await makeTransaction(db, {
    customerId: bala.customerId,
    productId: milk.productId,
    combinationId: monday.combinationId,
    transactionDate: '2026-06-01',
    price: 3050,
  });
  Object.assign(seeded, {
    asha: asha.customerId,
    bala: bala.customerId,
    milkMonday: milk.productId,
    monday: monday.combinationId,
  });
});

const tableRows = () => s.page.locator('tbody tr');

/** Today in the business time zone (BUSINESS_TZ defaults to Asia/Kolkata). */
const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

async function cellTexts(column: number): Promise<string[]> {
  return tableRows().evaluateAll((rows, c) => rows.map((r) => r.children[c]?.textContent ?? ''), column);
}

describe('Preview Transactions', () => {
  it('asks for a filter, then lists what generation would create', async () => {
    await s.open('/transactions/dailyTransactions', 'Preview Transactions');
    await s.page.getByText('No transactions found. Please apply filter').waitFor();
    await typeDate(s.page.getByLabel('Start Date'), '2026-06-01');
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByRole('cell', { name: 'Curd' }).waitFor();
    expect(await s.page.locator('thead th').allTextContents()).toEqual([
      '#',
      'Customer Name',
      'Colony',
      'Milk Name',
      'Days',
      'Date',
      'Qty',
      'Price',
    ]);
    // Bala already has Monday's milk: only Asha's two deliveries are still to create.
    expect(await cellTexts(1)).toEqual(['Asha', 'Asha']);
    expect(await cellTexts(3)).toEqual(['Curd', 'Cow milk']);
    expect(await cellTexts(6)).toEqual(['1 L', '1 L']);
    expect(await cellTexts(7)).toEqual(['₹100.00', '₹30.50']);
  });

  it('offers active colonies only and pages by 20', async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'OFF', colonyName: 'Closed Colony', disable: 1 });
    await makeColony(db, { colonyCode: 'PG', colonyName: 'Page Colony' });
    for (let i = 1; i <= 21; i++) {
      const c = await makeCustomer(db, { colonyCode: 'PG', customerName: `Reader ${i}`, route: i });
      await makeConsumption(db, { customerId: c.customerId, productId: seeded.milkMonday });
    }
    await s.goto('/transactions/dailyTransactions');
    await typeDate(s.page.getByLabel('Start Date'), '2026-06-08');
    await s.page.getByRole('combobox', { name: 'Colony', exact: true }).click();
    expect(await s.page.getByRole('option').allTextContents()).toEqual(['Green Park', 'Page Colony']);
    await s.page.getByRole('option', { name: 'Page Colony', exact: true }).click();
    await s.page.getByRole('cell', { name: 'Reader 20', exact: true }).waitFor();
    expect(await tableRows().count()).toBe(20);
    const pager = s.page.getByRole('navigation', { name: 'Pagination' });
    expect(await pager.locator('button').allTextContents()).toEqual(['Previous', '1', '2', 'Next']);
    await pager.getByRole('button', { name: 'Next' }).click();
    await s.page.getByRole('cell', { name: 'Reader 21', exact: true }).waitFor();
    expect(await cellTexts(0)).toEqual(['21']);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });
});

describe('Generate Transactions', () => {
  it('defaults to today, asks for all fields, and lists the customers that already had transactions', async () => {
    await s.open('/transactions/add', 'Generate Transactions');
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe(shownDate(businessToday()));
    await clickAndSee(s.page, 'Generate', 'Please fill in all fields.');

    await choose(s.page, 'Colony', 'Green Park');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-06-01');
    await s.page.getByRole('button', { name: 'Generate' }).click();
    // More than 31 days from today: the date is asked about first.
    await confirmDialog(s.page, 'Generate transactions for 01/06/2026?', 'Confirm');
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('2 new transactions were created.', { exact: false }).waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(['Bala']);
    await s.page.getByText('Transactions already exists.').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The list opens on that colony and date (it opened empty before).
    await s.page.waitForURL(/#\/transactions\?colony=GP&date=2026-06-01$/, { timeout: 5000 });
    await s.page.getByRole('heading', { name: 'All Transactions' }).waitFor();
    await s.page.getByText('Total Records: 3').waitFor();
  });
});

describe('All Transactions', () => {
  it('loads only with a colony and a date, keeps date and month exclusive, and marks an absence', async () => {
    await s.open('/transactions', 'All Transactions');
    // The date starts at today: a colony alone then loads the list (before, it waited for a date).
    await s.page.getByText('Choose a colony or a Milk, and a date or a month-year.').waitFor();
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe(shownDate(businessToday()));
    await choose(s.page, 'Colony', 'Green Park');
    await s.page.getByText(/^Total Records: \d+$/).waitFor();
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-06-01');
    await s.page.getByText('Total Records: 3').waitFor();
    expect(await s.page.locator('thead th').allTextContents()).toEqual([
      '',
      '#',
      'Customer Name',
      'Milk Name',
      'Qty',
      'Colony',
      'Combination',
      'Price',
      'Transaction Date',
      'Attendance',
      'Delete',
    ]);
    expect(await cellTexts(2)).toEqual(['Asha', 'Asha', 'Bala']);

    // The filters live in the address now, which the router updates a moment after the change.
    await s.page.getByLabel('Month-Year').fill('2026-06');
    await expect.poll(() => s.page.getByLabel('Date', { exact: true }).inputValue()).toBe('');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-06-01');
    await expect.poll(() => s.page.getByLabel('Month-Year').inputValue()).toBe('');

    const attendance = s.page.getByLabel('Attendance of Asha Cow milk 01/06/2026');
    expect(await attendance.isChecked()).toBe(true);
    await attendance.click();
    await s.page.getByText('Are you sure you want to update this transaction?').waitFor();
    await clickAndSee(s.page, 'Confirm', 'Attendance updated successfully.');
    await expect.poll(() => attendance.isChecked()).toBe(false);

    const curdRow = s.page.getByRole('row').filter({ has: s.page.getByLabel('Attendance of Asha Curd 01/06/2026') });
    await curdRow.getByRole('button', { name: 'Delete' }).click();
    await s.page.getByText('Are you sure you want to delete this transaction?').waitFor();
    await clickAndSee(s.page, 'Confirm', 'Transaction deleted successfully.');
    await s.page.getByText('Total Records: 2').waitFor();
    expect(await cellTexts(3)).toEqual(['Cow milk', 'Cow milk']);
  });
});

/** On Single User Transaction: Asha's cow milk on Mondays, whose price starts at the product's ₹30.50. */
async function chooseAshasMondayMilk() {
  await chooseEach(s.page, {
    Colony: 'Green Park',
    Customer: 'Asha (route 1)',
    Milk: 'Cow milk (MLK)',
    Days: 'Monday',
  });
  await expect.poll(() => s.page.getByLabel('Price').inputValue()).toBe('30.5');
}

describe('Single User Transaction', () => {
  it('asks for the required fields, then adds a period of Monday deliveries', async () => {
    await s.open('/transactions/singletransaction', 'Single User Transaction');
    await clickAndSee(s.page, 'Generate Transaction', 'Please fill in all required fields.');

    await chooseAshasMondayMilk();
    await s.page.getByLabel('Price').fill('0.5');
    await s.page.getByLabel('Multiple Transaction').check();
    await typeDate(s.page.getByLabel('From Date'), '2026-06-01');
    await typeDate(s.page.getByLabel('To Date'), '2027-06-30');
    await clickAndSee(s.page, 'Generate Transaction', 'Price must be at least 1');
    await s.page.getByLabel('Price').fill('30.5');
    await clickAndSee(s.page, 'Generate Transaction', 'A period may span at most 366 days.');
    await typeDate(s.page.getByLabel('To Date'), '2026-06-30');
    await s.page.getByRole('button', { name: 'Generate Transaction' }).click();
    // June 2026 has Mondays on the 1st, 8th, 15th, 22nd and 29th; the 1st was generated already.
    await s.page.getByText('Generate Transaction Successfully').waitFor();
    await s.page.getByText('1 Transactions Already Exists.').waitFor();
    await s.page.waitForURL(/#\/transactions(\?|$)/, { timeout: 5000 });
  });
});

describe('All Transactions, a month', () => {
  it('filters a month by product and bulk-deletes the selection', async () => {
    await s.goto('/transactions');
    await choose(s.page, 'Milk', 'Cow milk');
    await s.page.getByLabel('Month-Year').fill('2026-06');
    await s.page.getByText('Total Records: 6').waitFor();
    expect(await cellTexts(8)).toEqual([
      '29/06/2026',
      '22/06/2026',
      '15/06/2026',
      '08/06/2026',
      '01/06/2026',
      '01/06/2026',
    ]);
    await s.page.getByLabel('Select all').check();
    await clickAndSee(s.page, 'Delete Selected (6)', 'Are you sure you want to delete all 6 Transactions?');
    await clickAndSee(s.page, 'Confirm', 'Selected records deleted!');
    await s.page.getByText('No transactions found.').waitFor();
    await s.page.getByText('Total Records: 0').waitFor();
  });

  it('collapses the pages with an ellipsis past 10 pages, showing current-4 to current+5', async () => {
    // Another colony with 1,100 customers, each with one delivery on the same day: 11 pages of 100.
    await s.app.database.db.execute(sql`
      with colony_row as (
        insert into colony (colony_code, colony_name) values ('BIG', 'Big Colony') returning colony_code
      ), people as (
        insert into customer (customer_name, address, colony_code, route)
        select 'Person ' || g, 'House ' || g, 'BIG', g from generate_series(1, 1100) g
        returning customer_id
      )
      insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
      select people.customer_id, p.product_id, p.combination_id, p.price, date '2026-07-06', 1
      from people cross join product p where p.product_code = 'MLK'`);
    await s.goto('/transactions');
    await s.page.reload(); // the colony list was loaded before Big Colony existed
    await choose(s.page, 'Colony', 'Big Colony');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-07-06');
    await s.page.getByText('Total Records: 1100').waitFor();
    const pager = s.page.getByRole('navigation', { name: 'Pagination' });
    const labels = () => pager.locator('button, p').allTextContents();
    expect(await labels()).toEqual(['Previous', '1', '2', '3', '4', '5', '6', '…', '11', 'Next']);
    await pager.getByRole('button', { name: '11' }).click();
    await expect.poll(labels).toEqual(['Previous', '1', '…', '7', '8', '9', '10', '11', 'Next']);
    expect(await cellTexts(1)).toContain('1001');
    await pager.getByRole('button', { name: '7' }).click();
    await expect.poll(labels).toEqual(['Previous', '1', '…', '3', '4', '5', '6', '7', '8', '9', '10', '11', 'Next']);
  });
});

describe('Update Transaction', () => {
  it('shows the load error for an unknown transaction', async () => {
    await s.goto('/transactions/update/999999');
    await s.page.getByText('Error: Could not load transaction data').waitFor();
    await s.page.getByText('Failed to load transaction data.').waitFor();
  });

  it('checks the price and saves price and attendance', async () => {
    const db = s.app.database.db;
    const row = await makeTransaction(db, {
      customerId: seeded.asha,
      productId: seeded.milkMonday,
      combinationId: seeded.monday,
      transactionDate: '2026-08-03',
      price: 3050,
    });
    await s.open(`/transactions/update/${row.transactionId}`, 'Update Transaction');
    // The form fills in once the transaction has arrived.
    await expect.poll(() => s.page.getByLabel('Colony').inputValue()).toBe('Green Park');
    expect(await s.page.getByLabel('Customer', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await s.page.getByLabel('Price').fill('0.5');
    await clickAndSee(s.page, 'Update Transaction', 'Price must be at least 1');
    // Another product clears the days and offers that product's own.
    await choose(s.page, 'Milk', 'Curd (CRD)');
    expect(await s.page.getByRole('combobox', { name: 'Days' }).inputValue()).toBe('');
    await choose(s.page, 'Days', 'Monthly');
    await s.page.getByLabel('Price').fill('95.25');
    await s.page.getByLabel('Attendance').uncheck();
    await clickAndSee(s.page, 'Update Transaction', 'Transaction updated successfully.');
    await s.page.waitForURL(/#\/transactions(\?|$)/, { timeout: 5000 });
    const [saved] = (
      (await db.execute(
        sql`select p.product_code, t.price::text as price, t.attendance from "transaction" t
          join product p on p.product_id = t.product_id where t.transaction_id = ${row.transactionId}`,
      )) as unknown as { rows: { product_code: string; price: string; attendance: number }[] }
    ).rows;
    expect(saved).toEqual({ product_code: 'CRD', price: '95.25', attendance: 0 });
  });
});

/** A colony of `customers` people ('Name 001', …, routes in that order), each with one milk delivery on `date`. */
async function seedDeliveries(code: string, name: string, customers: number, date: string) {
  await s.app.database.db.execute(sql`
    with colony_row as (
      insert into colony (colony_code, colony_name) values (${code}, ${name}) returning colony_code
    ), people as (
      insert into customer (customer_name, address, colony_code, route)
      select ${name} || ' ' || lpad(g::text, 3, '0'), 'House ' || g, ${code}, g from generate_series(1, ${customers}) g
      returning customer_id
    )
    insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
    select people.customer_id, p.product_id, p.combination_id, p.price, ${date}::date, 1
    from people cross join product p where p.product_code = 'MLK'`);
}

// A picker names its choice once its options arrive, which may be after the list's rows: poll.
const pickerValue = (label: string) => s.page.getByRole('combobox', { name: label, exact: true }).inputValue();
const pager = () => s.page.getByRole('navigation', { name: 'Pagination' });

async function savedTransaction(id: number) {
  const [saved] = (
    (await s.app.database.db.execute(
      sql`select price::text as price, attendance from "transaction" where transaction_id = ${id}`,
    )) as unknown as { rows: { price: string; attendance: number }[] }
  ).rows;
  return saved;
}

describe('The operator on transactions', () => {
  it('starts every date filter at today in the business time zone', async () => {
    const today = businessToday();
    await s.open('/transactions', 'All Transactions');
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe(shownDate(today));
    await s.open('/transactions/dailyTransactions', 'Preview Transactions');
    expect(await s.page.getByLabel('Start Date').inputValue()).toBe(shownDate(today));
    await s.open('/transactions/singletransaction', 'Single User Transaction');
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe(shownDate(today));
    await s.page.getByLabel('Multiple Transaction').check();
    expect(await s.page.getByLabel('From Date').inputValue()).toBe(shownDate(today));
  });

  it("keeps All Transactions' filters and page in the address: reload, Back and a save come back to them", async () => {
    await seedDeliveries('URL', 'Url Colony', 105, '2026-09-07');
    await s.goto('/transactions');
    await chooseEach(s.page, { Colony: 'Url Colony', Milk: 'Cow milk' });
    // Typed key by key over the date shown (day, month, year, as every date reads), as a person
    // does: the address follows without losing a key.
    await s.page.getByLabel('Date', { exact: true }).focus();
    await s.page.keyboard.press('ControlOrMeta+A');
    await s.page.keyboard.type('07/09/2026');
    await s.page.keyboard.press('Tab');
    await s.page.getByText('Total Records: 105').waitFor();
    await pager().getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('link', { name: 'Url Colony 101' }).waitFor();
    await s.page.waitForURL(/page=2/);
    const listUrl = s.page.url();
    const query = new URLSearchParams(new URL(listUrl).hash.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ colony: 'URL', product: 'Cow milk', date: '2026-09-07', page: '2' });

    await s.page.reload();
    await s.page.getByRole('link', { name: 'Url Colony 101' }).waitFor();
    await expect.poll(() => pickerValue('Colony')).toBe('Url Colony');
    await expect.poll(() => pickerValue('Milk')).toBe('Cow milk');
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe('07/09/2026');
    expect(await cellTexts(1)).toEqual(['101', '102', '103', '104', '105']);

    await s.page.getByRole('link', { name: 'Url Colony 103' }).click();
    await s.page.getByRole('heading', { name: 'Update Transaction' }).waitFor();
    await s.page.goBack();
    await s.page.getByRole('link', { name: 'Url Colony 103' }).waitFor();
    expect(s.page.url()).toBe(listUrl);

    await s.page.getByRole('link', { name: 'Url Colony 103' }).click();
    await expect.poll(() => s.page.getByLabel('Price').inputValue()).toBe('30.5');
    await s.page.getByLabel('Price').fill('31');
    await clickAndSee(s.page, 'Update Transaction', 'Transaction updated successfully.');
    await s.page.waitForURL(listUrl, { timeout: 5000 });
    const saved = s.page.getByRole('row').filter({ has: s.page.getByRole('link', { name: 'Url Colony 103' }) });
    await saved.getByRole('cell', { name: '₹31.00' }).waitFor();
    await expect.poll(() => pickerValue('Colony')).toBe('Url Colony');

    // A month and a customer are kept the same way; the month clears the date.
    await s.page.getByLabel('Month-Year').fill('2026-09');
    await choose(s.page, 'Customer', 'Url Colony 002 (route 2)');
    await s.page.getByText('Total Records: 1').waitFor();
    await s.page.reload();
    await s.page.getByText('Total Records: 1').waitFor();
    expect(await s.page.getByLabel('Month-Year').inputValue()).toBe('2026-09');
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => pickerValue('Customer')).toBe('Url Colony 002 (route 2)');
  });

  it('keeps ticks across pages; the header box acts on the page shown', async () => {
    await seedDeliveries('SEL', 'Tick Colony', 103, '2026-09-14');
    await s.goto('/transactions?colony=SEL&date=2026-09-14');
    await s.page.getByText('Total Records: 103').waitFor();
    const first = s.page.getByLabel('Select Tick Colony 001 Cow milk 14/09/2026');
    await first.check();
    await pager().getByRole('button', { name: '2', exact: true }).click();
    await s.page.getByRole('link', { name: 'Tick Colony 101' }).waitFor();
    const header = s.page.getByLabel('Select all');
    expect(await header.isChecked()).toBe(false);
    await header.check();
    await s.page.getByRole('button', { name: 'Delete Selected (4)' }).waitFor();
    await pager().getByRole('button', { name: '1', exact: true }).click();
    await s.page.getByRole('link', { name: 'Tick Colony 001' }).waitFor();
    expect(await first.isChecked()).toBe(true);
    expect(await header.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
    await clickAndSee(s.page, 'Delete Selected (4)', 'Are you sure you want to delete all 4 Transactions?');
    await clickAndSee(s.page, 'Confirm', 'Selected records deleted!');
    await s.page.getByText('Total Records: 99').waitFor();
    expect(await cellTexts(2).then((names) => names.slice(0, 2))).toEqual(['Tick Colony 002', 'Tick Colony 003']);
  });

  it("keeps Preview's date, colony and page in the address", async () => {
    await s.goto('/transactions/dailyTransactions');
    await typeDate(s.page.getByLabel('Start Date'), '2026-06-08');
    await choose(s.page, 'Colony', 'Page Colony');
    await pager().getByRole('button', { name: 'Next' }).click();
    await s.page.getByRole('cell', { name: 'Reader 21', exact: true }).waitFor();
    await s.page.reload();
    await s.page.getByRole('cell', { name: 'Reader 21', exact: true }).waitFor();
    expect(await s.page.getByLabel('Start Date').inputValue()).toBe('08/06/2026');
    // The picker names the colony once the colonies have arrived, which may be after the rows.
    await expect.poll(() => pickerValue('Colony')).toBe('Page Colony');
    expect(await cellTexts(0)).toEqual(['21']);
  });

  it('Generate Transactions says how many it created and opens All Transactions on that colony and date', async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'HT', colonyName: 'Hill Top' });
    for (const customerName of ['Chandra', 'Devi', 'Esha']) {
      const c = await makeCustomer(db, { colonyCode: 'HT', customerName });
      await makeConsumption(db, { customerId: c.customerId, productId: seeded.milkMonday });
    }
    await s.goto('/transactions/add');
    await choose(s.page, 'Colony', 'Hill Top');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-06-15');
    await generateAndSee(s.page, 'Generate', '2026-06-15', 'Successfully Generate Transactions.');
    await s.page.getByText('3 transactions created.').waitFor();
    await s.page.waitForURL(/#\/transactions\?colony=HT&date=2026-06-15$/, { timeout: 5000 });
    await s.page.getByText('Total Records: 3').waitFor();
    expect(await cellTexts(2)).toEqual(['Chandra', 'Devi', 'Esha']);
    await expect.poll(() => pickerValue('Colony')).toBe('Hill Top');
    expect(await s.page.getByLabel('Date', { exact: true }).inputValue()).toBe('15/06/2026');
  });

  it('keeps a picker when the option already chosen is chosen again; only its × clears it', async () => {
    await s.goto('/transactions');
    await choose(s.page, 'Milk', 'Cow milk');
    await choose(s.page, 'Milk', 'Cow milk');
    expect(await pickerValue('Milk')).toBe('Cow milk');
    const milk = s.page.getByRole('combobox', { name: 'Milk', exact: true });
    await milk.locator('xpath=..').locator('button').click();
    await expect.poll(() => pickerValue('Milk')).toBe('');

    await s.goto('/transactions/singletransaction');
    await chooseAshasMondayMilk();
    // What a person types stays, also below the minimum (its message shows on submit).
    await s.page.getByLabel('Price').fill('0.5');
    await s.page.getByLabel('Price').blur();
    expect(await s.page.getByLabel('Price').inputValue()).toBe('0.5');
    await s.page.getByLabel('Price').fill('45.75');
    await chooseEach(s.page, { Days: 'Monday', Colony: 'Green Park', Milk: 'Cow milk (MLK)' });
    expect(await pickerValue('Days')).toBe('Monday');
    expect(await pickerValue('Customer')).toBe('Asha (route 1)');
    expect(await s.page.getByLabel('Price').inputValue()).toBe('45.75');
  });

  it('refuses a save on Update Transaction made from an older copy, says so, and Reload shows the change', async () => {
    const row = await makeTransaction(s.app.database.db, {
      customerId: seeded.asha,
      productId: seeded.milkMonday,
      combinationId: seeded.monday,
      transactionDate: '2026-08-10',
      price: 3050,
    });
    await s.goto(`/transactions/update/${row.transactionId}`);
    const price = s.page.getByLabel('Price');
    await expect.poll(() => price.inputValue()).toBe('30.5');
    // Days already chosen, chosen again, stay.
    await choose(s.page, 'Days', 'Monday');
    expect(await pickerValue('Days')).toBe('Monday');
    // Another operator marks the delivery as missed (All Transactions' tick) while this form is open.
    const toggled = await s.page.request.post(`${s.app.url}/api/transactions/update/${row.transactionId}`, {
      headers: { 'X-Requested-With': 'fetch' },
    });
    expect(toggled.ok()).toBe(true);
    await price.fill('40');
    await s.page.getByRole('button', { name: 'Update Transaction' }).click();
    const alert = s.page.getByRole('alert').filter({
      hasText: 'This record was changed by someone else.',
      has: s.page.getByRole('button', { name: 'Reload' }),
    });
    await alert.waitFor();
    await s.page.getByText('Failed to update transaction.').waitFor();
    expect(await savedTransaction(row.transactionId)).toEqual({ price: '30.50', attendance: 0 });

    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => s.page.getByLabel('Attendance').isChecked()).toBe(false);
    expect(await price.inputValue()).toBe('30.5');
    await price.fill('40');
    await clickAndSee(s.page, 'Update Transaction', 'Transaction updated successfully.');
    expect(await savedTransaction(row.transactionId)).toEqual({ price: '40.00', attendance: 0 });
  });
});

describe('the quantity of a delivery (docs/rules.md section 12)', () => {
  it('is typed with its unit on Single User Transaction and Update Transaction, and shown in the Qty column', async () => {
    await s.goto('/transactions/singletransaction');
    await chooseEach(s.page, { Colony: 'Green Park', Customer: 'Bala (route 2)', Milk: 'Curd (CRD)', Days: 'Monthly' });
    const quantity = s.page.getByLabel('Quantity');
    expect(await quantity.inputValue()).toBe('1');
    await s.page.locator('form').getByText('L', { exact: true }).waitFor();
    await quantity.fill('1.255');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-10-15');
    await clickAndSee(s.page, 'Generate Transaction', 'Quantity must have at most 2 decimals.');
    await quantity.fill('1.5');
    await clickAndSee(s.page, 'Generate Transaction', 'Generate Transaction Successfully');

    await s.goto('/transactions?colony=GP&date=2026-10-15');
    await s.page.getByText('Total Records: 1').waitFor();
    await s.page.getByRole('cell', { name: '1.5 L', exact: true }).waitFor();
    await s.page.getByRole('link', { name: 'Bala' }).click();
    await s.page.getByRole('heading', { name: 'Update Transaction' }).waitFor();
    await expect.poll(() => s.page.getByLabel('Quantity').inputValue()).toBe('1.5');
    await s.page.getByLabel('Quantity').fill('0');
    await clickAndSee(s.page, 'Update Transaction', 'Quantity must be more than 0.');
    await s.page.getByLabel('Quantity').fill('2');
    await clickAndSee(s.page, 'Update Transaction', 'Transaction updated successfully.');
    await s.page.waitForURL(/#\/transactions\?/, { timeout: 5000 });
    await s.page.getByRole('cell', { name: '2 L', exact: true }).waitFor();
  });
});
