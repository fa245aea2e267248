import { calendarDateIn, monthOf } from '@dairy/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { colony } from '../../src/db/schema';
import { lineAmount } from '../../src/domain/billing';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony, makeDelivery, makeMilkAndCurd } from '../helpers/factories';
import { signedInAs } from '../helpers/staff';

/**
 * GET /api/dashboard (docs/rules.md section 22) on a small dairy whose every figure the test works
 * out from what it made, and holds against the lists and reports that show the same month: the
 * payments list, the receiving summary, the monthly and daily reports, Today, All Transactions and
 * the customers list. The month is March 2026. GP (service charge ₹20) and LK are active, OLD is
 * disabled. Asha takes cow milk from January; Bela and Hari start in March, Farid too (in OLD);
 * Chetan and Esha stop after February (Esha's March delivery was missed); Divya skips February.
 * Gita, Isha, Ira, Jai, Kiran and Lata only owe their opening balances.
 */

const t = fileTestApp();
const db = () => t.database.db;
const MARCH = { year: 2026, month: 3 };

type Who = keyof typeof CUSTOMERS;
const CUSTOMERS = {
  Asha: { colony: 'GP', route: 1, opening: 0 },
  Bela: { colony: 'GP', route: 2, opening: 100_00 },
  Chetan: { colony: 'LK', route: 1, opening: 0 },
  Divya: { colony: 'LK', route: 2, opening: -50_00 },
  Esha: { colony: 'GP', route: 3, opening: 0 },
  Farid: { colony: 'OLD', route: 1, opening: 300_00 },
  Gita: { colony: 'LK', route: 3, opening: 800_00 },
  Hari: { colony: 'GP', route: 4, opening: 0 },
  // Added before Ira with the same due: the largest dues put Ira first all the same (ties by name).
  Isha: { colony: 'LK', route: 4, opening: 500_00 },
  Ira: { colony: 'LK', route: 5, opening: 500_00 },
  Jai: { colony: 'LK', route: 6, opening: 5_00 },
  Kiran: { colony: 'GP', route: 5, opening: 3_00 },
  Lata: { colony: 'GP', route: 6, opening: 1_00 },
} as const;
const CHARGES: Record<string, number> = { GP: 20_00, LK: 0, OLD: 10_00 };

