import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../helpers/factories';

/**
 * The counts All Transactions reads its totals from, and the absent rows and delivered quantities
 * Today and the dashboard sum (derived.transaction_count, kept by triggers), stay equal to the transactions themselves
 * through every kind of write: generation, single and period deliveries, product, attendance and
 * quantity changes, pauses, deletes and colony moves.
 */

const t = fileTestApp();
let s: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const db = t.database.db;
  const items = await makeMilkAndCurd(db);
  await makeColony(db, { colonyCode: 'EAST' });
  await makeColony(db, { colonyCode: 'WEST' });
  const east = [];
  for (let n = 0; n < 3; n++) east.push(await makeCustomer(db, { colonyCode: 'EAST', route: n + 1 }));
  const west = await makeCustomer(db, { colonyCode: 'WEST' });
  const cows = [];
  for (const c of [...east, west]) {
    cows.push(await makeConsumption(db, { customerId: c.customerId, productId: items.cow.productId }));
    await makeConsumption(db, { customerId: c.customerId, productId: items.curd.productId });
  }
  return { ...items, east, west, westCow: cows[3]! };
}
beforeAll(async () => {
  s = await seed();
});

type Count = { colony: string; date: string; product: number; rows: number; absent: number; delivered: string };
const kept = () =>
  rowsOf<Count>(
    t.database.db,
    sql`select colony_code as colony, transaction_date::text as date, product_id as product, rows, absent,
        delivered::numeric(12,2)::text as delivered
      from derived.transaction_count where rows <> 0 or absent <> 0 or delivered <> 0 order by 1, 2, 3`,
  );
const counted = () =>
  rowsOf<Count>(
    t.database.db,
    sql`select cu.colony_code as colony, t.transaction_date::text as date, t.product_id as product, count(*)::int as rows,
        count(*) filter (where t.attendance = 0)::int as absent,
        coalesce(sum(t.quantity) filter (where t.attendance = 1), 0)::numeric(12,2)::text as delivered
      from "transaction" t join customer cu on cu.customer_id = t.customer_id
      group by 1, 2, 3 order by 1, 2, 3`,
  );
const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, body);
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body;
};
const total = async (query: string) => (await ok('GET', `/api/transactions?${query}`)).total as number;

describe('the kept transaction counts', () => {
  it('follow every write and answer the totals of All Transactions', async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ['generation', () => ok('POST', '/api/transactions/generate', { colony: 'EAST', date: '2026-05-01' })],
      [
        'generation of another colony',
        () => ok('POST', '/api/transactions/generate', { colony: 'WEST', date: '2026-05-01' }),
      ],
      [
        'a period of deliveries',
        () =>
          ok('POST', '/api/transactions/singletransaction', {
            colony: 'EAST',
            customerId: s.east[0]!.customerId,
            productId: 'BUF',
            days: s.buf.combinationId,
            price: '70',
            transactionType: 'period',
            fromDate: '2026-05-02',
            toDate: '2026-05-04',
          }),
      ],
      [
        'an attendance change',
        async () => {
          const rows = (await ok('GET', '/api/transactions?colonyCode=EAST&date=2026-05-01')).response;
          await ok('POST', `/api/transactions/update/${rows[0].transactionId}`);
        },
      ],
      [
        'a product change',
        async () => {
          const [row] = (await ok('GET', `/api/transactions?customerId=${s.west.customerId}&productName=curd`))
            .response;
          await ok('POST', '/api/transactions/update', {
            transactionId: row.transactionId,
            productId: 'BUF',
            combinationId: s.buf.combinationId,
            price: 70,
            attendance: 1,
          });
        },
      ],
      [
        'a quantity change',
        () =>
          ok('POST', '/api/changes', {
            customerId: s.west.customerId,
            consumptionId: s.westCow.consumptionId,
            kind: 'quantity',
            quantity: '2.5',
            fromDate: '2026-05-01',
            toDate: '2026-05-01',
          }),
      ],
      [
        'a pause',
        () => ok('POST', '/api/changes', { customerId: s.east[2]!.customerId, kind: 'pause', fromDate: '2026-05-01' }),
      ],
      [
        'a delete',
        async () => {
          const rows = (await ok('GET', `/api/transactions?customerId=${s.east[1]!.customerId}`)).response;
          await ok('DELETE', '/api/transactions/delete', { ids: [rows[0].transactionId] });
        },
      ],
      [
        'a move to another colony',
        () =>
          ok('POST', '/api/users/update', {
            id: s.east[0]!.customerId,
            name: 'Moved East To West',
            contactNumber: '',
            address: 'House 1',
            colony: 'WEST',
            route: 3,
          }),
      ],
    ];
    for (const [name, step] of steps) {
      await step();
      expect(await kept(), `after ${name}`).toEqual(await counted());
    }
    // The moved customer's four deliveries of 1 May and their three buffalo milk days went along.
    expect(await total('colonyCode=west&date=2026-05-01')).toBe(4);
    expect(await total('colonyCode=EAST&monthyr=2026-05')).toBe(3);
    expect(await total('monthyr=2026-05&productName=buffalo%20milk')).toBe(4);
    expect(await total('colonyCode=WEST&monthyr=2026-05')).toBe(7);
    expect(await total('monthyr=2026-06')).toBe(0);
  });

  it('stay equal to the transactions when generation and colony moves overlap', async () => {
    // On PostgreSQL the calls really overlap: generation locks the colony's customers before it
    // writes, and a move updates the customer's row, so each sees what the other committed. The
    // order they meet in is the database's: this cannot force one interleaving, only try several.
    const movers = [s.east[1]!, s.east[2]!];
    const calls = [
      ...['2026-05-10', '2026-05-11', '2026-05-12'].map((date) =>
        t.call('POST', '/api/transactions/generate', { colony: 'EAST', date }),
      ),
      ...movers.map((c, n) =>
        t.call('POST', '/api/users/update', {
          id: c.customerId,
          name: `Moved ${n}`,
          contactNumber: '',
          address: 'House 2',
          colony: 'WEST',
          route: 4,
        }),
      ),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await kept()).toEqual(await counted());
  });
});
