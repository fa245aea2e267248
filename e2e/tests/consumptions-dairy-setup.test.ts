import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../harness';
import { choose, clickAndSee, confirmDialog } from '../screen';

/**
 * A dairy set up from an empty database the way an operator does it, screen by screen:
 * colonies, combinations, products on several combinations per code, 20 customers across routes and their
 * consumptions; then found, changed, disabled and enabled again.
 */
const s = signedInForFile();

const pick = (label: string, option: string) => choose(s.page, label, option);

const colonies = [
  { code: 'GK', name: 'Greater Kailash', charges: '20' },
  { code: 'DLF', name: 'DLF Phase Two', charges: '15.50' },
];

describe('setting up a dairy from an empty database', () => {
  it('adds the colonies', async () => {
    for (const c of colonies) {
      await s.goto('/AddColony');
      await s.page.getByLabel('Colony Code').fill(c.code);
      await s.page.getByLabel('Colony Name').fill(c.name);
      await s.page.getByLabel('Service Charges').fill(c.charges);
      await clickAndSee(s.page, 'Add Colony', 'Colony added successfully!');
    }
  });

  it('adds the delivery-day combinations', async () => {
    const daily = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    for (const days of [daily, ['Saturday', 'Sunday']]) {
      await s.goto('/combinations/add');
      for (const day of days) await s.page.getByLabel(day, { exact: true }).check();
      await clickAndSee(s.page, 'Add Combination', 'Successfully added the Combinations.');
    }
  });

  it('adds products, one code on several combinations', async () => {
    const products = [
      {
        code: 'COW',
        name: 'Cow Milk',
        days: 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday',
        price: '60',
      },
      { code: 'COW', name: 'Cow Milk', days: 'Saturday, Sunday', price: '64.50' },
      { code: 'BUF', name: 'Buffalo Milk', days: 'Saturday, Sunday', price: '72' },
    ];
    for (const p of products) {
      await s.goto('/products/add');
      await s.page.getByPlaceholder('Select or enter Milk code').fill(p.code);
      await s.page.getByPlaceholder('Enter name').fill(p.name);
      await pick('Combinations', p.days);
      await s.page.getByLabel('Price').fill(p.price);
      await clickAndSee(s.page, 'Add Milk', 'Milk Added Successfully');
    }
    await s.page.waitForURL(/#\/products$/);
    await expect.poll(() => s.page.getByRole('table').locator('tbody tr').count()).toBe(3);
  });

  // Each save keeps its form for the spec's 2 seconds: 40 s of this test is that wait.
  it('adds 20 customers across colonies and routes', async () => {
    await s.goto('/');
    for (let i = 1; i <= 20; i++) {
      // From the list to the form inside the app, as an operator goes: twenty page loads took
      // two minutes on a busy machine.
      await s.page.evaluate(() => {
        window.location.hash = '/customers/add';
      });
      await s.page.getByRole('heading', { name: 'Add User' }).waitFor();
      await s.page.getByLabel('Name').fill(`Customer ${String(i).padStart(2, '0')}`);
      await s.page.getByLabel('Contact Number').fill(`98100000${String(i).padStart(2, '0')}`);
      await s.page.getByLabel('Address').fill(`House ${i}`);
      await pick('Colony', i <= 12 ? 'Greater Kailash' : 'DLF Phase Two');
      await s.page.getByLabel('Route').fill(String((i % 4) + 1));
      await s.page.getByRole('button', { name: 'Add User' }).click();
      await s.page.getByText('Successfully added a customer.').first().waitFor();
      // The list opens only once this customer is saved (the toast may be the last one's), and
      // must show before the next form: else the saved form is kept, its button off.
      await s.page.waitForURL(/#\/$/);
      await s.page.getByRole('heading', { name: 'All Customers' }).waitFor();
    }
    await pick('Colony', 'Greater Kailash');
    await s.page.getByText('Total Records: 12').waitFor();
    await pick('Colony', 'DLF Phase Two');
    await s.page.getByText('Total Records: 8').waitFor();
  }, 180_000);

  it('subscribes customers to products', async () => {
    const subscriptions = [
      [
        'Greater Kailash',
        'Customer 01 (route 2)',
        'Cow Milk',
        'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday (₹60.00)',
      ],
      ['Greater Kailash', 'Customer 01 (route 2)', 'Buffalo Milk', 'Saturday, Sunday (₹72.00)'],
      ['Greater Kailash', 'Customer 05 (route 2)', 'Cow Milk', 'Saturday, Sunday (₹64.50)'],
      [
        'DLF Phase Two',
        'Customer 13 (route 2)',
        'Cow Milk',
        'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday (₹60.00)',
      ],
    ];
    for (const [colony, customer, product, days] of subscriptions) {
      await s.goto('/consumptions/add');
      await pick('Colony', colony!);
      await pick('Customer', customer!);
      await pick('Milk', product!);
      await pick('Days', days!);
      await clickAndSee(s.page, 'Add Consumption', 'Successfully created consumption.');
    }
    await s.page.waitForURL(/#\/consumptions$/);
    await s.page.getByRole('heading', { name: 'All Consumptions' }).waitFor();
    await pick('Milk', 'Cow Milk');
    await expect.poll(() => s.page.getByRole('table').locator('tbody tr').count()).toBe(3);
  });

  it('finds, changes, disables and enables again', async () => {
    const { page } = s;
    // Find a customer by colony and route, change the phone number.
    await s.goto('/');
    await pick('Colony', 'Greater Kailash');
    await page.getByLabel('Route').fill('2');
    await page.getByText('Total Records: 3').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Customer 05' });
    await row.getByRole('link', { name: 'Update' }).click();
    await page.getByLabel('Contact Number').fill('9999999999');
    await clickAndSee(page, 'Update User', 'Update Customer Successfully');
    // The list opens with the colony and route it had.
    await page.waitForURL(/#\/\?colony=GK&route=2$/);
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();

    // Disable and enable the customer.
    await pick('Colony', 'Greater Kailash');
    const changed = page.getByRole('row').filter({ hasText: '9999999999' });
    await changed.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(page, 'Are you sure you want to disable this customer?', 'Confirm');
    await changed.getByRole('button', { name: 'Enable' }).click();
    await confirmDialog(page, 'Are you sure you want to enable this customer?', 'Confirm');
    await changed.getByRole('button', { name: 'Disable' }).waitFor();

    // Disable a product row, then enable it again.
    await s.goto('/products');
    await page.getByLabel('Is Active: BUF Saturday, Sunday').click();
    await clickAndSee(page, 'Confirm', 'Disabled Milk successfully');
    await page.getByLabel('Inactive').check();
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Is Active: BUF Saturday, Sunday').click();
    await clickAndSee(page, 'Confirm', 'Enabled Milk successfully');

    // Disable a consumption and enable it again.
    await s.goto('/consumptions');
    await pick('Colony', 'DLF Phase Two');
    const subscription = page.getByRole('row').filter({ hasText: 'Customer 13' });
    await subscription.getByRole('button', { name: 'Disable' }).click();
    await clickAndSee(page, 'Confirm', 'Disable successful!');
    await subscription.getByRole('button', { name: 'Enable' }).click();
    await clickAndSee(page, 'Confirm', 'Enable successful!');
    await subscription.getByRole('button', { name: 'Disable' }).waitFor();
  });
});
