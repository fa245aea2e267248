import { calendarDateIn } from '@dairy/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { receipt, transaction } from '../../server/src/db/schema';
import { makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, signedInForFile } from '../harness';
import { savePdf } from '../screen';

const ARTIFACTS = artifactsFolder('daily-routine');

/**
 * The daily routine of docs/rules.md section 13, through the screens, counted: generate every colony,
 * mark 20 absences, take 30 payments, print the delivery sheet, in under 100 clicks and key
 * presses. A dairy of three colonies; Green Park has 40 customers on 40 routes, 20 of them away
 * today and 30 paying.
 */

/** The routine runs on today, as an operator's would. */
const DAY = calendarDateIn('Asia/Kolkata', new Date());
const ROUTES = 40;
const AWAY = Array.from({ length: 20 }, (_, i) => 2 * i + 2); // routes 2, 4, … 40
const PAYING = Array.from({ length: ROUTES }, (_, i) => i + 1).filter((route) => route % 4 !== 0); // 30 routes

const s = signedInForFile(async (db) => {
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow milk', unit: 'L' });
  for (const [code, name, customers] of [
    ['GP', 'Green Park', ROUTES],
    ['LV', 'Lake View', 12],
    ['RN', 'Ram Nagar', 8],
  ] as const) {
    await makeColony(db, { colonyCode: code, colonyName: name });
    for (let route = 1; route <= customers; route++) {
      const c = await makeCustomer(db, {
        colonyCode: code,
        customerName: `${name} ${String(route).padStart(2, '0')}`,
        route,
        openingBalance: 90_000,
        due: 90_000,
      });
      await makeConsumption(db, { customerId: c.customerId, productId: cow.productId, quantity: 150 });
    }
  }
});

/** Everything the operator does goes through these, and is counted. */
const done = { clicks: 0, keys: 0, entries: 0, characters: 0 };
async function click(target: Locator) {
  done.clicks++;
  await target.click();
}
async function press(key: string) {
  done.keys++;
  await s.page.keyboard.press(key);
}
/** An amount typed into the focused field: one entry (its characters are counted apart). */
async function type(text: string) {
  done.entries++;
  done.characters += text.length;
  await s.page.keyboard.type(text);
}

describe('the daily routine', () => {
  it('generate every colony, mark 20 absences, take 30 payments, print the delivery sheet: under 100 clicks and key presses', async () => {
    await s.goto('/today');
    await s.page.getByRole('table', { name: 'Colonies today' }).waitFor();

    // 1. Every colony's deliveries of the day.
    await click(s.page.getByRole('button', { name: 'Generate all' }));
    await s.page.getByText('60 transactions created in 3 colonies.').waitFor();

    // 2. Green Park's route sheet: 20 absences, saved in one call.
    await click(s.page.getByRole('link', { name: 'Route sheet Green Park' }));
    await s.page.getByRole('table', { name: 'Route sheet' }).waitFor();
    for (const route of AWAY)
      await click(
        s.page.getByRole('checkbox', { name: `Delivered: Green Park ${String(route).padStart(2, '0')}, Cow milk` }),
      );
    await s.page.getByText('20 unsaved changes').waitFor();
    await click(s.page.getByRole('button', { name: 'Save' }));
    await s.page.getByText('Attendance saved: 20 deliveries changed.').waitFor();

    // 3. The delivery sheet of who is left.
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      click(s.page.getByRole('button', { name: 'Print' })),
    ]);
    const sheet = await savePdf(download, ARTIFACTS);

    // 4. Back to Today, then Green Park's collection entry: 30 payments. Enter moves to the next
    //    row; a row that does not pay is passed by clicking the next one that does.
    await click(s.page.getByRole('button', { name: 'Back', exact: true }));
    await click(s.page.getByRole('link', { name: 'Collect Green Park' }));
    await s.page.getByRole('table', { name: 'Collection entry' }).waitFor();
    for (const route of PAYING) {
      if (!PAYING.includes(route - 1))
        await click(s.page.getByRole('textbox', { name: `Amount: Green Park ${String(route).padStart(2, '0')}` }));
      await type(String(100 + route));
      if (PAYING.includes(route + 1)) await press('Enter');
    }
    await s.page.getByText('(30 payments)').waitFor();
    await click(s.page.getByRole('button', { name: 'Save all' }));
    await s.page.getByText('30 payments received:').waitFor();

    const total = done.clicks + done.keys + done.entries;
    console.info(
      `Daily routine: ${total} actions (${done.clicks} clicks, ${done.keys} key presses, ${done.entries} amounts typed with ${done.characters} characters)`,
    );
    expect(total).toBeLessThan(100);

    // What the routine left behind.
    const db = s.app.database.db;
    const [rows] = await db.select({ n: count() }).from(transaction).where(eq(transaction.transactionDate, DAY));
    expect(rows!.n).toBe(60);
    const [absent] = await db
      .select({ n: count() })
      .from(transaction)
      .where(and(eq(transaction.transactionDate, DAY), eq(transaction.attendance, 0)));
    expect(absent!.n).toBe(20);
    const [receipts] = await db.select({ n: count() }).from(receipt);
    expect(receipts!.n).toBe(30);
    expect(sheet.name).toBe(`Green Park_${DAY}_Deliveries.pdf`);
    expect(sheet.text).toContain('Green Park 01');
    expect(sheet.text).not.toContain('Green Park 02');
    expect(sheet.text).toMatch(/COW Cow milk\s+20\s+30 ?L/);

    // Today shows the morning done.
    await click(s.page.getByRole('button', { name: 'Back', exact: true }));
    const row = s.page
      .getByRole('table', { name: 'Colonies today' })
      .getByRole('row')
      .filter({ hasText: 'Green Park' });
    await expect
      .poll(async () => (await row.getByRole('cell').allInnerTexts()).slice(1, 8))
      .toEqual(['40', '0', '40', '20', '0', 'COW 30 L', expect.stringMatching(/\(30\)$/)]);
  });
});
