/**
 * `npm run bench:offline`: the road, offline (docs/rules.md section 20), in Chromium against the
 * real HTTP server on the embedded engine, with the production build (`npm run build -w web` first).
 * - 200 waiting saves (100 route sheet ticks, 100 payments), kept in the phone's outbox while
 *   offline, sent when the network returns: the time from `online` to an empty outbox; the
 *   server then holds each exactly once. Target: under 10 s.
 * - The offline screens (Today, Route sheet, Collection entry) opened with no network on a phone
 *   whose processor is emulated 4x slower: from the navigation to the screen's rows shown from
 *   the phone. Target: under 1 s each (median of 5).
 */
import { count, eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { spread } from '../../server/bench/measure';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite } from '../../server/src/db/client';
import { auditLog, receipt } from '../../server/src/db/schema';
import { insertUser } from '../../server/src/modules/auth/auth.repo';
import { hashPassword } from '../../server/src/modules/auth/password';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../dairy';
import { CHROMIUM, CHROMIUM_ARGS, WEB_DIST } from '../setup/global';

const DAY = '2026-06-01';
const CUSTOMERS = 100;
const SHEET = `/transactions/sheet?colony=GP&date=${DAY}`;
const COLLECT = '/payments/collect?colony=GP&month=6&year=2026';
const SEND_TARGET_MS = 10_000;
const OPEN_TARGET_MS = 1000;
const RUNS = 5;
const USER = { username: 'collector', password: 'bench-pass-1' };

// The real server (built web app + API) on a new embedded database, as `npm start` runs it.
const database = openPglite('memory://');
await database.migrate();
const db = database.db;
const server = await buildApp({ ...loadConfig({}), webDist: WEB_DIST }, database, { logger: false });
const url = await server.listen({ port: 0, host: '127.0.0.1' });
await insertUser(db, { ...USER, passwordHash: await hashPassword(USER.password), role: 'admin' });
const { cow } = await makeMilkAndCurd(db);
await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
for (let i = 1; i <= CUSTOMERS; i++) {
  const c = await makeCustomer(db, { colonyCode: 'GP', customerName: `Customer ${i}`, route: i });
  await makeConsumption(db, { customerId: c.customerId, productId: cow.productId, quantity: 100 });
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
context.setDefaultTimeout(60_000);
const page = await context.newPage();
const guard = { 'X-Requested-With': 'fetch' };
if (!(await context.request.post(`${url}/api/auth/login`, { headers: guard, data: USER })).ok())
  throw new Error('sign-in failed');
if (!(await context.request.post(`${url}/api/transactions/generateAll`, { headers: guard, data: { date: DAY } })).ok())
  throw new Error('generating the day failed');
const sheet = (await (await context.request.get(`${url}/api/today/sheet?colony=GP&date=${DAY}`)).json()) as {
  rows: { transactionId: number; customerId: number }[];
};

/** A fresh load of a screen until `shown` is on it: ms from the navigation's start. */
async function open(on: Page, route: string, shown: string, before?: () => Promise<unknown>) {
  await on.goto('about:blank');
  await before?.();
  const started = performance.now();
  await on.goto(`${url}/#${route}`);
  await on.getByText(shown).first().waitFor();
  return performance.now() - started;
}

// One visit online: the service worker takes the shell, the screens keep their answers.
await open(page, '/today', 'Green Park');
await page.evaluate(async () => {
  await navigator.serviceWorker.ready;
});
for (const [route, shown] of [
  ['/today', 'Green Park'],
  [SHEET, 'Customer 100'],
  [COLLECT, 'Customer 100'],
] as const)
  await open(page, route, shown);

// ---- 200 waiting saves, as the screens leave them in the outbox (web/src/lib/offline-store.ts) ----
await context.setOffline(true);
await open(page, '/today', 'Offline: showing data from');
const save = (url: string, body: unknown, work: string) => ({
  clientId: crypto.randomUUID(),
  user: USER.username,
  method: 'POST',
  url,
  body,
  rows: 1,
  work,
  savedAt: Date.now(),
});
const items = sheet.rows.flatMap((row, i) => [
  save('/transactions/attendance', { changes: [{ transactionId: row.transactionId, attendance: 0 }] }, `tick ${i}`),
  save(
    '/payments/receiveMany',
    {
      month: 6,
      year: 2026,
      entries: [{ customerId: row.customerId, amount: '10', takenAt: new Date().toISOString() }],
    },
    `payment ${i}`,
  ),
]);
await page.evaluate(
  (saves) =>
    new Promise<void>((resolve, reject) => {
      const opened = indexedDB.open('dairydesk-offline');
      opened.onerror = () => reject(opened.error);
      opened.onsuccess = () => {
        const tx = opened.result.transaction('outbox', 'readwrite');
        for (const item of saves) tx.objectStore('outbox').add(item);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
    }),
  items,
);
const waiting = () =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('dairydesk-offline');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const counted = opened.result.transaction('outbox').objectStore('outbox').count();
          counted.onsuccess = () => resolve(counted.result);
        };
      }),
  );
if ((await waiting()) !== items.length) throw new Error('the outbox was not filled');
const sendStarted = performance.now();
await context.setOffline(false);
while ((await waiting()) > 0) {
  if (performance.now() - sendStarted > 120_000) throw new Error(`${await waiting()} saves still waiting after 120 s`);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const sendMs = performance.now() - sendStarted;
const receipts = (await db.select({ n: count() }).from(receipt))[0]!.n;
const ticks = (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'transaction.attendance')))[0]!
  .n;
if (receipts !== CUSTOMERS || ticks !== CUSTOMERS) throw new Error(`arrived ${receipts} receipts and ${ticks} ticks`);

// ---- the offline screens on a 4x slower processor ----
const cdp = await context.newCDPSession(page);
const slowCpu = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await context.setOffline(true);
const screens: [string, string, string][] = [
  ['Today', '/today', 'Green Park'],
  [`Route sheet (${CUSTOMERS} deliveries)`, SHEET, `Customer ${CUSTOMERS}`],
  [`Collection entry (${CUSTOMERS} customers)`, COLLECT, `Customer ${CUSTOMERS}`],
];
const opened: [string, number[]][] = [];
for (const [name, route, shown] of screens) {
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await open(page, route, shown, slowCpu));
  opened.push([name, runs]);
}
const offlineBanner = await page.getByText('Offline: showing data from').count();

const verdict = (ms: number, target: number) => (ms < target ? 'within' : 'OVER');
console.log(
  `\n${items.length} waiting saves (${CUSTOMERS} ticks, ${CUSTOMERS} payments) sent after the network returned: ` +
    `${(sendMs / 1000).toFixed(2)} s (${verdict(sendMs, SEND_TARGET_MS)} ${SEND_TARGET_MS / 1000} s); ` +
    `${receipts} receipts and ${ticks} tick saves recorded, each once`,
);
console.log(`Offline screens opened from the phone, CPU 4x slower: median (least-most) of ${RUNS}`);
for (const [name, runs] of opened) {
  const { median, min, max } = spread(runs.map(Math.round));
  console.log(`  ${name}: ${median} ms (${min}-${max}) ${verdict(median, OPEN_TARGET_MS)} 1 s`);
}
if (offlineBanner === 0) throw new Error('the last screen was not shown from the phone');
await browser.close();
await server.close();
await database.close();
