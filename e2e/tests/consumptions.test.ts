import { STALE_RECORD } from '@dairy/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consumption, customer } from '../../server/src/db/schema';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct } from '../dairy';
import { countCalls, signedInForFile } from '../harness';
import { choose, clickAndSee, expectDelayedRedirect } from '../screen';

const customers = {} as Record<'asha' | 'ravi' | 'dev' | 'mira', number>;
const rows = {} as Record<'cowMon' | 'cowTue' | 'bufMon', number>;

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GK', colonyName: 'Greater Kailash' });
  await makeColony(db, { colonyCode: 'DLF', colonyName: 'DLF Phase' });
  const mon = await makeCombination(db, 'Monday');
  const tue = await makeCombination(db, 'Tuesday');
  const cowMon = { productCode: 'COW', productName: 'Cow Milk', combinationId: mon.combinationId, price: 6000 };
  rows.cowMon = (await makeProduct(db, cowMon)).productId;
  rows.cowTue = (await makeProduct(db, { ...cowMon, combinationId: tue.combinationId, price: 6500 })).productId;
  rows.bufMon = (
    await makeProduct(db, { productCode: 'BUF', productName: 'Buffalo Milk', combinationId: mon.combinationId })
  ).productId;
  customers.asha = (await makeCustomer(db, { colonyCode: 'GK', customerName: 'Asha', route: 1 })).customerId;
  customers.ravi = (await makeCustomer(db, { colonyCode: 'GK', customerName: 'Ravi', route: 2 })).customerId;
  customers.mira = (await makeCustomer(db, { colonyCode: 'GK', customerName: 'Mira', route: 3 })).customerId;
  customers.dev = (await makeCustomer(db, { colonyCode: 'DLF', customerName: 'Dev', route: 1 })).customerId;
  // What a new consumption may not use: a disabled customer, an unavailable product, a disabled colony.
  await makeCustomer(db, { colonyCode: 'GK', customerName: 'Gone', route: 4, disable: 1 });
  await makeProduct(db, {
    productCode: 'OLD',
    productName: 'Old Milk',
    combinationId: mon.combinationId,
    available: 0,
  });
  await makeColony(db, { colonyCode: 'SHUT', colonyName: 'Shut Colony', disable: 1 });
  await makeCustomer(db, { colonyCode: 'SHUT', customerName: 'Shut In', route: 1 });
});

const pick = (label: string, option: string) => choose(s.page, label, option);

const bodyRows = () => s.page.getByRole('table').locator('tbody tr');
const combobox = (name: string) => s.page.getByRole('combobox', { name, exact: true });

/** The names a picker offers. */
async function options(label: string) {
  await combobox(label).click();
  await s.page.getByRole('option').first().waitFor();
  const names = await s.page.getByRole('option').allTextContents();
  await s.page.keyboard.press('Escape');
  return names;
}

/** The list opens with the filters it had (kept in the address). */
const LIST = /#\/consumptions(\?[^#]*)?$/;