type Product = 'cow' | 'buf' | 'curd';
const marchDays = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-03-${String(from + i).padStart(2, '0')}`);
/** Who, what, when, how much (hundredths), delivered or missed. */
const DELIVERIES: [Who, Product, string, number, (0 | 1)?][] = [
  ['Asha', 'cow', '2026-01-05', 150],
  ['Asha', 'cow', '2026-02-10', 150],
  ...marchDays(1, 5).map((d): [Who, Product, string, number] => ['Asha', 'cow', d, 150]),
  ['Asha', 'curd', '2026-03-03', 50],
  ['Bela', 'buf', '2026-03-10', 100],
  ['Bela', 'buf', '2026-03-11', 100],
  ['Bela', 'cow', '2026-03-31', 100],
  ['Chetan', 'cow', '2026-02-27', 200],
  ['Chetan', 'cow', '2026-02-28', 200],
  ['Divya', 'cow', '2026-01-20', 100],
  ['Divya', 'buf', '2026-03-15', 225],
  ['Esha', 'cow', '2026-02-01', 100],
  ['Esha', 'cow', '2026-03-02', 100, 0],
  ['Farid', 'cow', '2026-03-20', 100],
  ['Hari', 'buf', '2026-03-31', 100],
  ['Hari', 'curd', '2026-04-01', 100],
];
const BILLED_MONTHS = [1, 2, 3, 4].map((month) => ({ year: 2026, month }));

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
/** Whose, for which period, how much (refunds negative) and when it was taken. */
const RECEIPTS: [Who, { year: number; month: number }, number, string][] = [
  ['Asha', MARCH, 200_00, '2026-03-20T10:00:00+05:30'],
  // 1 March, 00:30 in the business time zone: March by date, February by period.
  ['Asha', { year: 2026, month: 2 }, 150_00, '2026-02-28T19:00:00Z'],
  ['Asha', MARCH, 10_00, daysAgo(10)],
  // 1 April, 01:30 there: April by date.
  ['Bela', MARCH, 100_00, '2026-03-31T20:00:00Z'],
  ['Bela', MARCH, 5_00, daysAgo(45)],
  ['Chetan', { year: 2026, month: 2 }, 290_00, '2026-03-05T09:00:00+05:30'],
  ['Divya', MARCH, -20_00, '2026-03-25T12:00:00+05:30'],
  ['Esha', { year: 2026, month: 2 }, 10_00, '2026-02-15T12:00:00+05:30'],
  ['Esha', { year: 2026, month: 2 }, 1_00, daysAgo(75)],
  // An advance for April, taken on 31 March.
  ['Hari', { year: 2026, month: 4 }, 50_00, '2026-03-31T12:00:00Z'],
  ['Jai', { year: 2025, month: 6 }, 1_00, '2025-06-10T12:00:00+05:30'],
];
/** Gita was added 100 days ago (she never paid and was never billed). */
const GITA_ADDED_DAYS_AGO = 100;

const ids = {} as Record<Who, number>;
let products: Awaited<ReturnType<typeof makeMilkAndCurd>>;
const zone = () => t.app.config.businessTz;
const dateIn = (iso: string) => calendarDateIn(zone(), new Date(iso));
const same = (a: { year: number; month: number }, b: { year: number; month: number }) =>
  a.year === b.year && a.month === b.month;

beforeAll(async () => {
  for (const [code, charges] of Object.entries(CHARGES))
    await makeColony(db(), { colonyCode: code, colonyName: `${code} colony`, charges });
  products = await makeMilkAndCurd(db());
  for (const [name, c] of Object.entries(CUSTOMERS) as [Who, (typeof CUSTOMERS)[Who]][]) {
    const added = await t.call('POST', '/api/users/add', {
      name,
      address: `${name}'s house`,
      colony: c.colony,
      route: c.route,
      due: c.opening / 100,
    });
    expect(added.status).toBe(200);
    ids[name] = added.body.row.customerId;
  }
  await db().update(colony).set({ disable: 1 }).where(eq(colony.colonyCode, 'OLD'));
  await db().execute(
    sql`update customer set created_at = ${daysAgo(GITA_ADDED_DAYS_AGO)}::timestamptz where customer_id = ${ids.Gita}`,
  );
  for (const [who, product, date, quantity, attendance = 1] of DELIVERIES)
    await makeDelivery(db(), ids[who], products[product], date, { quantity, attendance });
  for (const month of BILLED_MONTHS)
    expect((await t.call('POST', '/api/payments/generateAll', month)).status).toBe(200);
  for (const [who, period, amount, takenAt] of RECEIPTS) {
    const received = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: ids[who],
      month: period.month - 1, // zero-based on this call
      year: period.year,
      receivingPayment: Math.abs(amount) / 100,
      paymentMode: amount < 0 ? 'negative' : 'positive',
    });
    expect(received.status).toBe(200);
    await db().execute(
      sql`update receipt set taken_at = ${takenAt}::timestamptz where receipt_id = (select max(receipt_id) from receipt)`,
    );
  }
});

// ---- the model: what the dairy above must show ----------------------------------------------

const delivered = () => DELIVERIES.filter(([, , , , attendance = 1]) => attendance === 1);
const price = (product: Product) => products[product].price;

/** The bills generation makes: customers of active colonies with deliveries in the month. */
function modelBills() {
  const bills: { who: Who; year: number; month: number; totalPrice: number }[] = [];
  for (const period of BILLED_MONTHS)
    for (const who of Object.keys(CUSTOMERS) as Who[]) {
      const colony = CUSTOMERS[who].colony;
      const own = delivered().filter(([w, , date]) => w === who && same(monthOf(date), period));
      if (colony === 'OLD' || own.length === 0) continue;
      const amounts = (['buf', 'cow', 'curd'] as const).map((p) =>
        lineAmount(
          price(p),
          own.filter(([, product]) => product === p).reduce((sum, d) => sum + d[3], 0),
        ),
      );
      bills.push({ who, ...period, totalPrice: amounts.reduce((a, b) => a + b, 0) + CHARGES[colony]! });
    }
  return bills;
}

