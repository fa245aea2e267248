import { execFileSync } from 'node:child_process';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer, product, transaction } from '../../server/src/db/schema';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
import { artifactsFolder, countCalls, signedInForFile } from '../harness';
import { choose, downloadPdf, typeDate } from '../screen';

const ARTIFACTS = artifactsFolder('route-sheet');

/**
 * Route Sheet (/transactions/sheet): Green Park's Monday 2026-06-01, generated: Asha (route 1,
 * 1.5 L cow milk and 1 kg curd), Bala (route 2, 2 L cow milk), Chitra (route 3, 1 L buffalo milk).
 */

const DAY = '2026-06-01';
const SHEET = `/transactions/sheet?colony=GP&date=${DAY}`;

const s = signedInForFile(async (db) => {
  const { cow, buf, curd } = await makeMilkAndCurd(db);
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  await makeColony(db, { colonyCode: 'OFF', colonyName: 'Old Town', disable: 1 });
  const asha = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha', route: 1, address: '1 Lake Road' });
  const bala = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Bala', route: 2, address: '2 Hill Road' });
  const chitra = await makeCustomer(db, { colonyCode: 'GP', customerName: 'Chitra', route: 3, address: '3 Park Lane' });
  await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId, quantity: 150 });
  await makeConsumption(db, { customerId: asha.customerId, productId: curd.productId });
  await makeConsumption(db, { customerId: bala.customerId, productId: cow.productId, quantity: 200 });
  await makeConsumption(db, { customerId: chitra.customerId, productId: buf.productId });
  const res = await s.page.request.post(`${s.app.url}/api/transactions/generateAll`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: { date: DAY },
  });
  expect(res.ok()).toBe(true);
});

const table = () => s.page.getByRole('table', { name: 'Route sheet' });
const box = (name: string) => s.page.getByRole('checkbox', { name: `Delivered: ${name}` });

async function attendance() {
  const rows = await s.app.database.db
    .select({ name: customer.customerName, attendance: transaction.attendance, product: product.productCode })
    .from(transaction)
    .innerJoin(customer, eq(customer.customerId, transaction.customerId))
    .innerJoin(product, eq(product.productId, transaction.productId))
    .orderBy(asc(customer.route), asc(product.productCode));
  return rows.map((r) => `${r.name} ${r.product} ${r.attendance}`);
}

describe('Route Sheet', () => {
  it("lists the colony's deliveries of the day in route order, every one ticked Delivered", async () => {
    await s.goto(SHEET);
    await table().waitFor();
    const rows = await table().getByRole('row').allInnerTexts();
    expect(
      rows.map((r) =>
        r
          .split(/\s*\t\s*|\n/)
          .filter(Boolean)
          .join(' | '),
      ),
    ).toEqual([
      'Route | Customer | Address | Milk | Qty | Delivered',
      '1 | Asha | 1 Lake Road | Cow milk | 1.5 L',
      '1 | Asha | 1 Lake Road | Curd | 1 kg',
      '2 | Bala | 2 Hill Road | Cow milk | 2 L',
      '3 | Chitra | 3 Park Lane | Buffalo milk | 1 L',
      'Total delivered | BUF 1 L · COW 3.5 L · CURD 1 kg',
    ]);
    for (const name of ['Asha, Cow milk', 'Asha, Curd', 'Bala, Cow milk', 'Chitra, Buffalo milk'])
      expect(await box(name).isChecked()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it('arrow keys move between rows, Space toggles, Save sends only what changed in one call', async () => {
    await s.goto(SHEET);
    await table().waitFor();
    await box('Asha, Cow milk').focus();
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Space'); // Asha's curd: absent
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Space'); // Chitra: absent
    await s.page.keyboard.press('ArrowUp');
    await s.page.keyboard.press('Space'); // Bala: absent...
    await s.page.keyboard.press('Space'); // ...and back: unchanged
    expect(await box('Asha, Curd').isChecked()).toBe(false);
    expect(await box('Chitra, Buffalo milk').isChecked()).toBe(false);
    expect(await box('Bala, Cow milk').isChecked()).toBe(true);
    await s.page.getByText('2 unsaved changes').waitFor();
    expect(await s.page.getByLabel('Total delivered').innerText()).toBe('COW 3.5 L');

    const calls = countCalls(s.page, '/api/transactions/attendance');
    const [request] = await Promise.all([
      s.page.waitForRequest((r) => r.url().endsWith('/api/transactions/attendance')),
      s.page.getByRole('button', { name: 'Save' }).click(),
    ]);
    await s.page.getByText('Attendance saved: 2 deliveries changed.').waitFor();
    calls.stop();
    expect(calls.calls).toHaveLength(1);
    const sent = request.postDataJSON().changes as { transactionId: number; attendance: number }[];
    expect(sent.map((c) => c.attendance)).toEqual([0, 0]);
    expect(await attendance()).toEqual(['Asha COW 1', 'Asha CURD 0', 'Bala COW 1', 'Chitra BUF 0']);
    await s.page.getByText('4 deliveries').waitFor();
  });

  it('Print makes the delivery sheet PDF: the rows to deliver, an empty tick column, totals per product', async () => {
    await s.goto(SHEET);
    await table().waitFor();
    const { name, file, text } = await downloadPdf(s.page, ARTIFACTS, 'Print');
    expect(name).toBe(`Green Park_${DAY}_Deliveries.pdf`);
    const lines = text
      .split('\n')
      .map((l) =>
        l
          .trim()
          .split(/\s{2,}/)
          .join(' | '),
      )
      .filter(Boolean);
    expect(lines[0]).toBe('Green Park Deliveries 01/06/2026');
    expect(lines).toContain('Route | Customer | Address | Milk | Qty | Tick');
    expect(lines).toContain('1 | Asha | 1 Lake Road | COW Cow milk | 1.5 L');
    // pdftotext may join a short quantity to its unit ("2L").
    expect(lines).toContainEqual(expect.stringMatching(/^2 \| Bala \| 2 Hill Road \| COW Cow milk \| 2 ?L$/));
    // Absent rows are not on the sheet.
    expect(text).not.toContain('Curd');
    expect(text).not.toContain('Chitra');
    expect(lines).toContain('Totals | Milk | Deliveries | Qty');
    expect(lines).toContain('COW Cow milk | 2 | 3.5 L');
    expect(text).toContain('Page 1 of 1');
    const pages = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(pages).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });

  it('keeps colony and date in the address; an empty day says so; a disabled colony is refused', async () => {
    await s.goto('/transactions/sheet?colony=GP&date=2026-06-02');
    await s.page.getByText('No deliveries on this date. Generate the day first.').waitFor();
    await s.goto('/transactions/sheet?colony=OFF&date=2026-06-01');
    await s.page.getByRole('alert').filter({ hasText: 'This colony is disabled.' }).waitFor();
    await s.goto('/transactions/sheet');
    await choose(s.page, 'Colony', 'Green Park');
    await typeDate(s.page.getByLabel('Date'), DAY);
    await table().waitFor();
    expect(new URL(s.page.url()).hash).toBe(`#/transactions/sheet?colony=GP&date=${DAY}`);
  });
});
