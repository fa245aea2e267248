import { sql } from 'drizzle-orm';
import { type Db, databaseOf } from './client';
import { rowsOf } from './rows';

const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Whether a snapshot shared side by side is in use: one at a time, so they never empty the pool between them. */
let sideBySide = false;

/**
 * Runs `reads` in one snapshot of the database and gives their answers in order, as one
 * read-only transaction would. On PostgreSQL they run side by side, each on a connection of its
 * own that takes the first one's snapshot (`pg_export_snapshot`, as pg_dump's parallel jobs
 * do), so a report of several grouped statements waits for the longest, not for their sum.
 * One report at a time does this, so two never hold connections while waiting for each other's;
 * another meanwhile, or any report on a pool of one connection (the embedded engine's), runs its
 * reads one after another in one transaction.
 */
export async function readInOneSnapshot<T extends readonly unknown[]>(
  db: Db,
  reads: { [K in keyof T]: (tx: Db) => Promise<T[K]> },
): Promise<T> {
  // Side by side the transaction holds one connection while the others ask the pool for theirs.
  if ((databaseOf(db)?.connections ?? 1) < 2 || sideBySide || reads.length < 2)
    return db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (const read of reads) answers.push(await read(tx));
      return answers as unknown as T;
    }, readOnly);
  sideBySide = true;
  try {
    return await db.transaction(async (tx) => {
      const [exported] = await rowsOf<{ snapshot: string }>(tx, sql`select pg_export_snapshot() as snapshot`);
      // A snapshot's name is hex digits and dashes ('00000003-0000001B-1'); SET takes no parameter.
      const snapshot = exported!.snapshot;
      if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`unexpected snapshot name ${snapshot}`);
      const [first, ...others] = reads;
      const settled = await Promise.allSettled([
        first!(tx),
        ...others.map((read) =>
          db.transaction(async (other) => {
            await other.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
            return read(other);
          }, readOnly),
        ),
      ]);
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
    }, readOnly);
  } finally {
    sideBySide = false;
  }
}
