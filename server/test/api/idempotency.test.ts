import { receivePaymentResponse } from '@dairy/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKey, receipt } from '../../src/db/schema';
import { idempotencyTexts } from '../../src/idempotency';
import { expectFailure, fileTestApp } from '../helpers/app';
import { signedInAs } from '../helpers/staff';
import { expectLedgerConsistent, newCustomer, seedColony } from './payment-fixtures';

const t = fileTestApp();

const db = () => t.database.db;
const URL = '/api/payments/receivingPaymentsForm';

/** PATCH receivingPaymentsForm as the web app sends it, with an Idempotency-Key when given. */
async function receive(body: object, key?: string) {
  const response = await t.inject({
    method: 'PATCH',
    url: URL,
    headers: {
      'x-requested-with': 'fetch',
      cookie: t.cookie,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const receiptsOf = (customerId: number) => db().select().from(receipt).where(eq(receipt.customerId, customerId));

async function customerWithBill() {
  const seed = await seedColony(db());
  const c = await newCustomer(db(), seed, { openingBalance: 100_00 });
  return {
    customerId: c.customerId,
    body: (amount: number | string = 250) => ({
      customerId: c.customerId,
      month: 0,
      year: 2026,
      receivingPayment: amount,
      paymentMode: 'positive',
    }),
  };
}

describe('PATCH /payments/receivingPaymentsForm with an Idempotency-Key', () => {
  it('records the same request once and answers it again with the first answer', async () => {
    const c = await customerWithBill();
    const first = await receive(c.body(), 'key-once');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ msg: 'Successfully Received Amount', customer: { paid: 250, due: -150 } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await receive(c.body(), 'key-once');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await receiptsOf(c.customerId)).toHaveLength(1);
    await expectLedgerConsistent(db(), [c.customerId]);
  });

  it('answers the first answer even after later receipts changed the figures', async () => {
    const c = await customerWithBill();
    const first = await receive(c.body(100), 'key-then-more');
    expect((await receive(c.body(50))).status).toBe(200);
    const again = await receive(c.body(100), 'key-then-more');
    expect(again.body).toEqual(first.body);
    expect((await receiptsOf(c.customerId)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([50_00, 100_00]);
  });

  it('reads the request as validated: "250" and 250.00 are the same payment', async () => {
    const c = await customerWithBill();
    const first = await receive(c.body('250'), 'key-spelling');
    const again = await receive(c.body(250.0), 'key-spelling');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await receiptsOf(c.customerId)).toHaveLength(1);
  });

  it('refuses the key with another request (409) and records nothing', async () => {
    const c = await customerWithBill();
    await receive(c.body(250), 'key-reused');
    for (const other of [c.body(251), { ...c.body(250), paymentMode: 'negative' }, { ...c.body(250), month: 1 }]) {
      const response = await receive(other, 'key-reused');
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: idempotencyTexts.keyReused });
    }
    expect(await receiptsOf(c.customerId)).toHaveLength(1);
  });

  it('records each request of its own without a key, and of different keys', async () => {
    const c = await customerWithBill();
    await receive(c.body());
    await receive(c.body());
    await receive(c.body(), 'key-a');
    await receive(c.body(), 'key-b');
    expect(await receiptsOf(c.customerId)).toHaveLength(4);
    await expectLedgerConsistent(db(), [c.customerId]);
  });

  it('records once when the same key arrives several times at the same moment', async () => {
    const c = await customerWithBill();
    const answers = await Promise.all(Array.from({ length: 6 }, () => receive(c.body(75), 'key-at-once')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await receiptsOf(c.customerId)).toHaveLength(1);
    await expectLedgerConsistent(db(), [c.customerId]);
  });

  it('keeps no key when the call fails, so the same key may be sent again', async () => {
    const c = await customerWithBill();
    const unknown = await receive({ ...c.body(), customerId: 999_999 }, 'key-failed');
    expect(unknown.status).toBe(404);
    const invalid = await receive(c.body('abc'), 'key-failed');
    expect(invalid.status).toBe(400);
    expect(await db().select().from(idempotencyKey).where(eq(idempotencyKey.key, 'key-failed'))).toEqual([]);
    expect((await receive(c.body(), 'key-failed')).status).toBe(200);
    expect(await receiptsOf(c.customerId)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['longer than 200 characters', 'k'.repeat(201)],
  ])('refuses a key that is %s (400) and records nothing', async (_name, key) => {
    const c = await customerWithBill();
    const response = await receive(c.body(), key);
    expectFailure(response, 400, idempotencyTexts.keyInvalid);
    expect(await receiptsOf(c.customerId)).toEqual([]);
  });

  it('forgets keys after 7 days, removing them when the next keyed call comes', async () => {
    const c = await customerWithBill();
    await receive(c.body(10), 'key-old');
    await receive(c.body(20), 'key-recent');
    await db()
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(idempotencyKey.key, 'key-old'));
    await db()
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '6 days 23 hours'` })
      .where(eq(idempotencyKey.key, 'key-recent'));
    // A forgotten key is a new request: it records again, with another body too.
    expect((await receive(c.body(30), 'key-old')).status).toBe(200);
    expect((await receive(c.body(20), 'key-recent')).headers['idempotent-replayed']).toBe('true');
    expect((await receiptsOf(c.customerId)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([10_00, 20_00, 30_00]);
    const [old] = await db().select().from(idempotencyKey).where(eq(idempotencyKey.key, 'key-old'));
    expect(old!.requestPath).toBe(URL);
  });

  it('stores the key, the request path and the answer with the receipt', async () => {
    const c = await customerWithBill();
    const first = await receive(c.body(5), 'key-stored');
    const [row] = await db().select().from(idempotencyKey).where(eq(idempotencyKey.key, 'key-stored'));
    // The answer is kept as the route gave it (paise) and encoded again when replayed.
    expect(row).toMatchObject({
      requestPath: URL,
      statusCode: 200,
      response: receivePaymentResponse.parse(first.body),
    });
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("belongs to the user who sent it: another user's same key is a new call", async () => {
    const c = await customerWithBill();
    const first = await receive(c.body(40), 'key-shared');
    expect(first.status).toBe(200);
    const olga = await signedInAs(t, 'olga-keys', 'operator');
    const asOlga = (body: object) =>
      t.inject({
        method: 'PATCH',
        url: URL,
        headers: { 'x-requested-with': 'fetch', cookie: olga.cookie, 'idempotency-key': 'key-shared' },
        payload: body,
      });
    // The same request under her own key: recorded, not the first user's answer replayed.
    const same = await asOlga(c.body(40));
    expect(same.statusCode).toBe(200);
    expect(same.headers['idempotent-replayed']).toBeUndefined();
    expect(same.json().customer.paid).toBe(80);
    // Another request under it: hers, not a reuse of someone else's key.
    expect((await asOlga(c.body(60))).statusCode).toBe(409);
    // Each user's key still answers that user's first answer.
    const again = await receive(c.body(40), 'key-shared');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const hers = await asOlga(c.body(40));
    expect(hers.headers['idempotent-replayed']).toBe('true');
    expect(hers.json()).toEqual(same.json());
    expect((await receiptsOf(c.customerId)).map((r) => r.amount)).toEqual([40_00, 40_00]);
    await expectLedgerConsistent(db(), [c.customerId]);
  });

  it('is documented in the API description', async () => {
    const spec = (await t.call('GET', '/api/openapi.json')).body;
    const parameters = spec.paths['/api/payments/receivingPaymentsForm'].patch.parameters as {
      name: string;
      in: string;
    }[];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
