import { calendarDateIn, paymentTexts } from '@dairy/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, receipt, transaction } from '../../src/db/schema';
import { idempotencyTexts } from '../../src/idempotency';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeTransaction } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';
import { newCustomer, seedColony } from './payment-fixtures';

/**
 * What a phone that was offline sends when the signal returns (docs/rules.md section 20): route
 * sheet saves with an Idempotency-Key, receipts with the time they were taken.
 */

const t = fileTestApp();
const db = () => t.database.db;
const ZONE = 'Asia/Kolkata';
const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

async function seedRows(count = 2) {
  const seed = await seedColony(db());
  const c = await newCustomer(db(), seed);
  const ids: number[] = [];
  for (let d = 1; d <= count; d++) {
    const row = await makeTransaction(db(), {
      customerId: c.customerId,
      productId: seed.milk.productId,
      combinationId: seed.daily.combinationId,
      transactionDate: `2026-06-${String(d).padStart(2, '0')}`,
      price: seed.milk.price,
    });
    ids.push(row.transactionId);
  }
  return { seed, customer: c, ids };
}

const mark = (changes: unknown, key?: string, cookie = t.cookie) =>
  t.inject({
    method: 'POST',
    url: '/api/transactions/attendance',
    headers: {
      'x-requested-with': 'fetch',
      cookie: cookie ?? '',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: { changes } as object,
  });

async function attendanceOf(ids: number[]) {
  const rows = await db()
    .select({ id: transaction.transactionId, attendance: transaction.attendance })
    .from(transaction)
    .where(inArray(transaction.transactionId, ids));
  return new Map(rows.map((r) => [r.id, r.attendance]));
}

const attendanceAudits = () =>
  db().select().from(auditLog).where(eq(auditLog.action, 'transaction.attendance')).orderBy(auditLog.auditId);

describe('POST /api/transactions/attendance with an Idempotency-Key', () => {
  it('a save sent again after a lost answer answers the first answer and records nothing', async () => {
    const { ids } = await seedRows();
    const audits = (await attendanceAudits()).length;
    const body = ids.map((id) => ({ transactionId: id, attendance: 0 }));
    const first = await mark(body, 'sheet-once');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ updated: 2 });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Someone ticks the first row again meanwhile; the replay must not undo that.
    expect((await mark([{ transactionId: ids[0], attendance: 1 }])).statusCode).toBe(200);
    const again = await mark(body, 'sheet-once');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ updated: 2 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await attendanceOf(ids)).toEqual(
      new Map([
        [ids[0], 1],
        [ids[1], 0],
      ]),
    );
    expect((await attendanceAudits()).length).toBe(audits + 2);
  });

  it('refuses the key with another body (409) and changes nothing', async () => {
    const { ids } = await seedRows();
    expect((await mark([{ transactionId: ids[0], attendance: 0 }], 'sheet-reused')).statusCode).toBe(200);
    const other = await mark([{ transactionId: ids[1], attendance: 0 }], 'sheet-reused');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(idempotencyTexts.keyReused);
    expect((await attendanceOf(ids)).get(ids[1]!)).toBe(1);
  });

  it("another user's same key is a new save", async () => {
    const { ids } = await seedRows();
    expect((await mark([{ transactionId: ids[0], attendance: 0 }], 'sheet-shared')).json()).toEqual({ updated: 1 });
    const olga = await signedInAs(t, 'olga-sheet', 'operator');
    const hers = await mark([{ transactionId: ids[0], attendance: 1 }], 'sheet-shared', olga.cookie);
    expect(hers.statusCode).toBe(200);
    expect(hers.json()).toEqual({ updated: 1 });
    expect(hers.headers['idempotent-replayed']).toBeUndefined();
    expect((await attendanceOf(ids)).get(ids[0]!)).toBe(1);
  });

  it('refuses a key longer than 200 characters (400) and changes nothing', async () => {
    const { ids } = await seedRows();
    const res = await mark([{ transactionId: ids[0], attendance: 0 }], 'k'.repeat(201));
    expectFailure({ status: res.statusCode, body: res.json() }, 400, idempotencyTexts.keyInvalid);
    expect((await attendanceOf(ids)).get(ids[0]!)).toBe(1);
  });

  it('a row deleted meanwhile: 404 with its message, and the key is not spent', async () => {
    const { ids } = await seedRows();
    await db().delete(transaction).where(eq(transaction.transactionId, ids[1]!));
    const res = await mark(
      ids.map((id) => ({ transactionId: id, attendance: 0 })),
      'sheet-gone',
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Transaction not found');
    expect((await attendanceOf(ids)).get(ids[0]!)).toBe(1);
    // The refused save left no kept answer: the same key with the row that remains records.
    const kept = await mark([{ transactionId: ids[0], attendance: 0 }], 'sheet-gone');
    expect(kept.statusCode).toBe(200);
  });

  it('two collectors offline on one colony: both sets arrive, the last tick wins, the trail shows both', async () => {
    const { seed, ids } = await seedRows(3);
    const code = seed.colony.colonyCode;
    const ravi = await signedInAs(t, 'ravi-road', 'collector', [code]);
    const sita = await signedInAs(t, 'sita-road', 'collector', [code]);
    const before = (await attendanceAudits()).length;
    const fromRavi = await mark(
      [
        { transactionId: ids[0], attendance: 0 },
        { transactionId: ids[1], attendance: 0 },
      ],
      'ravi-1',
      ravi.cookie,
    );
    const fromSita = await mark(
      [
        { transactionId: ids[1], attendance: 1 },
        { transactionId: ids[2], attendance: 0 },
      ],
      'sita-1',
      sita.cookie,
    );
    expect([fromRavi.statusCode, fromSita.statusCode]).toEqual([200, 200]);
    expect(await attendanceOf(ids)).toEqual(
      new Map([
        [ids[0], 0],
        [ids[1], 1],
        [ids[2], 0],
      ]),
    );
    const trail = (await attendanceAudits()).slice(before);
    expect(trail.map((a) => a.username)).toEqual(['ravi-road', 'sita-road']);
  });
});

