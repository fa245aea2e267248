import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { TEMPLATE_DATABASE } from '../setup/global-postgres';

let counter = 0;

/**
 * A fresh, migrated database for one test app: embedded (PGlite in its worker thread, started
 * from the migrated dump) or, when the suite runs with TEST_DB=postgres, a new database on the
 * run's PostgreSQL cluster.
 */
export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const base = inject('postgresUrl');
    const name = `t_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = base.replace(/\/postgres$/, `/${name}`);
    return openPostgres(url, 5);
  }
  return openPglite('memory://', { loadDataDir: inject('pgliteTemplate') });
}
