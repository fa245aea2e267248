import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser as Chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysOf, deliver, makeColony, makeCustomer, makeDailyProduct } from '../dairy';
import { artifactsFolder, runChromium, signedInForFile } from '../harness';
import { inkDifference, inkIn, MAX_DIFFERENCE } from '../pdf-page/compare';
import { savePdf } from '../screen';

// docs/rules.md section 21: a customer's bill, made by the Bill button, prints their name as a
// browser shows it and speaks their language.

const ARTIFACTS = artifactsFolder('bill-scripts');
const require = createRequire(import.meta.url);

/** Each customer, the language of their bill, the bold Noto font their name prints in, and words their bill must hold. */
const CUSTOMERS = [
  {
    name: 'क्षत्रिय प्रिया',
    language: 'hi',
    font: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
    words: ['मार्च 2026', 'रूट 1 · Green Park', 'बाकी', 'स्कैन करके ₹419.50 दें', 'छपा'],
  },
  {
    name: 'સુનીતા કિરણ',
    language: 'gu',
    font: '@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf',
    words: ['માર્ચ 2026', 'રૂટ 2 · Green Park', 'બાકી', 'સ્કેન કરીને ₹419.50 આપો', 'પાનું 1 / 1'],
  },
  {
    name: 'தமிழ் செல்வி',
    language: 'en',
    font: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
    words: ['March 2026', 'Route 3 · Green Park', 'Balance', 'Scan to pay ₹419.50', 'Page 1 of 1'],
  },
] as const;

/** The bill prints the customer's name bold at 11 pt (web/src/components/bills/bill-pdf.ts). */
const NAME_SIZE = 11;
/** 288 dpi: 4 pixels a point, so an 11 pt name has room to show its shape; Chromium matches it at 3 device pixels a CSS pixel. */
const DPI = 288;
const SCALE = DPI / 72;

/**
 * Green Park, March 2026, UPI set: each customer owed ₹100.00 before, 9 days of Cow Milk at ₹55.50
 * and ₹20.00 service, paid ₹200.00: ₹419.50 to pay.
 */
const s = signedInForFile(async (db) => {
  const colony = await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park', charges: 2000 });
  const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 5550 });
  for (const [n, { name, language }] of CUSTOMERS.entries()) {
    const { customerId } = await makeCustomer(db, {
      colonyCode: colony.colonyCode,
      customerName: name,
      route: n + 1,
      contactNumber: `98765 0000${n}`,
      address: `${n + 1}, Lotus Lane`,
      openingBalance: 10000,
      due: 10000,
      language,
    });
    await deliver(db, customerId, cow, daysOf('2026-03', [1, 2, 3, 4, 6, 7, 8, 9, 10]));
  }
});

beforeAll(async () => {
  const api = (method: 'POST' | 'PUT' | 'PATCH', url: string, data: object) =>
    s.browser.context.request.fetch(`${s.app.url}${url}`, { method, headers: { 'X-Requested-With': 'fetch' }, data });
  const settings = { businessName: 'Shree Dairy', upiId: 'shreedairy@okhdfcbank', upiName: 'Shree Dairy' };
  expect((await api('PUT', '/api/settings', settings)).status()).toBe(200);
  expect((await api('POST', '/api/payments/generatePayments', { colony: 'GP', month: 3, year: 2026 })).status()).toBe(
    200,
  );
  const customers = (await (await s.browser.context.request.get(`${s.app.url}/api/users?colonyCode=GP`)).json()).rows;
  for (const customer of customers) {
    const paid = await api('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: customer.customerId,
      month: 2, // zero-based on this call
      year: 2026,
      receivingPayment: 200,
      paymentMode: 'positive',
    });
    expect(paid.status()).toBe(200);
  }
});

let reference: Chromium;
beforeAll(async () => {
  reference = await runChromium();
});

/** The name as Chromium draws it: the same TTF file, the same size, at the same scale. */
async function chromiumName(name: string, font: string, file: string): Promise<PNG> {
  const context = await reference.newContext({ deviceScaleFactor: DPI / 96, viewport: { width: 600, height: 200 } });
  const page = await context.newPage();
  const data = readFileSync(require.resolve(font)).toString('base64');
  await page.setContent(
    `<style>@font-face{font-family:Name;font-weight:700;src:url(data:font/ttf;base64,${data})}
     body{margin:0;background:#fff} div{position:absolute;left:20pt;top:20pt;white-space:nowrap;line-height:1;
     font:700 ${NAME_SIZE}pt Name;color:#212529}</style><div></div>`,
  );
  await page.locator('div').evaluate((div, text) => {
    div.textContent = text;
  }, name);
  await page.evaluate(() => document.fonts.ready);
  const png = PNG.sync.read(await page.screenshot());
  await context.close();
  writeFileSync(file, PNG.sync.write(png));
  return png;
}

/** Where pdftotext finds `text` on the first page, in points: one word or several (a span of an Indian script is one). */
function boxOf(file: string, text: string) {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  const words = [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= words.length; j++) {
      const run = words.slice(i, j);
      const joined = run.map((word) => word[5]).join(' ');
      if (joined.length > text.length) break;
      if (joined !== text) continue;
      const side = (k: number) => run.map((word) => Number(word[k]));
      return {
        left: Math.min(...side(1)),
        top: Math.min(...side(2)),
        right: Math.max(...side(3)),
        bottom: Math.max(...side(4)),
      };
    }
  }
  throw new Error(`pdftotext does not find '${text}' on the page`);
}

describe("a customer's bill in their script and language", () => {
  for (const customer of CUSTOMERS) {
    it(`prints ${customer.name} as Chromium does, in ${customer.language}, and gives the name back`, async () => {
      await s.goto('/payments/info?colony=GP&month=3&year=2026');
      const button = s.page.getByRole('button', { name: `Bill of ${customer.name}` });
      await button.waitFor();
      // The first bill loads the engine and the script's fonts: on a loaded machine that can take a while.
      const [download] = await Promise.all([s.page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
      const pdf = await savePdf(download, ARTIFACTS);
      expect(pdf.name).toBe(`${customer.name}_March_2026_Bill.pdf`);
      expect(pdf.pages).toHaveLength(1);
      const text = execFileSync('pdftotext', [pdf.file, '-'], { encoding: 'utf8' });
      expect(text.split('\n')).toContain(customer.name);
      expect(pdf.text).toMatch(new RegExp(`^ *${customer.name} {2,}`, 'm'));
      for (const words of customer.words) expect(pdf.text).toContain(words);

      const prefix = path.join(ARTIFACTS, customer.language);
      execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', pdf.file, prefix]);
      const page = PNG.sync.read(readFileSync(`${prefix}.png`));
      const box = boxOf(pdf.file, customer.name);
      const printed = inkIn(page, {
        left: Math.floor((box.left - 4) * SCALE),
        right: Math.ceil((box.right + 4) * SCALE),
        top: Math.floor((box.top - 4) * SCALE),
        bottom: Math.ceil((box.bottom + 4) * SCALE),
      });
      const drawn = await chromiumName(customer.name, customer.font, `${prefix}-chromium.png`);
      const whole = { left: 0, top: 0, right: drawn.width, bottom: drawn.height };
      const difference = inkDifference(printed, inkIn(drawn, whole), `${prefix}-diff.png`);
      console.log(`${customer.name}: ${(difference * 100).toFixed(1)}% of its ink differs from Chromium's`);
      expect(difference).toBeLessThanOrEqual(MAX_DIFFERENCE);
    });
  }
});
