import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeCombination, makeCustomer, makeProduct, makeTransaction } from '../helpers/factories';

/**
 * All Transactions reads a page from the dates it spans (the rows per date first): every page,
 * whatever its size and filters, holds exactly the rows the whole list has there, in its order.
 */

const t = fileTestApp();
beforeAll(async () => {
  const db = t.database.db;
  const daily = await makeCombination(db, 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  const milk = await makeProduct(db, {
    productCode: 'LM',
    productName: 'Cow milk',
    combinationId: daily.combinationId,
  });
  const curd = await makeProduct(db, { productCode: 'LC', productName: 'Curd', combinationId: daily.combinationId });
  await makeColony(db, { colonyCode: 'Pages' });
  await makeColony(db, { colonyCode: 'OTHER' });
  const customers = [];
  for (const [colonyCode, customerName, route] of [
    ['Pages', 'Zara', 1],
    ['Pages', 'Anil', 2],
    ['Pages', 'Anil', 2],
    ['Pages', 'Bela', 1],
    ['OTHER', 'Omar', 1],
  ] as const)
    customers.push(await makeCustomer(db, { colonyCode, customerName, route }));
  // Uneven days: some dates hold many rows, one a single row, one belongs to another month.
  const dates = ['2026-04-30', '2026-05-01', '2026-05-02', '2026-05-03', '2026-05-09'];
  for (const [d, date] of dates.entries())
    for (const [n, c] of customers.entries()) {
      if ((d + n) % 3 === 2) continue;
      for (const product of n % 2 === 0 || d === 4 ? [milk, curd] : [curd])
        await makeTransaction(db, {
          customerId: c.customerId,
          productId: product.productId,
          combinationId: daily.combinationId,
          transactionDate: date,
          price: product.price,
          attendance: d === 3 && n === 1 ? 0 : 1,
        });
    }
});

const list = async (query: string, limit: number, page: number) => {
  const res = await t.call('GET', `/api/transactions?${query}&limit=${limit}&offset=${page}`);
  expect(res.status).toBe(200);
  return res.body as { response: Row[]; total: number; totalPages: number };
};

interface Row {
  transactionId: number;
  customerId: number;
  transactionDate: string;
  customer: { route: number; customerName: string };
  product: { productCode: string };
}

/** The list's order: newest date first, then route, name, product code and id. */
const inOrder = (a: Row, b: Row) =>
  b.transactionDate.localeCompare(a.transactionDate) ||
  a.customer.route - b.customer.route ||
  a.customer.customerName.localeCompare(b.customer.customerName) ||
  a.product.productCode.localeCompare(b.product.productCode) ||
  a.transactionId - b.transactionId;

describe('GET /api/transactions, page by page', () => {
  const filters = [
    'colonyCode=pages',
    'colonyCode=PAGES&monthyr=2026-05',
    'colonyCode=Pages&date=2026-05-02',
    'colonyCode=Pages&productName=CURD',
    'monthyr=2026-05',
    'date=2026-05-09',
    'productName=cow%20milk',
    'monthyr=2026-05&productName=curd',
  ];

  for (const filter of filters)
    it(`gives every page of ${filter} the rows of the whole list there`, async () => {
      const whole = await list(filter, 1000, 1);
      expect(whole.total).toBe(whole.response.length);
      expect(whole.total).toBeGreaterThan(0);
      expect(whole.response).toEqual([...whole.response].sort(inOrder));
      const ids = whole.response.map((r) => r.transactionId);
      for (const limit of [1, 2, 3, 5, 7]) {
        const pages: number[] = [];
        // One page past the last, which is empty.
        for (let page = 1; page <= Math.ceil(whole.total / limit) + 1; page++) {
          const res = await list(filter, limit, page);
          expect(res.total).toBe(whole.total);
          expect(res.totalPages).toBe(Math.ceil(whole.total / limit));
          pages.push(...res.response.map((r) => r.transactionId));
        }
        expect(pages).toEqual(ids);
      }
    });

  it("reads a customer's own rows, and a colony of another customer's has none", async () => {
    const whole = await list('colonyCode=Pages', 1000, 1);
    const first = whole.response[0]!.customerId;
    const own = await list(`customerId=${first}`, 1000, 1);
    expect(own.total).toBeGreaterThan(0);
    expect(own.response.every((r) => r.customerId === first)).toBe(true);
    expect((await list(`customerId=${first}&colonyCode=OTHER`, 10, 1)).total).toBe(0);
  });

  it('finds nothing for an unknown colony', async () => {
    expect(await list('colonyCode=NOWHERE', 10, 1)).toMatchObject({ response: [], total: 0, totalPages: 0 });
  });
});
