import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { withProductLabel } from '@dairy/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerApiDocument } from './api-document';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { apiModules } from './modules';
import { registerSessionCheck } from './modules/auth/auth.plugin';
import { findColony } from './modules/colony/colony.repo';
import { coloniesOfCustomers } from './modules/customer/customer.repo';
import { registerCustomerPageEntry } from './modules/my/page-entry';
import { transactionOwners } from './modules/transaction/transaction.repo';
import { registerErrorHandler } from './plugins/errors';
import { redactedLogging } from './plugins/log-redaction';
import { registerPermissions } from './plugins/permissions';
import { isApiCall, registerRequestGuard } from './plugins/request-guard';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** A text of the contract with `{product}` replaced by the configured label. */
    label(text: string): string;
    /** The moment now: the clock the customer page's cut-off reads (tests pass their own). */
    now(): Date;
  }
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  logger?: boolean;
  /** Where the logs go (standard output unless given). */
  logStream?: { write(line: string): void };
  /** The clock; the real one unless given. */
  now?: () => Date;
}

/** The one application: server.ts listens with it, tests call `inject` on it. */
export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...redactedLogging, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy (TRUST_PROXY) the client's address and protocol come from its headers.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('label', (text: string) => withProductLabel(text, config.productLabel));
  app.decorate('now', options.now ?? (() => new Date()));

  registerErrorHandler(app, config.productLabel);
  // JSON answers (and any web app file the build did not compress) go compressed to browsers that
  // accept it. Brotli at quality 5 takes milliseconds, close to what its slowest setting saves.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // API answers are one person's data at one moment: no browser or proxy cache may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiCall(request) && String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain HTTP on a LAN as well: no HSTS.
    strictTransportSecurity: false,
  });
  await app.register(cookie);
  registerRequestGuard(app);
  registerSessionCheck(app);
  registerPermissions(app, { findColony, transactionOwners, coloniesOfCustomers });

  await registerApiDocument(app);

  for (const module of apiModules) await app.register(module, { prefix: '/api' });

  const webDist = config.webDist ?? defaultWebDist;
  registerCustomerPageEntry(app, webDist);
  if (existsSync(path.join(webDist, 'index.html'))) {
    const hashed = path.resolve(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes a .br and a .gz beside each file: those go to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      // Files under assets/ carry a hash of their content in their name: a browser keeps them for
      // good. Everything else (index.html, which names them) is asked for again each time.
      setHeaders: (reply, file) =>
        reply.header('cache-control', file.startsWith(hashed) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('The web app is not built yet: run `npm run build`, then restart.'),
    );
  }
  return app;
}
