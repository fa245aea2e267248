import { STALE_RECORD } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer } from '../../server/src/db/schema';
import { makeColony, makeConsumption, makeCustomer, makeDelivery, makeProduct, makeProductOn } from '../dairy';
import { countCalls, signedInForFile } from '../harness';
import { choose, clickAndSee, expectDelayedRedirect, typeDate } from '../screen';

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GK', colonyName: 'Greater Kailash' });
  await makeColony(db, { colonyCode: 'BIG', colonyName: 'Big Colony' });
  await makeColony(db, { colonyCode: 'OLD', colonyName: 'Old Colony', disable: 1 });
  // 205 customers in one colony: more than one page of 200.
  await db.insert(customer).values(
    Array.from({ length: 205 }, (_, i) => ({
      customerName: `Person ${String(i + 1).padStart(3, '0')}`,
      address: `Block ${i + 1}`,
      colonyCode: 'BIG',
      route: 1,
    })),
  );
  // Asha was last delivered on 1 March.
  const asha = await makeCustomer(db, { colonyCode: 'GK', customerName: 'Asha', route: 2 });
  await makeDelivery(db, asha.customerId, await makeProduct(db), '2026-03-01');
  await makeCustomer(db, {
    colonyCode: 'GK',
    customerName: 'Bala',
    route: 1,
    defaulter: 1,
    contactNumber: '98765',
    paid: 2000,
    due: 4550,
  });
});

const pick = (label: string, option: string) => choose(s.page, label, option);

const bodyRows = () => s.page.getByRole('table').locator('tbody tr');
const findCustomer = async (id: number) =>
  (await s.app.database.db.select().from(customer).where(eq(customer.customerId, id)))[0];
/** The list's address, with or without the filters it had (they are kept in the address). */
const LIST = /#\/(\?[^#]*)?$/;

