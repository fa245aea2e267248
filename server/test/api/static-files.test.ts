import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The built web app as the server hands it out (docs/rules.md section 17): compressed for browsers
 * that accept it, hashed files kept for good, index.html asked for again each time.
 */

const dist = mkdtempSync(path.join(tmpdir(), 'dairy-web-'));
const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(',')}];`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script>',
);
writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
// A file the build compressed ahead (npm run build writes .br and .gz beside each file).
const styles = `.row { color: red; }\n`.repeat(500);
const stylesBr = brotliCompressSync(styles, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), styles);
writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css.br'), stylesBr);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

describe('the web app files', () => {
  it('sends a hashed file brotli- or gzip-compressed, to be kept a year without asking again', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the copy the build compressed ahead when there is one', async () => {
    const res = await get('/assets/index-Ef56Gh78.css', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toMatch(/^text\/css/);
    expect(Buffer.compare(res.rawPayload, stylesBr)).toBe(0);
    // Without a .gz copy, gzip is made on the fly.
    const gzip = await get('/assets/index-Ef56Gh78.css', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(styles);
  });

  it('has index.html asked for again each time, and answers an unchanged one with 304', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers['content-type'])).toMatch(/^text\/html/);
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await get('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers too, which stay no-store', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { cookie: t.cookie!, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });
});
