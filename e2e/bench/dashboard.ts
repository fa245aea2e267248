/**
 * `npm run bench:dashboard`: how long an owner waits for the Dashboard's first chart in Chromium
 * (docs/rules.md section 22), on the scale bench's large dairy (10,000 customers, about 3.7
 * million transactions, seeded set-based on the database) and the production build of the web
 * app (`npm run build` first). Time runs from the navigation's start to the first bar drawn,
 * read by the page itself; a cold visit has an empty browser cache (every chunk fetched), a warm
 * one has the chunks cached. Prints the median, least and most of each, and what the month's
 * `GET /api/dashboard` took inside those visits. Target (docs/performance.md): 1.5 s.
 * On the embedded engine, then on PostgreSQL 15 where its binaries are; `-- --pglite` or
 * `-- --postgres` runs one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium } from 'playwright-core';
import { type Engine, pgliteEngine, postgresEngine } from '../../server/bench/engines';
import { spread } from '../../server/bench/measure';
import { type DairySize, seedDairy } from '../../server/bench/scale-seed';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createSession, insertUser } from '../../server/src/modules/auth/auth.repo';
import { CHROMIUM, WEB_DIST } from '../setup/global';

const TARGET_MS = 1500;
const RUNS = 5;
/** The large dairy's last billed month: deliveries, bills and receipts in it. */
const ADDRESS = '/#/dashboard?month=5&year=2026';

interface Visit {
  firstBarMs: number;
  apiMs: number;
  /** CPU ms of the browser's renderer processes over the visit: what it costs whatever else runs. */
  cpuMs: number;
}

/** CPU seconds of every renderer process so far. */
async function rendererCpu(cdp: CDPSession): Promise<number> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function visit(context: BrowserContext, url: string, cdp: CDPSession): Promise<Visit> {
  const page = await context.newPage();
  const cpu = await rendererCpu(cdp);
  try {
    await page.goto(`${url}${ADDRESS}`);
    // Checked on every frame in the page: the time, after the navigation's start, of the first frame with a bar.
    const firstBar = await page.waitForFunction(
      () => document.querySelector('[data-chart] .recharts-bar-rectangle') !== null && performance.now(),
      undefined,
      { polling: 'raf', timeout: 180_000 },
    );
    const firstBarMs = (await firstBar.jsonValue()) as number;
    const apiMs = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/dashboard')?.duration ??
        Number.NaN,
    );
    return { firstBarMs, apiMs, cpuMs: ((await rendererCpu(cdp)) - cpu) * 1000 };
  } finally {
    await page.close();
  }
}

async function measure(engine: Engine) {
  console.log(`\n${engine.kind}: seeding the ${size} dairy…`);
  const started = performance.now();
  const database = await engine.open('dashboard_bench');
  await seedDairy(database.db, size);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const app = await buildApp({ ...loadConfig({}), webDist: WEB_DIST }, database, { logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await insertUser(database.db, { username: 'owner', passwordHash: 'not-a-hash', role: 'admin' });
  const cookie = { name: 'sid', value: await createSession(database.db, user.userId), url };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const cdp = await browser.newBrowserCDPSession();
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-IN' });
    await context.addCookies([cookie]);
    return context;
  };
  try {
    // One visit first, untimed: the server's first answer warms its caches, as any later owner finds them.
    const first = await newContext();
    await visit(first, url, cdp);
    await first.close();
    const cold: Visit[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await newContext();
      cold.push(await visit(context, url, cdp));
      await context.close();
    }
    const context = await newContext();
    await visit(context, url, cdp);
    const warm: Visit[] = [];
    for (let run = 0; run < RUNS; run++) warm.push(await visit(context, url, cdp));
    await context.close();
    return { engine: engine.kind, cold, warm };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('The web app is not built: npm run build');
const only = process.argv.find((a) => a === '--pglite' || a === '--postgres');
/** `--small`: the scale bench's small dairy (one day of May), to try the bench itself quickly. */
const size: DairySize = process.argv.includes('--small') ? 'small' : 'large';
const engines: [string, () => Engine | undefined | Promise<Engine | undefined>][] = [
  ['--pglite', () => pgliteEngine({ inFolders: true })],
  ['--postgres', postgresEngine],
];
const results: Awaited<ReturnType<typeof measure>>[] = [];
for (const [flag, start] of engines) {
  if (only && only !== flag) continue;
  const engine = await start();
  if (!engine) continue;
  try {
    results.push(await measure(engine));
  } finally {
    engine.stop();
  }
}

const format = (values: number[]) => {
  const { median, min, max } = spread(values);
  return `${(median / 1000).toFixed(2)} s (${(min / 1000).toFixed(2)}-${(max / 1000).toFixed(2)})`;
};
console.log(`\nDashboard, May 2026 of the ${size} dairy: navigation to the first chart drawn, median (least-most)`);
for (const { engine, cold, warm } of results)
  for (const [name, visits] of [
    ['cold cache', cold],
    ['warm cache', warm],
  ] as const) {
    const firstBar = visits.map((v) => v.firstBarMs);
    const verdict = spread(firstBar).median <= TARGET_MS ? 'within' : 'OVER';
    console.log(
      `  ${engine.padEnd(8)} ${name}: first chart ${format(firstBar)} - ${verdict} ${TARGET_MS / 1000} s;` +
        ` renderer CPU ${format(visits.map((v) => v.cpuMs))}; GET /api/dashboard ${format(visits.map((v) => v.apiMs))}`,
    );
  }
process.exit(0);
