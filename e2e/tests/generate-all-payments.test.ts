import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer, payment } from '../../server/src/db/schema';
import { daysOf, deliver, makeColony, makeCustomer, makeDailyProduct } from '../dairy';
import { signedInForFile } from '../harness';
import { chooseEach } from '../screen';

/** Generate Payment's 'All colonies' choice: every enabled colony at once, each with its own charge. */

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GRN', colonyName: 'Green Park', charges: 20_00 });
  await makeColony(db, { colonyCode: 'LKV', colonyName: 'Lake View', charges: 35_50 });
  await makeColony(db, { colonyCode: 'OLD', colonyName: 'Old Town', charges: 10_00, disable: 1 });
  const milk = await makeDailyProduct(db, { productName: 'Cow Milk', price: 50_00 });
  const residents: [string, string, number][] = [
    ['GRN', 'Asha Rao', 10],
    ['GRN', 'Bala Iyer', 4],
    ['LKV', 'Chitra Das', 3],
    ['OLD', 'Dev Kumar', 5],
  ];
  for (const [colonyCode, customerName, days] of residents) {
    const c = await makeCustomer(db, { colonyCode, customerName, route: 1 });
    await deliver(
      db,
      c.customerId,
      milk,
      daysOf(
        '2026-10',
        Array.from({ length: days }, (_, i) => i + 1),
      ),
    );
  }
});

describe("Generate Payment's 'All colonies'", () => {
  it('is the first colony choice, previews each enabled colony and bills them all with their own charges', async () => {
    await s.open('/payments/add', 'Generate Payment');
    await s.page.getByRole('combobox', { name: 'Colony', exact: true }).click();
    const options = await s.page.getByRole('option').allInnerTexts();
    expect(options).toEqual(['All colonies', 'Green Park', 'Lake View']);
    await s.page.getByRole('option', { name: 'All colonies', exact: true }).click();
    const charges = s.page.getByLabel('Service Charges');
    expect(await charges.isDisabled()).toBe(true);
    expect(await charges.getAttribute('placeholder')).toBe("Each colony's own");
    await chooseEach(s.page, { Month: 'October', Year: '2026' });
    await s.page.getByRole('button', { name: 'Preview' }).click();

    const dialog = s.page.getByRole('dialog', { name: 'Payment Preview' });
    const row = async (name: string) =>
      (await dialog.getByRole('row').filter({ hasText: name }).last().innerText()).trim().split(/\s+/).join(' ');
    // Green Park: 14 days x 50 + 2 x 20; Lake View: 3 x 50 + 35.50.
    expect(await row('Green Park')).toBe('1 Green Park 2 ₹40.00 ₹740.00');
    expect(await row('Lake View')).toBe('2 Lake View 1 ₹35.50 ₹185.50');
    expect(await row('Total')).toBe('Total 3 ₹75.50 ₹925.50');
    expect(await dialog.getByText('Old Town').count()).toBe(0);
    await dialog.getByText('3 bills').waitFor();

    await dialog.getByRole('button', { name: 'Confirm & Generate' }).click();
    await s.page.getByText('Payments generated successfully! 3 bills in 2 colonies.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const db = s.app.database.db;
    const byColony = await db
      .select({ colonyCode: customer.colonyCode, charges: payment.charges, totalPrice: payment.totalPrice })
      .from(payment)
      .innerJoin(customer, eq(customer.customerId, payment.customerId))
      .where(inArray(customer.colonyCode, ['GRN', 'LKV', 'OLD']))
      .orderBy(customer.colonyCode, payment.totalPrice);
    expect(byColony).toEqual([
      { colonyCode: 'GRN', charges: 20_00, totalPrice: 220_00 },
      { colonyCode: 'GRN', charges: 20_00, totalPrice: 520_00 },
      { colonyCode: 'LKV', charges: 35_50, totalPrice: 185_50 },
    ]);
  });

  it('says when no colony has anything to bill', async () => {
    await s.goto('/payments/add');
    await chooseEach(s.page, { Colony: 'All colonies', Month: 'January', Year: '2026' });
    await s.page.getByRole('button', { name: 'Preview' }).click();
    await s.page.getByText('No data available for preview.', { exact: true }).first().waitFor();
  });
});
