import { randomUUID } from 'node:crypto';
import { addDays, calendarDateIn, monthOf, monthStart, previousMonth } from '@dairy/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysOf, deliver, makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
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

/**
 * The customer screens and Pauses & Changes in Hindi and Gujarati (docs/rules.md section 21): All
 * Customers with its first steps, Add and Update User, the customer's file, and Pauses & Changes,
 * with their dialogs and confirmations, show no English word outside names, codes and units, and
 * no text wider than its box, at 1366 and 390 px.
 */

const today = calendarDateIn('Asia/Kolkata', new Date());
const last = previousMonth(monthOf(today));
const lastMonth = monthStart(last).slice(0, 7);

/** 'WhatsApp' is a name, written the same in every language. */
const allowed = new Set([...ALLOWED, 'WhatsApp']);

/** The words the walk clicks, as each language shows them. */
const WORDS = {
  hi: {
    list: 'सभी ग्राहक',
    confirmTitle: 'पक्का करें',
    start: 'शुरुआत',
    add: 'ग्राहक जोड़ें',
    update: 'ग्राहक बदलें',
    changes: 'रोक और बदलाव',
    disable: 'बंद करें',
    cancel: 'रद्द करें',
    confirm: 'हाँ, करें',
    pause: 'रोकें',
    addChange: 'बदलाव जोड़ें',
    editChange: 'बदलाव बदलें',
    customerPage: 'ग्राहक पेज',
    createLink: 'लिंक बनाएं',
    newLink: 'नया लिंक',
    delete: 'हटाएँ',
    made: 'लिंक बन गया।',
    deleted: 'लिंक हटा दिया गया।',
    quantityChange: 'मात्रा में बदलाव',
    save: 'सेव करें',
    edit: 'बदलें',
  },
  gu: {
    list: 'બધા ગ્રાહકો',
    confirmTitle: 'ખાતરી કરો',
    start: 'શરૂઆત',
    add: 'ગ્રાહક ઉમેરો',
    update: 'ગ્રાહક બદલો',
    changes: 'રોક અને ફેરફાર',
    disable: 'બંધ કરો',
    cancel: 'રદ કરો',
    confirm: 'હા, કરો',
    pause: 'રોકો',
    addChange: 'ફેરફાર ઉમેરો',
    editChange: 'ફેરફાર બદલો',
    customerPage: 'ગ્રાહક પેજ',
    createLink: 'લિંક બનાવો',
    newLink: 'નવી લિંક',
    delete: 'કાઢી નાખો',
    made: 'લિંક બની ગઈ.',
    deleted: 'લિંક કાઢી નાખી.',
    quantityChange: 'જથ્થામાં ફેરફાર',
    save: 'સેવ કરો',
    edit: 'બદલો',
  },
} as const;
type Language = keyof typeof WORDS;

const ids = { asha: 0, bala: 0, priya: 0 };
const PRIYA = 'क्षत्रिय प्रिया';

/** The screens walked once everything is seeded. */
/** A heading in both languages. */
const heading = (key: keyof (typeof WORDS)['hi']) => ({ hi: WORDS.hi[key], gu: WORDS.gu[key] });

/** Where each walk signs in and switches language. */
const CHANGES: WalkedScreen = { route: '/changes', heading: heading('changes') };

function screens(): WalkedScreen[] {
  return [
    { route: '/?colony=AAA', heading: heading('list') },
    { route: '/', heading: heading('list') },
    { route: '/?colony=AAA&defaulters=1', heading: heading('list') },
    { route: '/customers/add', heading: heading('add') },
    { route: `/customers/update/${ids.asha}`, heading: heading('update') },
    { route: `/customers/${ids.asha}`, heading: { hi: 'Asha', gu: 'Asha' } },
    { route: `/customers/${ids.priya}`, heading: { hi: PRIYA, gu: PRIYA } },
    { route: `/customers/${ids.bala}`, heading: { hi: 'Bala', gu: 'Bala' } },
    { route: '/changes?colony=AAA', heading: heading('changes') },
    { route: '/changes?colony=AAA&past=1', heading: heading('changes') },
    { route: '/changes?by=1', heading: heading('changes') },
    { route: '/changes', heading: heading('changes') },
  ];
}