function modelDue(who: Who) {
  const billed = modelBills()
    .filter((b) => b.who === who)
    .reduce((sum, b) => sum + b.totalPrice, 0);
  const received = RECEIPTS.filter(([w]) => w === who).reduce((sum, r) => sum + r[2], 0);
  return CUSTOMERS[who].opening + billed - received;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const rupees = (paise: number) => paise / 100;
const units = (hundredths: number) => hundredths / 100;
const owing = () => (Object.keys(CUSTOMERS) as Who[]).filter((who) => modelDue(who) > 0);

/** Days since the customer last paid, as docs/rules.md section 22 counts them. */
function modelDays(who: Who, today: string) {
  const paid = RECEIPTS.filter(([w, , amount]) => w === who && amount > 0).map(([, , , at]) => dateIn(at));
  const firstBill = modelBills()
    .filter((b) => b.who === who)
    .sort((a, b) => a.year - b.year || a.month - b.month)[0];
  const since = paid.length
    ? paid.sort().at(-1)!
    : firstBill
      ? new Date(Date.UTC(firstBill.year, firstBill.month, 0)).toISOString().slice(0, 10)
      : dateIn(daysAgo(who === 'Gita' ? GITA_ADDED_DAYS_AGO : 0));
  return Math.max(0, (Date.parse(today) - Date.parse(since)) / 86_400_000);
}

const bucketOf = (days: number) => (days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+');

function modelDashboard(today: string) {
  const march = delivered().filter(([, , date]) => same(monthOf(date), MARCH));
  const codeOf = (p: Product) => products[p].productCode;
  const daily = new Map<string, { date: string; productCode: string; quantity: number }>();
  for (const [, product, date, quantity] of march) {
    const key = `${date} ${codeOf(product)}`;
    const day = daily.get(key) ?? { date, productCode: codeOf(product), quantity: 0 };
    day.quantity += quantity;
    daily.set(key, day);
  }
  const deliveredIn = (test: (date: string) => boolean) =>
    new Set(
      delivered()
        .filter(([, , date]) => test(date))
        .map(([who]) => who),
    );
  const thisMonth = deliveredIn((d) => d.startsWith('2026-03'));
  const lastMonth = deliveredIn((d) => d.startsWith('2026-02'));
  const earlier = deliveredIn((d) => d < '2026-03-01');
  const year = Array.from({ length: 12 }, (_, i) => ({ year: i < 9 ? 2025 : 2026, month: ((i + 3) % 12) + 1 }));
  const bills = modelBills();
  const billedIn = (period: { year: number; month: number }, colony?: string) =>
    sum(
      bills.filter((b) => same(b, period) && (!colony || CUSTOMERS[b.who].colony === colony)).map((b) => b.totalPrice),
    );
  const takenIn = (period: { year: number; month: number }) =>
    sum(RECEIPTS.filter(([, , , at]) => same(monthOf(dateIn(at)), period)).map((r) => r[2]));
  const receivedFor = (colony: string) =>
    sum(RECEIPTS.filter(([who, period]) => same(period, MARCH) && CUSTOMERS[who].colony === colony).map((r) => r[2]));
  const rate = (collected: number, billed: number) =>
    billed === 0 ? null : Math.round((collected / billed) * 1000) / 1000;
  return {
    month: 3,
    year: 2026,
    cards: {
      quantities: (['buf', 'cow', 'curd'] as const).map((p) => ({
        productCode: codeOf(p),
        productName: products[p].productName,
        unit: products[p].unit,
        quantity: units(sum(march.filter(([, product]) => product === p).map((d) => d[3]))),
      })),
      billed: rupees(billedIn(MARCH)),
      collected: rupees(takenIn(MARCH)),
      outstanding: rupees(sum(owing().map(modelDue))),
      customersDelivered: thisMonth.size,
      customersStarted: [...thisMonth].filter((w) => !earlier.has(w)).length,
      customersStopped: [...lastMonth].filter((w) => !thisMonth.has(w)).length,
    },
    daily: [...daily.values()]
      .sort((a, b) => a.date.localeCompare(b.date) || a.productCode.localeCompare(b.productCode))
      .map((d) => ({ ...d, quantity: units(d.quantity) })),
    months: year.map((m) => ({ ...m, billed: rupees(billedIn(m)), collected: rupees(takenIn(m)) })),
    ageing: ['0-30', '31-60', '61-90', '90+'].map((bucket) => {
      const inBucket = owing().filter((who) => bucketOf(modelDays(who, today)) === bucket);
      return { bucket, customers: inBucket.length, amount: rupees(sum(inBucket.map(modelDue))) };
    }),
    colonies: ['GP', 'LK'].map((colonyCode) => ({
      colonyCode,
      colonyName: `${colonyCode} colony`,
      billed: rupees(billedIn(MARCH, colonyCode)),
      collected: rupees(receivedFor(colonyCode)),
      rate: rate(receivedFor(colonyCode), billedIn(MARCH, colonyCode)),
    })),
    topDues: owing()
      .sort((a, b) => modelDue(b) - modelDue(a) || a.localeCompare(b))
      .slice(0, 10)
      .map((who) => ({
        customerId: ids[who],
        customerName: who,
        colonyCode: CUSTOMERS[who].colony,
        route: CUSTOMERS[who].route,
        due: rupees(modelDue(who)),
      })),
  };
}

const dashboard = (query = '?month=3&year=2026') => t.call('GET', `/api/dashboard${query}`);

describe('GET /api/dashboard', () => {
  it('answers every figure of the month as the dairy made them', async () => {
    const today = calendarDateIn(zone(), new Date());
    const res = await dashboard();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(modelDashboard(today));
    // The model's own sums, read once by hand.
    expect(res.body.cards).toMatchObject({ customersDelivered: 5, customersStarted: 3, customersStopped: 2 });
    expect(res.body.ageing.map((a: { customers: number }) => a.customers)).toEqual([6, 1, 1, 4]);
    expect(owing().length).toBeGreaterThan(10);
    expect(res.body.topDues.slice(0, 3).map((d: { customerName: string }) => d.customerName)).toEqual([
      'Gita',
      'Ira',
      'Isha',
    ]);
  });

  it('equals the payments list, the monthly report and the receiving summary', async () => {
    const { body } = await dashboard();
    const bills = async (month: number, year: number, colony = '') =>
      (
        await t.call(
          'GET',
          `/api/payments?paymentMonth=${month - 1}&paymentYear=${year}&limit=1000&colonyCode=${colony}`,
        )
      ).body.rows;
    const billed = (rows: { totalPrice: number }[]) => sum(rows.map((r) => Math.round(r.totalPrice * 100))) / 100;
    expect(body.cards.billed).toBe(billed(await bills(3, 2026)));
    for (const m of body.months) expect(m.billed, `${m.month}/${m.year}`).toBe(billed(await bills(m.month, m.year)));
    for (const colony of body.colonies) {
      expect(colony.billed).toBe(billed(await bills(3, 2026, colony.colonyCode)));
      const report = await t.call('POST', '/api/reports/filtered', {
        colonyName: colony.colonyCode,
        paymentMonth: 2,
        paymentYear: 2026,
      });
      expect(colony.billed).toBe(report.body.totals.totalPrice);
      const members = (Object.keys(CUSTOMERS) as Who[]).filter((w) => CUSTOMERS[w].colony === colony.colonyCode);
      let received = 0;
      for (const who of members) {
        const summary = await t.call('POST', '/api/payments/receivingPaymentsForm', {
          customerId: ids[who],
          month: 2,
          year: 2026,
        });
        received += Math.round(summary.body.currentBill.paid * 100);
      }
      expect(colony.collected).toBe(received / 100);
    }
  });

  it("equals Today's receipts over the month's dates", async () => {
    const { body } = await dashboard();
    let collected = 0;
    for (const date of marchDays(1, 31))
      collected += Math.round((await t.call('GET', `/api/today?date=${date}`)).body.totals.collected * 100);
    expect(body.cards.collected).toBe(collected / 100);
  });

  it('equals All Transactions and the daily report for the deliveries and the customers', async () => {
    const { body } = await dashboard();
    const rowsOf = async (monthyr: string) =>
      (await t.call('GET', `/api/transactions?monthyr=${monthyr}&limit=1000`)).body.response.filter(
        (r: { attendance: number }) => r.attendance === 1,
      ) as { customerId: number; transactionDate: string; quantity: number; product: { productCode: string } }[];
    const march = await rowsOf('2026-03');
    const perDay = new Map<string, number>();
    for (const r of march) {
      const key = `${r.transactionDate} ${r.product.productCode}`;
      perDay.set(key, (perDay.get(key) ?? 0) + Math.round(r.quantity * 100));
    }
    expect(
      body.daily.map((d: { date: string; productCode: string; quantity: number }) => [
        `${d.date} ${d.productCode}`,
        Math.round(d.quantity * 100),
      ]),
    ).toEqual([...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)));
    for (const date of marchDays(1, 31)) {
      const report = await t.call('GET', `/api/reports?transactionDate=${date}`);
      const reported = new Set(report.body.report.map((r: { productCode: string }) => `${date} ${r.productCode}`));
      const shown = new Set(
        body.daily.filter((d: { date: string }) => d.date === date).map((d: any) => `${d.date} ${d.productCode}`),
      );
      expect(shown, date).toEqual(reported);
    }
    const thisMonth = new Set(march.map((r) => r.customerId));
    const lastMonth = new Set((await rowsOf('2026-02')).map((r) => r.customerId));
    const before = new Set([...lastMonth, ...(await rowsOf('2026-01')).map((r) => r.customerId)]);
    expect(body.cards.customersDelivered).toBe(thisMonth.size);
    expect(body.cards.customersStarted).toBe([...thisMonth].filter((c) => !before.has(c)).length);
    expect(body.cards.customersStopped).toBe([...lastMonth].filter((c) => !thisMonth.has(c)).length);
  });

  it('equals the customers list for what is owed now and the largest dues', async () => {
    const { body } = await dashboard();
    const rows = (await t.call('GET', '/api/users?limit=1000')).body.rows as {
      customerId: number;
      customerName: string;
      due: number;
    }[];
    const owed = rows.filter((r) => r.due > 0);
    expect(body.cards.outstanding).toBe(sum(owed.map((r) => Math.round(r.due * 100))) / 100);
    expect(sum(body.ageing.map((a: { amount: number }) => Math.round(a.amount * 100))) / 100).toBe(
      body.cards.outstanding,
    );
    const largest = [...owed].sort((a, b) => b.due - a.due || a.customerName.localeCompare(b.customerName));
    expect(body.topDues.map((d: { customerId: number; due: number }) => [d.customerId, d.due])).toEqual(
      largest.slice(0, 10).map((r) => [r.customerId, r.due]),
    );
  });

  it('a month without anything: zeros, empty lists, no rate; what is owed now stays', async () => {
    const res = await dashboard('?month=1&year=2030');
    const march = (await dashboard()).body;
    expect(res.status).toBe(200);
    expect(res.body.cards).toEqual({
      quantities: [],
      billed: 0,
      collected: 0,
      outstanding: march.cards.outstanding,
      customersDelivered: 0,
      customersStarted: 0,
      customersStopped: 0,
    });
    expect(res.body.daily).toEqual([]);
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months[0]).toEqual({ month: 2, year: 2029, billed: 0, collected: 0 });
    expect(
      res.body.months.every((m: { billed: number; collected: number }) => m.billed === 0 && m.collected === 0),
    ).toBe(true);
    expect(res.body.colonies.map((c: { rate: unknown; billed: number }) => [c.billed, c.rate])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(res.body.ageing).toEqual(march.ageing);
    expect(res.body.topDues).toEqual(march.topDues);
  });

  it('April: who stopped after March, the advance billed against, a receipt taken on 1 April', async () => {
    const { body } = await dashboard('?month=4&year=2026');
    // Delivered in March, not in April: Asha, Bela, Divya, Farid; Hari goes on.
    expect(body.cards).toMatchObject({ customersDelivered: 1, customersStarted: 0, customersStopped: 4 });
    expect(body.cards.collected).toBe(100);
    const gp = body.colonies.find((c: { colonyCode: string }) => c.colonyCode === 'GP');
    // Hari's April bill is his curd of 1 April and GP's charge; his advance is what was received for it.
    expect(gp).toEqual({ colonyCode: 'GP', colonyName: 'GP colony', billed: 60, collected: 50, rate: 0.833 });
  });

  it('defaults to the current month in the business time zone', async () => {
    const today = calendarDateIn(zone(), new Date());
    const current = { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
    for (const query of ['', `?year=${current.year}`, `?month=${current.month}`]) {
      const res = await dashboard(query);
      expect(res.status).toBe(200);
      expect({ month: res.body.month, year: res.body.year }).toEqual(current);
      expect(res.body.months.at(-1)).toMatchObject(current);
    }
  });

  it('refuses a month or year out of range', async () => {
    expectFailure(await dashboard('?month=13&year=2026'), 400, 'Month must be between 1 and 12');
    expectFailure(await dashboard('?month=0&year=2026'), 400, 'Month must be between 1 and 12');
    expectFailure(await dashboard('?month=March&year=2026'), 400, 'Month must be between 1 and 12');
    expectFailure(await dashboard('?month=3&year=1999'), 400, 'Enter a date between 2000 and 2099.');
    expectFailure(await dashboard('?month=3&year=2100'), 400, 'Enter a date between 2000 and 2099.');
    expectFailure(await dashboard('?month=3&year=soon'), 400, 'Year must be a whole number');
  });

  it('is for admins and operators: a collector gets 403, no session 401', async () => {
    const operator = await signedInAs(t, 'dash-operator', 'operator');
    expect((await operator.call('GET', '/api/dashboard?month=3&year=2026')).status).toBe(200);
    const collector = await signedInAs(t, 'dash-collector', 'collector', ['GP']);
    const refused = await collector.call('GET', '/api/dashboard?month=3&year=2026');
    expect(refused).toEqual({ status: 403, body: { message: 'Not allowed' } });
    const unsigned = await t.inject({ method: 'GET', url: '/api/dashboard' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ message: 'Sign in required' });
  });
});
