import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
import { ADMIN, createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';
import {
  choose,
  englishWords,
  inEachWidth,
  NAMES,
  problemsOn,
  switchTo,
  WALK_TIMEOUT,
  type WalkedScreen,
  walkScreens,
} from '../language-walk';
import { choose as pick } from '../screen';

/**
 * The screens in Hindi and Gujarati (docs/rules.md section 21): a person picks the language in the
 * bar's user menu, the choice survives a reload and a new sign-in, and the screens walked here show
 * no English word outside names, codes and units, and no text wider than its box, at 1366 and
 * 390 px. The screens walked are those translated so far: the shell, sign-in, the morning's, the
 * office's setup (colonies, combinations, products, consumptions) and the Dashboard.
 */

const DAY = '2026-06-01';

/** The seeded records whose update screens are walked (their ids are known once seeded). */
const seeded = { combinationId: 0, productId: 0, consumptionId: 0, ashaId: 0 };
/** The screens walked, each with its heading in both languages. */
const SCREENS: WalkedScreen[] = [
  { route: `/today?date=${DAY}`, heading: { hi: 'आज', gu: 'આજ' } },
  { route: `/transactions/sheet?colony=AAA&date=${DAY}`, heading: { hi: 'रूट शीट', gu: 'રૂટ શીટ' } },
  { route: '/payments/collect?colony=AAA&month=6&year=2026', heading: { hi: 'वसूली एंट्री', gu: 'વસૂલાત એન્ટ્રી' } },
  { route: '/dashboard?month=6&year=2026', heading: { hi: 'डैशबोर्ड', gu: 'ડેશબોર્ડ' } },
  { route: '/ShowColony', heading: { hi: 'सभी कॉलोनी', gu: 'બધી કોલોની' } },
  { route: '/AddColony', heading: { hi: 'कॉलोनी जोड़ें', gu: 'કોલોની ઉમેરો' } },
  { route: '/colony/update/AAA', heading: { hi: 'कॉलोनी बदलें', gu: 'કોલોની બદલો' } },
  { route: '/combinations', heading: { hi: 'सभी दिन-सेट', gu: 'બધા દિવસ-સેટ' } },
  { route: '/combinations/add', heading: { hi: 'दिन-सेट जोड़ें', gu: 'દિવસ-સેટ ઉમેરો' } },
  {
    get route() {
      return `/combinations/update/${seeded.combinationId}`;
    },
    heading: { hi: 'दिन-सेट बदलें', gu: 'દિવસ-સેટ બદલો' },
  },
  { route: '/products', heading: { hi: 'सभी Milk', gu: 'બધા Milk' } },
  { route: '/products/add', heading: { hi: 'Milk जोड़ें', gu: 'Milk ઉમેરો' } },
  {
    get route() {
      return `/products/update/${seeded.productId}`;
    },
    heading: { hi: 'Milk बदलें', gu: 'Milk બદલો' },
  },
  { route: '/consumptions?colony=AAA', heading: { hi: 'सभी बंधी', gu: 'બધાં બંધાણ' } },
  { route: '/consumptions/add', heading: { hi: 'बंधी जोड़ें', gu: 'બંધાણ ઉમેરો' } },
  {
    get route() {
      return `/consumptions/update/${seeded.consumptionId}`;
    },
    heading: { hi: 'बंधी बदलें', gu: 'બંધાણ બદલો' },
  },
  { route: `/report?date=${DAY}`, heading: { hi: 'रोज़ की खपत', gu: 'રોજનો વપરાશ' } },
  { route: '/report/balance?colony=AAA', heading: { hi: 'बिना डिलीवरी वाले ग्राहक', gu: 'ડિલિવરી વગરના ગ્રાહકો' } },
  {
    route: '/report/monthly?colony=AAA&month=6&year=2026',
    heading: { hi: 'Anand Nagar जून 2026', gu: 'Anand Nagar જૂન 2026' },
  },
  {
    route: '/report/genrate-defaulters?colony=AAA&month=6&year=2026',
    heading: { hi: 'बिना डिलीवरी वाले ग्राहकों की सूची बनाएं', gu: 'ડિલિવરી વગરના ગ્રાહકોની યાદી બનાવો' },
  },
  { route: '/backups', heading: { hi: 'बैकअप', gu: 'બેકઅપ' } },
  { route: '/import', heading: { hi: 'ग्राहक इम्पोर्ट करें', gu: 'ગ્રાહક ઇમ્પોર્ટ કરો' } },
  { route: '/settings', heading: { hi: 'सेटिंग्स', gu: 'સેટિંગ્સ' } },
  { route: '/staff', heading: { hi: 'स्टाफ', gu: 'સ્ટાફ' } },
  { route: '/audit', heading: { hi: 'बदलावों का रिकॉर्ड', gu: 'ફેરફારોનો રેકોર્ડ' } },
  { route: '/no-such-screen', heading: { hi: 'पेज नहीं मिला', gu: 'પેજ મળ્યું નહીં' } },
];

describe('the screens in Hindi and Gujarati', { timeout: WALK_TIMEOUT }, () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
    await createAdmin(app.database);
    const db = app.database.db;
    const { cow, curd } = await makeMilkAndCurd(db);
    await makeColony(db, { colonyCode: 'AAA', colonyName: 'Anand Nagar' });
    const asha = await makeCustomer(db, {
      colonyCode: 'AAA',
      customerName: 'Asha',
      route: 1,
      address: '12, गांधी मार्ग',
    });
    const bala = await makeCustomer(db, { colonyCode: 'AAA', customerName: 'Bala', route: 2, address: '3, नेहरू नगर' });
    const priya = await makeCustomer(db, {
      colonyCode: 'AAA',
      customerName: 'क्षत्रिय प्रिया',
      route: 3,
      address: '7, સરદાર ચોક',
    });
    for (const c of [asha, bala, priya]) {
      const consumption = await makeConsumption(db, { customerId: c.customerId, productId: cow.productId });
      seeded.consumptionId ||= consumption.consumptionId;
    }
    seeded.combinationId = cow.combinationId;
    seeded.ashaId = asha.customerId;
    seeded.productId = cow.productId;
    await makeConsumption(db, { customerId: asha.customerId, productId: curd.productId });
    for (const c of [asha, bala, priya]) await deliver(db, c.customerId, cow, [DAY]);
  });
  afterAll(() => app.close());

  /** The bar's menus open: each group's dropdown (laptop) or the panel with its groups (phone). */
  async function walkMenus(page: Page, width: number) {
    const problems: string[] = [];
    const check = async (where: string) => {
      problems.push(...(await problemsOn(page, `${width}px ${where}`)));
    };
    if (width >= 1200) {
      const groups = page.getByRole('navigation').first().getByRole('button');
      const count = await groups.count();
      for (let i = 0; i < count - 1; i++) {
        const group = groups.nth(i);
        const name = (await group.textContent()) ?? '';
        await group.click();
        await page.getByRole('menu', { name }).waitFor();
        await check(`menu ${name}`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu', { name }).waitFor({ state: 'hidden' });
      }
    } else {
      await page.locator('header .mantine-Burger-root').click();
      const panel = page.locator('.mobile-menu');
      await panel.waitFor();
      const groups = panel.locator(':scope > button');
      for (let i = 0; i < (await groups.count()) - 1; i++) await groups.nth(i).click();
      await check('mobile menu');
      await page.keyboard.press('Escape');
    }
    // The user menu with its languages.
    await page.locator('header').getByRole('button').filter({ hasText: ADMIN.username }).click();
    await page.getByRole('menuitem').first().waitFor();
    await check('user menu');
    await page.keyboard.press('Escape');
    return problems;
  }

  for (const language of ['hi', 'gu'] as const) {
    it(`walks every translated screen in ${NAMES[language]} at 1366 and 390 px`, async () => {
      const problems = await inEachWidth(app, language, SCREENS[0]!, async (page, width) => {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        const found = await walkScreens(page, SCREENS, language, width);
        await page.goto(`${app.url}/#/today?date=${DAY}`);
        await page.getByRole('heading', { name: SCREENS[0]!.heading[language], exact: true }).waitFor();
        found.push(...(await walkMenus(page, width)));
        // The calendar's month and weekday names.
        await page.getByRole('textbox').first().click();
        await page.locator('.mantine-DateInput-dropdown, .mantine-Popover-dropdown').first().waitFor();
        found.push(...(await problemsOn(page, `${width}px calendar`)).filter((p) => p.includes('English')));
        await page.keyboard.press('Escape');
        return found;
      });
      expect(problems).toEqual([]);
      // Every screen at two widths: minutes on a busy machine, more than a test's usual two.
    }, 300_000);
  }

  it('keeps the choice through a reload, another browser and a new sign-in, whose screen speaks it too', async () => {
    const first = await openBrowser();
    try {
      await signIn(first, app);
      const page = first.page;
      await page.goto(`${app.url}/#/today?date=${DAY}`);
      await switchTo(page, 'hi');
      await page.getByRole('heading', { name: 'आज', exact: true }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'आज', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'पीछे' }).count()).toBe(1);

      const state = await page.evaluate(async () => (await (await fetch('/api/auth/state')).json()).user.language);
      expect(state).toBe('hi');

      // Signing out shows sign-in in the language this browser last showed; a wrong password's
      // answer is one the screen knows, so it is shown in Hindi too.
      await page.getByRole('button', { name: 'साइन आउट' }).first().click();
      await page.getByRole('heading', { name: 'DairyDesk में साइन इन करें' }).waitFor();
      expect(await englishWords(page)).toEqual([]);
      await page.getByLabel('यूज़रनेम').fill(ADMIN.username);
      await page.getByLabel('पासवर्ड').fill('wrong password');
      await page.getByRole('button', { name: 'साइन इन करें' }).click();
      await page.getByText('यूज़रनेम या पासवर्ड गलत है').waitFor();
      await page.getByLabel('पासवर्ड').fill(ADMIN.password);
      await page.getByRole('button', { name: 'साइन इन करें' }).click();
      await page.getByRole('heading', { name: 'आज', exact: true }).waitFor();
    } finally {
      await first.close();
    }

    // Another browser, never used before, opens in the user's language once signed in.
    const second = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(second, app);
      await second.page.goto(`${app.url}/#/today?date=${DAY}`);
      await second.page.getByRole('heading', { name: 'आज', exact: true }).waitFor();
      await choose(second.page, 'hi', 'gu');
      await second.page.reload();
      await second.page.getByRole('heading', { name: 'આજ', exact: true }).waitFor();
      await choose(second.page, 'gu', 'en');
      await second.page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      expect(await second.page.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await second.close();
    }
  });

  it("shows the Audit Trail's summaries in the language shown, names and amounts as entered", async () => {
    const browser = await openBrowser({ width: 1366, height: 900 });
    try {
      await signIn(browser, app);
      const page = browser.page;
      await page.goto(`${app.url}/#/today?date=${DAY}`);
      const changes: [string, string, unknown][] = [
        ['PUT', '/api/colony/update/AAA', { name: 'Anand Nagar', charges: 30 }],
        ['POST', '/api/days/add', { days: ['Monday', 'Friday'] }],
        ['POST', `/api/customer-links/${seeded.ashaId}`, {}],
        [
          'PATCH',
          '/api/payments/receivingPaymentsForm',
          { customerId: seeded.ashaId, month: 5, year: 2026, receivingPayment: 100, paymentMode: 'positive' },
        ],
      ];
      for (const [method, url, body] of changes) {
        const status = await page.evaluate(
          async ([method, url, body]) =>
            (
              await fetch(url, {
                method,
                headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
                body: JSON.stringify(body),
              })
            ).status,
          [method, url, body] as const,
        );
        expect(status, url).toBeLessThan(300);
      }
      const shown = {
        hi: [
          'Asha (रूट 1) से जून 2026 के लिए ₹100.00 मिले',
          'सोमवार, शुक्रवार',
          'कॉलोनी AAA (Anand Nagar) बदली, सर्विस चार्ज ₹30.00',
        ],
        gu: [
          'Asha (રૂટ 1) પાસેથી જૂન 2026 માટે ₹100.00 મળ્યા',
          'સોમવાર, શુક્રવાર',
          'કોલોની AAA (Anand Nagar) બદલી, સર્વિસ ચાર્જ ₹30.00',
        ],
      };
      // The record filter names a customer's page link too, and finds its one row.
      const links = {
        hi: { record: 'रिकॉर्ड', link: 'ग्राहक पेज लिंक', summary: 'Asha (रूट 1) का पेज लिंक बनाया' },
        gu: { record: 'રેકોર્ડ', link: 'ગ્રાહક પેજ લિંક', summary: 'Asha (રૂટ 1)ની પેજ લિંક બનાવી' },
      };
      for (const language of ['hi', 'gu'] as const) {
        await page.goto(`${app.url}/#/audit`);
        await switchTo(page, language);
        for (const text of shown[language]) await page.getByText(text).first().waitFor();
        expect(await problemsOn(page, `audit in ${language}`)).toEqual([]);
        await pick(page, links[language].record, links[language].link);
        await page.getByText(links[language].summary).waitFor();
        await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      }
    } finally {
      await browser.close();
    }
  });
});
