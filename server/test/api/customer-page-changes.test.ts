import { changeTexts, myTexts } from '@dairy/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryChange, payment, transaction } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import { expectPageHeaders, newLink, pageOf } from '../helpers/customer-page';
import { makeColony, makeConsumption, makeCustomer, makeProduct } from '../helpers/factories';

/*
 * Changes from the customer's page (docs/rules.md section 19): section 12's rules and texts, the
 * cut-off on both sides of its time (the clock passed in) and over a month's end, the 92-day
 * bound, own consumptions and changes only, read-only when deliveries have stopped; the change is
 * an ordinary delivery change that corrects generated rows and billed months, audited as
 * `customer`; and the office sees the requests.
 */

const clock = { now: new Date('2026-11-25T19:00:00+05:30') };
const at = (local: string) => {
  clock.now = new Date(`${local}+05:30`);
};
const t = fileTestApp({ now: () => clock.now });
const db = () => t.database.db;
const s = { cow: 0, curd: 0 };

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'GK', colonyName: 'Gokul Nagar', charges: 20_00 });
  await makeColony(db(), { colonyCode: 'RV', colonyName: 'River View' });
  s.cow = (await makeProduct(db(), { productCode: 'COW', productName: 'Cow Milk', price: 60_00 })).productId;
  s.curd = (await makeProduct(db(), { productCode: 'CURD', productName: 'Curd', unit: 'kg', price: 40_00 })).productId;
});

let route = 0;
/** A customer taking 1.5 L of cow milk and 1 kg of curd every day, with a page link. */
async function household(customerName: string, colonyCode = 'GK') {
  const customer = await makeCustomer(db(), { colonyCode, customerName, route: ++route });
  const { customerId } = customer;
  const cow = await makeConsumption(db(), { customerId, productId: s.cow, quantity: 150 });
  const curd = await makeConsumption(db(), { customerId, productId: s.curd });
  const token = await newLink(t, customerId);
  return { customerId, route, cow: cow.consumptionId, curd: curd.consumptionId, token, page: pageOf(t, token) };
}

const changesOf = (customerId: number) =>
  db().select().from(deliveryChange).where(eq(deliveryChange.customerId, customerId));
const newestAudit = async () => (await db().select().from(auditLog).orderBy(desc(auditLog.auditId)).limit(1))[0]!;
const office = (body: Record<string, unknown>) => t.call('POST', '/api/changes', body);

