import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createSession, insertUser } from '../../src/modules/auth/auth.repo';
import { freshDatabase } from './database';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as the web app makes it: with the guard header, and the session cookie when there is one. */
export type Caller = (
  method: Method,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: any }>;

async function injectCall(
  app: FastifyInstance,
  cookie: string | undefined,
  ...[method, url, body, headers = {}]: Parameters<Caller>
) {
  const response = await app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'fetch', ...(cookie ? { cookie } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    parsed = response.body;
  }
  return { status: response.statusCode, body: parsed as any, headers: response.headers };
}

/** Calls made with `cookie`, answering with the status and the body. */
export function signedInCall(app: FastifyInstance, cookie: string | undefined): Caller {
  return async (...call) => {
    const { status, body } = await injectCall(app, cookie, ...call);
    return { status, body };
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The session cookie of the signed-in user (undefined when not signed in), for raw injects. */
  cookie: string | undefined;
  /** A signed-in call with the guard header, as the web app makes it, answering with the headers too. */
  call(method: Method, url: string, body?: unknown): ReturnType<typeof injectCall>;
  /** The raw inject, for calls without the session or the header. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  signedIn?: boolean;
  config?: Partial<Config>;
  /** The app's clock (the real one unless given). */
  now?: () => Date;
}

/** The whole app on a fresh database; signed in as an administrator unless told otherwise. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = { ...loadConfig({}), webDist: '/nonexistent', ...options.config };
  const app = await buildApp(config, database, { logger: false, ...(options.now ? { now: options.now } : {}) });
  let cookie: string | undefined;
  if (options.signedIn !== false) {
    const user = await insertUser(database.db, { username: 'admin', passwordHash: 'not-a-hash', role: 'admin' });
    cookie = `sid=${await createSession(database.db, user.userId)}`;
  }
  return {
    app,
    database,
    cookie,
    call: (method, url, body) => injectCall(app, cookie, method, url, body),
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The one app a test file's tests share: created before them (ahead of the file's own
 * `beforeAll`, which may seed it) and closed after them.
 */
export function fileTestApp(options: TestAppOptions = {}): TestApp {
  let started: TestApp | undefined;
  const current = () => {
    if (!started) throw new Error('the test app starts before the first test');
    return started;
  };
  beforeAll(async () => {
    started = await createTestApp(options);
  });
  afterAll(() => started?.close());
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get cookie() {
      return current().cookie;
    },
    call: (method, url, body) => current().call(method, url, body),
    inject: (opts) => current().inject(opts),
    close: () => current().close(),
  };
}

/** Checks that a call was refused with `status` and the answer's `message`. */
export function expectFailure(answer: { status: number; body: any }, status: number, message: unknown) {
  expect(answer.status).toBe(status);
  expect(answer.body.message).toBe(message);
}
