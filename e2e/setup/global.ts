import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { setup as makePgliteTemplate } from '../../server/test/setup/global-pglite';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The flags every test's Chromium runs with: no sandbox (containers), no GPU, nothing fetched. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, which every test file connects to (harness.ts `openBrowser`). */
    chromiumEndpoint: string;
  }
}

/**
 * Browser tests need Debian's Chromium and the built web app. One Chromium serves the whole run:
 * each test file connects to it and opens its own contexts (a fresh profile each), instead of
 * starting a browser of its own. Each test file starts its own server.
 */
export async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('The web app is not built: npm run build');
  await makePgliteTemplate(project);
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, LANGUAGE: 'en_IN' },
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
