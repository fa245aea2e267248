import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.ttf': 'font/ttf' };

export interface PdfPage {
  url: string;
  /** The built page's folder. */
  dist: string;
  /** Each request the page made, in order, by path. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * This folder's page built as the web app is (Vite, production) and served on a free local port:
 * a page that loads the PDF module on demand, as the app's export buttons do.
 */
export async function startPdfPage(): Promise<PdfPage> {
  const dist = mkdtempSync(path.join(tmpdir(), 'dairy-pdf-page-'));
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  });
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(pathname);
    const file = path.join(dist, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dist) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    dist,
    requests,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
