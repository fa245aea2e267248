import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { setup as makePgliteTemplate } from '../../server/test/setup/global-pglite';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Browser tests need Debian's Chromium and the built web app; each test file starts its own server. */
export async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('The web app is not built: npm run build');
  await makePgliteTemplate(project);
}
