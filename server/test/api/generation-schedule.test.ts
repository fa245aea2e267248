import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { auditLog, customer, transaction } from '../../src/db/schema';
import { type GenerationSettings, startGenerationSchedule } from '../../src/modules/transaction/generation-schedule';
import { fileTestApp } from '../helpers/app';
import { freshDatabase } from '../helpers/database';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../helpers/factories';

/**
 * Daily generation (docs/rules.md section 23): at GENERATE_AT in the business time zone, and at
 * start once that time has passed while today still has deliveries to generate, the server
 * generates today for every active colony as Generate all does, one audit row as `system`. The
 * clock is passed in: nothing waits for 03:00.
 */

const t = fileTestApp();
const db = () => t.database.db;
const silent = { info() {}, error() {} };
const SETTINGS = { generateAt: '03:00', businessTz: 'Asia/Kolkata' };

/** An instant given as a wall-clock time in India (UTC+05:30). */
const inIndia = (dateTime: string) => new Date(`${dateTime}:00+05:30`);

/** Green Park (Asha: cow milk and curd; Bala: cow milk), Lake View (Chitra: buffalo milk), Old Town disabled. */
beforeAll(async () => {
  const { cow, buf, curd } = await makeMilkAndCurd(db());
  await makeColony(db(), { colonyCode: 'GP', colonyName: 'Green Park' });
  await makeColony(db(), { colonyCode: 'LV', colonyName: 'Lake View' });
  await makeColony(db(), { colonyCode: 'OT', colonyName: 'Old Town', disable: 1 });
  const take = async (colonyCode: string, customerName: string, products: { productId: number }[]) => {
    const c = await makeCustomer(db(), { colonyCode, customerName });
    for (const p of products) await makeConsumption(db(), { customerId: c.customerId, productId: p.productId });
  };
  await take('GP', 'Asha', [cow, curd]);
  await take('GP', 'Bala', [cow]);
  await take('LV', 'Chitra', [buf]);
  await take('OT', 'Dev', [cow]);
});

/** The rows of a date per colony, e.g. { GP: 3, LV: 1 }. */
async function rowsOn(date: string) {
  const rows = await db()
    .select({ colonyCode: customer.colonyCode, n: count() })
    .from(transaction)
    .innerJoin(customer, eq(customer.customerId, transaction.customerId))
    .where(eq(transaction.transactionDate, date))
    .groupBy(customer.colonyCode)
    .orderBy(asc(customer.colonyCode));
  return Object.fromEntries(rows.map((r) => [r.colonyCode, r.n]));
}

const generations = () =>
  db().select().from(auditLog).where(eq(auditLog.action, 'transaction.generateAll')).orderBy(asc(auditLog.auditId));

/** Starts the schedule at `at` and waits for its generation at start (if any); stopped after. */
async function startAt(at: Date, settings: GenerationSettings = SETTINGS) {
  const schedule = startGenerationSchedule(db(), settings, silent, () => at);
  await schedule.started;
  schedule.stop();
  return schedule;
}

