import { sql } from 'drizzle-orm';
import { type Database, type Db, databaseOf } from './client';
import { rowsOf } from './rows';

/**
 * Planner statistics on the embedded database, which runs no autovacuum (DESIGN.md section 17).
 * On PostgreSQL autovacuum keeps them, so these do nothing there.
 */

/** At start, after migrating: every table analyzed once. */
export async function analyzeAtStart(database: Database) {
  if (database.kind !== 'pglite') return;
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`analyze`);
}

/**
 * After a bulk write has committed (generation, billing, imports, restores): analyzes the tables
 * whose rows changed by more than autovacuum's rule, 50 rows + 10% of the rows the last analyze
 * counted, as `pg_stat_user_tables` counts them (read from the function behind that view, which
 * costs a third of it). Answers the tables analyzed.
 */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  if (databaseOf(db)?.kind !== 'pglite') return [];
  // The embedded engine publishes its change counts only when asked to.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const changed = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', n.nspname, c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'derived') and c.relkind = 'r'
          and pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0)
        order by 1`,
  );
  const names = changed.map((t) => t.name);
  if (names.length > 0) await db.execute(sql.raw(`analyze ${names.join(', ')}`));
  return names;
}

/**
 * `withFreshStatistics(db).transaction(…)`: `db.transaction(…)` that, once committed, analyzes the
 * tables it changed a lot. The data is saved by then, so a failure there (statistics only guide
 * the planner) does not fail the call.
 */
export function withFreshStatistics(db: Db): Pick<Db, 'transaction'> {
  return {
    transaction: async (work, config) => {
      const result = await db.transaction(work, config);
      await analyzeChangedTables(db).catch(() => {});
      return result;
    },
  };
}
