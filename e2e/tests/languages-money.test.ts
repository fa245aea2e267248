import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import gu from '../../web/src/locales/gu.json';
import hi from '../../web/src/locales/hi.json';
import { deliver, makeColony, makeConsumption, makeCustomer, makeMilkAndCurd, makeTransaction } from '../dairy';
import { createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';
import {
  ALLOWED,
  inEachWidth,
  NAMES,
  openInApp,
  problemsOn,
  WALK_TIMEOUT,
  type WalkedScreen,
  walkScreens,
} from '../language-walk';

/*
 * The money screens in Hindi and Gujarati (docs/rules.md section 21): the transaction screens
 * (Generate, Preview, Single User Transaction, the list, Update) and the payment screens
 * (Generate Payment, Payment Information, Users Payments Details, Receiving Payments), with their
 * dialogs and the messages their fields show, at 1366 and 390 px: no English word outside names,
 * codes and units, no text wider than its box.
 */

const DAY = '2026-06-01';
const JUNE = 'month=6&year=2026';
/** A day a week ahead, on which a pause keeps Bala out of the previewed deliveries. */
const AHEAD = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
/** WhatsApp is a name, the same in every language. */
const allowed = new Set([...ALLOWED, 'WhatsApp']);

const seeded = { transactionId: 0, asha: 0, priya: 0 };
const SCREENS: WalkedScreen[] = [
  { route: '/transactions/add', heading: { hi: 'डिलीवरी बनाएं', gu: 'ડિલિવરી બનાવો' } },
  {
    route: `/transactions/dailyTransactions?colony=AAA&date=${AHEAD}`,
    heading: { hi: 'डिलीवरी की झलक', gu: 'ડિલિવરીની ઝલક' },
  },
  { route: '/transactions/dailyTransactions', heading: { hi: 'डिलीवरी की झलक', gu: 'ડિલિવરીની ઝલક' } },
  { route: '/transactions/singletransaction', heading: { hi: 'एक ग्राहक की डिलीवरी', gu: 'એક ગ્રાહકની ડિલિવરી' } },
  { route: `/transactions?colony=AAA&date=${DAY}`, heading: { hi: 'सभी डिलीवरी', gu: 'બધી ડિલિવરી' } },
  { route: '/transactions?colony=AAA&date=2026-05-01', heading: { hi: 'सभी डिलीवरी', gu: 'બધી ડિલિવરી' } },
  { route: '/transactions', heading: { hi: 'सभी डिलीवरी', gu: 'બધી ડિલિવરી' } },
  {
    get route() {
      return `/transactions/update/${seeded.transactionId}`;
    },
    heading: { hi: 'डिलीवरी बदलें', gu: 'ડિલિવરી બદલો' },
  },
  { route: '/payments/add', heading: { hi: 'बिल बनाएं', gu: 'બિલ બનાવો' } },
  { route: `/payments/info?colony=AAA&${JUNE}`, heading: { hi: 'भुगतान जानकारी', gu: 'ચુકવણી માહિતી' } },
  { route: `/payments?colony=AAA&month=7&year=2026`, heading: { hi: 'भुगतान जानकारी', gu: 'ચુકવણી માહિતી' } },
  { route: '/payments/info', heading: { hi: 'भुगतान जानकारी', gu: 'ચુકવણી માહિતી' } },
  {
    route: '/payments/details?startMonth=6&startYear=2026&endMonth=6&endYear=2026',
    heading: { hi: 'ग्राहक भुगतान विवरण', gu: 'ગ્રાહક ચુકવણી વિગત' },
  },
  {
    route: '/payments/details?startMonth=1&startYear=2026&endMonth=1&endYear=2026&status=paid',
    heading: { hi: 'ग्राहक भुगतान विवरण', gu: 'ગ્રાહક ચુકવણી વિગત' },
  },
  {
    get route() {
      return `/payments/receiving?colony=AAA&customer=${seeded.asha}&${JUNE}`;
    },
    heading: { hi: 'भुगतान लें', gu: 'ચુકવણી લો' },
  },
  {
    // A month without a bill: the receipt is kept as an advance.
    get route() {
      return `/payments/receiving?colony=AAA&customer=${seeded.priya}&month=7&year=2026`;
    },
    heading: { hi: 'भुगतान लें', gu: 'ચુકવણી લો' },
  },
];

/** Each language's messages: the buttons, fields and messages looked for by their text. */
const MESSAGES = { hi, gu } as const;
/** June as the month pickers name it. */
const JUNE_NAME = { hi: 'जून', gu: 'જૂન' } as const;

describe('the money screens in Hindi and Gujarati', { timeout: WALK_TIMEOUT }, () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
    await createAdmin(app.database);
    const db = app.database.db;
    const { cow, curd } = await makeMilkAndCurd(db);
    await makeColony(db, { colonyCode: 'AAA', colonyName: 'Anand Nagar', charges: 1500 });
    const asha = await makeCustomer(db, {
      colonyCode: 'AAA',
      customerName: 'Asha',
      route: 1,
      contactNumber: '9876543210',
      openingBalance: 20000,
      due: 20000,
    });
    const bala = await makeCustomer(db, { colonyCode: 'AAA', customerName: 'Bala', route: 2, contactNumber: '' });
    const priya = await makeCustomer(db, {
      colonyCode: 'AAA',
      customerName: 'क्षत्रिय प्रिया',
      route: 3,
      contactNumber: '',
    });
    seeded.asha = asha.customerId;
    seeded.priya = priya.customerId;
    for (const c of [asha, bala, priya])
      await makeConsumption(db, { customerId: c.customerId, productId: cow.productId });
    await makeConsumption(db, { customerId: asha.customerId, productId: curd.productId });
    const first = await makeTransaction(db, {
      customerId: asha.customerId,
      productId: cow.productId,
      combinationId: cow.combinationId,
      price: cow.price,
      transactionDate: DAY,
    });
    seeded.transactionId = first.transactionId;
    const june = ['2026-06-02', '2026-06-03'];
    await deliver(db, asha.customerId, cow, june);
    await deliver(db, asha.customerId, curd, [DAY, ...june]);
    for (const c of [bala, priya]) await deliver(db, c.customerId, cow, [DAY, ...june]);

    // June's bills, a receipt and a pause, made as the screens make them.
    const office = await openBrowser();
    try {
      await signIn(office, app);
      const call = async (method: 'POST' | 'PATCH', url: string, data: object) => {
        const response = await office.context.request.fetch(`${app.url}${url}`, {
          method,
          headers: { 'X-Requested-With': 'fetch' },
          data,
        });
        expect(response.ok(), await response.text()).toBe(true);
      };
      await call('POST', '/api/payments/generatePayments', { colony: 'AAA', month: 6, year: 2026 });
      await call('PATCH', '/api/payments/receivingPaymentsForm', {
        customerId: asha.customerId,
        month: 5, // zero-based on this call
        year: 2026,
        receivingPayment: 150,
        paymentMode: 'positive',
      });
      await call('POST', '/api/changes', {
        customerId: bala.customerId,
        kind: 'pause',
        fromDate: AHEAD,
        reason: 'छुट्टी',
      });
    } finally {
      await office.close();
    }
  });
  afterAll(() => app.close());

  /** What is wrong on the page now, under `where`. */
  async function check(page: Page, where: string, problems: string[]) {
    problems.push(...(await problemsOn(page, where, allowed)));
  }

  /** Opens a screen and waits for its heading and data. */
  async function open(page: Page, route: string, heading: string) {
    await openInApp(page, route, heading);
    await page.waitForFunction(() => !document.body.innerText.match(/लोड हो रहा है|લોડ થઈ રહ્યું છે/));
  }

  /** The confirmation dialog now open: checked, then cancelled. */
  async function checkConfirm(page: Page, language: 'hi' | 'gu', where: string, problems: string[]) {
    const dialog = page.getByRole('dialog');
    const cancel = dialog.getByRole('button', { name: MESSAGES[language].common.cancel });
    await cancel.waitFor();
    await check(page, where, problems);
    await cancel.click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The dialogs, field messages and toasts of the screens, each checked in `language`. */
  async function walkDialogs(page: Page, language: 'hi' | 'gu', width: number) {
    const problems: string[] = [];
    const m = MESSAGES[language];
    const at = (what: string) => `${width}px ${what}`;
    const heading = (route: string) => SCREENS.find((s) => s.route.startsWith(route))!.heading[language];

    // All Transactions: the attendance, delete and delete-selected confirmations.
    await open(page, `/transactions?colony=AAA&date=${DAY}`, heading('/transactions?'));
    const rows = page.locator('tbody tr');
    await rows.first().getByRole('checkbox').nth(1).click();
    await checkConfirm(page, language, at('attendance confirmation'), problems);
    await rows.first().getByRole('button').click();
    await checkConfirm(page, language, at('delete confirmation'), problems);
    await rows.first().getByRole('checkbox').first().click();
    await page.locator('[data-page-header] button, button').filter({ hasText: '(1)' }).first().click();
    await checkConfirm(page, language, at('delete selected confirmation'), problems);

    // Generate Transactions: the required choices, then a day long ago whose deliveries exist.
    await open(page, '/transactions/add', heading('/transactions/add'));
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('main').getByRole('alert').waitFor();
    await check(page, at('generate: nothing chosen'), problems);
    await page.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Anand Nagar' }).click();
    const date = page.getByRole('textbox', { name: m.common.date });
    await date.fill('01/06/2026');
    await date.blur();
    await page.locator('form button[type="submit"]').click();
    const far = page.getByRole('dialog');
    await far.getByRole('button', { name: m.common.confirm }).waitFor();
    await check(page, at('generate: a day long ago'), problems);
    await far.getByRole('button', { name: m.common.confirm }).click();
    // Every customer had that day's deliveries: the dialog lists them.
    const existing = page.getByRole('dialog', { name: m.transaction.existTitle });
    await existing.getByText('क्षत्रिय प्रिया').waitFor();
    await check(page, at('generate: deliveries already there'), problems);
    await existing.getByRole('button', { name: m.transaction.ok }).click();

    // Single User Transaction: the one alert for the required choices.
    await open(page, '/transactions/singletransaction', heading('/transactions/singletransaction'));
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('main').getByRole('alert').waitFor();
    await check(page, at('single: nothing chosen'), problems);

    // Generate Payment: a colony's preview dialog, and all colonies'.
    for (const colony of ['Anand Nagar', m.known.paymentAllColonies]) {
      await open(page, '/payments/add', heading('/payments/add'));
      await page.getByRole('combobox').first().click();
      await page.getByRole('option', { name: colony }).click();
      await page.getByRole('combobox', { name: m.picker.month, exact: true }).click();
      await page.getByRole('option', { name: JUNE_NAME[language], exact: true }).click();
      await page.getByRole('button', { name: m.payment.preview }).click();
      const preview = page.getByRole('dialog');
      await preview.getByRole('table').waitFor();
      await check(page, at(`payment preview of ${colony}`), problems);
      await preview.getByRole('button', { name: m.common.cancel }).click();
      await preview.waitFor({ state: 'detached' });
    }

    // Payment Information: a bill's delete and the selected bills' delete.
    await open(page, `/payments/info?colony=AAA&${JUNE}`, heading('/payments/info?'));
    const bill = page.locator('tbody tr').filter({ hasText: 'Bala' }).first();
    await bill.getByRole('button', { name: /Delete/ }).click();
    await checkConfirm(page, language, at('bill delete confirmation'), problems);
    await bill.getByRole('checkbox').first().click();
    await page.getByRole('button').filter({ hasText: '(1)' }).click();
    await checkConfirm(page, language, at('bills delete confirmation'), problems);

    // Users Payments Details: the selected bills' delete.
    await open(
      page,
      '/payments/details?startMonth=6&startYear=2026&endMonth=6&endYear=2026',
      heading('/payments/details'),
    );
    await page.locator('tbody tr').first().getByRole('checkbox').click();
    await page.getByRole('button').filter({ hasText: '(1)' }).click();
    await checkConfirm(page, language, at('details delete confirmation'), problems);

    // Receiving Payments: the amount's messages, the advance, and the receipt's toast.
    await open(page, `/payments/receiving?colony=AAA&customer=${seeded.asha}&${JUNE}`, heading('/payments/receiving'));
    const amount = page.getByRole('textbox', { name: m.payment.paymentAmount });
    const submit = page.getByRole('button', { name: m.payment.submit });
    for (const [typed, message] of [
      ['', m.known.amountRequired],
      ['-5', m.known.paymentAmountSigned],
      ['1.234', m.known.amountInvalid],
    ] as const) {
      await amount.fill(typed);
      await submit.click();
      await page.getByText(message).waitFor();
      await check(page, at(`receiving: '${typed}' typed`), problems);
    }
    await amount.fill('99999');
    await page.getByRole('status').filter({ hasText: '₹' }).waitFor();
    await check(page, at('receiving: an advance'), problems);
    await amount.fill('10');
    await submit.click();
    await page.getByText(m.known.paymentReceived).first().waitFor();
    await page.locator('a[href^="https://wa.me"]').waitFor();
    await check(page, at('receiving: received'), problems);
    return problems;
  }

  for (const language of ['hi', 'gu'] as const) {
    it(`walks the money screens in ${NAMES[language]} at 1366 and 390 px`, async () => {
      const problems = await inEachWidth(app, language, SCREENS[0]!, async (page, width) => [
        ...(await walkScreens(page, SCREENS, language, width, allowed)),
        ...(await walkDialogs(page, language, width)),
      ]);
      expect(problems).toEqual([]);
    });
  }
});