describe('POST /api/my/:token/changes', () => {
  it('makes an ordinary delivery change, by the customer, audited as customer', async () => {
    at('2026-11-25T19:00:00');
    const asha = await household('Asha Rao');
    const made = await asha.page.add({ kind: 'pause', fromDate: '2026-11-27', toDate: '2026-11-29', reason: ' Away ' });
    expect(made.status).toBe(201);
    expectPageHeaders(made.headers);
    expect(made.body).toEqual({
      change: {
        changeId: expect.any(Number),
        customerId: asha.customerId,
        customerName: 'Asha Rao',
        colonyCode: 'GK',
        route: asha.route,
        consumptionId: null,
        productCode: null,
        productName: null,
        unit: null,
        kind: 'pause',
        quantity: null,
        fromDate: '2026-11-27',
        toDate: '2026-11-29',
        reason: 'Away',
        createdBy: 'customer',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        byCustomer: true,
      },
    });
    const [stored] = await changesOf(asha.customerId);
    expect(stored).toMatchObject({ createdBy: null, kind: 'pause', fromDate: '2026-11-27' });
    expect(await newestAudit()).toMatchObject({
      userId: null,
      username: 'customer',
      action: 'change.add',
      entity: 'change',
      entityId: String(made.body.change.changeId),
      summary: `Added a pause of every product for Asha Rao (route ${asha.route}) from 27/11/2026 to 29/11/2026`,
    });
    const trail = JSON.stringify(await db().select().from(auditLog));
    expect(trail).not.toContain(asha.token);

    // The office sees it among the changes customers made.
    const byCustomers = await t.call('GET', '/api/changes?byCustomer=true');
    expect(byCustomers.body.rows).toEqual([{ ...made.body.change }]);
    await office({ customerId: asha.customerId, consumptionId: asha.curd, kind: 'pause', fromDate: '2026-12-10' });
    expect((await t.call('GET', '/api/changes?byCustomer=true')).body.total).toBe(1);
    const all = await t.call('GET', `/api/changes?customerId=${asha.customerId}`);
    expect(all.body.rows.map((r: { createdBy: string }) => r.createdBy)).toEqual(['customer', 'admin']);
    expect((await t.call('GET', '/api/changes?byCustomer=yes')).status).toBe(400);
  });

  it('a quantity change of one consumption', async () => {
    at('2026-11-25T19:00:00');
    const bina = await household('Bina');
    const made = await bina.page.add({
      kind: 'quantity',
      consumptionId: bina.cow,
      quantity: '2.5',
      fromDate: '2026-11-28',
      toDate: '2026-12-02',
    });
    expect(made.status).toBe(201);
    expect(made.body.change).toMatchObject({ kind: 'quantity', quantity: 2.5, productCode: 'COW', unit: 'L' });
  });

  it.each([
    ['19:59', '2026-11-25T19:59:00', '2026-11-26', 201],
    ['20:00', '2026-11-25T20:00:00', '2026-11-26', 400],
    ['20:00, the day after', '2026-11-25T20:00:00', '2026-11-27', 201],
    ['23:59', '2026-11-25T23:59:00', '2026-11-26', 400],
  ])('at %s the day before, a change from %s', async (_when, moment, fromDate, status) => {
    at(moment);
    const who = await household(`Cut-off ${moment} ${fromDate}`);
    const made = await who.page.add({
      kind: 'quantity',
      consumptionId: who.cow,
      quantity: 2,
      fromDate,
      toDate: fromDate,
    });
    expect(made.status).toBe(status);
    if (status === 400) {
      expectFailure(
        made,
        400,
        'Changes for 26 November closed at 20:00 the day before. The earliest day you can change is 27 November.',
      );
      expect(made.body.errors).toEqual([{ path: 'fromDate', message: made.body.message }]);
      expect(await changesOf(who.customerId)).toEqual([]);
    }
    const page = await who.page.get();
    expect(page.body.cutoff).toEqual({
      time: '20:00',
      earliestDate: moment.endsWith('19:59:00') ? '2026-11-26' : '2026-11-27',
    });
  });

  it('over a month end: 1 December closes at 20:00 on 30 November', async () => {
    const dina = await household('Dina');
    at('2026-11-30T19:59:00');
    expect((await dina.page.add({ kind: 'pause', fromDate: '2026-12-01', toDate: '2026-12-01' })).status).toBe(201);
    at('2026-11-30T20:00:00');
    expectFailure(
      await dina.page.add({ kind: 'pause', fromDate: '2026-12-01', toDate: '2026-12-05' }),
      400,
      'Changes for 1 December closed at 20:00 the day before. The earliest day you can change is 2 December.',
    );
    expect((await dina.page.add({ kind: 'pause', fromDate: '2026-12-02', toDate: '2026-12-05' })).status).toBe(201);
  });

  it('reads the cut-off from the settings: 00:00 closes tomorrow all day', async () => {
    const ena = await household('Ena');
    const business = (await t.call('GET', '/api/settings')).body;
    expect(business.cutoffTime).toBe('20:00');
    expect((await t.call('PUT', '/api/settings', { ...business, cutoffTime: '00:00' })).status).toBe(200);
    try {
      for (const moment of ['2026-11-25T00:00:00', '2026-11-25T12:00:00', '2026-11-25T23:59:00']) {
        at(moment);
        expectFailure(
          await ena.page.add({ kind: 'pause', fromDate: '2026-11-26', toDate: '2026-11-26' }),
          400,
          'Changes for 26 November closed at 00:00 the day before. The earliest day you can change is 27 November.',
        );
        expect((await ena.page.get()).body.cutoff).toEqual({ time: '00:00', earliestDate: '2026-11-27' });
      }
    } finally {
      expect((await t.call('PUT', '/api/settings', { ...business, cutoffTime: '20:00' })).status).toBe(200);
    }
  });

  it('covers at most 92 days', async () => {
    at('2026-11-25T19:00:00');
    const farah = await household('Farah');
    const longest = await farah.page.add({ kind: 'pause', fromDate: '2026-11-27', toDate: '2027-02-26' });
    expect(longest.status).toBe(201);
    const tooLong = await farah.page.add({ kind: 'pause', fromDate: '2027-03-01', toDate: '2027-06-01' });
    expectFailure(tooLong, 400, myTexts.tooLong);
    expect(tooLong.body.errors).toEqual([{ path: 'toDate', message: myTexts.tooLong }]);
    // A pause until further notice has no end to bound.
    expect((await farah.page.add({ kind: 'pause', fromDate: '2027-03-01' })).status).toBe(201);
  });

  it("keeps section 12's rules and texts, and changes nothing when it refuses", async () => {
    at('2026-11-25T19:00:00');
    const gita = await household('Gita');
    await gita.page.add({ kind: 'pause', fromDate: '2026-12-10', toDate: '2026-12-12' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: 'pause' }, 400, changeTexts.fromDateRequired],
      [{ kind: 'pause', fromDate: '2026-12-05', toDate: '2026-12-04' }, 400, changeTexts.toBeforeFrom],
      [
        { kind: 'quantity', consumptionId: gita.cow, fromDate: '2026-12-01', toDate: '2026-12-02', quantity: 0 },
        400,
        changeTexts.quantityMin,
      ],
      [
        { kind: 'quantity', consumptionId: gita.cow, fromDate: '2026-12-01', quantity: 2 },
        400,
        changeTexts.quantityNeedsTo,
      ],
      [
        { kind: 'quantity', fromDate: '2026-12-01', toDate: '2026-12-01', quantity: 2 },
        400,
        changeTexts.quantityNeedsConsumption,
      ],
      [{ kind: 'pause', fromDate: '2026-12-01', quantity: 2 }, 400, changeTexts.pauseHasNoQuantity],
      [{ kind: 'stop', fromDate: '2026-12-01' }, 400, changeTexts.kindInvalid],
      [{ kind: 'pause', fromDate: '2026-12-01', reason: 'r'.repeat(201) }, 400, changeTexts.reasonMax],
      [{ kind: 'pause', fromDate: '2026-13-01' }, 400, 'Must be a date (YYYY-MM-DD)'],
      [{ kind: 'pause', fromDate: '2026-12-11', consumptionId: gita.curd }, 409, changeTexts.overlaps],
    ];
    for (const [body, status, message] of cases) expectFailure(await gita.page.add(body), status, message);
    expect(await changesOf(gita.customerId)).toHaveLength(1);
  });

  it("takes only the customer's own consumptions, and never a customer from the body", async () => {
    at('2026-11-25T19:00:00');
    const hema = await household('Hema');
    const other = await household('Other', 'RV');
    const before = (await db().select({ n: count() }).from(deliveryChange))[0]!.n;
    for (const consumptionId of [other.cow, 999_999])
      expectFailure(
        await hema.page.add({
          kind: 'quantity',
          consumptionId,
          quantity: 2,
          fromDate: '2026-12-01',
          toDate: '2026-12-01',
        }),
        404,
        changeTexts.consumptionNotFound,
      );
    expect((await db().select({ n: count() }).from(deliveryChange))[0]!.n).toBe(before);
    const made = await hema.page.add({ customerId: other.customerId, kind: 'pause', fromDate: '2026-12-01' });
    expect(made.status).toBe(201);
    expect(made.body.change.customerId).toBe(hema.customerId);
    expect(await changesOf(other.customerId)).toEqual([]);
  });

  it('needs the guard header, and the page answers 403 without it, changing nothing', async () => {
    at('2026-11-25T19:00:00');
    const ila = await household('Ila');
    const made = await ila.page.add({ kind: 'pause', fromDate: '2026-12-20', toDate: '2026-12-21' });
    const id = made.body.change.changeId;
    const noGuard = { 'x-requested-with': '' };
    expect((await ila.page.add({ kind: 'pause', fromDate: '2026-12-01' }, noGuard)).status).toBe(403);
    expect((await ila.page.end(id, { toDate: '2026-12-20' }, noGuard)).status).toBe(403);
    expect((await ila.page.remove(id, noGuard)).status).toBe(403);
    expect(await changesOf(ila.customerId)).toMatchObject([{ changeId: id, toDate: '2026-12-21' }]);
  });
});

