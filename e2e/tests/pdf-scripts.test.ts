import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser as Chromium, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsFolder, runChromium } from '../harness';
import { inkDifference, inkIn, MAX_DIFFERENCE } from '../pdf-page/compare';
import type { Line } from '../pdf-page/lines';
import { type PdfPage, startPdfPage } from '../pdf-page/serve';

/** The PDFs' body text colour (web/src/lib/pdf-document/document.ts), for Chromium's rendering too. */
const PDF_DARK = '#212529';

// docs/rules.md section 21: every PDF prints Indian scripts as a browser shows them.

/** Names whose shaping shows: conjuncts (क्ष, त्र, प्र), vowel signs drawn before their consonant (ि, ெ), marks above and below. */
const LINES: Line[] = [
  { text: 'क्षत्रिय प्रिया', family: 'Devanagari', x: 60, y: 60, size: 24 },
  { text: 'हिन्दी', family: 'Devanagari', x: 60, y: 140, size: 24 },
  { text: 'સુનીતા કિરણ', family: 'Gujarati', x: 60, y: 220, size: 24 },
  { text: 'தமிழ் செல்வி', family: 'Tamil', x: 60, y: 300, size: 24 },
  { text: '₹1,23,456.78', family: 'NotoSans', x: 60, y: 380, size: 24 },
];

/** pdftoppm's resolution: 144 dpi, 2 pixels a point. Chromium matches it at 1.5 device pixels a CSS pixel. */
const DPI = 144;
const SCALE = DPI / 72;

type WindowWithPdf = Window & {
  FONT_URLS: Record<Line['family'], string>;
  linesPdf(lines: Line[]): Promise<{ pdf: string; ms: number }>;
  billsPdf(customers: number): Promise<{ pdf: string; ms: number }>;
  reportPdf(rows: number): Promise<{ pdf: string; ms: number }>;
};

let pdfPage: PdfPage;
let browser: Chromium;
const folder = artifactsFolder('pdf-scripts');

beforeAll(async () => {
  pdfPage = await startPdfPage();
  browser = await runChromium();
});

afterAll(async () => {
  await pdfPage?.close();
});

async function openPdfPage(): Promise<Page> {
  const page = await browser.newPage({ locale: 'en-IN' });
  await page.goto(pdfPage.url);
  await page.waitForFunction(() => 'linesPdf' in window);
  return page;
}

/** Saves the PDF (base64) under test-artifacts and renders its first page as pdftoppm does. */
function saved(name: string, base64: string) {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', file, path.join(folder, name)]);
  return { file, png: PNG.sync.read(readFileSync(path.join(folder, `${name}.png`))) };
}

/** The same lines drawn by Chromium with the same TTF files, at the same scale. */
async function chromiumRendering(): Promise<PNG> {
  const context = await browser.newContext({
    locale: 'en-IN',
    deviceScaleFactor: 1.5,
    viewport: { width: 794, height: 1123 },
  });
  const page = await context.newPage();
  await page.goto(pdfPage.url);
  await page.waitForFunction(() => 'FONT_URLS' in window);
  await page.evaluate(
    ({ lines, PDF_DARK }) => {
      const urls = (window as unknown as WindowWithPdf).FONT_URLS;
      const faces = Object.entries(urls).map(([family, url]) => `@font-face{font-family:${family};src:url(${url})}`);
      const style = `${faces.join('')} body{margin:0;background:#fff} div{position:absolute;white-space:nowrap;line-height:1;color:${PDF_DARK}}`;
      document.body.innerHTML = `<style>${style}</style>`;
      for (const line of lines) {
        const div = document.createElement('div');
        div.textContent = line.text;
        div.style.cssText = `left:${line.x}pt;top:${line.y}pt;font-size:${line.size}pt;font-family:${line.family},NotoSans`;
        document.body.append(div);
      }
    },
    { lines: LINES, PDF_DARK },
  );
  await page.evaluate(() => document.fonts.ready);
  const png = PNG.sync.read(await page.screenshot());
  writeFileSync(path.join(folder, 'chromium.png'), PNG.sync.write(png));
  await context.close();
  return png;
}

