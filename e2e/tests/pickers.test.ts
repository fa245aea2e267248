import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { openBrowser, signedInForFile, signIn } from '../harness';
import { choose } from '../screen';

/**
 * Customer pickers name the route beside each name (docs/rules.md section 23), so two customers of
 * one name can be told apart; typing a name still finds them. Green Park has two Ashas.
 */
const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  const milk = await makeDailyProduct(db, { productCode: 'MLK', productName: 'Cow milk', price: 60_00 });
  for (const [customerName, route] of [
    ['Asha', 3],
    ['Asha', 7],
    ['Ravi', 1],
  ] as const) {
    const { customerId } = await makeCustomer(db, { colonyCode: 'GP', customerName, route });
    await makeConsumption(db, { customerId, productId: milk.productId });
  }
});

const EVERY = ['Ravi (route 1)', 'Asha (route 3)', 'Asha (route 7)'];

/** The customer picker's options; then what typing 'ash' leaves, and the one chosen shown in the box. */
async function expectRoutes(page: Page, within: Page | Locator = page) {
  const picker = within.getByRole('combobox', { name: 'Customer', exact: true });
  await picker.click();
  await page.getByRole('option', { name: 'Ravi (route 1)' }).waitFor();
  expect(await page.getByRole('option').allTextContents()).toEqual(EVERY);
  await picker.fill('ash');
  await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Asha (route 3)', 'Asha (route 7)']);
  await page.getByRole('option', { name: 'Asha (route 7)', exact: true }).click();
  expect(await picker.inputValue()).toBe('Asha (route 7)');
}

describe('customer pickers', () => {
  it('show the route beside each name on every screen that picks a customer', async () => {
    const { page } = s;
    await s.open('/consumptions/add', 'Add Consumption');
    await choose(page, 'Colony', 'Green Park');
    await expectRoutes(page);

    await s.open('/transactions/singletransaction', 'Single User Transaction');
    await choose(page, 'Colony', 'Green Park');
    await expectRoutes(page);

    await s.open('/payments/receiving', 'Receiving Payments');
    await choose(page, 'Colony', 'Green Park');
    await expectRoutes(page);

    // A list's filter.
    await s.goto('/consumptions?colony=GP');
    await expectRoutes(page);

    await s.goto('/changes?colony=GP');
    await page.getByRole('button', { name: 'Add Change' }).click();
    await expectRoutes(page, page.getByRole('dialog'));
  });

  it('show the route on a 390 px phone too', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      const { page } = phone;
      await page.goto(`${s.app.url}/#/payments/receiving?colony=GP`);
      await page.getByRole('heading', { name: 'Receiving Payments' }).waitFor();
      await expectRoutes(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
