/**
 * `npm run bench:customer-page`: the customer's page (docs/rules.md section 19) on a phone. Opens a
 * customer's link in Chromium at 390 px with a cold cache, the processor slowed 4x and 'Fast 3G'
 * (1.6 Mbps down, 750 kbps up, 150 ms latency; Chrome DevTools Protocol), and prints the bytes the
 * first view moved on the wire (compressed, headers included, per file) and the time from the
 * navigation to the calendar on the screen: median, least and most of 5 runs.
 * Targets (docs/performance.md): at most 100 KB, the calendar within 3 s.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { calendarDateIn } from '@dairy/contract';
import { type Browser, chromium } from 'playwright-core';
import { spread } from '../../server/bench/measure';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite } from '../../server/src/db/client';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import {
  makeColony,
  makeConsumption,
  makeCustomer,
  makeDailyProduct,
  makeDelivery,
  makePayment,
  makeProductOn,
  makeReceipt,
} from '../dairy';
import { CHROMIUM, WEB_DIST } from '../setup/global';

const RUNS = 5;
const BUDGET_BYTES = 100 * 1024;
const BUDGET_MS = 3000;

// The real server (built web app + API) on a new embedded database, as `npm start` runs it.
const database = openPglite('memory://');
await database.migrate();
const server = await buildApp(
  { ...loadConfig({}), webDist: WEB_DIST, publicUrl: 'https://dairy.example.in' },
  database,
  {
    logger: false,
  },
);
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const app = { url: `http://127.0.0.1:${address.port}` };
const { db } = database;
const ADMIN = { username: 'owner', password: 'bench-pass-1' };
await insertUser(db, { ...ADMIN, passwordHash: await hashPassword(ADMIN.password), role: 'admin' });
const guard = { 'x-requested-with': 'fetch', 'content-type': 'application/json' };
const login = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: guard, body: JSON.stringify(ADMIN) });
const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
const office = (method: string, url: string, body?: object) =>
  fetch(`${app.url}${url}`, { method, headers: { ...guard, cookie }, body: body && JSON.stringify(body) }).then(
    async (r) => {
      if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
      return r.json();
    },
  );

// A customer of a year's standing: milk every day, curd three days a week, a year of bills and
// receipts, this month delivered up to today, a pause of the office's and one of their own coming.
const today = calendarDateIn('Asia/Kolkata', new Date());
const [year, month] = today.split('-').map(Number) as [number, number];
await makeColony(db, { colonyCode: 'GK', colonyName: 'Gokul Nagar' });
const cow = await makeDailyProduct(db, { productCode: 'COW', productName: 'Cow Milk', price: 60_00 });
const curd = await makeProductOn(db, 'Monday, Wednesday, Friday', {
  productCode: 'CURD',
  productName: 'Curd',
  unit: 'kg',
  price: 40_00,
});
const customer = await makeCustomer(db, {
  colonyCode: 'GK',
  customerName: 'आशा राव',
  route: 3,
  address: 'Flat 4, Lotus Apartments, Gandhi Road',
  contactNumber: '9876543210',
  language: 'hi',
});
const { customerId } = customer;
await makeConsumption(db, { customerId, productId: cow.productId, quantity: 150 });
await makeConsumption(db, { customerId, productId: curd.productId });
for (let day = 1; day <= Number(today.slice(8)); day++) {
  const date = `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
  await makeDelivery(db, customerId, cow, date, { quantity: 150, attendance: day % 9 === 0 ? 0 : 1 });
  if ([1, 3, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) await makeDelivery(db, customerId, curd, date);
}
for (let back = 1; back <= 11; back++) {
  const index = year * 12 + month - 1 - back;
  const period = { paymentYear: Math.floor(index / 12), paymentMonth: (index % 12) + 1 };
  await makePayment(db, { customerId, ...period, totalPrice: 3_300_00 });
  if (back > 1) await makeReceipt(db, { customerId, ...period, amount: 3_300_00 });
}
await office('PUT', '/api/settings', {
  businessName: 'Shree Krishna Dairy',
  address: '12 Gandhi Road, Anand',
  phone: '02692 234567',
  upiId: 'shreekrishna@okaxis',
  upiName: 'Shree Krishna Dairy',
  billNote: '',
});
const link = await office('POST', `/api/customer-links/${customerId}`);
const url = `${app.url}${new URL(link.url).pathname}`;
const { cutoff } = await (await fetch(`${app.url}/api/my/${new URL(link.url).pathname.split('/')[2]}`)).json();
await office('POST', '/api/changes', {
  customerId,
  kind: 'pause',
  fromDate: cutoff.earliestDate,
  toDate: cutoff.earliestDate,
});

type Loaded = { url: string; bytes: number; encoding: string };
type CalendarWindow = Window & { calendarShownAt?: number };

/** One cold opening of the page: what moved on the wire, and when the calendar was on the screen. */
async function open(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // Notes the moment the calendar's table is in the document and painted (the frame after it).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('table.calendar')) return;
      observer.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => {
          (window as CalendarWindow).calendarShownAt = performance.now();
        }, 0),
      );
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const urls = new Map<string, { url: string; encoding: string }>();
  const loaded: Loaded[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '-';
    urls.set(event.requestId, { url: event.response.url, encoding });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = urls.get(event.requestId);
    if (response) loaded.push({ ...response, bytes: event.encodedDataLength });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as CalendarWindow).calendarShownAt !== undefined, null, { timeout: 60_000 });
  const shownAt = await page.evaluate(() => (window as CalendarWindow).calendarShownAt ?? 0);
  // Where the time went: the page's own clock, from the navigation's start.
  const marks = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => r.initiatorType !== 'fetch');
    const call = resources.find((r) => r.name.includes('/api/my/'));
    return {
      html: nav?.responseEnd ?? 0,
      files: Math.max(0, ...scripts.map((r) => r.responseEnd)),
      callStart: call?.startTime ?? 0,
      callEnd: call?.responseEnd ?? 0,
    };
  });
  // Whatever else the first view asks for (nothing is clicked).
  await page.waitForLoadState('networkidle');
  await context.close();
  return { shownAt, loaded, marks };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const runs: Awaited<ReturnType<typeof open>>[] = [];
