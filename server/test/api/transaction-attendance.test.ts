import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transaction } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import {
  lastActiveOf,
  makeColony,
  makeCombination,
  makeCustomer,
  makeProduct,
  makeTransaction,
} from '../helpers/factories';

/** POST /api/transactions/attendance (docs/rules.md section 13): the route sheet's Save. */

const t = fileTestApp();

const db = () => t.database.db;

async function seed() {
  const daily = await makeCombination(db(), 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  const milk = await makeProduct(db(), { combinationId: daily.combinationId, price: 5000 });
  const colony = await makeColony(db());
  const asha = await makeCustomer(db(), { colonyCode: colony.colonyCode });
  const bala = await makeCustomer(db(), { colonyCode: colony.colonyCode });
  const row = (customerId: number, transactionDate: string) =>
    makeTransaction(db(), {
      customerId,
      productId: milk.productId,
      combinationId: daily.combinationId,
      transactionDate,
      price: milk.price,
    });
  const rows = {
    asha1: await row(asha.customerId, '2026-06-01'),
    asha2: await row(asha.customerId, '2026-06-02'),
    bala1: await row(bala.customerId, '2026-06-01'),
    bala2: await row(bala.customerId, '2026-06-02'),
  };
  return { asha, bala, ...rows };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

const mark = (changes: unknown) => t.call('POST', '/api/transactions/attendance', { changes });

async function stored(ids: number[]) {
  const rows = await db()
    .select({ id: transaction.transactionId, attendance: transaction.attendance, version: transaction.version })
    .from(transaction)
    .where(inArray(transaction.transactionId, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const lastActive = (customerId: number) => lastActiveOf(db(), customerId);

describe('POST /api/transactions/attendance', () => {
  it('sets every row sent, keeps last_active right and counts the rows it changed', async () => {
    const res = await mark([
      { transactionId: s.asha2.transactionId, attendance: 0 },
      { transactionId: s.bala1.transactionId, attendance: '0' },
      { transactionId: s.bala2.transactionId, attendance: 1 },
    ]);
    expect(res.status).toBe(200);
    // Bala's 2 June was delivered already: left as it was.
    expect(res.body).toEqual({ updated: 2 });
    const rows = await stored([s.asha2.transactionId, s.bala1.transactionId, s.bala2.transactionId]);
    expect(rows.get(s.asha2.transactionId)!.attendance).toBe(0);
    expect(rows.get(s.bala1.transactionId)!.attendance).toBe(0);
    expect(rows.get(s.bala2.transactionId)!).toMatchObject({ attendance: 1, version: s.bala2.version });
    expect(await lastActive(s.asha.customerId)).toBe('2026-06-01');
    expect(await lastActive(s.bala.customerId)).toBe('2026-06-02');

    const back = await mark([{ transactionId: s.asha2.transactionId, attendance: true }]);
    expect(back.body).toEqual({ updated: 1 });
    expect(await lastActive(s.asha.customerId)).toBe('2026-06-02');
  });

  it('a save that changes nothing answers 0 and leaves no audit row', async () => {
    const [row] = await db()
      .select({ attendance: transaction.attendance })
      .from(transaction)
      .where(eq(transaction.transactionId, s.asha1.transactionId));
    const trail = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const before = await trail();
    const res = await mark([{ transactionId: s.asha1.transactionId, attendance: row!.attendance }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 0 });
    expect(await trail()).toBe(before);
    const changed = await mark([{ transactionId: s.asha1.transactionId, attendance: row!.attendance === 1 ? 0 : 1 }]);
    expect(changed.body).toEqual({ updated: 1 });
    expect(await trail()).toBe(before + 1);
    await mark([{ transactionId: s.asha1.transactionId, attendance: row!.attendance }]);
  });

  it('an unknown id: 404 and nothing saved', async () => {
    const before = await stored([s.asha1.transactionId]);
    const res = await mark([
      { transactionId: s.asha1.transactionId, attendance: 0 },
      { transactionId: 999_999, attendance: 0 },
    ]);
    expectFailure(res, 404, 'Transaction not found');
    expect(await stored([s.asha1.transactionId])).toEqual(before);
  });

  it('refuses an empty list, a missing list, bad values and a row sent twice (400), saving nothing', async () => {
    const before = await stored([s.asha1.transactionId, s.bala1.transactionId]);
    const cases: [unknown, string, string][] = [
      [[], 'changes', 'Send at least one change.'],
      [undefined, 'changes', 'Send at least one change.'],
      [[{ transactionId: s.asha1.transactionId, attendance: 2 }], 'changes.0.attendance', 'Must be 1 or 0'],
      [[{ transactionId: 'abc', attendance: 1 }], 'changes.0.transactionId', 'Must be a valid id'],
      [
        [
          { transactionId: s.asha1.transactionId, attendance: 0 },
          { transactionId: s.asha1.transactionId, attendance: 1 },
        ],
        'changes.1.transactionId',
        'Each transaction may appear once.',
      ],
    ];
    for (const [changes, path, message] of cases) {
      const res = await t.call('POST', '/api/transactions/attendance', changes === undefined ? {} : { changes });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ path, message });
    }
    expect(await stored([s.asha1.transactionId, s.bala1.transactionId])).toEqual(before);
  });

  it('two saves at once over the same customers both land (customers locked in id order)', async () => {
    const [a, b] = await Promise.all([
      mark([
        { transactionId: s.bala1.transactionId, attendance: 1 },
        { transactionId: s.asha1.transactionId, attendance: 0 },
      ]),
      mark([
        { transactionId: s.asha2.transactionId, attendance: 0 },
        { transactionId: s.bala2.transactionId, attendance: 0 },
      ]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await stored([
      s.asha1.transactionId,
      s.asha2.transactionId,
      s.bala1.transactionId,
      s.bala2.transactionId,
    ]);
    expect([...rows.values()].map((r) => [r.id, r.attendance]).sort((x, y) => x[0]! - y[0]!)).toEqual(
      [
        [s.asha1.transactionId, 0],
        [s.asha2.transactionId, 0],
        [s.bala1.transactionId, 1],
        [s.bala2.transactionId, 0],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect(await lastActive(s.asha.customerId)).toBeNull();
    expect(await lastActive(s.bala.customerId)).toBe('2026-06-01');
  });

  it('the single toggle still flips and answers the new attendance', async () => {
    const res = await t.call('POST', `/api/transactions/update/${s.asha1.transactionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Attendance updated successfully.', attendance: 1 });
    expect(await lastActive(s.asha.customerId)).toBe('2026-06-01');
    expect((await t.call('POST', '/api/transactions/update/999999')).status).toBe(404);
  });

  it('needs the guard header', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/transactions/attendance',
      headers: t.cookie ? { cookie: t.cookie } : {},
      payload: { changes: [{ transactionId: s.asha1.transactionId, attendance: 0 }] },
    });
    expect(res.statusCode).toBe(403);
  });
});
