import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EmbeddedEngine } from './embedded';
import { type FolderLock, lockDataFolder } from './folder-lock';
import * as schema from './schema';

export { pgErrorCode } from './faults';

export type Schema = typeof schema;
/** The database or a transaction inside it: repos take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * Runs `write` in a transaction: `db` itself when it is one already, else a new one. A keyed money
 * call (server/src/idempotency.ts) records in the key's transaction, which rolls back whole on any
 * error, so a savepoint inside it would cost two statements and change nothing.
 */
export function inTransaction<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? write(db) : db.transaction(write);
}

/** What `/api/health` says of the database. */
export type DatabaseHealth = { status: 'ok' } | { status: 'unreachable' | 'cannot-write'; message: string };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How many connections its pool holds at most: the embedded engine has one. */
  connections: number;
  migrate(): Promise<void>;
  health(): Promise<DatabaseHealth>;
  close(): Promise<void>;
}

export interface EmbeddedDatabase extends Database {
  kind: 'pglite';
  /** The data folder as a tar file (taken while no transaction is open): tests start from one. */
  dump(): Promise<Uint8Array>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Below this much free space PostgreSQL may fail to start its next 16 MB write-ahead log file. */
const MIN_FREE_BYTES = 16 * 1024 * 1024;
/** How long a write refused for lack of space keeps `/api/health` saying so, where the disk cannot be seen. */
const DISK_FULL_MEMORY_MS = 60_000;
const HEALTH_TIMEOUT_MS = 5_000;
/** The least time between two starts of a failed embedded engine. */
const RESTART_PAUSE_MS = 5_000;

const unreachable = (message: string): DatabaseHealth => ({ status: 'unreachable', message });
const cannotWrite = (message: string): DatabaseHealth => ({ status: 'cannot-write', message });

interface Registered {
  database: Database;
  diskFullAt: number | undefined;
}
/** The open databases by their `db`, for the calls that only hold `db` (health, errors, statistics). */
const registry = new WeakMap<Db, Registered>();

function register(database: Database): Registered {
  const entry = { database, diskFullAt: undefined };
  registry.set(database.db, entry);
  return entry;
}

/** The database behind `db` (not a transaction's). */
export function databaseOf(db: Db): Database | undefined {
  return registry.get(db)?.database;
}

/** What `/api/health` says of the database behind `db`. */
export function databaseHealth(db: Db): Promise<DatabaseHealth> {
  return registry.get(db)?.database.health() ?? Promise.resolve(unreachable('The database is not open.'));
}

/** Remembers that a write was refused for lack of disk space (see `health`). */
export function noteDiskFull(db: Db) {
  const entry = registry.get(db);
  if (entry) entry.diskFullAt = Date.now();
}

function diskFullLately(entry: Registered): boolean {
  return entry.diskFullAt !== undefined && Date.now() - entry.diskFullAt < DISK_FULL_MEMORY_MS;
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** Why the data folder cannot take writes, or undefined when it can. */
async function folderProblem(folder: string): Promise<string | undefined> {
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EROFS'
      ? `the data folder ${folder} is read-only.`
      : `the data folder ${folder} cannot be written.`;
  }
  const disk = await statfs(folder);
  if (disk.bavail * disk.bsize < MIN_FREE_BYTES) return 'its disk is full (less than 16 MB free).';
  return undefined;
}

export interface PgliteOptions {
  /** A dump (tar file of a migrated data folder) the database starts from; tests use one. */
  loadDataDir?: string;
}

/**
 * The embedded database: a folder, or `memory://`. PGlite runs in a worker thread and serves the
 * PostgreSQL wire protocol there, so the server reaches both engines through node-postgres. A
 * folder is locked for this process (`folder-lock.ts`): a second server on it refuses to start.
 */
export function openPglite(dataDir: string, options: PgliteOptions = {}): EmbeddedDatabase {
  const folder = dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir);
  const lock: FolderLock | undefined = folder ? lockDataFolder(folder) : undefined;
  const start = () => new EmbeddedEngine({ dataDir: folder ?? dataDir, loadDataDir: options.loadDataDir });
  let engine = start();
  let startedAt = Date.now();
  let closed = false;
  /**
   * The engine, opened again from its folder once it failed (after a PANIC, as PostgreSQL
   * restarts), at most every few seconds and only once the failed one's thread has ended, so
   * that two never share the folder. A database in memory cannot come back.
   */
  const live = (): EmbeddedEngine => {
    if (!engine.problem || !folder || closed) return engine;
    if (!engine.stopped) void engine.close();
    else if (Date.now() - startedAt > RESTART_PAUSE_MS) {
      engine = start();
      startedAt = Date.now();
    }
    return engine;
  };
  // One connection: the engine has one backend, and a transaction holds it until it ends.
  const pool = new pg.Pool({
    stream: () => live().connect(),
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    ssl: false,
  });
  // The engine stopped under a connection: calls answer 503 instead of stopping the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema }) as unknown as Db;
  const database: EmbeddedDatabase = {
    db,
    kind: 'pglite',
    connections: 1,
    migrate: async () => {
      await live().ready();
      await migrate(drizzle(pool, { schema }), { migrationsFolder });
    },
    // Answered without a query: a long statement holds the engine, and health must not wait for it.
    async health() {
      const current = live();
      const disk = folder ? await folderProblem(folder) : undefined;
      if (current.problem) return unreachable(`The database cannot be reached: ${disk ?? current.problem.message}`);
      if (!current.serving) return unreachable('The database cannot be reached: it is starting.');
      if (disk) return cannotWrite(`The database cannot write: ${disk}`);
      if (folder) entry.diskFullAt = undefined; // the disk has room again
      if (diskFullLately(entry)) return cannotWrite('The database cannot write: its disk is full.');
      return { status: 'ok' };
    },
    dump: () => live().dump(),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pool.end();
        await engine.close();
      } finally {
        lock?.release();
      }
    },
  };
  const entry = register(database);
  return database;
}

/**
 * A PostgreSQL server. A connection that drops (the server restarts, an administrator ends it)
 * never stops the process: the pool replaces it, and calls made while the server is away
 * fail with a connection error that the error handler answers with 503.
 */
export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, keepAlive: true });
  pool.on('error', () => {}); // an idle connection was lost: the pool drops it and opens another when needed
  pool.on('connect', (client) => client.on('error', () => {})); // lost while checked out: its query fails
  // Numbers of type numeric stay text (exact); bigint counts fit in a JS number here.
  const db = drizzle(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    connections: max,
    migrate: () => migrate(drizzle(pool, { schema }), { migrationsFolder }),
    async health() {
      try {
        const { rows } = await withTimeout(
          pool.query<{ read_only: string }>("select current_setting('transaction_read_only') as read_only"),
          HEALTH_TIMEOUT_MS,
        );
        if (rows[0]?.read_only === 'on') return cannotWrite('The database cannot write: the server is read-only.');
      } catch {
        return unreachable('The database cannot be reached.');
      }
      if (diskFullLately(entry)) return cannotWrite('The database cannot write: its disk is full.');
      return { status: 'ok' };
    },
    close: () => pool.end(),
  };
  const entry = register(database);
  return database;
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Database {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
