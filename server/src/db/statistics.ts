import { sql } from 'drizzle-orm';
import { type Database, type Db, databaseOf } from './client';
import { rowsOf } from './rows';

/**
 * Planner statistics and vacuuming on the embedded database, which runs no autovacuum (docs/rules.md
 * section 17). On PostgreSQL autovacuum does both, so these do nothing there.
 */

/** At start, after migrating: every table analyzed once. */
export async function analyzeAtStart(database: Database) {
  if (database.kind !== 'pglite') return;
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`analyze`);
}

/** What a maintenance pass did: the tables vacuumed and those analyzed. */
export interface Maintained {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * After a bulk write has committed (generation, billing, imports, restores), what autovacuum would
 * do on PostgreSQL. Tables whose rows changed by more than autovacuum's analyze rule, 50 rows +
 * 10% of the rows the last analyze counted, are analyzed. Tables with more than 50 rows inserted,
 * updated or deleted since their last vacuum are vacuumed: that sets the visibility map, so the
 * covering indexes answer from themselves (the planner reads one colony's month through its
 * customers only when they do), and frees dead rows for reuse. VACUUM reads only the pages
 * changed since, so after a day's generation at 3.7 million transactions it takes about 10 ms,
 * where ANALYZE takes 300-500 ms: hence a lower bar than autovacuum's 20% of the table. Counts
 * come from the functions behind `pg_stat_user_tables` (a third of the view's cost).
 */
export async function maintainChangedTables(db: Db): Promise<Maintained> {
  if (databaseOf(db)?.kind !== 'pglite') return { vacuumed: [], analyzed: [] };
  // The embedded engine publishes its change counts only when asked to.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const changed = await rowsOf<{ name: string; vacuum: boolean; analyze: boolean }>(
    db,
    sql`select format('%I.%I', n.nspname, c.relname) as name,
          pg_stat_get_ins_since_vacuum(c.oid) + pg_stat_get_dead_tuples(c.oid) > 50 as vacuum,
          pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'derived') and c.relkind = 'r'
        order by 1`,
  );
  const names = (rows: typeof changed) => rows.map((t) => t.name).join(', ');
  const both = changed.filter((t) => t.vacuum && t.analyze);
  const vacuumOnly = changed.filter((t) => t.vacuum && !t.analyze);
  const analyzeOnly = changed.filter((t) => !t.vacuum && t.analyze);
  if (both.length > 0) await db.execute(sql.raw(`vacuum (analyze) ${names(both)}`));
  if (vacuumOnly.length > 0) await db.execute(sql.raw(`vacuum ${names(vacuumOnly)}`));
  if (analyzeOnly.length > 0) await db.execute(sql.raw(`analyze ${names(analyzeOnly)}`));
  return {
    vacuumed: changed.filter((t) => t.vacuum).map((t) => t.name),
    analyzed: changed.filter((t) => t.analyze).map((t) => t.name),
  };
}

/**
 * `withFreshStatistics(db).transaction(…)`: `db.transaction(…)` that, once committed, vacuums and
 * analyzes the tables it changed (`maintainChangedTables`). The data is saved by then, so a
 * failure there (this only guides the planner and reuses space) does not fail the call.
 */
export function withFreshStatistics(db: Db): Pick<Db, 'transaction'> {
  return {
    transaction: async (work, config) => {
      const result = await db.transaction(work, config);
      await maintainChangedTables(db).catch(() => {});
      return result;
    },
  };
}
