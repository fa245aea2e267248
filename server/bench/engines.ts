import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client';
import { analyzeAtStart } from '../src/db/statistics';
import { createSession, insertUser } from '../src/modules/auth/auth.repo';
import { postgresAvailable, startCluster } from '../test/setup/postgres-cluster';
import type { Benchmark, BenchResult } from './measure';

/** Where the bench's databases live: the embedded engine, or a throwaway PostgreSQL cluster. */
export interface Engine {
  kind: 'pglite' | 'postgres';
  /** A new, migrated database (as the server opens one: analyzed at start). */
  open(name: string): Promise<Database>;
  /** A PostgreSQL database's address. */
  url?(name: string): string;
  /** Removes everything the engine made. */
  stop(): void;
}

/** The embedded engine, in memory or (large data) in folders of a temp directory. */
export function pgliteEngine(options: { inFolders?: boolean } = {}): Engine {
  const dir = options.inFolders ? mkdtempSync(path.join(tmpdir(), 'dairy-bench-')) : undefined;
  return {
    kind: 'pglite',
    async open(name) {
      const database = openPglite(dir ? path.join(dir, name) : 'memory://');
      await database.migrate();
      await analyzeAtStart(database);
      return database;
    },
    stop() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * After a baseline wrote `table` (untimed): its changes are published, vacuumed and analyzed away.
 * The baseline's rows are the bench's, not the dairy's, so the maintenance our call runs after its
 * commit (maintainChangedTables) then answers for our call's own rows alone, as it would in a
 * dairy, instead of vacuuming and analyzing what the baseline wrote.
 */
export async function settleBaseline(db: Db, table: string) {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql.raw(`vacuum analyze "${table}"`));
}

/** A throwaway PostgreSQL 15 cluster, as the API tests start one; undefined without its binaries. */
export async function postgresEngine(): Promise<Engine | undefined> {
  if (!postgresAvailable()) {
    console.warn('PostgreSQL 15 binaries not found: the PostgreSQL figures are left out.');
    return undefined;
  }
  const cluster = await startCluster();
  return {
    kind: 'postgres',
    url: (name) => cluster.url(name),
    async open(name) {
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const database = openPostgres(cluster.url(name));
      await database.migrate();
      return database;
    },
    stop: () => cluster.stop(),
  };
}

/** A bench on each engine in turn, the embedded one first; PostgreSQL only where its binaries are. */
export function onEachEngine(measure: (engine: Engine) => Promise<BenchResult[]>): Benchmark[] {
  const on = (start: () => Engine | undefined | Promise<Engine | undefined>) => async () => {
    const engine = await start();
    if (!engine) return [];
    try {
      return await measure(engine);
    } finally {
      engine.stop();
    }
  };
  return [on(() => pgliteEngine()), on(postgresEngine)];
}

export interface Served {
  /** A signed-in call through HTTP, as the web app makes it; fails unless the answer is 200. */
  call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** The server's app on a free local port, with a signed-in session. */
export async function serve(database: Database): Promise<Served> {
  const app = await buildApp({ ...loadConfig({}), webDist: '/nonexistent' }, database, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await insertUser(database.db, {
    username: `bench-${Date.now()}`,
    passwordHash: 'not-a-hash',
    role: 'admin',
  });
  const cookie = `sid=${await createSession(database.db, user.userId)}`;
  return {
    async call(method, url, body) {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: {
          cookie,
          'x-requested-with': 'fetch',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    },
    close: () => app.close(),
  };
}