describe('Add Consumption', () => {
  it('checks every field, keeps the pickers dependent, and adds', async () => {
    const { page } = s;
    await s.goto('/consumptions/add');
    await page.getByRole('heading', { name: 'Add Consumption' }).waitFor();
    expect(await combobox('Customer').isDisabled()).toBe(true);
    expect(await combobox('Days').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add Consumption' }).click();
    for (const text of ['Colony is required', 'Customer is required', 'Milk is required', 'A day is required']) {
      await page.getByText(text, { exact: true }).waitFor();
    }

    // Disabled colonies, customers and products are not offered for a new consumption.
    expect(await options('Colony')).toEqual(['DLF Phase', 'Greater Kailash']);
    expect(await options('Milk')).toEqual(['Buffalo Milk', 'Cow Milk']);
    await pick('Colony', 'Greater Kailash');
    expect(await options('Customer')).toEqual(['Asha (route 1)', 'Ravi (route 2)', 'Mira (route 3)']);
    await pick('Customer', 'Ravi (route 2)');
    await pick('Colony', 'DLF Phase');
    expect(await combobox('Customer').inputValue()).toBe('');
    await pick('Customer', 'Dev (route 1)');

    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Tuesday (₹65.00)');
    await pick('Milk', 'Buffalo Milk');
    expect(await combobox('Days').inputValue()).toBe('');
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Monday (₹60.00)');
    const message = 'Successfully created consumption.';
    await expectDelayedRedirect(page, { message, form: /#\/consumptions\/add$/, list: LIST }, () =>
      clickAndSee(page, 'Add Consumption', message),
    );
    await page.getByRole('heading', { name: 'All Consumptions' }).waitFor();

    await pick('Colony', 'DLF Phase');
    await page.getByRole('cell', { name: 'Dev', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Monday', exact: true }).waitFor();
  });

  it('tells when the customer already has that product on those days', async () => {
    const { page } = s;
    await s.goto('/consumptions/add');
    await pick('Colony', 'DLF Phase');
    await pick('Customer', 'Dev (route 1)');
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Monday (₹60.00)');
    await page.getByRole('button', { name: 'Add Consumption' }).click();
    // The screen's failure text, with the server's reason beneath it.
    await page.getByText('Submission failed', { exact: true }).waitFor();
    await page.getByText('This customer already has this Milk on these days.').waitFor();
  });
});

describe('All Consumptions', () => {
  it('loads once a colony or product is chosen, selects rows and deletes the selection', async () => {
    const { page } = s;
    const db = s.app.database.db;
    await makeConsumption(db, { customerId: customers.asha, productId: rows.cowMon });
    await makeConsumption(db, { customerId: customers.ravi, productId: rows.cowTue });
    await makeConsumption(db, { customerId: customers.mira, productId: rows.bufMon });
    const list = countCalls(s.page, '/api/consumptions');
    try {
      await s.goto('/consumptions');
      await page.getByRole('heading', { name: 'All Consumptions' }).waitFor();
      // The filters' choices have arrived, and still no list was asked for.
      expect(await options('Milk')).toContain('Cow Milk');
      expect(await options('Colony')).toContain('Greater Kailash');
      expect(list.calls).toHaveLength(0);
      expect(await page.getByRole('table').count()).toBe(0);
      await pick('Milk', 'Cow Milk');
      await expect.poll(() => bodyRows().count()).toBe(3);
      expect(list.calls.map((u) => u.searchParams.get('productName'))).toEqual(['COW']);
    } finally {
      list.stop();
    }
    expect(await page.getByRole('table').locator('thead th').allTextContents()).toEqual([
      '',
      'Serial No.',
      'Customer Name',
      'Colony',
      'Milk',
      'Days',
      'Qty',
      'Price',
      'Status',
      'Action',
    ]);
    await pick('Colony', 'Greater Kailash');
    await expect.poll(() => bodyRows().count()).toBe(2);
    // Mantine's clear button is hidden from the accessibility tree; a mouse user clicks it.
    await page.locator('button[aria-label="Clear Milk"]').click();
    await expect.poll(() => bodyRows().count()).toBe(3);

    const selectAll = page.getByLabel('Select all');
    const deleteSelected = (n: number) => page.getByRole('button', { name: `Delete Selected (${n})` });
    expect(await deleteSelected(0).isDisabled()).toBe(true);
    await page.getByLabel('Select Asha Cow Milk Monday').check();
    await deleteSelected(1).waitFor();
    expect(await selectAll.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
    await selectAll.click();
    await deleteSelected(3).waitFor();
    expect(await selectAll.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(false);
    expect(await selectAll.isChecked()).toBe(true);
    await page.getByLabel('Select Mira Buffalo Milk Monday').uncheck();
    await deleteSelected(2).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
    await dialog.getByText('Are you sure you want to delete 2 selected consumptions?').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Selected records deleted!').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(1);
    await page.getByRole('cell', { name: 'Mira', exact: true }).waitFor();
  });

  it("says 'Bulk delete failed!' when the server refuses, and keeps the rows", async () => {
    const { page } = s;
    await s.goto('/consumptions');
    await pick('Colony', 'Greater Kailash');
    await page.getByLabel('Select Mira Buffalo Milk Monday').check();
    const isBulkDelete = (url: URL) => url.pathname === '/api/consumptions/delete';
    await page.route(isBulkDelete, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
    );
    try {
      await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
      await clickAndSee(page, 'Confirm', 'Bulk delete failed!');
    } finally {
      await page.unroute(isBulkDelete);
    }
    await page.getByRole('cell', { name: 'Mira', exact: true }).waitFor();
    expect(await page.getByLabel('Select Mira Buffalo Milk Monday').isChecked()).toBe(true);
  });

  it("clears the customer filter when another colony is chosen, and shows a disabled colony's customers", async () => {
    const { page } = s;
    await s.goto('/consumptions');
    await pick('Colony', 'Greater Kailash');
    await pick('Customer', 'Mira (route 3)');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await pick('Colony', 'DLF Phase');
    expect(await combobox('Customer').inputValue()).toBe('');
    await page.getByRole('cell', { name: 'Dev', exact: true }).waitFor();
    // A filter may look at a disabled colony and its customers.
    await pick('Colony', 'Shut Colony');
    expect(await options('Customer')).toEqual(['Shut In (route 1)']);
  });

  it('toggles status, disables, enables and deletes a row after the confirm dialog', async () => {
    const { page } = s;
    await s.goto('/consumptions');
    await pick('Colony', 'Greater Kailash');
    const row = page.getByRole('row').filter({ hasText: 'Mira' });
    const status = page.getByLabel('Status: Mira Buffalo Milk Monday');
    expect(await status.isChecked()).toBe(true);
    await status.click();
    await page.getByText('Are you sure you want to change the status of this consumption?').waitFor();
    await clickAndSee(page, 'Confirm', 'Status change successful!');
    await expect.poll(() => status.isChecked()).toBe(false);

    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Are you sure you want to disable this consumption?').waitFor();
    await clickAndSee(page, 'Confirm', 'Disable successful!');
    await row.getByRole('button', { name: 'Enable' }).click();
    await clickAndSee(page, 'Confirm', 'Enable successful!');
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this consumption?').waitFor();
    await clickAndSee(page, 'Confirm', 'Delete successful!');
    await page.getByText('No consumptions found.').waitFor();
  });
});

describe('Update Consumption', () => {
  it('keeps colony and customer fixed, clears the days with a new product, and saves', async () => {
    const { page } = s;
    await s.goto('/consumptions');
    await pick('Colony', 'DLF Phase');
    await page.getByRole('row').filter({ hasText: 'Dev' }).getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update Consumption' }).waitFor();
    const fixed = (name: string) => page.getByRole('textbox', { name, exact: true });
    expect(await fixed('Colony').isEditable()).toBe(false);
    expect(await fixed('Customer').isEditable()).toBe(false);
    expect(await fixed('Customer').inputValue()).toBe('Dev');
    expect(await combobox('Days').inputValue()).toBe('Monday (₹60.00)');
    // Picking the chosen product again keeps it and its days; only its × clears it.
    await pick('Milk', 'Cow Milk');
    expect(await combobox('Milk').inputValue()).toBe('Cow Milk');
    expect(await combobox('Days').inputValue()).toBe('Monday (₹60.00)');
    await page.locator('button[aria-label="Clear Milk"]').click();
    expect(await combobox('Milk').inputValue()).toBe('');
    await clickAndSee(page, 'Update Consumption', 'Please select a Milk.');
    await pick('Milk', 'Buffalo Milk');
    await page.getByText('Please select a Milk.').waitFor({ state: 'detached' });
    expect(await combobox('Days').inputValue()).toBe('');
    await page.getByText('Please select days.').waitFor();
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Tuesday (₹65.00)');
    await page.getByLabel('Active').uncheck();
    const message = 'Successfully Updated Consumptions';
    await expectDelayedRedirect(page, { message, form: /#\/consumptions\/update\/\d+$/, list: LIST }, () =>
      clickAndSee(page, 'Update Consumption', message),
    );
    await page.getByRole('heading', { name: 'All Consumptions' }).waitFor();
    // The list opens with the colony it had.
    expect(page.url()).toMatch(/#\/consumptions\?colony=DLF$/);
    expect(await combobox('Colony').inputValue()).toBe('DLF Phase');
    await page.getByRole('cell', { name: 'Tuesday', exact: true }).waitFor();
    expect(await page.getByLabel('Status: Dev Cow Milk Tuesday').isChecked()).toBe(false);
  });
});

describe('ticks across the pages of All Consumptions', () => {
  const tick = (n: number) => s.page.getByLabel(`Select Pager ${String(n).padStart(3, '0')} Cow Milk Monday`);
  const selectAll = () => s.page.getByLabel('Select all');
  const headerState = () =>
    selectAll().evaluate((el: HTMLInputElement) => (el.indeterminate ? 'some' : el.checked ? 'all' : 'none'));
  const deleteSelected = (n: number) => s.page.getByRole('button', { name: `Delete Selected (${n})` });
  const toPage = async (n: number, firstRow: number) => {
    await s.page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: String(n), exact: true })
      .click();
    await tick(firstRow).waitFor();
  };

  it('keeps ticks across pages, the header box acts on its page, and Delete Selected deletes every tick', async () => {
    const { page } = s;
    const db = s.app.database.db;
    // 205 customers with one consumption each: two pages of 200.
    await makeColony(db, { colonyCode: 'PG', colonyName: 'Paging Colony' });
    const pagers = await db
      .insert(customer)
      .values(
        Array.from({ length: 205 }, (_, i) => ({
          customerName: `Pager ${String(i + 1).padStart(3, '0')}`,
          address: `Row ${i + 1}`,
          colonyCode: 'PG',
          route: 1,
        })),
      )
      .returning({ id: customer.customerId, name: customer.customerName });
    await db.insert(consumption).values(pagers.map((p) => ({ customerId: p.id, productId: rows.cowMon })));
    const idOf = (n: number) => pagers.find((p) => p.name === `Pager ${String(n).padStart(3, '0')}`)!.id;
    const remaining = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(consumption)
          .where(
            inArray(
              consumption.customerId,
              pagers.map((p) => p.id),
            ),
          )
      )[0]!.n;

    await s.goto('/consumptions');
    await pick('Colony', 'Paging Colony');
    await expect.poll(() => bodyRows().count()).toBe(200);
    expect(await deleteSelected(0).isDisabled()).toBe(true);
    expect(await headerState()).toBe('none');

    // Two ticks on page 1: the header box shows part of the page ticked.
    await tick(3).check();
    await tick(10).check();
    await deleteSelected(2).waitFor();
    expect(await headerState()).toBe('some');

    // Page 2 (in the address) has none of them ticked, and the count keeps them.
    await toPage(2, 201);
    expect(await bodyRows().count()).toBe(5);
    expect(new URL(page.url().replace('#/', '')).searchParams.get('page')).toBe('2');
    expect(await headerState()).toBe('none');
    await deleteSelected(2).waitFor();
    await tick(202).check();
    expect(await headerState()).toBe('some');
    await deleteSelected(3).waitFor();
    // The header box ticks the whole page, then clears that page only.
    await selectAll().click();
    expect(await headerState()).toBe('all');
    await deleteSelected(7).waitFor();
    await selectAll().click();
    expect(await headerState()).toBe('none');
    await deleteSelected(2).waitFor();
    await tick(204).check();
    await tick(205).check();
    await deleteSelected(4).waitFor();

    // Back on page 1 its ticks are still there.
    await toPage(1, 1);
    expect(await tick(3).isChecked()).toBe(true);
    expect(await tick(10).isChecked()).toBe(true);
    expect(await tick(4).isChecked()).toBe(false);
    expect(await headerState()).toBe('some');
    await selectAll().click();
    await deleteSelected(202).waitFor();
    await selectAll().click();
    await deleteSelected(2).waitFor();
    await tick(3).check();
    await tick(10).check();
    await deleteSelected(4).waitFor();

    // Cancel deletes nothing; Confirm deletes the ticks of both pages.
    const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
    await deleteSelected(4).click();
    await dialog.getByText('Are you sure you want to delete 4 selected consumptions?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await remaining()).toBe(205);
    await deleteSelected(4).click();
    await dialog.getByText('Are you sure you want to delete 4 selected consumptions?').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Selected records deleted!').waitFor();
    await deleteSelected(0).waitFor();
    expect(await remaining()).toBe(201);
    const left = await db
      .select({ customerId: consumption.customerId })
      .from(consumption)
      .where(inArray(consumption.customerId, [3, 10, 204, 205].map(idOf)));
    expect(left).toEqual([]);
    await expect.poll(() => tick(3).count()).toBe(0);
    expect(await bodyRows().count()).toBe(200);
    await toPage(2, 203);
    // The page shown until page 2's answer arrives may still be the old one: wait for it.
    await expect.poll(() => bodyRows().count()).toBe(1);
  });
});

describe('two operators on one consumption', () => {
  it('refuses a save from an older copy of Update Consumption, and Reload shows the other change', async () => {
    const { page } = s;
    const db = s.app.database.db;
    const owner = await makeCustomer(db, { colonyCode: 'GK', customerName: 'Stale Owner', route: 9 });
    const { consumptionId } = await makeConsumption(db, { customerId: owner.customerId, productId: rows.cowMon });
    await s.goto(`/consumptions/update/${consumptionId}`);
    await expect.poll(() => combobox('Days').inputValue()).toBe('Monday (₹60.00)');
    // Another operator turns it off from the list meanwhile.
    await db.update(consumption).set({ isActive: 0 }).where(eq(consumption.consumptionId, consumptionId));
    await pick('Days', 'Tuesday (₹65.00)');
    await page.getByRole('button', { name: 'Update Consumption' }).click();
    const alert = page.getByRole('alert').filter({
      hasText: STALE_RECORD,
      has: page.getByRole('button', { name: 'Reload' }),
    });
    await alert.waitFor();
    const [stored] = await db.select().from(consumption).where(eq(consumption.consumptionId, consumptionId));
    expect(stored).toMatchObject({ productId: rows.cowMon, isActive: 0 });

    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Active').isChecked()).toBe(false);
    expect(await combobox('Days').inputValue()).toBe('Monday (₹60.00)');
    await pick('Days', 'Tuesday (₹65.00)');
    await clickAndSee(page, 'Update Consumption', 'Successfully Updated Consumptions');
    const [saved] = await db.select().from(consumption).where(eq(consumption.consumptionId, consumptionId));
    expect(saved).toMatchObject({ productId: rows.cowTue, isActive: 0 });
  });
});

describe('the quantity of a consumption (docs/rules.md section 12)', () => {
  it('is typed with its unit beside it on Add and Update Consumption, and shown in the Qty column', async () => {
    const { page } = s;
    await makeCustomer(s.app.database.db, { colonyCode: 'GK', customerName: 'Nila', route: 9 });
    await s.goto('/consumptions/add');
    await pick('Colony', 'Greater Kailash');
    await pick('Customer', 'Nila (route 9)');
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Tuesday (₹65.00)');
    const quantity = page.getByLabel('Quantity');
    expect(await quantity.inputValue()).toBe('1');
    await page.locator('form').getByText('L', { exact: true }).waitFor();
    await quantity.fill('0');
    await clickAndSee(page, 'Add Consumption', 'Quantity must be more than 0.');
    await quantity.fill('2.5');
    await page.getByText('Quantity must be more than 0.').waitFor({ state: 'detached' });
    await clickAndSee(page, 'Add Consumption', 'Successfully created consumption.');

    await s.goto('/consumptions?colony=GK');
    const nila = page.getByRole('row').filter({ hasText: 'Nila' });
    await nila.getByRole('cell', { name: '2.5 L', exact: true }).waitFor();
    await nila.getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update Consumption' }).waitFor();
    await expect.poll(() => page.getByLabel('Quantity').inputValue()).toBe('2.5');
    await page.getByLabel('Quantity').fill('1000');
    await clickAndSee(page, 'Update Consumption', 'Quantity must be at most 999.99.');
    await page.getByLabel('Quantity').fill('0.75');
    await clickAndSee(page, 'Update Consumption', 'Successfully Updated Consumptions');
    await page.waitForURL(/#\/consumptions\?colony=GK$/);
    await page
      .getByRole('row')
      .filter({ hasText: 'Nila' })
      .getByRole('cell', { name: '0.75 L', exact: true })
      .waitFor();
  });
});
