import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type Browser as Chromium, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../server/src/app';
import { type Config, loadConfig } from '../server/src/config';
import type { Database, Db } from '../server/src/db/client';
import { insertUser } from '../server/src/modules/auth/auth.repo';
import { hashPassword } from '../server/src/modules/auth/password';
import { freshDatabase } from '../server/test/helpers/database';
import { WEB_DIST } from './setup/global';

/** test-artifacts/<name> at the root, made if missing: where a test file leaves PDFs and screenshots to look at. */
export function artifactsFolder(name: string) {
  const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-artifacts', name);
  mkdirSync(folder, { recursive: true });
  return folder;
}

export const ADMIN = { username: 'operator', password: 'dairy-pass-1' };

export interface RunningApp {
  url: string;
  database: Database;
  /** The listening HTTP server, for a test that cuts its connections. */
  server: Server;
  close(): Promise<void>;
}

/** The real server (built web app + API) on a fresh embedded database, on a free port. */
export async function startApp(config: Partial<Config> = {}): Promise<RunningApp> {
  const database = await freshDatabase();
  const app = await buildApp({ ...loadConfig({}), webDist: WEB_DIST, ...config }, database, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    database,
    server: app.server,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Adds the administrator straight into the database (the setup screen has its own test). */
export async function createAdmin(database: Database) {
  await insertUser(database.db, { ...ADMIN, passwordHash: await hashPassword(ADMIN.password), role: 'admin' });
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

let connected: Promise<Chromium> | undefined;

/** This test file's connection to the run's one Chromium (setup/global.ts), made on first use. */
export function runChromium(): Promise<Chromium> {
  connected ??= chromium.connect(inject('chromiumEndpoint'));
  return connected;
}

/**
 * A new browser profile (a context of the run's Chromium: its own cookies, storage and service
 * workers) with one page; a 1280x900 window unless told, set up as an Indian operator's browser
 * whatever the machine's settings: `locale` for the page (Intl, navigator.language). The app shows
 * dates as dd/mm/yyyy in any language (docs/rules.md section 23): dates.test.ts opens en-US to
 * hold it so. The browser asks for reduced motion, so a dialog's button does not slide under a
 * click on a busy machine (look.test.ts checks the motion both ways).
 */
export async function openBrowser(viewport = { width: 1280, height: 900 }, locale = 'en-IN'): Promise<Browser> {
  const context = await (await runChromium()).newContext({
    viewport,
    locale,
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return {
    context,
    page,
    close: () => context.close(),
  };
}

/** Signs in through the API from the browser's own context, so the cookie is the browser's. */
export async function signIn(browser: Browser, app: RunningApp) {
  const response = await browser.context.request.post(`${app.url}/api/auth/login`, {
    headers: { 'X-Requested-With': 'fetch' },
    data: ADMIN,
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
}

/** A started app with an administrator and a signed-in browser: the usual start of a test file. */
export async function startSignedIn(config: Partial<Config> = {}) {
  const app = await startApp(config);
  await createAdmin(app.database);
  const browser = await openBrowser();
  await signIn(browser, app);
  return {
    app,
    browser,
    page: browser.page,
    /**
     * Opens a screen by its hash route, e.g. `goto('/ShowColony')`, as a fresh page load: a
     * hash change alone would keep the app's cached data and the toasts of the previous step.
     */
    async goto(route: string) {
      await browser.page.goto('about:blank');
      return browser.page.goto(`${app.url}/#${route}`);
    },
    /** `goto(route)`, then waits for the screen's heading. */
    async open(route: string, heading: string) {
      await this.goto(route);
      await browser.page.getByRole('heading', { name: heading }).waitFor();
    },
    async close() {
      await browser.close();
      await app.close();
    },
  };
}

export type SignedIn = Awaited<ReturnType<typeof startSignedIn>>;

/**
 * The usual test file: one signed-in app for all its tests, started (and its database seeded by
 * `seed`) before them and closed after them. The returned object is filled in once they start.
 */
export function signedInForFile(seed?: (db: Db) => Promise<unknown>, config: Partial<Config> = {}): SignedIn {
  const signedIn = {} as SignedIn;
  beforeAll(async () => {
    Object.assign(signedIn, await startSignedIn(config));
    await seed?.(signedIn.app.database.db);
  });
  afterAll(() => signedIn.close());
  return signedIn;
}

/** Records the page's calls to one API path from now on, until `stop()`. */
export function countCalls(page: Page, pathname: string) {
  const calls: URL[] = [];
  const listen = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname === pathname) calls.push(url);
  };
  page.on('request', listen);
  return { calls, stop: () => page.off('request', listen) };
}
