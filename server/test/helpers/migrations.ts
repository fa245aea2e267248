import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

/**
 * A migration met by a database that already holds data: the tests migrate an empty database of
 * the suite's engine up to the migration before it, fill it, then migrate to the end
 * (`database.migrate()`).
 */
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/** A copy of the migrations folder holding those written before `when` (the journal's time). */
function migrationsBefore(when: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'dairy-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  const entries = (journal.entries as { tag: string; when: number }[]).filter((e) => e.when < when);
  for (const entry of entries)
    copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** An empty database of the suite's engine. */
async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite('memory://');
  const base = inject('postgresUrl');
  const name = `t_migration_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  await admin.end();
  return openPostgres(base.replace(/\/postgres$/, `/${name}`), 2);
}

/** A new database with the migrations written before `when` (a journal entry's `when`) applied. */
async function databaseMigratedBefore(when: number): Promise<Database> {
  const before = migrationsBefore(when);
  const database = await emptyDatabase();
  await database.db.execute(sql`select 1`);
  await migrate(database.db as never, { migrationsFolder: before });
  rmSync(before, { recursive: true, force: true });
  return database;
}

/**
 * The file's database migrated up to before `when`, made before its tests and closed after them;
 * the getter gives it to a test.
 */
export function databaseMigratedBeforeForFile(when: number): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await databaseMigratedBefore(when);
  }, 120_000);
  afterAll(() => database?.close());
  return () => {
    if (!database) throw new Error('The migrated database is made before the tests run');
    return database;
  };
}
