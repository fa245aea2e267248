import { paymentTexts } from '@dairy/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment, receipt, userColony } from '../../server/src/db/schema';
import { createSession, insertUser } from '../../server/src/modules/auth/auth.repo';
import { daysOf, deliver, makeColony, makeCustomer, makeDailyProduct } from '../dairy';
import { type Browser, openBrowser, signedInForFile, signIn } from '../harness';
import { choose, chooseEach, confirmDialog } from '../screen';

/*
 * The payment screens as an operator and a collector use them: the preview's total row, Payment
 * Information's figures and its Delete, Receiving Payments keeping the customer after a receipt,
 * and no refunds offered to a collector (docs/rules.md section 24).
 */

const ids: Record<string, number> = {};

/** Green Park: Asha, Bala and 38 neighbours, each delivered in October 2026; Long Lane billed in October. */
const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  await makeColony(db, { colonyCode: 'LL', colonyName: 'Long Lane', charges: 1000 });
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 5000 });
  const add = async (colonyCode: string, customerName: string, route: number, due = 0, days = 2) => {
    const c = await makeCustomer(db, { colonyCode, customerName, route, openingBalance: due, due });
    await deliver(
      db,
      c.customerId,
      cow,
      daysOf(
        '2026-10',
        Array.from({ length: days }, (_, i) => i + 1),
      ),
    );
    return c.customerId;
  };
  ids.asha = await add('GP', 'Asha', 1, 10000, 10);
  ids.bala = await add('GP', 'Bala', 2, 0, 4);
  for (let n = 1; n <= 38; n++) await add('LL', `Lane ${String(n).padStart(2, '0')}`, n, n * 100);
});

/** A call of the signed-in browser's own session. */
async function api(method: 'GET' | 'POST' | 'PATCH', url: string, data?: object) {
  const response = await s.browser.context.request.fetch(`${s.app.url}${url}`, {
    method,
    headers: { 'X-Requested-With': 'fetch' },
    data,
  });
  return { status: response.status(), body: await response.json() };
}

beforeAll(async () => {
  for (const colony of ['GP', 'LL'])
    expect((await api('POST', '/api/payments/generatePayments', { colony, month: 10, year: 2026 })).status).toBe(200);
});

const onBothScreens = (name: string, test: (page: Page) => Promise<void>) => {
  it(`${name}, at desktop width`, () => test(s.page));
  describe('on a 390 px phone', () => {
    let phone: Browser;
    beforeAll(async () => {
      phone = await openBrowser({ width: 390, height: 844 });
      await signIn(phone, s.app);
    });
    afterAll(() => phone.close());
    it(`${name}, on a 390 px phone`, () => test(phone.page));
  });
};

const open = async (page: Page, route: string, heading: string) => {
  await page.goto('about:blank');
  await page.goto(`${s.app.url}/#${route}`);
  await page.getByRole('heading', { name: heading }).first().waitFor();
};