describe('All Customers (the home page)', () => {
  it('loads only once a colony is chosen, then pages at 200', async () => {
    const { page } = s;
    const list = countCalls(s.page, '/api/users');
    try {
      await s.goto('/');
      await page.getByRole('heading', { name: 'All Customers' }).waitFor();
      // The colony choices have arrived, and still no list was asked for.
      await page.getByRole('combobox', { name: 'Colony', exact: true }).click();
      await page.getByRole('option', { name: 'Big Colony', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      expect(list.calls).toHaveLength(0);
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Customer', exact: true }).isDisabled()).toBe(true);
      await pick('Colony', 'Big Colony');
      await page.getByText('Total Records: 205').waitFor();
      expect(list.calls.map((u) => u.searchParams.get('colonyCode'))).toEqual(['BIG']);
    } finally {
      list.stop();
    }
    expect(await bodyRows().count()).toBe(200);
    expect(await page.getByRole('table').locator('thead th').allTextContents()).toEqual([
      'Route',
      'Name',
      'Address',
      'Phone Number',
      'Colony',
      'Defaulter',
      'Action',
    ]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => bodyRows().count()).toBe(5);
    await page.getByRole('cell', { name: 'Person 205', exact: true }).waitFor();
    await page.getByRole('button', { name: '1', exact: true }).click();
    await expect.poll(() => bodyRows().count()).toBe(200);
  });

  it('filters by customer, route, last active and defaulters; a new colony clears the customer', async () => {
    const { page } = s;
    await s.goto('/');
    await pick('Colony', 'Greater Kailash');
    await page.getByText('Total Records: 2').waitFor();
    expect(await bodyRows().allInnerTexts()).toEqual([
      expect.stringContaining('Bala'),
      expect.stringContaining('Asha'),
    ]);
    expect(await page.getByLabel('Defaulter: Bala').isChecked()).toBe(true);

    await pick('Customer', 'Asha (route 2)');
    await page.getByText('Total Records: 1').waitFor();
    await pick('Colony', 'Big Colony');
    expect(await page.getByRole('combobox', { name: 'Customer', exact: true }).inputValue()).toBe('');
    await page.getByText('Total Records: 205').waitFor();
    await pick('Colony', 'Greater Kailash');

    await page.getByLabel('Route').fill('2');
    await page.getByText('Total Records: 1').waitFor();
    await page.getByRole('cell', { name: 'Asha', exact: true }).waitFor();
    await page.getByLabel('Route').fill('');
    await page.getByLabel('Defaulters').check();
    await page.getByText('Total Records: 1').waitFor();
    await page.getByRole('cell', { name: 'Bala', exact: true }).waitFor();
    await page.getByLabel('Defaulters').uncheck();
    await typeDate(page.getByLabel('Last Active'), '2026-03-31');
    await page.getByText('Total Records: 1').waitFor();
    await page.getByRole('cell', { name: 'Asha', exact: true }).waitFor();
    await typeDate(page.getByLabel('Last Active'), '2026-02-01');
    await page.getByText('No customers found.').waitFor();
  });

  it('disables and enables a customer after the confirm dialog', async () => {
    const { page } = s;
    await s.goto('/');
    await pick('Colony', 'Greater Kailash');
    const row = page.getByRole('row').filter({ hasText: 'Asha' });
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Are you sure you want to disable this customer?').waitFor();
    await clickAndSee(page, 'Confirm', 'Customer disabled successfully!');
    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Are you sure you want to enable this customer?').waitFor();
    await clickAndSee(page, 'Confirm', 'Customer enabled successfully!');
    await row.getByRole('button', { name: 'Disable' }).waitFor();
  });
});

describe('Add User and Update User', () => {
  it('shows the validation texts, adds a customer and returns to the list', async () => {
    const { page } = s;
    await s.goto('/customers/add');
    await page.getByRole('heading', { name: 'Add User' }).waitFor();
    await page.getByRole('combobox', { name: 'Colony', exact: true }).click();
    // Disabled colonies are not offered for a new customer.
    expect(await page.getByRole('option', { name: 'Old Colony' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await clickAndSee(page, 'Add User', "Name can't be empty!");
    await page.getByText("Address can't be empty!").waitFor();
    await page.getByText('Please select a colony.').waitFor();
    await page.getByLabel('Name').fill('Chitra Devi');
    await page.getByLabel('Address').fill('House 12, Lane 3');
    await pick('Colony', 'Greater Kailash');
    await page.getByLabel('Route').fill('3');
    await page.getByLabel('Opening Balance').fill('120.50');
    const message = 'Successfully added a customer.';
    await expectDelayedRedirect(page, { message, form: /#\/customers\/add$/, list: LIST }, () =>
      clickAndSee(page, 'Add User', message),
    );
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();
    await pick('Colony', 'Greater Kailash');
    await page.getByRole('cell', { name: 'Chitra Devi', exact: true }).waitFor();
    const stored = await s.app.database.db.query.customer.findFirst({
      where: (c, { eq }) => eq(c.customerName, 'Chitra Devi'),
    });
    expect(stored).toMatchObject({ contactNumber: '', openingBalance: 12050, due: 12050, paid: 0, route: 3 });
  });

  it('keeps the route as typed, says beside it what is wrong, and sends nothing', async () => {
    const { page } = s;
    await s.goto('/customers/add');
    await page.getByLabel('Name').fill('Route Person');
    await page.getByLabel('Address').fill('House 1');
    await pick('Colony', 'Greater Kailash');
    const route = page.getByLabel('Route');
    const adds = countCalls(page, '/api/users/add');
    try {
      for (const [typed, text] of [
        ['0', 'Route must be at least 1'],
        ['2.5', 'Route must be a whole number.'],
        ['100001', 'Route must be at most 100000'],
      ] as const) {
        await route.fill(typed);
        await route.blur();
        await page.getByRole('button', { name: 'Add User' }).click();
        await page.getByText(text, { exact: true }).waitFor();
        expect(await route.inputValue()).toBe(typed);
      }
      expect(adds.calls).toHaveLength(0);
    } finally {
      adds.stop();
    }

    // The list's route filter too: the list stays as it was and the field says why.
    await s.goto('/');
    await pick('Colony', 'Big Colony');
    await page.getByText('Total Records: 205').waitFor();
    await page.getByLabel('Route').fill('0');
    await page.getByLabel('Route').blur();
    await page.getByText('Route must be at least 1', { exact: true }).waitFor();
    expect(await page.getByLabel('Route').inputValue()).toBe('0');
    await page.getByText('Total Records: 205').waitFor();
  });

  it('updates a customer, including the defaulter flag', async () => {
    const { page } = s;
    await s.goto('/');
    await pick('Colony', 'Greater Kailash');
    await page.getByRole('row').filter({ hasText: 'Bala' }).getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update User' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Bala');
    expect(await page.getByLabel('Defaulter').isChecked()).toBe(true);
    await page.getByLabel('Name').fill('');
    await clickAndSee(page, 'Update User', "Name can't be empty!");
    await page.getByLabel('Name').fill('Bala Krishnan');
    await page.getByLabel('Contact Number').fill('9000000001');
    await page.getByLabel('Defaulter').uncheck();
    // The spec's call carries the loaded paid and due; the server ignores them.
    const message = 'Update Customer Successfully';
    await expectDelayedRedirect(page, { message, form: /#\/customers\/update\/\d+$/, list: LIST }, async () => {
      const saved = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/users/update');
      await page.getByRole('button', { name: 'Update User' }).click();
      expect((await saved).postDataJSON()).toMatchObject({
        name: 'Bala Krishnan',
        contactNumber: '9000000001',
        paid: 20,
        due: 45.5,
        defaulter: 0,
        version: 1,
      });
      await page.getByText(message).waitFor();
    });
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();
    await pick('Colony', 'Greater Kailash');
    await page.getByRole('cell', { name: 'Bala Krishnan', exact: true }).waitFor();
    await page.getByRole('cell', { name: '9000000001', exact: true }).waitFor();
    expect(await page.getByLabel('Defaulter: Bala Krishnan').isChecked()).toBe(false);
  });
});

describe('two operators on one customer', () => {
  it('refuses a save from an older copy of Update User, saves nothing of it, and Reload shows the other change', async () => {
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'LU', colonyName: 'Lost Update Colony' });
    const { customerId } = await makeCustomer(db, {
      colonyCode: 'LU',
      customerName: 'Kiran',
      address: 'Old Lane 1',
      contactNumber: '9000000000',
    });
    const first = s.page;
    const second = await s.browser.context.newPage();
    try {
      await s.goto(`/customers/update/${customerId}`);
      await second.goto(`${s.app.url}/#/customers/update/${customerId}`);
      for (const page of [first, second]) {
        await page.getByRole('heading', { name: 'Update User' }).waitFor();
        await expect.poll(() => page.getByLabel('Address').inputValue()).toBe('Old Lane 1');
      }

      // The first operator saves a new address while the second still has the older copy open.
      await first.getByLabel('Address').fill('New Lane 7');
      await clickAndSee(first, 'Update User', 'Update Customer Successfully');

      await second.getByLabel('Contact Number').fill('9111111111');
      await second.getByRole('button', { name: 'Update User' }).click();
      const alert = second.getByRole('alert').filter({
        hasText: STALE_RECORD,
        has: second.getByRole('button', { name: 'Reload' }),
      });
      await alert.waitFor();
      await second.getByText('Something Went Wrong.').waitFor();
      expect(await findCustomer(customerId)).toMatchObject({ address: 'New Lane 7', contactNumber: '9000000000' });

      await alert.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => second.getByLabel('Address').inputValue()).toBe('New Lane 7');
      expect(await second.getByLabel('Contact Number').inputValue()).toBe('9000000000');
      await alert.waitFor({ state: 'detached' });
      // From the fresh copy the phone is saved, and the address stays.
      await second.getByLabel('Contact Number').fill('9111111111');
      await clickAndSee(second, 'Update User', 'Update Customer Successfully');
      expect(await findCustomer(customerId)).toMatchObject({ address: 'New Lane 7', contactNumber: '9111111111' });
    } finally {
      await second.close();
    }
  });
});

describe('the list keeps its filters in the address', () => {
  /** The filters the address holds now. */
  const addressFilters = () => Object.fromEntries(new URLSearchParams(s.page.url().split('?')[1] ?? ''));

  async function expectFiltersShown(customerName: string) {
    const { page } = s;
    await page.getByText('Total Records: 1').waitFor();
    await page.getByRole('cell', { name: customerName, exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Colony', exact: true }).inputValue()).toBe('Filter Colony');
    expect(await page.getByRole('combobox', { name: 'Customer', exact: true }).inputValue()).toBe(
      `${customerName} (route 4)`,
    );
    expect(await page.getByLabel('Route').inputValue()).toBe('4');
    expect(await page.getByLabel('Last Active').inputValue()).toBe('31/05/2026');
    expect(await page.getByLabel('Defaulters').isChecked()).toBe(true);
  }

  it('after Update User the list opens with its colony and filters; reload and Back keep them', async () => {
    const { page } = s;
    const db = s.app.database.db;
    await makeColony(db, { colonyCode: 'FLT', colonyName: 'Filter Colony' });
    const uma = await makeCustomer(db, { colonyCode: 'FLT', customerName: 'Uma', route: 4, defaulter: 1 });
    const vani = await makeCustomer(db, { colonyCode: 'FLT', customerName: 'Vani', route: 4 });
    await makeCustomer(db, { colonyCode: 'FLT', customerName: 'Wasim', route: 5, defaulter: 1 });
    const xena = await makeCustomer(db, { colonyCode: 'FLT', customerName: 'Xena', route: 4, defaulter: 1 });
    const milk = await makeProduct(db);
    for (const c of [uma, vani]) await makeDelivery(db, c.customerId, milk, '2026-05-02');
    await makeDelivery(db, xena.customerId, milk, '2026-06-20');

    await s.goto('/');
    await pick('Colony', 'Filter Colony');
    await page.getByText('Total Records: 4').waitFor();
    await page.getByLabel('Route').fill('4');
    await page.getByText('Total Records: 3').waitFor();
    await page.getByLabel('Defaulters').check();
    await page.getByText('Total Records: 2').waitFor();
    await typeDate(page.getByLabel('Last Active'), '2026-05-31');
    await pick('Customer', 'Uma (route 4)');
    const filters = {
      colony: 'FLT',
      customer: String(uma.customerId),
      route: '4',
      defaulters: '1',
      lastActive: '2026-05-31',
    };
    await expect.poll(addressFilters).toEqual(filters);
    await expectFiltersShown('Uma');

    await page.reload();
    await expectFiltersShown('Uma');
    expect(addressFilters()).toEqual(filters);

    // Back from Update User finds the list as it was.
    await page.getByRole('row').filter({ hasText: 'Uma' }).getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update User' }).waitFor();
    await page.goBack();
    await expectFiltersShown('Uma');

    // So does a save.
    await page.getByRole('row').filter({ hasText: 'Uma' }).getByRole('link', { name: 'Update' }).click();
    await expect.poll(() => page.getByLabel('Address').inputValue()).not.toBe('');
    await page.getByLabel('Address').fill('Filter Street 9');
    await clickAndSee(page, 'Update User', 'Update Customer Successfully');
    await page.waitForURL(/#\/\?/);
    expect(addressFilters()).toEqual(filters);
    await page.getByRole('cell', { name: 'Filter Street 9', exact: true }).waitFor();
    await expectFiltersShown('Uma');
  });

  it('keeps the page in the address', async () => {
    const { page } = s;
    await s.goto('/');
    await pick('Colony', 'Big Colony');
    await page.getByText('Total Records: 205').waitFor();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2', exact: true }).click();
    await page.getByRole('cell', { name: 'Person 205', exact: true }).waitFor();
    expect(addressFilters()).toEqual({ colony: 'BIG', page: '2' });
    await page.reload();
    await page.getByRole('cell', { name: 'Person 205', exact: true }).waitFor();
    expect(await bodyRows().count()).toBe(5);
    // Another filter starts again at page 1.
    await page.getByLabel('Route').fill('1');
    await expect.poll(() => bodyRows().count()).toBe(200);
    expect(addressFilters()).toEqual({ colony: 'BIG', route: '1' });
  });
});

describe("Update User: the customer's pauses and changes", () => {
  it('lists their changes, with the actions of Pauses & Changes', async () => {
    const { page } = s;
    const db = s.app.database.db;
    const milk = await makeProductOn(db, 'Monday, Thursday', {
      productCode: 'MLK',
      productName: 'Cow milk',
    });
    const gita = await makeCustomer(db, { colonyCode: 'GK', customerName: 'Gita', route: 7 });
    const hari = await makeCustomer(db, { colonyCode: 'GK', customerName: 'Hari', route: 8 });
    await makeConsumption(db, { customerId: gita.customerId, productId: milk.productId });
    // Hari's pause, made by another screen: not Gita's to list.
    const made = await s.browser.context.request.post(`${s.app.url}/api/changes`, {
      headers: { 'X-Requested-With': 'fetch' },
      data: { customerId: hari.customerId, kind: 'pause', fromDate: '2030-02-01' },
    });
    expect(made.status()).toBe(201);

    await s.goto(`/customers/update/${gita.customerId}`);
    await page.getByRole('heading', { name: 'Update User' }).waitFor();
    const section = page.getByRole('region', { name: 'Pauses & Changes' });
    await section.getByText('No pauses or changes.').waitFor();
    await section.getByRole('button', { name: 'Add Change' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Customer').inputValue()).toBe('Gita');
    await dialog.getByRole('combobox', { name: 'Consumption' }).click();
    await page.getByRole('option', { name: 'Cow milk (Monday, Thursday)', exact: true }).click();
    await typeDate(dialog.getByLabel('From Date'), '2030-02-01');
    await typeDate(dialog.getByLabel('To Date'), '2030-02-03');
    await dialog.getByLabel('Reason').fill('Wedding');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Change added successfully.').waitFor();
    await expect.poll(() => section.locator('tbody tr').count()).toBe(1);
    expect(await section.locator('thead th').allTextContents()).toEqual([
      'Milk',
      'Change',
      'From',
      'To',
      'Reason',
      'By',
      'Action',
    ]);
    expect((await section.locator('tbody tr td').allTextContents()).slice(0, 6)).toEqual([
      'Cow milk',
      'Pause',
      '01/02/2030',
      '03/02/2030',
      'Wedding',
      'operator',
    ]);

    await section.getByRole('button', { name: 'Edit' }).click();
    await typeDate(dialog.getByLabel('From Date'), '2030-02-02');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Change updated successfully.').waitFor();
    await section.getByRole('cell', { name: '02/02/2030', exact: true }).waitFor();
    await section.getByRole('button', { name: 'Delete' }).click();
    await clickAndSee(page, 'Confirm', 'Change deleted successfully.');
    await section.getByText('No pauses or changes.').waitFor();
  });
});