async function customerToPay() {
  const seed = await seedColony(db());
  return newCustomer(db(), seed);
}

const receive = (body: object, key?: string) =>
  t.inject({
    method: 'PATCH',
    url: '/api/payments/receivingPaymentsForm',
    headers: {
      'x-requested-with': 'fetch',
      cookie: t.cookie ?? '',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });

const receiptsOf = (customerId: number) =>
  db().select().from(receipt).where(eq(receipt.customerId, customerId)).orderBy(receipt.receiptId);

const collectedOn = async (date: string) => (await t.call('GET', `/api/today?date=${date}`)).body.totals.collected;

/** An instant `ms` before now, as a phone in India writes it (with its +05:30 offset). */
function indiaTime(msAgo: number): string {
  const at = new Date(Date.now() - msAgo);
  const local = new Date(at.getTime() + 5.5 * HOUR).toISOString().slice(0, 19);
  return `${local}+05:30`;
}

describe('takenAt on receipts', () => {
  it('dates the receipt by the time it was taken in the business time zone; Today counts it there', async () => {
    const c = await customerToPay();
    const takenAt = indiaTime(2 * DAY_MS);
    const takenDate = calendarDateIn(ZONE, new Date(takenAt));
    const todayDate = calendarDateIn(ZONE, new Date());
    const takenBefore = await collectedOn(takenDate);
    const todayBefore = await collectedOn(todayDate);
    const res = await receive({
      customerId: c.customerId,
      month: 5,
      year: 2026,
      receivingPayment: 300,
      paymentMode: 'positive',
      takenAt,
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await receiptsOf(c.customerId);
    expect(stored!.takenAt.getTime()).toBe(Date.parse(takenAt));
    expect(Date.now() - stored!.receivedAt.getTime()).toBeLessThan(60_000);
    expect(await collectedOn(takenDate)).toBe(takenBefore + 300);
    expect(await collectedOn(todayDate)).toBe(todayBefore);
    // The audit row is when it arrived; its summary and record say when it was taken.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'receipt.add'), eq(auditLog.entityId, String(stored!.receiptId))));
    const shown = `${takenDate.split('-').reverse().join('/')} ${takenAt.slice(11, 16)}`;
    expect(audit!.summary).toContain(`; taken ${shown}`);
    expect(audit!.after).toMatchObject({ takenAt: stored!.takenAt.toISOString(), receivedAt: expect.any(String) });
  });

  it('without takenAt a receipt is taken when it arrives, and the summary says nothing more', async () => {
    const c = await customerToPay();
    const res = await receive({
      customerId: c.customerId,
      month: 5,
      year: 2026,
      receivingPayment: 10,
      paymentMode: 'positive',
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await receiptsOf(c.customerId);
    expect(stored!.takenAt.getTime()).toBe(stored!.receivedAt.getTime());
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(stored!.receiptId)));
    expect(audit!.summary).not.toContain('taken');
  });

  it.each([
    ['8 days old', () => indiaTime(8 * DAY_MS)],
    ['an hour ahead', () => indiaTime(-HOUR)],
    ['without an offset', () => indiaTime(HOUR).slice(0, 19)],
    ['not a time', () => 'yesterday'],
    ['a number', () => 1_700_000_000_000],
  ])('refuses a takenAt %s (400) and records nothing', async (_, takenAt) => {
    const c = await customerToPay();
    const body = { customerId: c.customerId, month: 5, year: 2026, receivingPayment: 10, paymentMode: 'positive' };
    const res = await receive({ ...body, takenAt: takenAt() });
    expectFailure({ status: res.statusCode, body: res.json() }, 400, paymentTexts.takenAtRange);
    expect(res.json().message).toBe('The time the payment was taken must be within the last 7 days.');
    expect(await receiptsOf(c.customerId)).toHaveLength(0);
  });

  it('accepts a takenAt 6 days old and one a minute ahead (a phone clock running fast)', async () => {
    const c = await customerToPay();
    const body = { customerId: c.customerId, month: 5, year: 2026, receivingPayment: 10, paymentMode: 'positive' };
    expect((await receive({ ...body, takenAt: indiaTime(6 * DAY_MS) })).statusCode).toBe(200);
    expect((await receive({ ...body, takenAt: indiaTime(-60_000) })).statusCode).toBe(200);
    expect(await receiptsOf(c.customerId)).toHaveLength(2);
  });

  it('a replay with takenAt answers the first answer; the key with another takenAt is refused', async () => {
    const c = await customerToPay();
    const takenAt = indiaTime(3 * HOUR);
    const body = {
      customerId: c.customerId,
      month: 5,
      year: 2026,
      receivingPayment: 40,
      paymentMode: 'positive',
      takenAt,
    };
    const first = await receive(body, 'taken-once');
    const again = await receive(body, 'taken-once');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await receive({ ...body, takenAt: indiaTime(4 * HOUR) }, 'taken-once');
    expect(other.statusCode).toBe(409);
    expect(await receiptsOf(c.customerId)).toHaveLength(1);
  });
});

describe('takenAt on each receiveMany entry', () => {
  const receiveMany = (body: object, key?: string) =>
    t.inject({
      method: 'POST',
      url: '/api/payments/receiveMany',
      headers: {
        'x-requested-with': 'fetch',
        cookie: t.cookie ?? '',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });

  it('records each entry at its own taken time and counts it on that date', async () => {
    const seed = await seedColony(db());
    const a = await newCustomer(db(), seed);
    const b = await newCustomer(db(), seed);
    const early = indiaTime(3 * DAY_MS);
    const earlyDate = calendarDateIn(ZONE, new Date(early));
    const before = await collectedOn(earlyDate);
    const res = await receiveMany({
      month: 5,
      year: 2026,
      entries: [
        { customerId: a.customerId, amount: 100, takenAt: early },
        { customerId: b.customerId, amount: 50 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 2, total: 150 });
    const [ofA] = await receiptsOf(a.customerId);
    const [ofB] = await receiptsOf(b.customerId);
    expect(ofA!.takenAt.getTime()).toBe(Date.parse(early));
    expect(ofB!.takenAt.getTime()).toBe(ofB!.receivedAt.getTime());
    expect(await collectedOn(earlyDate)).toBe(before + 100);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'receipt.addMany'))
      .orderBy(desc(auditLog.auditId))
      .limit(1);
    expect(audit!.summary).toContain(`; taken ${earlyDate.split('-').reverse().join('/')} ${early.slice(11, 16)}`);
  });

  it('one entry taken too long ago: 400 naming its row, nothing recorded', async () => {
    const seed = await seedColony(db());
    const a = await newCustomer(db(), seed);
    const b = await newCustomer(db(), seed);
    const res = await receiveMany({
      month: 5,
      year: 2026,
      entries: [
        { customerId: a.customerId, amount: 100, takenAt: indiaTime(HOUR) },
        { customerId: b.customerId, amount: 50, takenAt: indiaTime(9 * DAY_MS) },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row 2: The time the payment was taken must be within the last 7 days.');
    expect(res.json().errors[0].path).toBe('entries.1.takenAt');
    expect(await receiptsOf(a.customerId)).toHaveLength(0);
  });

  it('a replay answers the first answer; the key with another body is refused (409)', async () => {
    const seed = await seedColony(db());
    const a = await newCustomer(db(), seed);
    const body = {
      month: 5,
      year: 2026,
      entries: [{ customerId: a.customerId, amount: 70, takenAt: indiaTime(HOUR) }],
    };
    const first = await receiveMany(body, 'many-taken');
    const again = await receiveMany(body, 'many-taken');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await receiveMany({ ...body, entries: [{ customerId: a.customerId, amount: 71 }] }, 'many-taken');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(idempotencyTexts.keyReused);
    expect(await receiptsOf(a.customerId)).toHaveLength(1);
  });
});
