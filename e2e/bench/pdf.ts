/**
 * `npm run bench:pdf`: how long a person waits for a PDF in Chromium on this machine, made by the
 * PDF module (web/src/lib/pdf-document) in a production build. Prints the median, least and most
 * of wall time and of the page's CPU time (the renderer process: it tells what the document costs
 * when other work shares the cores), and the gzip size of what an export loads.
 * Targets (docs/performance.md): one customer's bill within 1.5 s, a colony's 500 bills within 20 s.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { spread } from '../../server/bench/measure';
import { startPdfPage } from '../pdf-page/serve';
import { CHROMIUM } from '../setup/global';

type Made = { pdf: string; ms: number };
type BillsWindow = Window & { billsPdf(customers: number): Promise<Made>; pointAtBill(): void };

const page = await startPdfPage();
const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const cdp: CDPSession = await browser.newBrowserCDPSession();

/** CPU seconds of every renderer process so far. */
async function rendererCpu(): Promise<number> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function freshPage(): Promise<Page> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(page.url);
  await tab.waitForFunction(() => 'billsPdf' in window);
  return tab;
}

/** Makes `customers` bills in the tab: wall ms as the page timed it (click to PDF), renderer CPU ms. */
async function bills(tab: Page, customers: number) {
  const cpu = await rendererCpu();
  const made = await tab.evaluate((n) => (window as unknown as BillsWindow).billsPdf(n), customers);
  const pages =
    Buffer.from(made.pdf, 'base64')
      .toString('latin1')
      .match(/\/Type \/Page\b/g)?.length ?? 0;
  if (pages !== customers) throw new Error(`${customers} bills made ${pages} pages`);
  return { wall: made.ms, cpu: ((await rendererCpu()) - cpu) * 1000 };
}

const rows: [string, number[], number[], number][] = [];
function record(name: string, runs: { wall: number; cpu: number }[], targetMs: number) {
  rows.push([name, runs.map((r) => r.wall), runs.map((r) => r.cpu), targetMs]);
}

// The first export after the page loads: the engine's chunk, the fonts and the document.
const cold = [];
for (let run = 0; run < 5; run++) {
  const tab = await freshPage();
  cold.push(await bills(tab, 1));
  await tab.context().close();
}
record("1 customer's bill, first export (engine + fonts loaded)", cold, 1500);

/** How long a pointer rests on a button before the click: a quick person's, so the least the prefetch gets. */
const POINTING_MS = 300;
// The first export as the screens make it: the pointer on the button starts the loading, then the click.
const pointed = [];
for (let run = 0; run < 5; run++) {
  const tab = await freshPage();
  await tab.evaluate(() => (window as unknown as BillsWindow).pointAtBill());
  await tab.waitForTimeout(POINTING_MS);
  pointed.push(await bills(tab, 1));
  await tab.context().close();
}
record(`1 customer's bill, first export ${POINTING_MS} ms after pointing at Bill`, pointed, 1500);

const tab = await freshPage();
await bills(tab, 1);
const warm = [];
for (let run = 0; run < 5; run++) warm.push(await bills(tab, 1));
record("1 customer's bill, later exports", warm, 1500);
const colony = [];
for (let run = 0; run < 3; run++) colony.push(await bills(tab, 500));
record("a colony's 500 bills (500 pages)", colony, 20_000);

const format = (values: number[]) => {
  const { median, min, max } = spread(values);
  return `${(median / 1000).toFixed(2)} s (${(min / 1000).toFixed(2)}-${(max / 1000).toFixed(2)})`;
};
console.log("\nPDFs in Chromium: median (least-most) of wall time, and of the page's CPU time");
for (const [name, wall, cpu, target] of rows) {
  const verdict = spread(wall).median <= target ? 'within' : 'OVER';
  console.log(`  ${name}: ${format(wall)}, CPU ${format(cpu)}; target ${target / 1000} s: ${verdict}`);
}

const assets = path.join(page.dist, 'assets');
const gzip = (file: string) => gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
const scripts = readdirSync(assets).filter((file) => file.endsWith('.js') && !file.startsWith('main'));
const fonts = readdirSync(assets).filter((file) => file.endsWith('.ttf'));
console.log('\nLoaded on export only (gzip):');
for (const file of scripts) console.log(`  ${file}: ${(gzip(file) / 1024).toFixed(0)} KB`);
for (const file of fonts) console.log(`  ${file}: ${(gzip(file) / 1024).toFixed(0)} KB`);

await browser.close();
await page.close();