describe('a change from the page corrects what was generated and billed', () => {
  const rows = async (customerId: number, productId: number) =>
    (
      await db()
        .select({
          date: transaction.transactionDate,
          attendance: transaction.attendance,
          quantity: transaction.quantity,
        })
        .from(transaction)
        .where(and(eq(transaction.customerId, customerId), eq(transaction.productId, productId)))
        .orderBy(transaction.transactionDate)
    ).map((r) => `${r.date} ${r.attendance}×${r.quantity / 100}`);
  const billOf = async (customerId: number) =>
    (await db().select().from(payment).where(eq(payment.customerId, customerId)))[0]!.totalPrice;

  it('as the office: deliveries and the month already billed follow, and back again', async () => {
    at('2026-11-25T19:00:00');
    await makeColony(db(), { colonyCode: 'GEN', colonyName: 'Generated Nagar' });
    const jaya = await household('Jaya', 'GEN');
    for (const date of ['2026-11-25', '2026-11-26', '2026-11-27'])
      expect((await t.call('POST', '/api/transactions/generate', { colony: 'GEN', date })).status).toBe(200);
    const billed = await t.call('POST', '/api/payments/generatePayments', { colony: 'GEN', month: 11, year: 2026 });
    expect(billed.status).toBe(200);
    // 3 days of 1.5 L at 60.00 and 1 kg at 40.00.
    expect(await billOf(jaya.customerId)).toBe(3 * (90_00 + 40_00));

    const pause = await jaya.page.add({
      kind: 'pause',
      consumptionId: jaya.cow,
      fromDate: '2026-11-26',
      toDate: '2026-11-27',
    });
    expect(pause.status).toBe(201);
    expect(await rows(jaya.customerId, s.cow)).toEqual(['2026-11-25 1×1.5', '2026-11-26 0×1.5', '2026-11-27 0×1.5']);
    expect(await billOf(jaya.customerId)).toBe(3 * 40_00 + 90_00);

    expect(await jaya.page.remove(pause.body.change.changeId)).toMatchObject({ status: 200, body: { deleted: 1 } });
    expect(await newestAudit()).toMatchObject({ username: 'customer', userId: null, action: 'change.delete' });
    expect(await rows(jaya.customerId, s.cow)).toEqual(['2026-11-25 1×1.5', '2026-11-26 1×1.5', '2026-11-27 1×1.5']);
    expect(await billOf(jaya.customerId)).toBe(3 * (90_00 + 40_00));

    const more = await jaya.page.add({
      kind: 'quantity',
      consumptionId: jaya.curd,
      quantity: 2,
      fromDate: '2026-11-27',
      toDate: '2026-11-27',
    });
    expect(more.status).toBe(201);
    expect(await rows(jaya.customerId, s.curd)).toEqual(['2026-11-25 1×1', '2026-11-26 1×1', '2026-11-27 1×2']);
    expect(await billOf(jaya.customerId)).toBe(3 * (90_00 + 40_00) + 40_00);

    // The route sheet marks the rows a customer's change covers.
    const sheet = await t.call('GET', '/api/today/sheet?colony=GEN&date=2026-11-27');
    expect(
      sheet.body.rows.map((r: { productCode: string; changedByCustomer: boolean }) => [
        r.productCode,
        r.changedByCustomer,
      ]),
    ).toEqual([
      ['COW', false],
      ['CURD', true],
    ]);
    const before = await t.call('GET', '/api/today/sheet?colony=GEN&date=2026-11-26');
    expect(before.body.rows.map((r: { changedByCustomer: boolean }) => r.changedByCustomer)).toEqual([false, false]);
  });
});

