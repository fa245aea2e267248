import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../server/src/db/schema';
import { makeCombination, makeProduct } from '../../server/test/helpers/factories';
import { countCalls, startSignedIn } from '../harness';

let s: Awaited<ReturnType<typeof startSignedIn>>;
beforeAll(async () => {
  s = await startSignedIn();
  const db = s.app.database.db;
  await makeCombination(db, 'Monday, Wednesday, Friday');
  await makeCombination(db, 'Saturday, Sunday');
  await makeCombination(db, 'Special', { disable: 1 });
});
afterAll(() => s.close());

describe('Add Milk', () => {
  it('shows each validation text beside its field, then adds and goes to the list', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByRole('heading', { name: 'Add Milk' }).waitFor();
    // A disabled combination is not offered.
    const combinations = await page.getByLabel('Combinations').locator('option').allTextContents();
    expect(combinations).toEqual(['Select Combination', 'Monday, Wednesday, Friday', 'Saturday, Sunday']);

    // The spec's labels: Milk Code, Name, Combinations, Price, Active.
    expect(await page.locator('form label').allTextContents()).toEqual([
      'Milk Code',
      'Name',
      'Combinations',
      'Price',
      'Active',
    ]);
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('placeholder')).toBe('Enter name');

    await page.getByRole('button', { name: 'Add Milk' }).click();
    for (const text of [
      "Milk Code can't be empty!",
      "Milk Name can't be empty!",
      "Price can't be empty!",
      'Please select a combination.',
    ]) {
      await page.getByText(text).waitFor();
    }
    // After a submit, typing a code clears its message at once.
    await page.getByPlaceholder('Select or enter Milk code').fill('COW');
    await page.getByText("Milk Code can't be empty!").waitFor({ state: 'detached' });
    await page.getByPlaceholder('Enter name').fill('Cow');
    await page.getByLabel('Price').fill('60.5');
    await page.getByLabel('Combinations').selectOption({ label: 'Monday, Wednesday, Friday' });
    await page.getByRole('button', { name: 'Add Milk' }).click();
    await page.getByText('Milk Name must contain at least 5 alphabets').waitFor();
    await page.getByPlaceholder('Enter name').fill('Cow Milk 2');
    await page.getByRole('button', { name: 'Add Milk' }).click();
    await page.getByText('Milk Name must contain only alphabets and spaces').waitFor();
    await page.getByPlaceholder('Enter name').fill('  Cow Milk ');
    await page.getByRole('button', { name: 'Add Milk' }).click();
    await page.getByText('Milk Added Successfully').waitFor();
    const savedAt = Date.now();
    expect(page.url()).toMatch(/#\/products\/add$/);
    await page.waitForURL(/#\/products$/);
    expect(Date.now() - savedAt).toBeGreaterThan(1500);
    await page.getByRole('heading', { name: 'All Milks' }).waitFor();
    await page.getByRole('cell', { name: 'Cow Milk' }).waitFor();
  });

  it('fills the name from an existing code and adds a second combination of it', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByPlaceholder('Select or enter Milk code').fill('CO');
    await page.getByRole('option', { name: 'COW' }).click();
    expect(await page.getByPlaceholder('Enter name').inputValue()).toBe('Cow Milk');
    await page.getByLabel('Combinations').selectOption({ label: 'Saturday, Sunday' });
    await page.getByLabel('Price').fill('70');
    await page.getByLabel('Active').uncheck();
    await page.getByRole('button', { name: 'Add Milk' }).click();
    await page.getByText('Milk Added Successfully').waitFor();
    await page.waitForURL(/#\/products$/);
  });

  it('tells when the code already has that combination', async () => {
    const { page } = s;
    await s.goto('/products/add');
    await page.getByPlaceholder('Select or enter Milk code').fill('COW');
    await page.getByPlaceholder('Enter name').fill('Cow Milk');
    await page.getByLabel('Price').fill('60');
    await page.getByLabel('Combinations').selectOption({ label: 'Saturday, Sunday' });
    await page.getByRole('button', { name: 'Add Milk' }).click();
    await page.getByText('Unable to add Milk').waitFor();
    await page.getByText('This Milk code already has a row with this combination.').waitFor();
  });
});

