import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateForColony } from '../../server/src/modules/transaction/generation.service';
import { EVERY_DAY, makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, signedInForFile } from '../harness';
import { choose, chooseEach, clickAndSee, downloadPdf, generateAndSee, typeDate } from '../screen';

const ARTIFACTS = artifactsFolder('quantities');

/**
 * A person's month (docs/rules.md sections 6 and 12), November 2026 in Green Park: Asha takes 1.5 L of
 * cow milk a day, pauses for a 5-day holiday, takes 2 L for 3 days when guests come; Bala takes
 * 1 L a day. The preview skips Asha on her holiday and says why, the month is generated and
 * billed, and the bill, on screen and in the monthly PDF, reads 39 L in 25 days at ₹56.00:
 * ₹2,184.00. Then the holiday is called off and the bill follows.
 */

const NOVEMBER = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 20_00 });
  const milk = await makeDailyProduct(db, { productCode: 'MLK', productName: 'Cow milk', price: 56_00 });
  await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha', route: 1 });
  const bala = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Bala', route: 2 });
  await makeConsumption(db, { customerId: bala.customerId, productId: milk.productId });
});

const dialog = () => s.page.getByRole('dialog');
const rowTexts = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));

async function addChange(fields: { kind: 'Pause' | 'Quantity change'; from: string; to: string; reason: string }) {
  await s.page.getByRole('button', { name: 'Add Change' }).click();
  await choose(s.page, 'Customer', 'Asha (route 1)', dialog());
  if (fields.kind === 'Quantity change') {
    await dialog().getByLabel('Quantity change').check();
    await choose(s.page, 'Consumption', `Cow milk (${EVERY_DAY})`, dialog());
    await dialog().getByLabel('Quantity', { exact: true }).fill('2');
  }
  await typeDate(dialog().getByLabel('From Date'), fields.from);
  await typeDate(dialog().getByLabel('To Date'), fields.to);
  await dialog().getByLabel('Reason').fill(fields.reason);
  await dialog().getByRole('button', { name: 'Save' }).click();
  await s.page.getByText('Change added successfully.').waitFor();
  await dialog().waitFor({ state: 'hidden' });
}

/** Payment Information's product table of Asha's November bill. */
async function ashaBillLines() {
  await s.goto('/payments/info?colony=GP&month=11&year=2026');
  const table = s.page.getByRole('table', { name: 'Milks of Asha' });
  await table.waitFor();
  return rowTexts(table);
}