/** The line's ink, cut from the band the line was placed in: where each renderer puts a line's box differs, its ink does not. */
const inkOf = (png: PNG, line: Line) =>
  inkIn(png, {
    left: 0,
    right: png.width,
    top: Math.round((line.y - 10) * SCALE),
    bottom: Math.round((line.y + line.size * 3) * SCALE),
  });

describe('PDFs in Indian scripts', () => {
  it('loads the engine and fetches a script font only when a document holds that script', async () => {
    const page = await openPdfPage();
    const fonts = () => pdfPage.requests.filter((request) => request.endsWith('.ttf'));
    const scripts = () => pdfPage.requests.filter((request) => request.endsWith('.js'));
    const scriptsAtLoad = scripts().length;

    const latin = await page.evaluate((lines) => (window as unknown as WindowWithPdf).linesPdf(lines), [
      { text: 'Ramesh Kumar ₹1,250.00', family: 'NotoSans', x: 60, y: 60, size: 12 },
    ] satisfies Line[]);
    expect(scripts().length).toBeGreaterThan(scriptsAtLoad);
    expect(
      fonts()
        .map((font) => path.basename(font).split('-')[0])
        .sort(),
    ).toEqual(['NotoSansLatin_400Regular', 'NotoSansLatin_700Bold']);
    expect(saved('latin', latin.pdf).png.width).toBeGreaterThan(0);

    await page.evaluate((lines) => (window as unknown as WindowWithPdf).linesPdf(lines), LINES);
    const fetched = fonts().map((font) => path.basename(font).split('_')[0]);
    expect(new Set(fetched)).toEqual(
      new Set(['NotoSansLatin', 'NotoSansDevanagari', 'NotoSansGujarati', 'NotoSansTamil']),
    );
    await page.close();
  });

  it('embeds the whole Noto Sans only for Latin-family text beyond its Latin subset', async () => {
    const page = await openPdfPage();
    const fonts = () => pdfPage.requests.filter((request) => request.endsWith('.ttf')).map((f) => path.basename(f));
    const before = fonts().length;
    const european = { text: 'Zoë Ørsted, Łódź – ₹50', family: 'NotoSans', x: 60, y: 60, size: 12 } satisfies Line;
    const beyond = { text: 'Дмитрий Ψ', family: 'NotoSans', x: 60, y: 90, size: 12 } satisfies Line;
    const made = await page.evaluate((lines) => (window as unknown as WindowWithPdf).linesPdf(lines), [european]);
    expect(
      fonts()
        .slice(before)
        .filter((f) => f.startsWith('NotoSans_')),
    ).toEqual([]);
    expect(execFileSync('pdftotext', [saved('european', made.pdf).file, '-'], { encoding: 'utf8' })).toContain(
      european.text,
    );
    const whole = await page.evaluate(
      (lines) => (window as unknown as WindowWithPdf).linesPdf(lines),
      [european, beyond],
    );
    expect(fonts().filter((f) => f.startsWith('NotoSans_')).length).toBeGreaterThan(0);
    const text = execFileSync('pdftotext', [saved('beyond', whole.pdf).file, '-'], { encoding: 'utf8' });
    for (const line of [european, beyond]) expect(text).toContain(line.text);
    await page.close();
  });

  it('prints Devanagari, Gujarati and Tamil names and ₹ as Chromium renders them', async () => {
    const page = await openPdfPage();
    const { pdf } = await page.evaluate((lines) => (window as unknown as WindowWithPdf).linesPdf(lines), LINES);
    await page.close();
    const printed = saved('names', pdf).png;
    const reference = await chromiumRendering();
    const differences = LINES.map((line, n) =>
      inkDifference(inkOf(printed, line), inkOf(reference, line), path.join(folder, `line-${n + 1}-diff.png`)),
    );
    console.log(LINES.map((line, n) => `${line.text}: ${(differences[n]! * 100).toFixed(1)}%`).join(', '));
    const unlike = LINES.filter((_, n) => differences[n]! > MAX_DIFFERENCE).map((line) => line.text);
    expect(unlike).toEqual([]);
  });

  it('gives the names back as written when the text is extracted', async () => {
    const page = await openPdfPage();
    const { pdf } = await page.evaluate((lines) => (window as unknown as WindowWithPdf).linesPdf(lines), LINES);
    await page.close();
    const { file } = saved('extracted', pdf);
    for (const mode of [[], ['-layout']]) {
      const text = execFileSync('pdftotext', [...mode, file, '-'], { encoding: 'utf8' });
      const lines = text.split('\n').map((line) => line.trim());
      for (const line of LINES) expect(lines).toContain(line.text);
      expect(text).toMatch(/Printed 25\/11\/2026\s+Page 1 of 1/);
    }
  });

  it('makes two documents at once, each with the fonts of its own scripts', async () => {
    const page = await openPdfPage();
    const [hindi, tamil] = [LINES[0]!, LINES[3]!];
    const made = await page.evaluate(
      (lines) => Promise.all(lines.map((line) => (window as unknown as WindowWithPdf).linesPdf([line]))),
      [hindi, tamil],
    );
    await page.close();
    for (const [n, line] of [hindi, tamil].entries()) {
      const { file } = saved(`at-once-${n + 1}`, made[n]!.pdf);
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(line.text);
    }
  });

  it("draws the bill's QR code as squares that decode to the exact link, and numbers each bill's pages", async () => {
    const page = await openPdfPage();
    const { pdf } = await page.evaluate(() => (window as unknown as WindowWithPdf).billsPdf(2));
    await page.close();
    const { file, png } = saved('bills', pdf);
    // The first customer's statement's upiLink (e2e/pdf-page/bills.ts, made by the contract's upiLink).
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
      'upi://pay?pa=greendairy%40okbank&pn=Green%20Dairy&am=3110.00&cu=INR&tn=June%202026%20bill',
    );
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    // Each customer's bill is numbered on its own: a customer gets 'Page 1 of 1', not a page of the colony's.
    expect(pages[0]).toMatch(/Printed 25\/11\/2026 +Page 1 of 1/);
    expect(pages[1]).toMatch(/Printed 25\/11\/2026 +Page 1 of 1/);
    expect(pages[0]).toContain('क्षत्रिय प्रिया 1');
    expect(pages[0]).toMatch(/Route 1 · ગ્રીન પાર્ક/);
    expect(pages[0]).toContain('Scan to pay ₹3,110.00');
    expect(pages[1]).toContain('સુનીતા પટેલ 2');
    expect(pages[1]).toContain('Scan to pay ₹3,111.00');
  });

  it('repeats the head of a long table on each page, keeps rows whole and ends with the total', async () => {
    const page = await openPdfPage();
    const { pdf } = await page.evaluate(() => (window as unknown as WindowWithPdf).reportPdf(70));
    await page.close();
    const { file } = saved('report', pdf);
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Customer Having No Transactions - ગ્રીન પાર્ક');
    for (const [n, text] of pages.entries()) {
      expect(text).toMatch(/Route +Customer Name +Total Due +Receive/);
      expect(text).toMatch(new RegExp(`Printed 25/11/2026 +Page ${n + 1} of ${pages.length}`));
    }
    const rows = pages.flatMap((text) => [...text.matchAll(/^ *(\d+) +\S.* ₹120\.00/gm)].map((row) => Number(row[1])));
    expect(rows).toEqual(Array.from({ length: 70 }, (_, n) => n + 1));
    expect(pages.join('').match(/Grand Total/g)).toHaveLength(1);
    expect(pages.at(-1)).toMatch(/Grand Total +₹8,400\.00/);
  });
});
