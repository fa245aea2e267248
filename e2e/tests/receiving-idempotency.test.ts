import { eq } from 'drizzle-orm';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { receipt } from '../../server/src/db/schema';
import { makeColony, makeCustomer } from '../dairy';
import { signedInForFile } from '../harness';
import { choose, chooseEach } from '../screen';

let customerId: number;

const RECEIVE = '/api/payments/receivingPaymentsForm';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const receipts = () => s.app.database.db.select().from(receipt).where(eq(receipt.customerId, customerId));

/** The Idempotency-Key of every receipt the page sends from now on. */
function keysSent() {
  const keys: string[] = [];
  s.page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === RECEIVE)
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** Picks the customer when none is chosen and submits an amount. */
async function submit(amount: string) {
  if ((await s.page.getByRole('combobox', { name: 'Customer', exact: true }).inputValue()) === '')
    await choose(s.page, 'Customer', 'Asha Rao (route 1)');
  await s.page.locator('[aria-label="Balance"]').waitFor();
  await s.page.getByLabel('Payment Amount').fill(amount);
  await s.page.getByRole('button', { name: 'Submit' }).click();
}

const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GRN', colonyName: 'Green Park' });
  customerId = (await makeCustomer(db, { colonyCode: 'GRN', customerName: 'Asha Rao' })).customerId;
  await s.open('/payments/receiving', 'Receiving Payments');
  await chooseEach(s.page, { Colony: 'Green Park', Customer: 'Asha Rao (route 1)', Month: 'October', Year: '2026' });
});

describe('Receiving Payments sends an Idempotency-Key', () => {
  it('sends a fresh key with each submission: two equal payments are two receipts', async () => {
    const keys = keysSent();
    for (const amount of ['300', '300']) {
      await submit(amount);
      await s.page.getByText('Successfully Received Amount', { exact: true }).first().waitFor();
      // The form empties the amount after each receipt (the customer stays).
      await expect.poll(() => s.page.getByLabel('Payment Amount').inputValue()).toBe('');
    }
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
    expect((await receipts()).map((r) => r.amount)).toEqual([300_00, 300_00]);
  });

  it('sends the same key again when the answer was lost, so the receipt is recorded once', async () => {
    const keys = keysSent();
    const isReceipt = (url: URL) => url.pathname === RECEIVE;
    // The server records the receipt, but its answer never reaches the browser.
    await s.page.route(isReceipt, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    try {
      await submit('125.50');
      await s.page.getByText('Something went wrong', { exact: true }).first().waitFor();
    } finally {
      await s.page.unroute(isReceipt);
    }
    expect((await receipts()).map((r) => r.amount)).toEqual([300_00, 300_00, 125_50]);

    // The cashier presses Submit again: the same key gets the first answer, nothing more is recorded.
    const answered = s.page.waitForResponse(
      (r) => new URL(r.url()).pathname === RECEIVE && r.request().method() === 'PATCH',
    );
    await s.page.getByRole('button', { name: 'Submit' }).click();
    expect((await answered).headers()['idempotent-replayed']).toBe('true');
    await s.page.getByText('Successfully Received Amount', { exact: true }).first().waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await receipts()).map((r) => r.amount)).toEqual([300_00, 300_00, 125_50]);

    // Once answered, the same amount again is a new receipt with a new key.
    await expect.poll(() => s.page.getByLabel('Payment Amount').inputValue()).toBe('');
    const recorded = s.page.waitForResponse(
      (r) => new URL(r.url()).pathname === RECEIVE && r.request().method() === 'PATCH',
    );
    await submit('125.50');
    expect((await recorded).headers()['idempotent-replayed']).toBeUndefined();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(await receipts()).toHaveLength(4);
  });
});
