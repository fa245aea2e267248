import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer, receipt } from '../../server/src/db/schema';
import { makeColony, makeCustomer } from '../dairy';
import { signedInForFile } from '../harness';
import { clickAndSee } from '../screen';

/** Collection Entry (/payments/collect): Green Park's customers, each owing something. */

const ids: Record<string, number> = {};

const s = signedInForFile(async (db) => {
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

const amount = (name: string) => s.page.getByRole('textbox', { name: `Amount: ${name}` });

async function receipts() {
  const rows = await s.app.database.db.select().from(receipt).orderBy(asc(receipt.receiptId));
  return rows.map((r) => [r.customerId, r.paymentYear, r.paymentMonth, r.amount, r.mode]);
}

describe('Collection Entry', () => {
  it('lists the customers in route order with their balance, Enter moves down, the total follows, Save all records', async () => {
    await s.open('/payments/collect?colony=GP&month=6&year=2026', 'Collection Entry');
    const table = s.page.getByRole('table', { name: 'Collection entry' });
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
    await s.page.keyboard.type('500');
    await s.page.keyboard.press('Enter');
    expect(await amount('Bala').evaluate((el) => el === document.activeElement)).toBe(true);
    await s.page.keyboard.press('Enter');
    await s.page.keyboard.type('120.50');
    await s.page.keyboard.press('Enter');
    await s.page.keyboard.press('Enter');
    // After the last row Enter reaches 'Save all'.
    // What has the focus, said whole when it is not 'Save all'.
    expect(
      await s.page.evaluate(() => {
        const focused = document.activeElement;
        return focused?.tagName === 'BUTTON' ? focused.textContent : focused?.outerHTML.slice(0, 300);
      }),
    ).toBe('Save all');
    expect(await s.page.getByLabel('Total entered').innerText()).toBe('Total entered: ₹620.50 (2 payments)');

    const [request] = await Promise.all([
      s.page.waitForRequest((r) => r.url().endsWith('/api/payments/receiveMany')),
      s.page.keyboard.press('Enter'),
    ]);
    await s.page.getByText('2 payments received: ₹620.50.').waitFor();
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.postDataJSON()).toEqual({
      month: 6,
      year: 2026,
      entries: [
        { customerId: ids.Asha, amount: '500', takenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        { customerId: ids.Chitra, amount: '120.50', takenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      ],
    });
    // Both taken at the one 'Save all' (docs/rules.md section 20).
    const sent = request.postDataJSON() as { entries: { takenAt: string }[] };
    expect(sent.entries[0]!.takenAt).toBe(sent.entries[1]!.takenAt);
    expect(await receipts()).toEqual([
      [ids.Asha, 2026, 6, 50_000, 'positive'],
      [ids.Chitra, 2026, 6, 12_050, 'positive'],
    ]);
    // The balances now, and the fields emptied for the next round.
    await table.getByRole('row').filter({ hasText: 'Asha' }).getByText('₹0.00').waitFor();
    await table.getByRole('row').filter({ hasText: 'Chitra' }).getByText('₹179.50').waitFor();
    expect(await amount('Asha').inputValue()).toBe('');
    expect(await s.page.getByLabel('Total entered').innerText()).toBe('Total entered: ₹0.00 (0 payments)');
  });

  it('starts at the current month; a fresh Idempotency-Key each Save all', async () => {
    await s.goto('/payments/collect?colony=GP');
    await s.page.getByRole('table', { name: 'Collection entry' }).waitFor();
    const now = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', month: 'long' }).format(new Date());
    expect(await s.page.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(now);
    const keys: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().endsWith('/api/payments/receiveMany')) keys.push(r.headers()['idempotency-key']!);
    });
    for (const value of ['1', '2']) {
      await amount('Bala').fill(value);
      await clickAndSee(s.page, 'Save all', `1 payment received: ₹${value}.00.`);
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('Save all with nothing entered sends nothing', async () => {
    await s.goto('/payments/collect?colony=GP&month=6&year=2026');
    await s.page.getByRole('table', { name: 'Collection entry' }).waitFor();
    const before = (await receipts()).length;
    await clickAndSee(s.page, 'Save all', 'Enter at least one amount.');
    expect((await receipts()).length).toBe(before);
  });

  it("a refused row: the contract's text beside the field, the server's beside its customer, nothing saved", async () => {
    const db = s.app.database.db;
    const eve = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Eve', route: 5 });
    await s.goto('/payments/collect?colony=GP&month=6&year=2026');
    await s.page.getByRole('table', { name: 'Collection entry' }).waitFor();
    const before = (await receipts()).length;
    await amount('Asha').fill('10');
    // Over the limit: the contract's own text beside the field, nothing sent.
    await amount('Dev').fill('100000000.01');
    await clickAndSee(s.page, 'Save all', 'Payment amount must be at most ₹1,00,00,000.00');
    expect((await receipts()).length).toBe(before);
    // Eve's record is gone by the time the amounts are saved: the server names her row.
    await db.delete(customer).where(eq(customer.customerId, eve.customerId));
    await amount('Dev').fill('');
    await amount('Eve').fill('20');
    await clickAndSee(s.page, 'Save all', 'Payments failed: nothing was saved.');
    const eveRow = s.page.getByRole('row').filter({ hasText: 'Eve' });
    await eveRow.getByText('Row 2: Customer not found').waitFor();
    expect((await receipts()).length).toBe(before);
  });
});