describe('the daily generation', () => {
  it('is set for GENERATE_AT every day in the business time zone', () => {
    const schedule = startGenerationSchedule(db(), SETTINGS, silent, () => inIndia('2026-06-01T01:00'));
    try {
      // 03:00 in India is 21:30 UTC the evening before.
      expect(schedule.job!.nextRun(inIndia('2026-06-01T01:00'))!.toISOString()).toBe('2026-05-31T21:30:00.000Z');
      expect(schedule.job!.nextRun(inIndia('2026-06-01T03:01'))!.toISOString()).toBe('2026-06-01T21:30:00.000Z');
    } finally {
      schedule.stop();
    }
  });

  it('generates today for every active colony when it runs, as Generate all does, one audit row as system', async () => {
    const before = (await generations()).length;
    let clock = inIndia('2026-06-02T02:59');
    const schedule = startGenerationSchedule(db(), SETTINGS, silent, () => clock);
    try {
      await schedule.started;
      expect(await rowsOn('2026-06-02')).toEqual({});
      clock = inIndia('2026-06-02T03:00');
      await schedule.job!.trigger();
      // Run again the same day: nothing left, nothing written.
      await schedule.job!.trigger();
    } finally {
      schedule.stop();
    }
    expect(await rowsOn('2026-06-02')).toEqual({ GP: 3, LV: 1 });
    const rows = await generations();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      userId: null,
      username: 'system',
      entity: 'transaction',
      summary: 'Generated 4 transactions for 2 colonies on 02/06/2026',
    });

    // What Generate all makes of another day, for comparison: the same rows.
    const generateAll = await t.call('POST', '/api/transactions/generateAll', { date: '2026-06-05' });
    expect(generateAll.status).toBe(200);
    expect(await rowsOn('2026-06-05')).toEqual(await rowsOn('2026-06-02'));
  });

  it('catches up at start once the time has passed and today is not generated, and only then', async () => {
    // Before 03:00: the day waits for its run.
    await startAt(inIndia('2026-06-03T02:59'));
    expect(await rowsOn('2026-06-03')).toEqual({});

    // Started at 07:15 with nothing generated: today is generated at once.
    const before = (await generations()).length;
    await startAt(inIndia('2026-06-03T07:15'));
    expect(await rowsOn('2026-06-03')).toEqual({ GP: 3, LV: 1 });
    expect((await generations()).length).toBe(before + 1);

    // Started again the same day: nothing left to generate, nothing done, no audit row.
    await startAt(inIndia('2026-06-03T11:00'));
    expect((await generations()).length).toBe(before + 1);
    expect(await rowsOn('2026-06-03')).toEqual({ GP: 3, LV: 1 });
  });

  it('at start, generates the colonies an operator has not yet generated by hand', async () => {
    expect((await t.call('POST', '/api/transactions/generate', { colony: 'GP', date: '2026-06-04' })).status).toBe(200);
    expect(await rowsOn('2026-06-04')).toEqual({ GP: 3 });
    await startAt(inIndia('2026-06-04T09:00'));
    expect(await rowsOn('2026-06-04')).toEqual({ GP: 3, LV: 1 });
    const last = (await generations()).at(-1)!;
    expect(last.username).toBe('system');
    expect(last.summary).toBe('Generated 1 transaction for 2 colonies on 04/06/2026');
  });

  it('does nothing with GENERATE_AT=off', async () => {
    const schedule = await startAt(inIndia('2026-06-06T10:00'), { generateAt: undefined, businessTz: 'Asia/Kolkata' });
    expect(schedule.job).toBeUndefined();
    expect(await rowsOn('2026-06-06')).toEqual({});
  });

  it('a failed run is logged and the server goes on', async () => {
    const errors: string[] = [];
    const log = { info() {}, error: (_: object, message: string) => errors.push(message) };
    // A database that is gone (closed) fails every statement.
    const gone = await freshDatabase();
    await gone.close();
    const schedule = startGenerationSchedule(gone.db, SETTINGS, log, () => inIndia('2026-06-07T08:00'));
    try {
      await schedule.started;
      await schedule.job!.trigger();
    } finally {
      schedule.stop();
    }
    expect(errors).toEqual(['start generation of 2026-06-07 failed', 'daily generation of 2026-06-07 failed']);
  });
});

describe('GENERATE_AT', () => {
  it('defaults to 03:00, reads a time of day, off turns it off, and refuses anything else', () => {
    expect(loadConfig({}).generateAt).toBe('03:00');
    expect(loadConfig({ GENERATE_AT: '4:30' }).generateAt).toBe('04:30');
    expect(loadConfig({ GENERATE_AT: 'off' }).generateAt).toBeUndefined();
    expect(loadConfig({ GENERATE_AT: 'OFF' }).generateAt).toBeUndefined();
    for (const value of ['25:00', '3', 'dawn'])
      expect(() => loadConfig({ GENERATE_AT: value })).toThrow(
        `GENERATE_AT must be a time of day like 03:00, or off, not ${value}`,
      );
  });
});
