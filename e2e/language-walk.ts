import type { Page } from 'playwright-core';
import en from '../web/src/locales/en.json';
import gu from '../web/src/locales/gu.json';
import hi from '../web/src/locales/hi.json';
import { type Browser, openBrowser, type RunningApp, signIn } from './harness';

/**
 * What the browser walks in Hindi and Gujarati share (docs/rules.md section 21): the words that
 * may stay in English, how a screen's English words and overflowing boxes are found, and the
 * user menu's language choice. Each walk file lists its own screens and seeds its own records.
 */

/** Words that may stay in English on a translated screen: what the dairy entered, and units. */
export const ALLOWED = new Set([
  // the product's name and the seeded records: names, codes and units stay as entered
  'DairyDesk',
  'operator',
  'Milk',
  'Anand',
  'Nagar',
  'Asha',
  'Bala',
  'AAA',
  'COW',
  'BUF',
  'CURD',
  'Cow',
  'Buffalo',
  'milk',
  'Curd',
  'L',
  'kg',
  // the user menu offers each language in its own name
  'English',
  // names written the same in every language: file formats, payment names, the database, the time zone
  'CSV',
  'XLSX',
  'PDF',
  'UPI',
  'QR',
  'PostgreSQL',
  'Asia',
  'Kolkata',
  // the clock's am and pm, as Hindi writes them (and Gujarati's AM, PM)
  'am',
  'pm',
  'AM',
  'PM',
  // a backup's file name ('dairy-2026-06-01T0700.zip') and its size's unit, from the automatic backup
  'dairy',
  'zip',
  'KB',
]);

export type Language = 'en' | 'hi' | 'gu';
export const NAMES = { en: 'English', hi: 'हिन्दी', gu: 'ગુજરાતી' } as const;
export const USER_MENU = { en: 'User menu', hi: 'यूज़र मेन्यू', gu: 'યુઝર મેનુ' } as const;

/** A screen walked, with its heading in both languages. */
export interface WalkedScreen {
  route: string;
  heading: { hi: string; gu: string };
}

/** Each screen takes a few seconds on a shared machine: two widths of every screen need more than a test's default. */
export const WALK_TIMEOUT = 600_000;

/**
 * The English words shown on the page (text, placeholders, titles) outside the allow-list, once
 * its dialogs and toasts have stopped fading in (a text still at opacity 0 is not seen).
 */
export async function englishWords(page: Page, allowed: ReadonlySet<string> = ALLOWED): Promise<string[]> {
  const shown = await page.evaluate(async () => {
    // A transition starts a frame or two after its element is shown.
    await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // A command, a setting or a file's headings shown as code are typed as written, in English.
      if (parent.closest('script, style, code')) continue;
      texts.push(node.textContent ?? '');
    }
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
      if (field.checkVisibility() && !field.value) texts.push(field.placeholder);
    return texts;
  });
  const words = shown.flatMap((text) => text.match(/[A-Za-z]+/g) ?? []);
  return [...new Set(words.filter((word) => !allowed.has(word)))];
}

/** Texts wider than their box: buttons, labels, table headers and menu items. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = document.querySelectorAll<HTMLElement>(
      'button, label, th, [role="menuitem"], .mantine-Button-label, .mantine-NavLink-label',
    );
    return [...boxes]
      .filter((box) => box.checkVisibility() && box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.tagName.toLowerCase()} '${box.textContent?.trim()}' ${box.scrollWidth}>${box.clientWidth}`);
  });
}

/** What is wrong on the page now, each under `where`: English words outside `allowed`, overflowing boxes. */
export async function problemsOn(page: Page, where: string, allowed: ReadonlySet<string> = ALLOWED) {
  return [
    ...(await englishWords(page, allowed)).map((word) => `${where}: English '${word}'`),
    ...(await overflowing(page)).map((box) => `${where}: overflows ${box}`),
  ];
}

/** The language chosen in the bar's user menu, from `from`. */
export async function choose(page: Page, from: Language, language: Language) {
  await page.getByRole('button', { name: USER_MENU[from] }).click();
  await page.getByRole('menuitem', { name: NAMES[language] }).click();
  await page.getByRole('button', { name: USER_MENU[language] }).waitFor();
}

/** Whatever the user's language now, switches to `language` (if it is not already shown). */
export async function switchTo(page: Page, language: Language) {
  await page.getByRole('button', { name: /^(User menu|यूज़र मेन्यू|યુઝર મેનુ)$/ }).waitFor();
  const shown = (await page.evaluate(() => document.documentElement.lang)) as Language;
  if (shown !== language) await choose(page, shown, language);
}

/** The not-found screen's heading in whichever language is shown, from the app's messages: the walk passes through it. */
const notFoundHeading = (page: Page) =>
  [en, hi, gu]
    .map((messages) => page.getByRole('heading', { name: messages.shell.notFoundTitle, exact: true }))
    .reduce((any, heading) => any.or(heading));

/**
 * Opens `route` in the app already open on `page`, as its menu would, rather than loading the app
 * again (the walk opens hundreds of screens). It passes through the not-found screen first, so a
 * screen whose heading the last one had too is not mistaken for it.
 */
export async function openInApp(page: Page, route: string, heading: string) {
  await page.evaluate(() => {
    window.location.hash = '/walk-between-screens';
  });
  await notFoundHeading(page).waitFor();
  await page.evaluate((next) => {
    window.location.hash = next;
  }, route);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/**
 * Opens each screen in `language` and lists what is wrong on it: English words outside
 * `allowed`, boxes their text overflows, and digits other than 0-9.
 */
export async function walkScreens(
  page: Page,
  screens: readonly WalkedScreen[],
  language: 'hi' | 'gu',
  width: number,
  allowed: ReadonlySet<string> = ALLOWED,
) {
  const problems: string[] = [];
  for (const screen of screens) {
    await openInApp(page, screen.route, screen.heading[language]);
    // Let the screen's data arrive (its loading text would be checked otherwise).
    await page.waitForFunction(() => !document.body.innerText.match(/लोड हो रहा है|લોડ થઈ રહ્યું છે/));
    problems.push(...(await problemsOn(page, `${width}px ${screen.route}`, allowed)));
    // Digits stay 0-9 in every language.
    if (/[\u0966-\u096F\u0AE6-\u0AEF]/.test(await page.innerText('body'))) problems.push(`${screen.route}: digits`);
  }
  return problems;
}

/**
 * `walk` in `language` at a laptop's 1366 px and a phone's 390 px, each in a new browser signed in
 * on `app`, opened at `first` and switched to the language there; the problems of both.
 */
export async function inEachWidth(
  app: RunningApp,
  language: 'hi' | 'gu',
  first: WalkedScreen,
  walk: (page: Page, width: number) => Promise<string[]>,
) {
  const problems: string[] = [];
  for (const width of [1366, 390]) {
    const browser: Browser = await openBrowser({ width, height: width > 1000 ? 900 : 844 });
    try {
      await signIn(browser, app);
      await browser.page.goto(`${app.url}/#${first.route}`);
      await switchTo(browser.page, language);
      await browser.page.getByRole('heading', { name: first.heading[language], exact: true }).waitFor();
      problems.push(...(await walk(browser.page, width)));
    } finally {
      await browser.close();
    }
  }
  return problems;
}
