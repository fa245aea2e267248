import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeColony,
  makeCombination,
  makeConsumption,
  makeCustomer,
  makeProduct,
} from '../../server/test/helpers/factories';
import { startSignedIn } from '../harness';

let s: Awaited<ReturnType<typeof startSignedIn>>;
const customers = {} as Record<'asha' | 'ravi' | 'dev' | 'mira', number>;
const rows = {} as Record<'cowMon' | 'cowTue' | 'bufMon', number>;

beforeAll(async () => {
  s = await startSignedIn();
  const db = s.app.database.db;
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
});
afterAll(() => s.close());

async function pick(label: string, option: string) {
  await s.page.getByRole('combobox', { name: label, exact: true }).click();
  await s.page.getByRole('option', { name: option, exact: true }).click();
}

const bodyRows = () => s.page.getByRole('table').locator('tbody tr');
const combobox = (name: string) => s.page.getByRole('combobox', { name, exact: true });

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

    await pick('Colony', 'Greater Kailash');
    await pick('Customer', 'Ravi');
    await pick('Colony', 'DLF Phase');
    expect(await combobox('Customer').inputValue()).toBe('');
    await pick('Customer', 'Dev');

    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Tuesday (₹65.00)');
    await pick('Milk', 'Buffalo Milk');
    expect(await combobox('Days').inputValue()).toBe('');
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Monday (₹60.00)');
    await page.getByRole('button', { name: 'Add Consumption' }).click();
    await page.getByText('Successfully created consumption.').waitFor();
    await page.waitForURL(/#\/consumptions$/);
    await page.getByRole('heading', { name: 'All Consumptions' }).waitFor();

    await pick('Colony', 'DLF Phase');
    await page.getByRole('cell', { name: 'Dev', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Monday', exact: true }).waitFor();
  });

  it('tells when the customer already has that product on those days', async () => {
    const { page } = s;
    await s.goto('/consumptions/add');
    await pick('Colony', 'DLF Phase');
    await pick('Customer', 'Dev');
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Monday (₹60.00)');
    await page.getByRole('button', { name: 'Add Consumption' }).click();
    await page.getByText('Submission failed: This customer already has this Milk on these days.').waitFor();
  });
});

describe('All Consumptions', () => {
  it('loads once a colony or product is chosen, selects rows and deletes the selection', async () => {
    const { page } = s;
    const db = s.app.database.db;
    await makeConsumption(db, { customerId: customers.asha, productId: rows.cowMon });
    await makeConsumption(db, { customerId: customers.ravi, productId: rows.cowTue });
    await makeConsumption(db, { customerId: customers.mira, productId: rows.bufMon });
    await s.goto('/consumptions');
    await page.getByRole('heading', { name: 'All Consumptions' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    await pick('Milk', 'Cow Milk');
    await expect.poll(() => bodyRows().count()).toBe(3);
    expect(await page.getByRole('table').locator('thead th').allTextContents()).toEqual([
      '',
      'Serial No.',
      'Customer Name',
      'Colony',
      'Milk',
      'Days',
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
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Selected records deleted!').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(1);
    await page.getByRole('cell', { name: 'Mira', exact: true }).waitFor();
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
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Status change successful!').waitFor();
    await expect.poll(() => status.isChecked()).toBe(false);

    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Are you sure you want to disable this consumption?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Disable successful!').waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Enable successful!').waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this consumption?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Delete successful!').waitFor();
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
    expect(await combobox('Colony').isDisabled()).toBe(true);
    expect(await combobox('Customer').inputValue()).toBe('Dev');
    expect(await combobox('Days').inputValue()).toBe('Monday (₹60.00)');
    await pick('Milk', 'Buffalo Milk');
    expect(await combobox('Days').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Update Consumption' }).click();
    await page.getByText('Please select days.').waitFor();
    await pick('Milk', 'Cow Milk');
    await pick('Days', 'Tuesday (₹65.00)');
    await page.getByLabel('Active').uncheck();
    await page.getByRole('button', { name: 'Update Consumption' }).click();
    await page.getByText('Successfully Updated Consumptions').waitFor();
    await page.waitForURL(/#\/consumptions$/);
    await page.getByRole('heading', { name: 'All Consumptions' }).waitFor();
    await pick('Colony', 'DLF Phase');
    await page.getByRole('cell', { name: 'Tuesday', exact: true }).waitFor();
    expect(await page.getByLabel('Status: Dev Cow Milk Tuesday').isChecked()).toBe(false);
  });
});
