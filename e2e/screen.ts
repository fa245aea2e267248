import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { calendarDateIn } from '@dairy/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/* What a person does the same way on every screen, for the browser tests. */

/** Picks an option of a select found by its label (in `within`, a dialog say), as a person clicks it. */
export async function choose(page: Page, label: string, option: string, within: Page | Locator = page) {
  await within.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Answers the 'Confirm Action' dialog once it asks `question`, and waits for it to close. */
export async function confirmDialog(page: Page, question: string, button: 'Cancel' | 'Confirm') {
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A date `YYYY-MM-DD` as every screen shows it and a person types it: 15/06/2026. */
export const shownDate = (date: string) => date.split('-').reverse().join('/');

/**
 * Types `date` (`YYYY-MM-DD`; '' empties the field) into a date field as a person does, day first
 * (15/06/2026), then leaves the field, closing its calendar (Tab could open the next field's).
 */
export async function typeDate(field: Locator, date: string) {
  await field.fill(shownDate(date));
  await field.blur();
}

/** The table row with a cell that is exactly `text`. */
export const rowWithCell = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Presses Tab until `target` has the focus: a person moving through the screen by keyboard. */
export async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

interface RedirectTimes {
  shown?: number;
  left?: number;
}

/**
 * Does `save`, then holds that the form stays for the spec's 2 seconds after `message` and then
 * `list` opens. Both moments are taken by the page itself: a busy machine delays when the test
 * sees the message, not when the page shows it, and a wait timed by the test looked too short.
 */
export async function expectDelayedRedirect(
  page: Page,
  { message, form, list }: { message: string; form: RegExp; list: RegExp },
  save: () => Promise<unknown>,
) {
  expect(page.url()).toMatch(form);
  await page.evaluate((message) => {
    const times: RedirectTimes = {};
    (window as unknown as { redirectTimes: RedirectTimes }).redirectTimes = times;
    const formAddress = location.hash;
    const observer = new MutationObserver(() => {
      if (times.shown === undefined && document.body.textContent?.includes(message)) times.shown = performance.now();
      if (location.hash !== formAddress) {
        times.left = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, message);
  await save();
  await page.waitForURL(list);
  await page.waitForFunction(() => (window as unknown as { redirectTimes: RedirectTimes }).redirectTimes.left);
  const { shown, left } = await page.evaluate(
    () => (window as unknown as { redirectTimes: RedirectTimes }).redirectTimes,
  );
  expect(shown).toBeDefined();
  expect((left ?? 0) - (shown ?? 0)).toBeGreaterThan(1500);
}

/** Saves a downloaded PDF in `folder` (under test-artifacts) and reads it back; pdftotext ends every page with a form feed. */
export async function savePdf(download: Download, folder: string) {
  const name = download.suggestedFilename();
  const file = path.join(folder, name);
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { name, file, text, pages: text.split('\f').slice(0, -1) };
}

/** Clicks the button that downloads a PDF (the screens' 'Export to PDF' unless told) and reads the file. */
export async function downloadPdf(page: Page, folder: string, button = 'Export to PDF') {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return savePdf(download, folder);
}

/** Picks in each select in turn, as a person fills a form's pickers: `{ Colony: 'Green Park', Month: 'June' }`. */
export async function chooseEach(page: Page, choices: Record<string, string>, within: Page | Locator = page) {
  for (const [label, option] of Object.entries(choices)) await choose(page, label, option, within);
}

/** Clicks the button named `button` and waits for `text` (a message, a toast) to show. */
export async function clickAndSee(within: Page | Locator, button: string, text: string | RegExp) {
  await within.getByRole('button', { name: button }).click();
  await within.getByText(text).waitFor();
}

/** Days from today in the tests' business time zone (Asia/Kolkata) to `date` (`YYYY-MM-DD`). */
export const daysFromToday = (date: string) =>
  Math.round((Date.parse(date) - Date.parse(calendarDateIn('Asia/Kolkata', new Date()))) / 86_400_000);

/**
 * Clicks a Generate button for `date` and waits for `text`. A date more than 31 days from today
 * is asked about first (docs/rules.md section 24): the dialog names it, and is confirmed.
 */
export async function generateAndSee(page: Page, button: string, date: string, text: string | RegExp) {
  await page.getByRole('button', { name: button, exact: true }).click();
  if (Math.abs(daysFromToday(date)) > 31)
    await confirmDialog(page, `Generate transactions for ${shownDate(date)}?`, 'Confirm');
  await page.getByText(text).waitFor();
}
