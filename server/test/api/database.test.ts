import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { maintainChangedTables } from '../../src/db/statistics';
import { generatePayments } from '../../src/modules/payment/payment.service';
import { generateForColony } from '../../src/modules/transaction/generation.service';
import { createTestApp, fileTestApp } from '../helpers/app';
import { freshDatabase } from '../helpers/database';
import { makeColony, makeCombination, makeConsumption, makeCustomer, makeProduct } from '../helpers/factories';

/**
 * The database layer itself: the embedded engine in its worker thread (docs/rules.md section 17)
 * and PostgreSQL, behind one `Db`.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

const t = fileTestApp();
const db = () => t.database.db;

/** Two seconds inside the engine: PGlite's pg_sleep holds its thread as a long query would. */
const longQuery = sql`select pg_sleep(2)`;

describe('the engine never blocks the server', () => {
  it('/api/health and calls that need no database answer while a long query runs', async () => {
    const order: string[] = [];
    const long = Promise.resolve(db().execute(longQuery)).then(() => order.push('long query done'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // These two calls read nothing from the database, not even the session of a signed-in caller.
    for (const headers of [{}, { cookie: t.cookie! }]) {
      order.push(`health ${(await t.inject({ method: 'GET', url: '/api/health', headers })).statusCode}`);
      order.push(`config ${(await t.inject({ method: 'GET', url: '/api/config', headers })).statusCode}`);
    }
    await long;
    expect(order).toEqual(['health 200', 'config 200', 'health 200', 'config 200', 'long query done']);
  });

  it('a row lock makes a second writer wait for the first, whose change it then reads', async () => {
    await makeColony(db(), { colonyCode: 'LOCK', colonyName: 'before' });
    const order: string[] = [];
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = db().transaction(async (tx) => {
      await tx.execute(sql`select 1 from colony where colony_code = 'LOCK' for update`);
      order.push('first locked');
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`update colony set colony_name = 'first' where colony_code = 'LOCK'`);
      order.push('first commits');
    });
    await firstLocked;
    const second = db().transaction(async (tx) => {
      const [row] = await rowsOf<{ colony_name: string }>(
        tx,
        sql`select colony_name from colony where colony_code = 'LOCK' for update`,
      );
      order.push(`second reads ${row?.colony_name}`);
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first commits', 'second reads first']);
  });

  it('a failed transaction leaves nothing behind, and the connection serves on', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into colony (colony_code, colony_name, charges) values ('GONE', 'Gone', 1)`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    const rows = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from colony where colony_code = 'GONE'`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  if (!onPostgres)
    it("closing stops the engine's thread: nothing is left to keep Node running", async () => {
      const ports = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
      const before = ports();
      const database = await freshDatabase();
      await database.db.execute(sql`select 1`);
      expect(ports()).toBeGreaterThan(before);
      await database.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ports()).toBe(before);
    });
});

/** Each table's row count as its last analyze saw it (-1: never analyzed). */
async function analyzedRows(d: Db, tables: string[]) {
  const rows = await rowsOf<{ relname: string; reltuples: number }>(
    d,
    sql`select relname, reltuples::int as reltuples from pg_class
        where relnamespace = 'public'::regnamespace and relname in ${tables}`,
  );
  return Object.fromEntries(rows.map((r) => [r.relname, r.reltuples]));
}

describe('planner statistics and vacuuming on the embedded database (no autovacuum there)', () => {
  if (!onPostgres)
    it('after a bulk write, the tables changed by more than 10% are analyzed, and those with over 50 rows changed vacuumed, once', async () => {
      const t2 = await createTestApp();
      try {
        const d = t2.database.db;
        await maintainChangedTables(d); // whatever the template left
        await d.execute(sql`insert into colony (colony_code, colony_name, charges)
                            select 'C' || g, 'Colony ' || g, 10 from generate_series(1, 400) g`);
        expect(await maintainChangedTables(d)).toEqual({ vacuumed: ['public.colony'], analyzed: ['public.colony'] });
        expect(await maintainChangedTables(d)).toEqual({ vacuumed: [], analyzed: [] });
        // 40 more rows: under 50 + 10% of 400 and under 50, left to a later pass.
        await d.execute(sql`insert into colony (colony_code, colony_name, charges)
                            select 'D' || g, 'Colony ' || g, 10 from generate_series(1, 40) g`);
        expect(await maintainChangedTables(d)).toEqual({ vacuumed: [], analyzed: [] });
        // 30 more: 70 since the last vacuum, still under 50 + 10% of 400 since the last analyze.
        await d.execute(sql`insert into colony (colony_code, colony_name, charges)
                            select 'E' || g, 'Colony ' || g, 10 from generate_series(1, 30) g`);
        expect(await maintainChangedTables(d)).toEqual({ vacuumed: ['public.colony'], analyzed: [] });
        await d.execute(sql`update colony set charges = 20 where colony_code like 'C%'`);
        expect(await maintainChangedTables(d)).toEqual({ vacuumed: ['public.colony'], analyzed: ['public.colony'] });
      } finally {
        await t2.close();
      }
    });

  if (!onPostgres)
    it('vacuuming sets the visibility map, so that indexes answer from themselves', async () => {
      const t2 = await createTestApp();
      try {
        const d = t2.database.db;
        await d.execute(sql`insert into colony (colony_code, colony_name, charges)
                            select 'V' || g, 'Colony ' || g, 10 from generate_series(1, 2000) g`);
        const visible = async () =>
          (
            await rowsOf<{ pages: number; visible: number }>(
              d,
              sql`select relpages as pages, relallvisible as visible from pg_class where oid = 'colony'::regclass`,
            )
          )[0]!;
        await d.execute(sql`analyze colony`);
        expect((await visible()).visible).toBe(0);
        await maintainChangedTables(d);
        const after = await visible();
        expect(after.pages).toBeGreaterThan(1);
        expect(after.visible).toBe(after.pages);
      } finally {
        await t2.close();
      }
    });

  if (onPostgres)
    it('on PostgreSQL autovacuum keeps them: nothing is vacuumed or analyzed here', async () => {
      await db().execute(sql`insert into colony (colony_code, colony_name, charges)
                             select 'P' || g, 'Colony ' || g, 10 from generate_series(1, 400) g`);
      expect(await maintainChangedTables(db())).toEqual({ vacuumed: [], analyzed: [] });
    });

  if (!onPostgres)
    it('generation and billing analyze the rows they wrote', async () => {
      const t2 = await createTestApp();
      try {
        const d = t2.database.db;
        const colony = await makeColony(d, { colonyCode: 'STAT' });
        const daily = await makeCombination(d, 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
        const milk = await makeProduct(d, { combinationId: daily.combinationId, price: 5000 });
        for (let i = 0; i < 120; i++) {
          const c = await makeCustomer(d, { colonyCode: colony.colonyCode, route: i + 1 });
          await makeConsumption(d, { customerId: c.customerId, productId: milk.productId });
        }
        await maintainChangedTables(d);
        await generateForColony(d, 'STAT', '2026-06-01');
        expect((await analyzedRows(d, ['transaction'])).transaction).toBe(120);
        await generatePayments(d, { colonyCode: 'STAT', year: 2026, month: 6, charges: undefined });
        expect((await analyzedRows(d, ['payment'])).payment).toBe(120);
      } finally {
        await t2.close();
      }
    });
});
