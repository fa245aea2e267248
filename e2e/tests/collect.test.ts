import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, receipt } from '../../server/src/db/schema';
import { makeColony, makeCustomer } from '../dairy';
import { startSignedIn } from '../harness';

/** Collection Entry (/payments/collect): Green Park's customers, each owing something. */

let s: Awaited<ReturnType<typeof startSignedIn>>;
let page: Page;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startSignedIn();
  page = s.page;
  const db = s.app.database.db;
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  const people: [string, number, number][] = [
    ['Chitra', 3, 30_000],
    ['Asha', 1, 50_000],
    ['Bala', 2, 0],
    ['Dev', 4, -10_000],
  ];
  for (const [name, route, due] of people) {
    const c = await makeCustomer(db, { colonyCode: 'GP', customerName: name, route, openingBalance: due, due });
    ids[name] = c.customerId;
  }
});
afterAll(() => s.close());

const amount = (name: string) => page.getByRole('textbox', { name: `Amount: ${name}` });

async function receipts() {
  const rows = await s.app.database.db.select().from(receipt).orderBy(asc(receipt.receiptId));
  return rows.map((r) => [r.customerId, r.paymentYear, r.paymentMonth, r.amount, r.mode]);
}

describe('Collection Entry', () => {
  it('lists the customers in route order with their balance, Enter moves down, the total follows, Save all records', async () => {
    await s.goto('/payments/collect?colony=GP&month=6&year=2026');
    await page.getByRole('heading', { name: 'Collection Entry' }).waitFor();
    const table = page.getByRole('table', { name: 'Collection entry' });
    await table.waitFor();
    const rows = (await table.getByRole('row').allInnerTexts()).map((r) =>
      r
        .split(/\s*\t\s*|\n/)
        .filter(Boolean)
        .join(' | '),
    );
    expect(rows).toEqual([
      'Route | Customer | Balance | Amount',
      '1 | Asha | ₹500.00',
      '2 | Bala | ₹0.00',
      '3 | Chitra | ₹300.00',
      '4 | Dev | -₹100.00',
    ]);
    await amount('Asha').click();
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    expect(await amount('Bala').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('120.50');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // After the last row Enter reaches 'Save all'.
    expect(await page.getByRole('button', { name: 'Save all' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await page.getByLabel('Total entered').innerText()).toBe('Total entered: ₹620.50 (2 payments)');

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/payments/receiveMany')),
      page.keyboard.press('Enter'),
    ]);
    await page.getByText('2 payments received: ₹620.50.').waitFor();
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.postDataJSON()).toEqual({
      month: 6,
      year: 2026,
      entries: [
        { customerId: ids.Asha, amount: '500' },
        { customerId: ids.Chitra, amount: '120.5' },
      ],
    });
    expect(await receipts()).toEqual([
      [ids.Asha, 2026, 6, 50_000, 'positive'],
      [ids.Chitra, 2026, 6, 12_050, 'positive'],
    ]);
    // The balances now, and the fields emptied for the next round.
    await table.getByRole('row').filter({ hasText: 'Asha' }).getByText('₹0.00').waitFor();
    await table.getByRole('row').filter({ hasText: 'Chitra' }).getByText('₹179.50').waitFor();
    expect(await amount('Asha').inputValue()).toBe('');
    expect(await page.getByLabel('Total entered').innerText()).toBe('Total entered: ₹0.00 (0 payments)');
  });

  it('starts at the current month; a fresh Idempotency-Key each Save all', async () => {
    await s.goto('/payments/collect?colony=GP');
    await page.getByRole('table', { name: 'Collection entry' }).waitFor();
    const now = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', month: 'long' }).format(new Date());
    expect(await page.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(now);
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payments/receiveMany')) keys.push(r.headers()['idempotency-key']!);
    });
    for (const value of ['1', '2']) {
      await amount('Bala').fill(value);
      await page.getByRole('button', { name: 'Save all' }).click();
      await page.getByText(`1 payment received: ₹${value}.00.`).waitFor();
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('Save all with nothing entered sends nothing', async () => {
    await s.goto('/payments/collect?colony=GP&month=6&year=2026');
    await page.getByRole('table', { name: 'Collection entry' }).waitFor();
    const before = (await receipts()).length;
    await page.getByRole('button', { name: 'Save all' }).click();
    await page.getByText('Enter at least one amount.').waitFor();
    expect((await receipts()).length).toBe(before);
  });

  it("a refused row: the contract's text beside the field, the server's beside its customer, nothing saved", async () => {
    const db = s.app.database.db;
    const eve = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Eve', route: 5 });
    await s.goto('/payments/collect?colony=GP&month=6&year=2026');
    await page.getByRole('table', { name: 'Collection entry' }).waitFor();
    const before = (await receipts()).length;
    await amount('Asha').fill('10');
    // Over the limit: the contract's own text beside the field, nothing sent.
    await amount('Dev').fill('100000000.01');
    await page.getByRole('button', { name: 'Save all' }).click();
    await page.getByText('Payment amount must be at most ₹1,00,00,000.00').waitFor();
    expect((await receipts()).length).toBe(before);
    // Eve's record is gone by the time the amounts are saved: the server names her row.
    await db.delete(customer).where(eq(customer.customerId, eve.customerId));
    await amount('Dev').fill('');
    await amount('Eve').fill('20');
    await page.getByRole('button', { name: 'Save all' }).click();
    await page.getByText('Payments failed: nothing was saved.').waitFor();
    const eveRow = page.getByRole('row').filter({ hasText: 'Eve' });
    await eveRow.getByText('Row 2: Customer not found').waitFor();
    expect((await receipts()).length).toBe(before);
  });
});