describe('All Milks', () => {
  it('filters by state and by a debounced search, and toggles Is Active through the dialog', async () => {
    const { page } = s;
    const db = s.app.database.db;
    const special = await makeCombination(db, 'Monthly');
    await makeProduct(db, { productCode: 'BUF', productName: 'Buffalo Milk', combinationId: special.combinationId });
    await s.goto('/products');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'Buffalo Milk' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    expect(await table.locator('thead th').allTextContents()).toEqual([
      '#',
      'Milk Code',
      'Milk Name',
      'Days',
      'Price',
      'Is Active',
      'Action',
    ]);

    await page.getByLabel('Inactive').check();
    await table.getByRole('cell', { name: 'Saturday, Sunday', exact: true }).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('All', { exact: true }).check();

    await page.getByPlaceholder('Enter code or name').fill('buff');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('cell', { name: 'BUF', exact: true }).waitFor();
    await page.getByPlaceholder('Enter code or name').fill('nothing like it');
    await page.getByText('No Milks found').waitFor();
    await page.getByPlaceholder('Enter code or name').fill('');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);

    const active = page.getByLabel('Is Active: BUF Monthly');
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await page.getByText('Are you sure you want to disable this Milk?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await active.isChecked()).toBe(true);
    await active.click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Disabled Milk successfully').waitFor();
    await expect.poll(() => active.isChecked()).toBe(false);
    await active.click();
    await page.getByText('Are you sure you want to enable this Milk?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Enabled Milk successfully').waitFor();
    await expect.poll(() => active.isChecked()).toBe(true);
  });
});

describe('Update Milk', () => {
  it('keeps the code read-only, checks the fields and saves', async () => {
    const { page } = s;
    await s.goto('/products');
    const row = page.getByRole('row').filter({ hasText: 'Monday, Wednesday, Friday' });
    await row.getByRole('link', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update Milk' }).waitFor();
    const code = page.getByLabel('Milk Code');
    expect(await code.inputValue()).toBe('COW');
    expect(await code.getAttribute('readonly')).not.toBeNull();
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('');
    await page.getByLabel('Price').fill('');
    await page.getByRole('button', { name: 'Update Milk' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByText('Price is required.').waitFor();
    await name.fill('Cow Milk Fresh');
    await page.getByLabel('Price').fill('62.25');
    await page.getByRole('button', { name: 'Update Milk' }).click();
    await page.getByText('Milk updated Successfully').waitFor();
    const savedAt = Date.now();
    expect(page.url()).toMatch(/#\/products\/update\/\d+$/);
    await page.waitForURL(/#\/products$/);
    expect(Date.now() - savedAt).toBeGreaterThan(1500);
    await page.getByRole('cell', { name: '₹62.25' }).waitFor();
    // The code has one name: its other row (Saturday, Sunday) shows the new name too.
    await expect.poll(() => page.getByRole('cell', { name: 'Cow Milk Fresh', exact: true }).count()).toBe(2);
  });
});

describe('All Milks when the server fails or the person types', () => {
  it("says 'Something went wrong.' when the toggle is refused and 'Internal Server Error' when it gets no answer", async () => {
    const { page } = s;
    await s.goto('/products');
    const active = page.getByLabel('Is Active: BUF Monthly');
    expect(await active.isChecked()).toBe(true);
    const isToggle = (url: URL) => url.pathname.startsWith('/api/product/updateActive/');
    await page.route(isToggle, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
    );
    try {
      await active.click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Something went wrong.').waitFor();
      expect(await active.isChecked()).toBe(true);
    } finally {
      await page.unroute(isToggle);
    }
    await page.route(isToggle, (route) => route.abort());
    try {
      await active.click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Internal Server Error').waitFor();
      expect(await active.isChecked()).toBe(true);
    } finally {
      await page.unroute(isToggle);
    }
  });

  it('searches once, 500 ms after the last keystroke, and keeps the page until then', async () => {
    const { page } = s;
    const db = s.app.database.db;
    const monthly = await makeCombination(db, 'Monthly');
    // 205 more rows: two pages of 200.
    await db.insert(product).values(
      Array.from({ length: 205 }, (_, i) => ({
        productCode: `P${String(i + 1).padStart(3, '0')}`,
        productName: 'Bulk Milk',
        price: 5000,
        combinationId: monthly.combinationId,
      })),
    );
    await s.goto('/products');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'P001', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const lastRow = table.getByRole('cell', { name: 'P205', exact: true });
    await lastRow.waitFor();

    const { calls: asked, stop } = countCalls(page, '/api/product');
    try {
      await page.getByPlaceholder('Enter code or name').pressSequentially('Buffalo', { delay: 20 });
      // Still typing as far as the search knows: page 2 stays, nothing is asked yet.
      expect(await lastRow.count()).toBe(1);
      expect(asked).toHaveLength(0);
      await table.getByRole('cell', { name: 'BUF', exact: true }).waitFor();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(asked.map((u) => [u.searchParams.get('name'), u.searchParams.get('offset')])).toEqual([['Buffalo', '1']]);
    } finally {
      stop();
    }
  });
});
