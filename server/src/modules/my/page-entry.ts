import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PAGE_HEADERS } from './my.access';

/**
 * `GET /my/:token` (docs/rules.md section 19): the web build's light entry for phones, `my.html`,
 * the same file whatever the token (the page asks `/api/my/:token`, which decides). Without that
 * file in the build there is no such route, and the address answers 404 like any other.
 */
export function registerCustomerPageEntry(app: FastifyInstance, webDist: string) {
  const file = path.join(webDist, 'my.html');
  if (!existsSync(file)) return;
  const html = readFileSync(file);
  app.get('/my/:token', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html),
  );
}