describe('PUT /api/my/:token/changes/:changeId', () => {
  it("resumes the office's pause early: its end moves to the day before the first open date", async () => {
    at('2026-11-25T19:00:00');
    await makeColony(db(), { colonyCode: 'PUT', colonyName: 'Put Nagar' });
    const kiran = await household('Kiran', 'PUT');
    const pause = await office({ customerId: kiran.customerId, kind: 'pause', fromDate: '2026-11-20', reason: 'Away' });
    const id = pause.body.change.changeId;
    expect((await t.call('POST', '/api/transactions/generate', { colony: 'PUT', date: '2026-11-26' })).status).toBe(
      200,
    );
    // Generated while paused: no rows on the 26th. Ending the pause, generation will make them.
    expectFailure(
      await kiran.page.end(id, { toDate: '2026-11-24' }),
      400,
      'Changes for 25 November closed at 20:00 the day before. The earliest day you can change is 26 November.',
    );
    const ended = await kiran.page.end(id, { toDate: '2026-11-25' });
    expect(ended.status).toBe(200);
    expectPageHeaders(ended.headers);
    expect(ended.body.change).toMatchObject({
      changeId: id,
      fromDate: '2026-11-20',
      toDate: '2026-11-25',
      reason: 'Away',
      createdBy: 'dairy',
      byCustomer: false,
    });
    expect(await newestAudit()).toMatchObject({
      username: 'customer',
      userId: null,
      action: 'change.update',
      summary: expect.stringContaining(`Kiran (route ${kiran.route})`),
    });
    // Still the office's change: the office sees its own author.
    expect((await t.call('GET', `/api/changes?customerId=${kiran.customerId}`)).body.rows[0]).toMatchObject({
      createdBy: 'admin',
      byCustomer: false,
      toDate: '2026-11-25',
    });
    // The same end again changes nothing.
    expect((await kiran.page.end(id, { toDate: '2026-11-25' })).status).toBe(200);
  });

  it('moves an end later within 92 days, never into closed dates, and keeps the rules of a change', async () => {
    at('2026-11-25T19:00:00');
    const lata = await household('Lata');
    const made = await lata.page.add({
      kind: 'quantity',
      consumptionId: lata.cow,
      quantity: 2,
      fromDate: '2026-11-26',
      toDate: '2026-11-26',
    });
    const id = made.body.change.changeId;
    expect((await lata.page.end(id, { toDate: '2026-12-10' })).body.change.toDate).toBe('2026-12-10');
    expectFailure(await lata.page.end(id, { toDate: '2027-02-26' }), 400, myTexts.tooLong);
    expect((await lata.page.end(id, { toDate: '2027-02-25' })).status).toBe(200);
    expectFailure(await lata.page.end(id, {}), 400, changeTexts.quantityNeedsTo);
    expectFailure(await lata.page.end(id, { toDate: '2026-11-20' }), 400, changeTexts.toBeforeFrom);
    at('2026-11-25T20:00:00');
    // The 26th has closed: the end may come back to it (the 27th is open), not before it.
    expect((await lata.page.end(id, { toDate: '2026-11-26' })).body.change.toDate).toBe('2026-11-26');
    // An office change that ended today cannot take in the 26th again.
    const ended = await office({
      customerId: lata.customerId,
      consumptionId: lata.curd,
      kind: 'quantity',
      quantity: 3,
      fromDate: '2026-11-20',
      toDate: '2026-11-25',
    });
    expectFailure(
      await lata.page.end(ended.body.change.changeId, { toDate: '2026-11-28' }),
      400,
      'Changes for 26 November closed at 20:00 the day before. The earliest day you can change is 27 November.',
    );
    // A pause of the customer's may run until further notice.
    at('2026-11-25T19:00:00');
    const pause = await lata.page.add({
      kind: 'pause',
      consumptionId: lata.curd,
      fromDate: '2026-12-01',
      toDate: '2026-12-02',
    });
    expect((await lata.page.end(pause.body.change.changeId, { toDate: null })).body.change.toDate).toBe(null);
  });

  it("answers 404 for another customer's change and for none, changing nothing", async () => {
    at('2026-11-25T19:00:00');
    const mala = await household('Mala');
    const other = await household('Other two', 'RV');
    const theirs = await other.page.add({ kind: 'pause', fromDate: '2026-12-01', toDate: '2026-12-03' });
    const id = theirs.body.change.changeId;
    expectFailure(await mala.page.end(id, { toDate: '2026-12-01' }), 404, changeTexts.notFound);
    expectFailure(await mala.page.remove(id), 404, changeTexts.notFound);
    expectFailure(await mala.page.end(999_999, { toDate: '2026-12-01' }), 404, changeTexts.notFound);
    expect((await mala.page.end(0, { toDate: '2026-12-01' })).status).toBe(400);
    expect(await changesOf(other.customerId)).toMatchObject([{ changeId: id, toDate: '2026-12-03' }]);
  });
});

