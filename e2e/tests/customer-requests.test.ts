import { calendarDateIn } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { makeColony, makeConsumption, makeCustomer, makeDailyProduct } from '../dairy';
import { signedInForFile } from '../harness';

/**
 * The office sees customers' requests (docs/rules.md section 19): a change made through
 * `POST /api/my/:token/changes` shows on Today (Requests), under 'By customers' on Pauses &
 * Changes, and marked on the route sheet; a change the office made is not marked.
 */

const today = calendarDateIn('Asia/Kolkata', new Date());
const ids = { asha: 0, bala: 0 };
let changedDate = '';

const s = signedInForFile(
  async (db) => {
    const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow milk', unit: 'L', price: 60_00 });
    await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
    await makeColony(db, { colonyCode: 'RV', colonyName: 'River View' });
    ids.asha = (await makeCustomer(db, { colonyCode: 'GP', customerName: 'Asha Rao', route: 1 })).customerId;
    ids.bala = (await makeCustomer(db, { colonyCode: 'GP', customerName: 'Bala', route: 2 })).customerId;
    await makeConsumption(db, { customerId: ids.asha, productId: cow.productId, quantity: 150 });
    await makeConsumption(db, { customerId: ids.bala, productId: cow.productId });
  },
  { publicUrl: 'https://dairy.example.in' },
);

/** A call made with the signed-in browser's session (the `my` calls need none and ignore it). */
async function apiCall(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const answer = await s.browser.context.request.fetch(`${s.app.url}/api${path}`, {
    method,
    headers: { 'X-Requested-With': 'fetch' },
    data,
  });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

let seeded = false;
/** Asha asks for 2 L on the first day still open, through her page; the office pauses Bala that day. */
async function customerAsks() {
  if (seeded) return;
  seeded = true;
  const link = await apiCall('POST', `/customer-links/${ids.asha}`);
  const token = String(link.url).split('/my/')[1];
  const page = await apiCall('GET', `/my/${token}`);
  changedDate = page.cutoff.earliestDate;
  await apiCall('POST', `/my/${token}/changes`, {
    kind: 'quantity',
    consumptionId: page.consumptions[0].consumptionId,
    fromDate: changedDate,
    toDate: changedDate,
    quantity: 2,
  });
  await apiCall('POST', '/changes', {
    customerId: ids.bala,
    kind: 'quantity',
    fromDate: changedDate,
    toDate: changedDate,
    quantity: 3,
    consumptionId: (await apiCall('GET', `/consumptions?customerId=${ids.bala}`)).consumptions[0].consumptionId,
  });
  await apiCall('POST', '/transactions/generate', { colony: 'GP', date: changedDate });
}

describe("customers' requests in the office", () => {
  it('Today shows the request on the colony and the totals, linking to By customers', async () => {
    await customerAsks();
    await s.open('/today', 'Today');
    const table = s.page.getByRole('table', { name: 'Colonies today' });
    const cells = async (name: string) =>
      (await table.getByRole('row').filter({ hasText: name }).getByRole('cell').allInnerTexts()).map((t) => t.trim());
    await table.waitFor();
    expect((await cells('Green Park'))[8]).toBe('1');
    expect((await cells('River View'))[8]).toBe('0');
    expect((await table.getByRole('row', { name: 'Totals' }).getByRole('cell').allInnerTexts())[8]?.trim()).toBe('1');
    await table.getByRole('link', { name: 'Requests Green Park' }).click();
    await s.page.getByRole('heading', { name: 'Pauses & Changes' }).waitFor();
    expect(await s.page.getByRole('switch', { name: 'By customers' }).isChecked()).toBe(true);
    const rows = s.page.getByRole('table').getByRole('row');
    await rows.filter({ hasText: 'Asha Rao' }).waitFor();
    expect(await rows.filter({ hasText: 'Asha Rao' }).innerText()).toContain('customer');
    expect(await rows.filter({ hasText: 'Bala' }).count()).toBe(0);
  });

  it("Pauses & Changes' By customers lists every colony's requests without a colony chosen", async () => {
    await customerAsks();
    await s.open('/changes', 'Pauses & Changes');
    await s.page.getByText('Select a colony to see its pauses and changes.').waitFor();
    await s.page.getByRole('switch', { name: 'By customers' }).click();
    const rows = s.page.getByRole('table').getByRole('row');
    await rows.filter({ hasText: 'Asha Rao' }).waitFor();
    expect(await rows.filter({ hasText: 'Bala' }).count()).toBe(0);
    // Off again, with the colony chosen: the office's change is listed beside the customer's.
    await s.page.getByRole('switch', { name: 'By customers' }).click();
    await s.goto('/changes?colony=GP');
    await rows.filter({ hasText: 'Bala' }).waitFor();
    expect(await rows.filter({ hasText: 'Asha Rao' }).count()).toBe(1);
  });

  it('the route sheet marks the delivery the customer changed, not the one the office changed', async () => {
    await customerAsks();
    expect(changedDate > today).toBe(true);
    await s.open(`/transactions/sheet?colony=GP&date=${changedDate}`, 'Route Sheet');
    const sheet = s.page.getByRole('table', { name: 'Route sheet' });
    const asha = sheet.getByRole('row').filter({ hasText: 'Asha Rao' });
    await asha.waitFor();
    expect(await asha.innerText()).toContain('Changed by customer');
    expect(await asha.innerText()).toContain('2 L');
    const bala = sheet.getByRole('row').filter({ hasText: 'Bala' });
    expect(await bala.innerText()).toContain('3 L');
    expect(await bala.innerText()).not.toContain('Changed by customer');
  });

  it("shows the request in the office user's language: Hindi on Today and the route sheet", async () => {
    await customerAsks();
    await apiCall('PUT', '/auth/language', { language: 'hi' });
    try {
      await s.open('/today', 'आज');
      const table = s.page.getByRole('table', { name: 'Colonies today' });
      await table.getByRole('columnheader', { name: 'अनुरोध' }).waitFor();
      expect(await table.getByRole('link', { name: 'Requests Green Park' }).innerText()).toBe('1');
      await s.open(`/transactions/sheet?colony=GP&date=${changedDate}`, 'रूट शीट');
      const asha = s.page.getByRole('table', { name: 'Route sheet' }).getByRole('row').filter({ hasText: 'Asha Rao' });
      await asha.waitFor();
      expect(await asha.innerText()).toContain('ग्राहक ने बदला');
    } finally {
      await apiCall('PUT', '/auth/language', { language: 'en' });
    }
  });
});
