import { customerTexts, paymentTexts } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colony, customer } from '../../server/src/db/schema';
import { deliver, makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { type Browser, openBrowser, signedInForFile, signIn } from '../harness';
import { choose, chooseEach } from '../screen';

/*
 * No sign is ever dropped (docs/rules.md section 23): every money and quantity field of every form
 * keeps what was typed. A minus sign is refused beside the field with the field's own text and
 * nothing is sent; where a negative amount is allowed (an opening balance) it is kept. Each form
 * is walked at desktop width and on a 390 px phone.
 */

const ids: Record<string, number> = {};

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 5000 });
  const asha = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha', route: 1, due: 30000 });
  const consumption = await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId });
  await deliver(db, asha.customerId, cow, ['2026-10-05']);
  const [delivery] = await db.query.transaction.findMany({ limit: 1 });
  Object.assign(ids, {
    cow: cow.productId,
    asha: asha.customerId,
    consumption: consumption.consumptionId,
    delivery: delivery!.transactionId,
  });
});

/** The message shown beside a field: the text its input is described by. */
async function messageBeside(field: Locator): Promise<string> {
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    described
      .split(' ')
      .filter(Boolean)
      .map((id) => field.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

/** Every call that would change data (anything but a GET) from now on. */
function savesOf(page: Page) {
  const saves: string[] = [];
  const listen = (request: { method(): string; url(): string }) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
      saves.push(`${request.method()} ${new URL(request.url()).pathname}`);
  };
  page.on('request', listen);
  return { saves, stop: () => page.off('request', listen) };
}

/**
 * Types `typed` into the field, presses the form's button, and expects the field to keep the text,
 * show `message` beside it, and nothing to be sent.
 */
async function refused(page: Page, field: Locator, typed: string, button: string, message: string) {
  const sent = savesOf(page);
  try {
    await field.fill(typed);
    const submit = page.getByRole('button', { name: button, exact: true });
    if (await submit.isEnabled()) await submit.click();
    await expect.poll(() => messageBeside(field)).toContain(message);
    expect(await field.inputValue()).toBe(typed);
    // A moment for anything that would still go out.
    await page.waitForTimeout(300);
    expect(sent.saves).toEqual([]);
  } finally {
    sent.stop();
  }
}

function walkEveryForm(viewport: { width: number; height: number }) {
  let browser: Browser;
  let page: Page;
  const goto = async (route: string, heading: string) => {
    await page.goto('about:blank');
    await page.goto(`${s.app.url}/#${route}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
  };

  beforeAll(async () => {
    browser = await openBrowser(viewport);
    page = browser.page;
    await signIn(browser, s.app);
  });
  afterAll(() => browser.close());

  it('Add Colony and Update Colony: Service Charges', async () => {
    await goto('/AddColony', 'Add Colony');
    await page.getByLabel('Colony Code').fill(`N${viewport.width}`);
    await page.getByLabel('Colony Name').fill('Negative Park');
    await refused(page, page.getByLabel('Service Charges'), '-1', 'Add Colony', 'Service Charges must be 0 or more');
    const stored = await s.app.database.db
      .select()
      .from(colony)
      .where(eq(colony.colonyCode, `N${viewport.width}`));
    expect(stored).toEqual([]);

    await goto('/colony/update/GP', 'Update Colony');
    await refused(page, page.getByLabel('Service Charges'), '-1', 'Update Colony', 'Service Charges must be 0 or more');
  });

  it('Add Milk and Update Milk: Price', async () => {
    await goto('/products/add', 'Add Milk');
    await page.getByPlaceholder('Select or enter Milk code').fill('NEG');
    await page.getByPlaceholder('Enter name').fill('Negative Milk');
    await page.getByRole('combobox', { name: 'Combinations', exact: true }).click();
    await page.getByRole('option', { disabled: false }).first().click();
    await page.keyboard.press('Escape');
    await refused(page, page.getByLabel('Price'), '-1', 'Add Milk', 'Price must be at least 1');

    await goto(`/products/update/${ids.cow}`, 'Update Milk');
    await refused(page, page.getByLabel('Price'), '-1', 'Update Milk', 'Price must be at least 1');
  });

  it('Add User: a negative opening balance (an advance) is kept as typed', async () => {
    await goto('/customers/add', 'Add User');
    const name = `Advance ${viewport.width}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Address').fill('House 5, Lane 2');
    await choose(page, 'Colony', 'Green Park');
    await page.getByLabel('Route').fill('2');
    const balance = page.getByLabel('Opening Balance');
    await refused(page, balance, '12.345', 'Add User', customerTexts.dueInvalid);
    await balance.fill('-1.5');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('Successfully added a customer.').waitFor();
    const [stored] = await s.app.database.db.select().from(customer).where(eq(customer.customerName, name));
    expect(stored).toMatchObject({ openingBalance: -150, due: -150 });
  });

  it('Single User Transaction and Update Transaction: Price and Quantity', async () => {
    await goto('/transactions/singletransaction', 'Single User Transaction');
    await chooseEach(page, { Colony: 'Green Park', Customer: 'Asha (route 1)', Milk: 'Cow Milk (COW)' });
    await page.getByRole('combobox', { name: 'Days', exact: true }).click();
    await page.getByRole('option').first().click();
    await expect.poll(() => page.getByLabel('Price').inputValue()).toBe('50');
    await refused(page, page.getByLabel('Price'), '-1', 'Generate Transaction', 'Price must be at least 1');
    await page.getByLabel('Price').fill('50');
    await refused(
      page,
      page.getByLabel('Quantity', { exact: true }),
      '-1',
      'Generate Transaction',
      'Quantity must be more than 0.',
    );

    await goto(`/transactions/update/${ids.delivery}`, 'Update Transaction');
    await refused(page, page.getByLabel('Price'), '-5', 'Update Transaction', 'Price must be at least 1');
    await page.getByLabel('Price').fill('50');
    await refused(
      page,
      page.getByLabel('Quantity', { exact: true }),
      '-1',
      'Update Transaction',
      'Quantity must be more than 0.',
    );
  });

  it('Add Consumption, Update Consumption and a quantity change: Quantity', async () => {
    await goto('/consumptions/add', 'Add Consumption');
    await chooseEach(page, { Colony: 'Green Park', Customer: 'Asha (route 1)', Milk: 'Cow Milk' });
    await page.getByRole('combobox', { name: 'Days', exact: true }).click();
    await page.getByRole('option').first().click();
    const quantity = page.getByLabel('Quantity', { exact: true });
    await refused(page, quantity, '-1', 'Add Consumption', 'Quantity must be more than 0.');

    await goto(`/consumptions/update/${ids.consumption}`, 'Update Consumption');
    await refused(page, quantity, '-2', 'Update Consumption', 'Quantity must be more than 0.');

    await goto('/changes?colony=GP', 'Pauses & Changes');
    await page.getByRole('button', { name: 'Add Change' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, 'Customer', 'Asha (route 1)', dialog);
    await dialog.getByRole('combobox', { name: 'Consumption', exact: true }).click();
    await page.getByRole('option', { name: /^Cow Milk/ }).click();
    await dialog.getByLabel('Quantity change').check();
    await refused(page, dialog.getByLabel('Quantity', { exact: true }), '-1', 'Save', 'Quantity must be more than 0.');
  });

  it('Generate Payment: Service Charges', async () => {
    await goto('/payments/add', 'Generate Payment');
    await choose(page, 'Colony', 'Green Park');
    await expect.poll(() => page.getByLabel('Service Charges').inputValue()).toBe('20');
    const sent = savesOf(page);
    try {
      await page.getByLabel('Service Charges').fill('-1');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect
        .poll(() => messageBeside(page.getByLabel('Service Charges')))
        .toBe('Service Charges must be 0 or more');
      await page.waitForTimeout(300);
      expect(sent.saves).toEqual([]);
    } finally {
      sent.stop();
    }
  });

  it('Receiving Payments and Collection Entry: the payment amount', async () => {
    await goto(`/payments/receiving?colony=GP&customer=${ids.asha}&month=10&year=2026`, 'Receiving Payments');
    await page.getByRole('region', { name: 'Payment Summary' }).getByLabel('Balance', { exact: true }).waitFor();
    const amount = page.getByLabel('Payment Amount');
    await refused(page, amount, '-50', 'Submit', paymentTexts.amountSigned);
    await refused(page, amount, '+50', 'Submit', paymentTexts.amountSigned);

    await goto('/payments/collect?colony=GP&month=10&year=2026', 'Collection Entry');
    await refused(page, page.getByRole('textbox', { name: 'Amount: Asha' }), '-50', 'Save all', paymentTexts.amountMin);
  });
}

describe('every money and quantity field, at desktop width', () => walkEveryForm({ width: 1280, height: 900 }));
describe('every money and quantity field, on a 390 px phone', () => walkEveryForm({ width: 390, height: 844 }));