describe('DELETE /api/my/:token/changes/:changeId', () => {
  it("deletes the customer's own change before it starts; not a started one, not the office's", async () => {
    at('2026-11-25T19:00:00');
    const nila = await household('Nila');
    const soon = await nila.page.add({ kind: 'pause', fromDate: '2026-11-26', toDate: '2026-11-26' });
    const later = await nila.page.add({ kind: 'pause', fromDate: '2026-12-05', toDate: '2026-12-06' });
    const theirs = await office({ customerId: nila.customerId, kind: 'pause', fromDate: '2026-12-20' });
    at('2026-11-25T20:00:00');
    expectFailure(await nila.page.remove(soon.body.change.changeId), 409, myTexts.started);
    expectFailure(await nila.page.remove(theirs.body.change.changeId), 409, myTexts.byDairy);
    const deleted = await nila.page.remove(later.body.change.changeId);
    expect(deleted).toMatchObject({ status: 200, body: { deleted: 1 } });
    expectPageHeaders(deleted.headers);
    expect((await changesOf(nila.customerId)).map((c) => c.changeId).sort()).toEqual(
      [soon.body.change.changeId, theirs.body.change.changeId].sort(),
    );
  });
});

describe('when deliveries have stopped', () => {
  it('a disabled customer reads their page and statements but changes nothing', async () => {
    at('2026-11-25T19:00:00');
    const om = await household('Om');
    const made = await om.page.add({ kind: 'pause', fromDate: '2026-12-05', toDate: '2026-12-06' });
    const id = made.body.change.changeId;
    expect((await t.call('GET', `/api/users/disable/${om.customerId}`)).status).toBe(200);
    const page = await om.page.get();
    expect(page.status).toBe(200);
    expect(page.body.statement).toMatchObject({ month: 11, year: 2026 });
    expect((await om.page.statement(10, 2026)).status).toBe(200);
    expectFailure(await om.page.add({ kind: 'pause', fromDate: '2026-12-10' }), 409, myTexts.stopped);
    expectFailure(await om.page.end(id, { toDate: '2026-12-05' }), 409, myTexts.stopped);
    expectFailure(await om.page.remove(id), 409, myTexts.stopped);
    expect(await changesOf(om.customerId)).toMatchObject([{ changeId: id, toDate: '2026-12-06' }]);
  });

  it("so has a customer of a disabled colony's", async () => {
    await makeColony(db(), { colonyCode: 'OFF', colonyName: 'Closed Colony' });
    const pia = await household('Pia', 'OFF');
    expect((await t.call('POST', '/api/colony/disable/OFF')).status).toBe(200);
    expectFailure(await pia.page.add({ kind: 'pause', fromDate: '2026-12-10' }), 409, myTexts.stopped);
    expect((await pia.page.get()).status).toBe(200);
  });
});

