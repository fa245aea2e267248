import { calendarDateIn } from '@dairy/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../server/src/db/schema';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd, makeReceipt } from '../dairy';
import { artifactsFolder, type Browser, openBrowser, signedInForFile, signIn } from '../harness';
import { generateAndSee, savePdf, shownDate, tabTo } from '../screen';

const ARTIFACTS = artifactsFolder('today');

/**
 * Today (/today): Anand Nagar (Asha 1.5 L of cow milk and curd on Mondays, Bala 2 L) and Bank
 * Colony (Chitra, 1 L of buffalo milk); Old Town is disabled. 2026-06-01 is a Monday.
 */

const DAY = '2026-06-01';

const s = signedInForFile(async (db) => {
  const { cow, buf, curd } = await makeMilkAndCurd(db, 'Monday');
  await makeColony(db, { colonyCode: 'AAA', colonyName: 'Anand Nagar' });
  await makeColony(db, { colonyCode: 'BBB', colonyName: 'Bank Colony' });
  await makeColony(db, { colonyCode: 'OFF', colonyName: 'Old Town', disable: 1 });
  const asha = await makeCustomer(db, { colonyCode: 'AAA', customerName: 'Asha', route: 1 });
  const bala = await makeCustomer(db, { colonyCode: 'AAA', customerName: 'Bala', route: 2 });
  const chitra = await makeCustomer(db, { colonyCode: 'BBB', customerName: 'Chitra', route: 1 });
  await makeConsumption(db, { customerId: asha.customerId, productId: cow.productId, quantity: 150 });
  await makeConsumption(db, { customerId: asha.customerId, productId: curd.productId });
  await makeConsumption(db, { customerId: bala.customerId, productId: cow.productId, quantity: 200 });
  await makeConsumption(db, { customerId: chitra.customerId, productId: buf.productId });
  // Taken this morning (business time): counted in today's Collected.
  await makeReceipt(db, { customerId: asha.customerId, paymentYear: 2026, paymentMonth: 5, amount: 25_000 });
});