describe("Generate Payment's preview", () => {
  onBothScreens('keeps the total row at the bottom of the list, below every bill', async (page) => {
    await open(page, '/payments/add', 'Generate Payment');
    await chooseEach(page, { Colony: 'Long Lane', Month: 'November', Year: '2026' });
    await page.getByRole('button', { name: 'Preview' }).click();
    // November has no deliveries: nothing to preview. October has 38 bills.
    await page.getByText(paymentTexts.noPreview).first().waitFor();
    await choose(page, 'Month', 'October');
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Preview' });
    const table = dialog.getByRole('table');
    await table.getByText('Lane 38').waitFor();
    // Measured once the dialog has stopped moving in.
    let before = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await dialog.boundingBox());
        const still = now === before;
        before = now;
        return still;
      })
      .toBe(true);
    const total = table.locator('tfoot tr');
    expect(await total.innerText()).toMatch(/Total\s+₹4,180\.00/);
    // The list scrolls inside the dialog: the total row sits on the bottom edge of what is in view …
    const viewport = table.locator('xpath=ancestor::*[@data-scrollarea-viewport][1]');
    const view = (await viewport.boundingBox())!;
    const atTop = (await total.boundingBox())!;
    expect(Math.abs(atTop.y + atTop.height - (view.y + view.height))).toBeLessThanOrEqual(2);
    // … no bill row shows below it …
    const rows = table.locator('tbody tr');
    const below = atTop.y + atTop.height;
    for (const row of await rows.all()) {
      const box = await row.boundingBox();
      // What of the row the list shows (it clips at its bottom edge) reaching past the total row.
      const visibleBelow = box !== null && Math.min(box.y + box.height, view.y + view.height) > below + 1;
      expect(visibleBelow, 'a bill row shows below the total row').toBe(false);
    }
    // … and scrolled to the end, it follows the last bill.
    await viewport.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const last = (await rows.last().boundingBox())!;
    const atEnd = (await total.boundingBox())!;
    expect(atEnd.y).toBeGreaterThanOrEqual(last.y + last.height - 1);
    expect(Math.abs(atEnd.y + atEnd.height - (view.y + view.height))).toBeLessThanOrEqual(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('Payment Information', () => {
  it('shows Paid and Balance per bill and a total row of the whole month, every page of it', async () => {
    await open(s.page, '/payments/info?colony=LL&month=10&year=2026', 'Payment Information');
    for (const header of ['Paid', 'Balance']) await s.page.getByRole('columnheader', { name: header }).waitFor();
    const first = s.page.getByRole('row').filter({ hasText: 'Lane 01' });
    // Lane 01: owed ₹1.00 before, 2 days at ₹50.00 and ₹10.00 service: ₹111.00.
    expect(await first.innerText()).toMatch(/Lane 01\s+₹1\.00\s+₹100\.00\s+₹10\.00[\s\S]*₹0\.00\s+₹111\.00/);
    // 38 bills over two pages; the total row sums them all: before ₹741.00 (₹1 … ₹38), 38 × ₹110.00.
    const total = s.page.locator('tfoot tr');
    await expect
      .poll(() => total.innerText())
      .toMatch(/Total \(38 bills\)\s+₹741\.00\s+₹3,800\.00\s+₹380\.00\s+₹0\.00\s+₹4,921\.00/);
  });

  it("keeps a bill's Delete apart from Bill and WhatsApp and calls it a bill", async () => {
    await open(s.page, '/payments/info?colony=GP&month=10&year=2026', 'Payment Information');
    const bala = s.page.getByRole('row').filter({ hasText: 'Bala' });
    const remove = bala.getByRole('button', { name: "Delete Bala's bill" });
    expect(await remove.innerText()).toBe('Delete bill');
    const actions = bala.getByRole('button', { name: 'Bill of Bala', exact: true });
    // Its own cell, not beside Bill and WhatsApp.
    const cellOf = (button: typeof remove) => button.evaluate((el) => el.closest('td')?.cellIndex);
    expect(await cellOf(remove)).not.toBe(await cellOf(actions));
    await remove.click();
    await confirmDialog(s.page, 'Are you sure you want to delete the bill of Bala?', 'Cancel');
    expect(await s.app.database.db.select().from(payment).where(eq(payment.customerId, ids.bala!))).toHaveLength(1);
  });
});

describe('Receiving Payments', () => {
  it('keeps the customer after Submit and shows the new balance', async () => {
    await open(s.page, `/payments/receiving?colony=GP&customer=${ids.asha}&month=10&year=2026`, 'Receiving Payments');
    const summary = s.page.getByRole('region', { name: 'Payment Summary' });
    const balance = summary.getByLabel('Balance', { exact: true });
    // Asha: owed ₹100.00, 10 days at ₹50.00 and ₹20.00: ₹620.00.
    await expect.poll(() => balance.textContent()).toBe('₹620.00');
    await s.page.getByLabel('Payment Amount').fill('200');
    await s.page.getByRole('button', { name: 'Submit' }).click();
    await s.page.getByText(paymentTexts.received).first().waitFor();
    await expect.poll(() => balance.textContent()).toBe('₹420.00');
    expect(await summary.getByLabel('This Month Paid').textContent()).toBe('₹200.00');
    expect(await s.page.getByRole('combobox', { name: 'Customer', exact: true }).inputValue()).toBe('Asha (route 1)');
    expect(await s.page.getByLabel('Payment Amount').inputValue()).toBe('');
    expect(await s.page.getByRole('radio', { name: 'Positive' }).isChecked()).toBe(true);
  });

  it('warns before Submit when the amount is more than the customer owes now', async () => {
    await open(s.page, `/payments/receiving?colony=GP&customer=${ids.bala}&month=10&year=2026`, 'Receiving Payments');
    // Bala owes 4 days at ₹50.00 and ₹20.00: ₹220.00.
    await expect
      .poll(() =>
        s.page.getByRole('region', { name: 'Payment Summary' }).getByLabel('Balance', { exact: true }).textContent(),
      )
      .toBe('₹220.00');
    const amount = s.page.getByLabel('Payment Amount');
    await amount.fill('220');
    await s.page.waitForTimeout(200);
    expect(await s.page.getByText(/more than the balance/).count()).toBe(0);
    await amount.fill('250.50');
    await s.page.getByText(paymentTexts.advance(3050)).waitFor();
    // A refund is no advance.
    await s.page.getByRole('radio', { name: 'Negative' }).check();
    await s.page.getByText(paymentTexts.advance(3050)).waitFor({ state: 'detached' });
  });
});

describe("a collector's Receiving Payments", () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(`offers no Negative, refunds being the office's, at ${width} px`, async () => {
      const db = s.app.database.db;
      const user = await insertUser(db, { username: `cara${width}`, passwordHash: 'not-a-hash', role: 'collector' });
      await db.insert(userColony).values({ userId: user.userId, colonyCode: 'GP' });
      const browser = await openBrowser({ width, height });
      try {
        await browser.context.addCookies([
          { name: 'sid', value: await createSession(db, user.userId), url: s.app.url },
        ]);
        const { page } = browser;
        await open(page, `/payments/receiving?colony=GP&customer=${ids.bala}&month=10&year=2026`, 'Receiving Payments');
        await page.getByLabel('Payment Amount').waitFor();
        expect(await page.getByRole('radio').count()).toBe(0);
        expect(await page.getByText('Payment Mode').count()).toBe(0);
        // A typed minus sign is below the minimum, and nothing is sent.
        await page.getByLabel('Payment Amount').fill('-20');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText(paymentTexts.amountMin).waitFor();
        expect(await db.select().from(receipt).where(eq(receipt.receivedBy, user.userId))).toEqual([]);
        await page.getByLabel('Payment Amount').fill('20');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText(paymentTexts.received).first().waitFor();
        const taken = await db.select().from(receipt).where(eq(receipt.receivedBy, user.userId));
        expect(taken.map((r) => [r.amount, r.mode])).toEqual([[2000, 'positive']]);
      } finally {
        await browser.close();
      }
    });
  }
});