describe('the customer screens and Pauses & Changes in Hindi and Gujarati', { timeout: WALK_TIMEOUT }, () => {
  let app: RunningApp;
  let cow: Awaited<ReturnType<typeof makeMilkAndCurd>>['cow'];
  let curd: Awaited<ReturnType<typeof makeMilkAndCurd>>['curd'];
  beforeAll(async () => {
    app = await startApp({ publicUrl: 'https://dairy.example.in' });
    await createAdmin(app.database);
    const db = app.database.db;
    ({ cow, curd } = await makeMilkAndCurd(db));
    await makeColony(db, { colonyCode: 'AAA', colonyName: 'Anand Nagar' });
    const customer = (customerName: string, route: number, address: string, contactNumber: string) =>
      makeCustomer(db, { colonyCode: 'AAA', customerName, route, address, contactNumber });
    ids.asha = (await customer('Asha', 1, '12, गांधी मार्ग', '9876543210')).customerId;
    ids.bala = (await customer('Bala', 2, '3, नेहरू नगर', '')).customerId;
    ids.priya = (await customer(PRIYA, 3, '7, સરદાર ચોક', '9898989898')).customerId;
  });
  afterAll(() => app.close());

  for (const language of ['hi', 'gu'] as const) {
    it(`shows the first steps on All Customers in ${NAMES[language]}`, async () => {
      const problems = await inEachWidth(app, language, CHANGES, async (page, width) => {
        const found = await walkScreens(
          page,
          [{ route: '/?colony=AAA', heading: { hi: WORDS.hi.list, gu: WORDS.gu.list } }],
          language,
          width,
          allowed,
        );
        // No consumption yet: the guide shows, its last step still to take.
        await page.getByRole('heading', { name: WORDS[language].start, exact: true }).waitFor();
        return found;
      });
      expect(problems).toEqual([]);
    });
  }

  let seeded = false;
  /** Consumptions, deliveries of last month and today, last month's bills, a receipt, a pause and a quantity change. */
  async function seedTheMonth() {
    const db = app.database.db;
    const consumptions: Record<number, number> = {};
    for (const id of [ids.asha, ids.bala, ids.priya]) {
      consumptions[id] = (await makeConsumption(db, { customerId: id, productId: cow.productId })).consumptionId;
      await deliver(db, id, cow, [...daysOf(lastMonth, [1, 2, 3, 4, 5]), today]);
    }
    await makeConsumption(db, { customerId: ids.asha, productId: curd.productId });
    const browser = await openBrowser();
    try {
      await signIn(browser, app);
      const send = async (method: 'POST' | 'PATCH', path: string, data: unknown) => {
        const answer = await browser.context.request.fetch(`${app.url}/api${path}`, {
          method,
          headers: { 'X-Requested-With': 'fetch', 'Idempotency-Key': randomUUID() },
          data,
        });
        if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
      };
      await send('POST', '/payments/generatePayments', { colony: 'AAA', month: last.month, year: last.year });
      await send('PATCH', '/payments/receivingPaymentsForm', {
        customerId: ids.asha,
        month: last.month - 1,
        year: last.year,
        receivingPayment: 200,
        paymentMode: 'positive',
      });
      const change = (data: Record<string, unknown>) => send('POST', '/changes', data);
      await change({
        customerId: ids.asha,
        kind: 'pause',
        fromDate: addDays(today, 2),
        toDate: addDays(today, 4),
        reason: 'शादी',
      });
      await change({
        customerId: ids.priya,
        consumptionId: consumptions[ids.priya],
        kind: 'quantity',
        fromDate: addDays(today, 1),
        toDate: addDays(today, 6),
        quantity: 2,
      });
      await change({ customerId: ids.bala, kind: 'pause', fromDate: addDays(today, 3) });
    } finally {
      await browser.close();
    }
  }

  /** What is wrong on the page now, under `where`. */
  const check = (page: Page, where: string) => problemsOn(page, where, allowed);

  const open = async (page: Page, route: string, heading: string) => {
    await openInApp(page, route, heading);
  };

  const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

  /** Opens `name`'s dialog with `opener`, checks it (after `then`, if given) and closes it with Cancel. */
  async function checkDialog(
    page: Page,
    where: string,
    opener: Locator,
    name: string,
    then?: (d: Locator) => Promise<void>,
  ) {
    await opener.click();
    const shown = dialog(page, name);
    await shown.waitFor();
    await then?.(shown);
    const problems = await check(page, where);
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'hidden' });
    return problems;
  }

  /** The dialogs and confirmations of the customer screens and Pauses & Changes. */
  async function walkDialogs(page: Page, language: Language, width: number) {
    const w = WORDS[language];
    const problems: string[] = [];
    const at = (what: string) => `${width}px ${what}`;

    // All Customers: Disable asks first.
    await open(page, '/?colony=AAA', w.list);
    problems.push(
      ...(await checkDialog(
        page,
        at('disable customer'),
        page.getByRole('button', { name: w.disable, exact: true }).first(),
        w.confirmTitle,
      )),
    );

    // Add User: every field's message beside it.
    await open(page, '/customers/add', w.add);
    await page.getByRole('button', { name: w.add, exact: true }).click();
    await page.locator('.mantine-InputWrapper-error').first().waitFor();
    problems.push(...(await check(page, at('add customer messages'))));

    // The customer's file: Pause, Edit of a change, the customer page with its link and questions.
    await open(page, `/customers/${ids.asha}`, 'Asha');
    problems.push(
      ...(await checkDialog(
        page,
        at('file pause'),
        page.getByRole('button', { name: w.pause, exact: true }),
        w.addChange,
      )),
    );
    problems.push(
      ...(await checkDialog(
        page,
        at('file edit change'),
        page.getByRole('button', { name: w.edit }).filter({ hasText: w.edit }).first(),
        w.editChange,
      )),
    );
    await page.getByRole('button', { name: w.customerPage, exact: true }).click();
    const panel = dialog(page, w.customerPage);
    await panel.waitFor();
    problems.push(...(await check(page, at('customer page, no link'))));
    await panel.getByRole('button', { name: w.createLink, exact: true }).click();
    await page.getByText(w.made).waitFor();
    problems.push(...(await check(page, at('customer page, link made'))));
    await panel.getByRole('button', { name: w.newLink, exact: true }).click();
    await page.getByRole('button', { name: w.confirm, exact: true }).waitFor();
    problems.push(...(await check(page, at('customer page, new link asked'))));
    await page.getByRole('button', { name: w.cancel, exact: true }).click();
    await page.getByRole('button', { name: w.confirm, exact: true }).waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: w.delete, exact: true }).click();
    await page.getByRole('button', { name: w.confirm, exact: true }).click();
    await page.getByText(w.deleted).waitFor();
    problems.push(...(await check(page, at('customer page, link deleted'))));
    await page.keyboard.press('Escape');

    // Update User: its own Add Change for this customer.
    await open(page, `/customers/update/${ids.priya}`, w.update);
    problems.push(
      ...(await checkDialog(
        page,
        at('update user add change'),
        page.getByRole('button', { name: w.addChange, exact: true }),
        w.addChange,
      )),
    );

    // Pauses & Changes: Add Change with its messages, Edit of the quantity change, Delete's question.
    await open(page, '/changes?colony=AAA', w.changes);
    problems.push(
      ...(await checkDialog(
        page,
        at('changes add'),
        page.getByRole('button', { name: w.addChange, exact: true }),
        w.addChange,
        async (d) => {
          await d.getByLabel(w.quantityChange).check();
          await d.getByRole('button', { name: w.save, exact: true }).click();
          await d.locator('.mantine-InputWrapper-error, .mantine-RadioGroup-error').first().waitFor();
        },
      )),
    );
    problems.push(
      ...(await checkDialog(
        page,
        at('changes edit'),
        page.getByRole('button', { name: `${PRIYA}` }).filter({ hasText: w.edit }),
        w.editChange,
      )),
    );
    await page.getByRole('button', { name: PRIYA }).filter({ hasText: w.delete }).click();
    await page.getByRole('button', { name: w.confirm, exact: true }).waitFor();
    problems.push(...(await check(page, at('changes delete asked'))));
    await page.getByRole('button', { name: w.cancel, exact: true }).click();
    return problems;
  }

  for (const language of ['hi', 'gu'] as const) {
    it(`walks the customer screens and Pauses & Changes in ${NAMES[language]} at 1366 and 390 px`, async () => {
      if (!seeded) {
        seeded = true;
        await seedTheMonth();
      }
      const problems = await inEachWidth(app, language, CHANGES, async (page, width) => [
        ...(await walkScreens(page, screens(), language, width, allowed)),
        ...(await walkDialogs(page, language, width)),
      ]);
      expect(problems).toEqual([]);
    });
  }
});