/** A row of the colonies table as its cells' texts. */
async function rowOf(name: string) {
  const row = s.page.getByRole('table', { name: 'Colonies today' }).getByRole('row').filter({ hasText: name });
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

async function rowsOn(date: string) {
  const [row] = await s.app.database.db
    .select({ n: count() })
    .from(transaction)
    .where(eq(transaction.transactionDate, date));
  return row!.n;
}

describe('Today', () => {
  it('opens on today in the business time zone, a link of its own in the menu', async () => {
    await s.open('/ShowColony', 'All Colonies');
    const bar = s.page.getByRole('navigation', { name: 'Main menu' });
    // A link of its own: a group of one item named as it, after the Dashboard (first for admins).
    expect(await bar.locator('a, button').first().innerText()).toBe('Dashboard');
    expect(await bar.getByRole('link', { name: 'Today', exact: true }).count()).toBe(1);
    await s.goto('/today');
    await s.page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    expect(await s.page.getByLabel('Date').inputValue()).toBe(shownDate(calendarDateIn('Asia/Kolkata', new Date())));
    await s.page.getByRole('table', { name: 'Colonies today' }).waitFor();
    // The receipt taken today.
    expect((await rowOf('Anand Nagar'))[7]).toBe('₹250.00 (1)');
  });

  it('shows a row per active colony and the totals; Generate all makes the day and shows what each colony got', async () => {
    await s.goto(`/today?date=${DAY}`);
    await s.page.getByRole('table', { name: 'Colonies today' }).waitFor();
    expect((await rowOf('Anand Nagar')).slice(0, 8)).toEqual([
      'Anand Nagar',
      '2',
      '3',
      '0',
      '0',
      '0',
      'COW 3.5 L · CURD 1 kg',
      '₹0.00 (0)',
    ]);
    expect((await rowOf('Bank Colony')).slice(0, 7)).toEqual(['Bank Colony', '1', '1', '0', '0', '0', 'BUF 1 L']);
    expect(await s.page.getByText('Old Town').count()).toBe(0);
    const totals = s.page.getByRole('row', { name: 'Totals' });
    expect((await totals.getByRole('cell').allInnerTexts()).slice(0, 7)).toEqual([
      'Total',
      '3',
      '4',
      '0',
      '0',
      '0',
      'BUF 1 L · COW 3.5 L · CURD 1 kg',
    ]);

    // 1 June is more than 31 days from today: asked about first, naming the date.
    await generateAndSee(s.page, 'Generate all', DAY, '4 transactions created in 2 colonies.');
    const list = s.page.getByRole('list', { name: 'Generated per colony' });
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      'Anand Nagar: 3 transactions created.',
      'Bank Colony: 1 transaction created.',
    ]);
    await s.page.waitForFunction(() => document.body.innerText.includes('COW 3.5 L'));
    await expect
      .poll(async () => (await rowOf('Anand Nagar')).slice(1, 7))
      .toEqual(['2', 'Done', '3', '0', '0', 'COW 3.5 L · CURD 1 kg']);
    expect(await rowsOn(DAY)).toBe(4);
    expect(await s.page.getByRole('button', { name: 'Generate Anand Nagar' }).isDisabled()).toBe(true);
  });

  it('generates one colony from its row, and Previous/Next move the date in the address', async () => {
    await s.goto(`/today?date=${DAY}`);
    await s.page.getByRole('table', { name: 'Colonies today' }).waitFor();
    await s.page.getByRole('button', { name: 'Next day' }).click();
    await s.page.waitForURL((url) => url.hash.includes('date=2026-06-02'));
    expect(await s.page.getByLabel('Date').inputValue()).toBe('02/06/2026');
    // Tuesday: no curd.
    await expect.poll(async () => (await rowOf('Anand Nagar'))[6]).toBe('COW 3.5 L');
    await generateAndSee(s.page, 'Generate Bank Colony', '2026-06-02', '1 transaction created in 1 colony.');
    await expect.poll(async () => (await rowOf('Bank Colony')).slice(2, 4)).toEqual(['Done', '1']);
    expect(await rowsOn('2026-06-02')).toBe(1);
    await s.page.getByRole('button', { name: 'Previous day' }).click();
    await s.page.waitForURL((url) => url.hash.includes('date=2026-06-01'));
  });

  it('opens the route sheet and collection entry of a colony from its row', async () => {
    await s.goto(`/today?date=${DAY}`);
    await s.page.getByRole('link', { name: 'Route sheet Anand Nagar' }).click();
    await s.page.getByRole('heading', { name: 'Route Sheet' }).waitFor();
    expect(new URL(s.page.url()).hash).toBe(`#/transactions/sheet?colony=AAA&date=${DAY}`);
    await s.page.getByRole('table', { name: 'Route sheet' }).waitFor();
    await s.page.goBack();
    await s.page.getByRole('link', { name: 'Collect Bank Colony' }).click();
    await s.page.getByRole('heading', { name: 'Collection Entry' }).waitFor();
    expect(new URL(s.page.url()).hash).toBe('#/payments/collect?colony=BBB');
  });

  it('works with the keyboard: Tab reaches Generate all and Enter presses it', async () => {
    await s.goto('/today?date=2026-06-03');
    await s.page.getByRole('table', { name: 'Colonies today' }).waitFor();
    await tabTo(s.page, s.page.getByRole('button', { name: 'Generate all' }));
    await s.page.keyboard.press('Enter');
    // The far date's question is answered by keyboard too.
    const confirm = s.page.getByRole('dialog', { name: 'Confirm Action' });
    await confirm.getByText('Generate transactions for 03/06/2026?').waitFor();
    await tabTo(s.page, confirm.getByRole('button', { name: 'Confirm' }));
    await s.page.keyboard.press('Enter');
    await s.page.getByText('3 transactions created in 2 colonies.').waitFor();
    expect(await rowsOn('2026-06-03')).toBe(3);
  });

  it('is usable 390 px wide: every action on screen, nothing scrolling sideways', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone, s.app);
      await phone.page.goto(`${s.app.url}/#/today?date=2026-06-04`);
      const generateAll = phone.page.getByRole('button', { name: 'Generate all' });
      await generateAll.waitFor();
      const box = (await generateAll.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await generateAndSee(phone.page, 'Generate all', '2026-06-04', 'in 2 colonies.');
      const routeSheet = phone.page.getByRole('link', { name: 'Route sheet Anand Nagar' });
      const link = (await routeSheet.boundingBox())!;
      expect(link.x + link.width).toBeLessThanOrEqual(390);
      await routeSheet.click();
      await phone.page.getByRole('table', { name: 'Route sheet' }).waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('Today on a %s', (size, viewport) => {
  /** 2026-06-08 and 2026-06-15 are Mondays; each size has its own. */
  const date = size === 'desktop' ? '2026-06-08' : '2026-06-15';
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser(viewport);
    await signIn(browser, s.app);
  });
  afterAll(() => browser?.close());

  /** The 'To generate' figure of a colony, or of the totals: its column, or its words on a phone. */
  async function toGenerate(name: string) {
    const p = browser.page;
    const row = p.getByRole('table', { name: 'Colonies today' }).getByRole('row').filter({ hasText: name });
    const inWords = /To generate (\w+)/.exec(await row.innerText())?.[1];
    return inWords ?? (await row.getByRole('cell').nth(2).innerText()).trim();
  }

  it("counts what is left 'To generate', and says Done once the day is generated", async () => {
    const p = browser.page;
    await p.goto(`${s.app.url}/#/today?date=${date}`);
    await p.getByRole('table', { name: 'Colonies today' }).waitFor();
    expect(await p.getByText('Scheduled').count()).toBe(0);
    expect(await toGenerate('Anand Nagar')).toBe('3');
    expect(await toGenerate('Total')).toBe('4');
    await generateAndSee(p, 'Generate all', date, '4 transactions created in 2 colonies.');
    await expect.poll(() => toGenerate('Anand Nagar')).toBe('Done');
    expect(await toGenerate('Bank Colony')).toBe('Done');
    expect(await toGenerate('Total')).toBe('Done');
  });

  it('prints every route sheet of the date in one PDF, each colony from a new page', async () => {
    const p = browser.page;
    await p.goto('about:blank');
    await p.goto(`${s.app.url}/#/today?date=${date}`);
    await p.getByRole('table', { name: 'Colonies today' }).waitFor();
    const button = p.getByRole('button', { name: 'Print all route sheets' });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const [download] = await Promise.all([p.waitForEvent('download'), button.click()]);
    const pdf = await savePdf(download, ARTIFACTS);
    expect(pdf.name).toBe(`All colonies_${date}_Deliveries.pdf`);
    const shown = date.split('-').reverse().join('/');
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0]!.trim().split('\n')[0]!.trim()).toBe(`Anand Nagar Deliveries ${shown}`);
    expect(pdf.pages[0]).toMatch(/1\s+Asha\s+.*COW Cow milk\s+1\.5 ?L/);
    expect(pdf.pages[0]).toMatch(/2\s+Bala/);
    expect(pdf.pages[0]).not.toContain('Chitra');
    expect(pdf.pages[0]).toContain('Page 1 of 1');
    expect(pdf.pages[1]!.trim().split('\n')[0]!.trim()).toBe(`Bank Colony Deliveries ${shown}`);
    expect(pdf.pages[1]).toMatch(/1\s+Chitra\s+.*BUF Buffalo milk\s+1 ?L/);
    expect(pdf.pages[1]).toContain('Page 1 of 1');
  });
});