for (let run = 0; run < RUNS; run++) runs.push(await open(browser));
await browser.close();
await server.close();
await database.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const totals = runs.map((r) => r.loaded.reduce((sum, l) => sum + l.bytes, 0));
const times = runs.map((r) => r.shownAt);
const first = runs[0]!;
console.log(`\nThe customer's page, 390 px, 4x slower processor, Fast 3G, cold cache (${RUNS} runs)`);
console.log('First view on the wire (compressed, with headers):');
for (const file of first.loaded.filter((l) => l.url.startsWith('http')))
  console.log(
    `  ${new URL(file.url).pathname.replace(/\/my\/[^/]+$/, '/my/…').replace(/\/api\/my\/[^/]+$/, '/api/my/…')}: ${kb(file.bytes)} (${file.encoding})`,
  );
const bytes = spread(totals);
console.log(
  `  total: ${kb(bytes.median)} (${kb(bytes.min)}-${kb(bytes.max)}); target ${kb(BUDGET_BYTES)}: ${bytes.max <= BUDGET_BYTES ? 'within' : 'OVER'}`,
);
const time = spread(times);
console.log(
  `Calendar on the screen: ${(time.median / 1000).toFixed(2)} s (${(time.min / 1000).toFixed(2)}-${(time.max / 1000).toFixed(2)}); target 3 s: ${time.median <= BUDGET_MS ? 'within' : 'OVER'}`,
);
const median = (pick: (m: (typeof first)['marks']) => number) =>
  `${(spread(runs.map((r) => pick(r.marks))).median / 1000).toFixed(2)} s`;
console.log(
  `  (medians: page received ${median((m) => m.html)}, scripts and styles received ${median((m) => m.files)}, ` +
    `the page's call sent ${median((m) => m.callStart)} and answered ${median((m) => m.callEnd)})`,
);
console.log(
  `Machine load while measuring: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
// Chromium asks for brotli over HTTPS only: what a phone on the dairy's https address receives.
const files = first.loaded.map((l) => new URL(l.url).pathname).filter((p) => p.startsWith('/assets/'));
const brotli = files.reduce((sum, file) => {
  const built = path.join(WEB_DIST, file);
  try {
    return sum + readFileSync(`${built}.br`).length;
  } catch {
    return sum + readFileSync(built).length;
  }
}, 0);
console.log(`The same scripts and styles as brotli (.br, served over https): ${kb(brotli)}`);
