import { sql } from 'drizzle-orm';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createAdmin, openBrowser, type RunningApp, signIn, startApp } from '../harness';

/**
 * The first screen a signed-in operator opens (All Customers), measured as Chromium receives it:
 * every response's bytes on the wire (compressed bodies and headers), and what a second load
 * takes from the browser's cache (docs/rules.md section 17).
 */

/** The most the first screen may move, in bytes. */
const FIRST_SCREEN_BYTES = 350_000;

let app: RunningApp;
let browser: Browser;
let cdp: CDPSession;

beforeAll(async () => {
  app = await startApp();
  await createAdmin(app.database);
  // A dairy whose every customer would weigh on the first screen if it downloaded them.
  await app.database.db.execute(sql`
    insert into colony (colony_code, colony_name, charges)
    select 'C' || lpad(i::text, 2, '0'), 'Colony ' || i, 20 from generate_series(1, 20) i`);
  await app.database.db.execute(sql`
    insert into customer (customer_name, contact_number, address, colony_code, route)
    select 'Customer ' || c || '-' || n, '98' || lpad((c * 1000 + n)::text, 8, '0'), 'House ' || n || ', Street ' || c,
      'C' || lpad(c::text, 2, '0'), 1 + n % 40
    from generate_series(1, 20) c cross join generate_series(1, 150) n`);
  browser = await openBrowser();
  await signIn(browser, app);
  cdp = await browser.context.newCDPSession(browser.page);
  await cdp.send('Network.enable');
});
afterAll(async () => {
  await browser.close();
  await app.close();
});

interface Received {
  url: string;
  path: string;
  status: number;
  /** Bytes on the wire: headers and the (compressed) body. */
  bytes: number;
  /** Served by the browser's cache without asking the server. */
  cached: boolean;
}

/** Opens the home page afresh and answers every response it took, once nothing more loads. */
async function load(): Promise<Received[]> {
  const page = browser.page;
  await page.goto('about:blank');
  const received = new Map<string, Received>();
  const wire = new Map<string, number>();
  const onResponse = (e: { requestId: string; response: { url: string; status: number; fromDiskCache?: boolean } }) => {
    const entry = received.get(e.requestId);
    received.set(e.requestId, {
      url: e.response.url,
      path: new URL(e.response.url).pathname,
      status: e.response.status,
      bytes: entry?.bytes ?? 0,
      cached: (entry?.cached ?? false) || e.response.fromDiskCache === true,
    });
  };
  const onCacheHit = (e: { requestId: string }) => {
    const entry = received.get(e.requestId);
    if (entry) entry.cached = true;
    else received.set(e.requestId, { url: '', path: '', status: 200, bytes: 0, cached: true });
  };
  // The status on the wire: a revalidated response shows the cached 200 in responseReceived.
  const onWire = (e: { requestId: string; statusCode: number }) => wire.set(e.requestId, e.statusCode);
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => {
    const entry = received.get(e.requestId);
    if (entry) entry.bytes = e.encodedDataLength;
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCacheHit);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.responseReceivedExtraInfo', onWire);
  try {
    await page.goto(`${app.url}/#/`);
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();
    await page.getByRole('combobox', { name: 'Colony' }).first().waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.requestServedFromCache', onCacheHit);
    cdp.off('Network.loadingFinished', onFinished);
    cdp.off('Network.responseReceivedExtraInfo', onWire);
  }
  for (const [id, status] of wire) {
    const entry = received.get(id);
    if (entry) entry.status = status;
  }
  return [...received.values()].filter((r) => r.path !== '' && r.url.startsWith(app.url));
}

/**
 * Counts, from the page's first script on, every moment its root stopped showing anything: React's
 * fallback for a suspended render hides what was shown (or leaves the root empty), and React then
 * holds it for up to 300 ms.
 */
function watchRoot(page: Page) {
  return page.addInitScript(() => {
    const seen = { shown: false, emptied: 0 };
    (window as unknown as { rootSeen: typeof seen }).rootSeen = seen;
    let showing = false;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      const now = [...root.children].some((child) => getComputedStyle(child).display !== 'none');
      if (now) seen.shown = true;
      else if (showing) seen.emptied++;
      showing = now;
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  });
}

const rootSeen = (page: Page) => page.evaluate(() => (window as unknown as { rootSeen: unknown }).rootSeen);

describe('the first screen', () => {
  it(`moves at most ${FIRST_SCREEN_BYTES / 1000} KB on the wire, compressed, without any customer`, async () => {
    const first = await load();
    const total = first.reduce((sum, r) => sum + r.bytes, 0);
    console.log(
      `first screen: ${(total / 1000).toFixed(1)} KB on the wire in ${first.length} responses\n` +
        first.map((r) => `  ${(r.bytes / 1000).toFixed(1).padStart(6)} KB ${r.status} ${r.path}`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(FIRST_SCREEN_BYTES);
    const scripts = first.filter((r) => r.path.startsWith('/assets/') && r.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    // The customers of a colony come when one is chosen, not before.
    expect(first.filter((r) => r.path === '/api/users' || r.path === '/api/fetch/users')).toEqual([]);
  });

  it('takes every hashed file from the cache on the second load and asks again only for index.html', async () => {
    const second = await load();
    const assets = second.filter((r) => r.path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(1);
    expect(assets.filter((r) => !r.cached)).toEqual([]);
    const index = second.find((r) => r.path === '/');
    expect(index?.cached).toBe(false);
    expect(index?.status).toBe(304);
    const total = second.reduce((sum, r) => sum + r.bytes, 0);
    console.log(`second load: ${(total / 1000).toFixed(1)} KB on the wire`);
  });

  it('goes from the loader to the screen without an empty page between', async () => {
    const page = browser.page;
    await page.goto('about:blank');
    await watchRoot(page);
    await page.goto(`${app.url}/#/today`);
    await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    expect(await rootSeen(page)).toEqual({ shown: true, emptied: 0 });
  });

  it('goes from the loader to the sign-in form without an empty page between', async () => {
    const signedOut = await openBrowser();
    try {
      await watchRoot(signedOut.page);
      await signedOut.page.goto(`${app.url}/#/today`);
      await signedOut.page.getByLabel('Username').waitFor();
      expect(await rootSeen(signedOut.page)).toEqual({ shown: true, emptied: 0 });
    } finally {
      await signedOut.close();
    }
  });
});
