import { count, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { type Db, openPostgres } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { colony } from '../../src/db/schema';
import { readInOneSnapshot } from '../../src/db/snapshot';
import { fileTestApp } from '../helpers/app';

/*
 * Reports read in one snapshot (server/src/db/snapshot.ts): side by side on PostgreSQL, one after
 * another on the embedded engine, and in both cases blind to what commits while they run.
 */

const t = fileTestApp();
const db = () => t.database.db;

const colonies = async (tx: Db) => (await tx.select({ n: count() }).from(colony))[0]!.n;

describe('reads in one snapshot', () => {
  it('share one snapshot: side by side on PostgreSQL, in one transaction embedded', async () => {
    const probe = async (tx: Db) =>
      (
        await rowsOf<{ snapshot: string; backend: number }>(
          tx,
          sql`select pg_current_snapshot()::text as snapshot, pg_backend_pid() as backend`,
        )
      )[0]!;
    const answers = await readInOneSnapshot(db(), [probe, probe, probe]);
    expect(new Set(answers.map((a) => a.snapshot)).size).toBe(1);
    expect(new Set(answers.map((a) => a.backend)).size).toBe(t.database.kind === 'postgres' ? 3 : 1);
  });

  it('run one after another on a pool of one connection, instead of waiting for a second forever', async () => {
    const single = t.database.kind === 'postgres' ? openPostgres(inject('postgresUrl'), 1) : t.database;
    const backend = async (tx: Db) => (await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0]!.pid;
    try {
      const answers = await Promise.race([
        readInOneSnapshot(single.db, [backend, backend]),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the reads never ended')), 10_000)),
      ]);
      expect(new Set(answers).size).toBe(1);
    } finally {
      if (single !== t.database) await single.close();
    }
  });

  it('do not see a colony added while they run', async () => {
    const before = await colonies(db());
    let firstRead!: () => void;
    const firstDone = new Promise<void>((resolve) => {
      firstRead = resolve;
    });
    let adding: Promise<unknown> | undefined;
    const [first, second] = await readInOneSnapshot(db(), [
      async (tx) => {
        const n = await colonies(tx);
        // Committed on another connection at once on PostgreSQL; queued behind the reads embedded.
        // (A query builder runs again at each `then`: taken into one promise, it runs once.)
        adding = Promise.resolve(db().insert(colony).values({ colonyCode: 'SNAP', colonyName: 'Added meanwhile' }));
        adding.catch(() => {});
        firstRead();
        return n;
      },
      async (tx) => {
        await firstDone;
        await Promise.race([adding, new Promise((resolve) => setTimeout(resolve, 300))]);
        return colonies(tx);
      },
    ]);
    await adding;
    expect([first, second]).toEqual([before, before]);
    expect(await colonies(db())).toBe(before + 1);
  });
});