describe('the office sees requests', () => {
  it('Today counts per colony the changes customers made in the last 24 hours that cover the date or later', async () => {
    at('2026-11-25T19:00:00');
    await makeColony(db(), { colonyCode: 'REQ', colonyName: 'Request Nagar' });
    const one = await household('Request one', 'REQ');
    const two = await household('Request two', 'REQ');
    await one.page.add({ kind: 'pause', fromDate: '2026-11-27', toDate: '2026-11-28' });
    await two.page.add({ kind: 'pause', fromDate: '2026-11-26', toDate: '2026-11-26' });
    const old = await two.page.add({ kind: 'pause', fromDate: '2026-12-01', toDate: '2026-12-02' });
    await office({ customerId: one.customerId, kind: 'pause', fromDate: '2026-12-10' });
    // Made 25 hours before the clock: no longer a request.
    await db()
      .update(deliveryChange)
      .set({ createdAt: new Date(clock.now.getTime() - 25 * 3600_000) })
      .where(eq(deliveryChange.changeId, old.body.change.changeId));
    const requests = async (date: string) => {
      const day = await t.call('GET', `/api/today?date=${date}`);
      const colony = day.body.colonies.find((c: { colonyCode: string }) => c.colonyCode === 'REQ');
      return { colony: colony.requests, totals: day.body.totals.requests };
    };
    const onThe26th = await requests('2026-11-26');
    expect(onThe26th.colony).toBe(2);
    expect((await requests('2026-11-27')).colony).toBe(1);
    expect((await requests('2026-11-29')).colony).toBe(0);
    // The totals add every colony's.
    const day = await t.call('GET', '/api/today?date=2026-11-26');
    const sum = day.body.colonies.reduce((n: number, c: { requests: number }) => n + c.requests, 0);
    expect(onThe26th.totals).toBe(sum);
    expect(
      (
        await db()
          .select({ n: count() })
          .from(deliveryChange)
          .where(and(isNull(deliveryChange.createdBy), sql`${deliveryChange.createdAt} > now() - interval '24 hours'`))
      )[0]!.n,
    ).toBeGreaterThanOrEqual(sum);
  });
});