describe("a person's month", () => {
  it('1.5 L a day, a holiday and guests: the preview skips her with the reason, and the bill adds up', async () => {
    // Add Consumption: 1.5 L of cow milk every day.
    await s.open('/consumptions/add', 'Add Consumption');
    await chooseEach(s.page, {
      Colony: 'Green Park',
      Customer: 'Asha (route 1)',
      Milk: 'Cow milk',
      Days: `${EVERY_DAY} (₹56.00)`,
    });
    await s.page.getByLabel('Quantity', { exact: true }).fill('1.5');
    await clickAndSee(s.page, 'Add Consumption', 'Successfully created consumption.');

    // Pauses & Changes: a holiday from the 10th to the 14th, 2 L from the 20th to the 22nd.
    await s.open('/changes?colony=GP', 'Pauses & Changes');
    await addChange({ kind: 'Pause', from: '2026-11-10', to: '2026-11-14', reason: 'Holiday' });
    await addChange({ kind: 'Quantity change', from: '2026-11-20', to: '2026-11-22', reason: 'Guests' });

    // Preview Transactions on the 12th: only Bala, and Asha in the paused list with the reason.
    await s.open('/transactions/dailyTransactions?date=2026-11-12&colony=GP', 'Preview Transactions');
    const planned = s.page.locator('table').first();
    await planned.getByRole('cell', { name: 'Bala' }).waitFor();
    expect((await rowTexts(planned)).map((r) => [r[1], r[6], r[7]])).toEqual([['Bala', '1 L', '₹56.00']]);
    const paused = s.page.getByRole('table', { name: 'Paused on this day' });
    expect(await rowTexts(paused)).toEqual([['Asha', 'All', 'Holiday', '10/11/2026', '14/11/2026']]);
    // The 21st: Asha's guests' 2 L, nobody paused.
    await typeDate(s.page.getByLabel('Start Date'), '2026-11-21');
    await planned.getByRole('cell', { name: '2 L', exact: true }).waitFor();
    expect((await rowTexts(planned)).map((r) => [r[1], r[6]])).toEqual([
      ['Asha', '2 L'],
      ['Bala', '1 L'],
    ]);
    expect(await s.page.getByRole('table', { name: 'Paused on this day' }).count()).toBe(0);

    // Generate Transactions for the 1st on the screen, the rest of the month by the same call.
    await s.goto('/transactions/add');
    await choose(s.page, 'Colony', 'Green Park');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-11-01');
    await clickAndSee(s.page, 'Generate', 'Successfully Generate Transactions.');
    for (const date of NOVEMBER.slice(1)) await generateForColony(s.app.database.db, 'GP', date);

    // Generate Payment: 22 days × 1.5 L + 3 days × 2 L = 39 L in 25 days, × ₹56.00 = ₹2,184.00.
    await s.goto('/payments/add');
    await chooseEach(s.page, { Colony: 'Green Park', Month: 'November', Year: '2026' });
    await s.page.getByRole('button', { name: 'Preview' }).click();
    const preview = s.page.getByRole('dialog', { name: 'Payment Preview' });
    const ashaRow = preview.getByRole('row').filter({ hasText: 'Asha' });
    expect(await ashaRow.innerText()).toMatch(/Cow milk ₹56\.00 × 39 L \(25 days\) = ₹2,184\.00\s+₹2,204\.00/);
    await preview.getByRole('button', { name: 'Confirm & Generate' }).click();
    await s.page.getByText('Payments generated successfully!').waitFor();

    expect(await ashaBillLines()).toEqual([['Cow milk', '₹56.00', '39 L', '25', '₹2,184.00']]);

    // Monthly Payment Info and its PDF.
    await s.open('/report/monthly?colony=GP&month=11&year=2026', 'Green Park November 2026');
    const ashaReport = s.page.locator('tbody tr').filter({ hasText: 'Asha' }).first();
    expect(await ashaReport.innerText()).toContain('Cow milk ₹56.00 × 39 L (25 days) = ₹2,184.00');
    const { text } = await downloadPdf(s.page, ARTIFACTS);
    expect(text).toMatch(/1\s+Asha\s+Cow milk \(39 L\)\s+25\s+₹2,184\.00/);
    expect(text).toMatch(/Milk ₹2,184\.00 \+ ₹0\.00 balance \+ ₹20\.00 service\s+₹2,204\.00/);
    expect(text).toMatch(/2\s+Bala\s+Cow milk \(30 L\)\s+30\s+₹1,680\.00/);
  });

  it('after billing, the bill follows what happens to her deliveries', async () => {
    // The holiday called off: nothing was generated on those days, so nothing changes yet.
    await s.goto('/changes?colony=GP&past=1');
    const holiday = s.page.locator('tbody tr').filter({ hasText: 'Holiday' });
    await holiday.getByRole('button', { name: /Delete/ }).click();
    await clickAndSee(s.page, 'Confirm', 'Change deleted successfully.');
    expect(await ashaBillLines()).toEqual([['Cow milk', '₹56.00', '39 L', '25', '₹2,184.00']]);

    // The 10th generated again, on the screen: Bala had his already; her 1.5 L joins the bill.
    await s.goto('/transactions/add');
    await choose(s.page, 'Colony', 'Green Park');
    await typeDate(s.page.getByLabel('Date', { exact: true }), '2026-11-10');
    await generateAndSee(s.page, 'Generate', '2026-11-10', 'Transactions already exists.');
    expect(await ashaBillLines()).toEqual([['Cow milk', '₹56.00', '40.5 L', '26', '₹2,268.00']]);

    // All Transactions: she was out on the 21st after all (2 L); unticked, the bill drops it.
    await s.goto('/transactions?colony=GP&date=2026-11-21');
    const attendance = s.page.getByLabel('Attendance of Asha Cow milk 21/11/2026');
    await attendance.click();
    await clickAndSee(s.page, 'Confirm', 'Attendance updated successfully.');
    await expect.poll(() => attendance.isChecked()).toBe(false);
    expect(await ashaBillLines()).toEqual([['Cow milk', '₹56.00', '38.5 L', '25', '₹2,156.00']]);
  });
});
