import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@dairy/contract';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumption, customer, product } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { EVERY_DAY, makeColony, makeCombination, makeProduct } from '../helpers/factories';

const t = fileTestApp();
const db = () => t.database.db;
const URL = '/api/import/customers';

const MWF = 'Monday, Wednesday, Friday';

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'GP', colonyName: 'Green Park' });
  await makeColony(db(), { colonyCode: 'Lk', colonyName: 'Lake View' });
  await makeColony(db(), { colonyCode: 'SHUT', colonyName: 'Closed colony', disable: 1 });
  const mwf = await makeCombination(db(), MWF);
  const daily = await makeCombination(db(), EVERY_DAY);
  await makeCombination(db(), 'Special', { disable: 1 });
  await makeProduct(db(), {
    productCode: 'COW',
    productName: 'Cow Milk',
    combinationId: mwf.combinationId,
    price: 6000,
  });
  await makeProduct(db(), { productCode: 'COW', productName: 'Cow Milk', combinationId: daily.combinationId });
  await makeProduct(db(), { productCode: 'OLDMILK', combinationId: daily.combinationId, available: 0 });
});

/** A good row; `values` replace its cells. */
const row = (values: Record<string, string> = {}) => ({
  Name: 'Asha Verma',
  Phone: '98765 43210',
  Address: '12 Lake Road',
  'Colony Code': 'GP',
  Route: '3',
  'Opening Balance': '0',
  'Product Code': '',
  Days: '',
  Quantity: '',
  ...values,
});

const customers = async () => (await db().select({ n: count() }).from(customer))[0]!.n;
const importing = (rows: unknown[], dryRun = false) => t.call('POST', URL, { rows, dryRun });

/** The problems of one row alone, as { column: message }. */
async function problemsOf(values: Record<string, string>) {
  const answer = await importing([row(values)], true);
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.body.errors.map((e: { column: string; message: string }) => [e.column, e.message]));
}

describe('POST /api/import/customers', () => {
  it('checks without writing on a dry run, then imports every row with its consumption', async () => {
    const before = await customers();
    const rows = [
      row({ Name: 'Asha Verma', 'Colony Code': 'gp', Route: '1', 'Opening Balance': '150.75' }),
      row({ Name: 'Ravi Kumar', 'Product Code': 'COW', Days: 'friday, Monday,wednesday', Quantity: '1.5' }),
      row({
        Name: 'Meena Iyer',
        'Colony Code': 'LK',
        Phone: '',
        'Opening Balance': '-50',
        'Product Code': 'COW',
        Days: EVERY_DAY,
      }),
      row({ Name: 'Kabir Shah', 'Opening Balance': '' }),
    ];
    expect(await importing(rows, true)).toMatchObject({ status: 200, body: { valid: true, errors: [], created: 0 } });
    expect(await customers()).toBe(before);

    expect(await importing(rows)).toMatchObject({ status: 200, body: { valid: true, errors: [], created: 4 } });
    const made = await db().select().from(customer).orderBy(asc(customer.customerId));
    const mine = made.slice(-4);
    expect(
      mine.map((c) => [c.customerName, c.colonyCode, c.route, c.openingBalance, c.due, c.paid, c.contactNumber]),
    ).toEqual([
      ['Asha Verma', 'GP', 1, 150_75, 150_75, 0, '98765 43210'],
      ['Ravi Kumar', 'GP', 3, 0, 0, 0, '98765 43210'],
      ['Meena Iyer', 'Lk', 3, -50_00, -50_00, 0, ''],
      ['Kabir Shah', 'GP', 3, 0, 0, 0, '98765 43210'],
    ]);
    const taken = await db()
      .select({ customerId: consumption.customerId, price: product.price, isActive: consumption.isActive })
      .from(consumption)
      .innerJoin(product, eq(product.productId, consumption.productId));
    expect(taken.filter((c) => c.customerId === mine[1]!.customerId)).toEqual([
      { customerId: mine[1]!.customerId, price: 6000, isActive: 1 },
    ]);
    expect(taken.filter((c) => c.customerId === mine[2]!.customerId)).toHaveLength(1);
    expect(taken.filter((c) => c.customerId === mine[0]!.customerId)).toHaveLength(0);
  });

  it('imports all rows or none, and names every problem by row and column, in order', async () => {
    const before = await customers();
    const rows = [
      row(),
      row({ Name: '', Route: 'abc' }),
      row(),
      row({ 'Colony Code': 'NOPE', 'Product Code': 'TEA', Days: MWF }),
      row(),
    ];
    const answer = await importing(rows);
    expect(answer).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        valid: false,
        created: 0,
        errors: [
          { row: 2, column: 'Name', message: "Name can't be empty!" },
          { row: 2, column: 'Route', message: 'Route must be a whole number.' },
          { row: 4, column: 'Colony Code', message: 'Colony Code NOPE does not exist.' },
          { row: 4, column: 'Product Code', message: 'No Milk has the code TEA.' },
        ],
      },
    });
    expect(await customers()).toBe(before);
  });

  it("checks each customer column by Add Customer's rules", async () => {
    expect(await problemsOf({ Name: '  ' })).toEqual({ Name: "Name can't be empty!" });
    expect(await problemsOf({ Name: 'x'.repeat(101) })).toEqual({ Name: 'Name must be at most 100 characters' });
    expect(await problemsOf({ Phone: '1'.repeat(21) })).toEqual({
      Phone: 'Contact number must be at most 20 characters',
    });
    expect(await problemsOf({ Address: '' })).toEqual({ Address: "Address can't be empty!" });
    expect(await problemsOf({ 'Colony Code': '' })).toEqual({ 'Colony Code': 'Please select a colony.' });
    expect(await problemsOf({ Route: '' })).toEqual({ Route: "Route can't be empty!" });
    expect(await problemsOf({ Route: '1.5' })).toEqual({ Route: 'Route must be a whole number.' });
    expect(await problemsOf({ Route: '0' })).toEqual({ Route: 'Route must be at least 1' });
    expect(await problemsOf({ 'Opening Balance': 'abc' })).toEqual({
      'Opening Balance': 'Due must be an amount with at most 2 decimals',
    });
    expect(await problemsOf({ 'Opening Balance': '12.345' })).toEqual({
      'Opening Balance': 'Due must be an amount with at most 2 decimals',
    });
    expect(await problemsOf({ 'Opening Balance': '100000000.01' })).toEqual({
      'Opening Balance': 'Due must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
    });
  });

  it('checks the product columns: a code with days, days that exist, a usable row, a quantity', async () => {
    expect(await problemsOf({ 'Product Code': 'COW' })).toEqual({
      Days: "Days can't be empty when a Product Code is given.",
    });
    expect(await problemsOf({ Days: MWF })).toEqual({
      'Product Code': "Product Code can't be empty when Days are given.",
    });
    expect(await problemsOf({ 'Product Code': 'COW', Days: 'Monday, Funday' })).toEqual({
      Days: 'Days must be among Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday, Monthly, Weekly, Special',
    });
    expect(await problemsOf({ 'Product Code': 'COW', Days: 'Saturday, Sunday' })).toEqual({
      Days: 'No combination has the days Saturday, Sunday.',
    });
    expect(await problemsOf({ 'Product Code': 'cow', Days: MWF })).toEqual({
      'Product Code': 'No Milk has the code cow.',
    });
    expect(await problemsOf({ 'Product Code': 'OLDMILK', Days: MWF })).toEqual({
      Days: `Milk OLDMILK is not offered on ${MWF}.`,
    });
    expect(await problemsOf({ 'Product Code': 'OLDMILK', Days: EVERY_DAY })).toEqual({
      'Product Code': 'This Milk is not available on these days.',
    });
    expect(await problemsOf({ 'Product Code': 'COW', Days: MWF, Quantity: '0' })).toEqual({
      Quantity: 'Quantity must be more than 0.',
    });
    expect(await problemsOf({ 'Product Code': 'COW', Days: MWF, Quantity: '1000' })).toEqual({
      Quantity: 'Quantity must be at most 999.99.',
    });
    expect(await problemsOf({ 'Product Code': 'COW', Days: MWF, Quantity: '1.234' })).toEqual({
      Quantity: 'Quantity must have at most 2 decimals.',
    });
    expect(await problemsOf({ Quantity: '2' })).toEqual({ Quantity: 'A Quantity needs a Product Code.' });
    expect(await problemsOf({ 'Product Code': 'COW', Days: MWF, Quantity: '999.99' })).toEqual({});
  });

  it('refuses a colony that is disabled', async () => {
    expect(await problemsOf({ 'Colony Code': 'shut' })).toEqual({ 'Colony Code': 'This colony is disabled.' });
  });

  it('stores a cell that looks like a formula as the text typed', async () => {
    const cells = {
      Name: '=HYPERLINK("http://evil.example","Click")',
      Address: "@SUM(1+1)*cmd|' /C calc'!A0",
      Phone: '+91 98765 43210',
    };
    const answer = await importing([row(cells)]);
    expect(answer.body).toEqual({ valid: true, errors: [], created: 1 });
    const [stored] = await db().select().from(customer).where(eq(customer.customerName, cells.Name));
    expect(stored).toMatchObject({ customerName: cells.Name, address: cells.Address, contactNumber: cells.Phone });
    const minus = await importing([row({ Name: '-2+3', 'Opening Balance': '-10' })]);
    expect(minus.body.created).toBe(1);
    const [negative] = await db().select().from(customer).where(eq(customer.customerName, '-2+3'));
    expect(negative!.openingBalance).toBe(-10_00);
  });

  it('refuses a file without the required columns, no rows, or more than 10,000 rows, writing nothing', async () => {
    const before = await customers();
    const { Route: _r, 'Colony Code': _c, ...withoutTwo } = row();
    expect(await importing([withoutTwo])).toMatchObject({
      status: 400,
      body: { message: 'The file is missing the columns Colony Code, Route. The template has every column.' },
    });
    const { Phone: _p, ...withoutPhone } = row();
    expect((await importing([withoutPhone])).body.message).toBe(
      'The file is missing the column Phone. The template has every column.',
    );
    // Optional columns may be left out.
    const { Quantity: _q, Days: _d, 'Product Code': _pc, ...required } = row();
    expect((await importing([required], true)).body).toEqual({ valid: true, errors: [], created: 0 });
    expect(await importing([])).toMatchObject({ status: 400, body: { message: 'The file has no rows to import.' } });
    const tooMany = 'An import may have at most 10,000 rows. Split the file and import each part.';
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => row());
    expect(await importing(many)).toMatchObject({ status: 400, body: { message: tooMany } });
    const huge = Array.from({ length: 100_000 }, (_, i) => ({
      Name: `N${i}`,
      Phone: '',
      Address: 'A',
      'Colony Code': 'GP',
      Route: '1',
      'Opening Balance': '0',
    }));
    expect(await importing(huge)).toMatchObject({ status: 400, body: { message: tooMany } });
    expect((await importing([{ ...row(), Name: { nested: true } }])).status).toBe(400);
    expect((await t.call('POST', URL, { dryRun: true })).body.message).toBe('The file has no rows to import.');
    expect(await customers()).toBe(before);
  }, 60_000);

  it('takes numbers and empty cells as text, and ignores columns it does not know', async () => {
    const answer = await importing([{ ...row(), Route: 4, 'Opening Balance': null, Notes: 'call before 9' }], true);
    expect(answer.body).toEqual({ valid: true, errors: [], created: 0 });
  });

  it('needs a session and the guard header', async () => {
    const body = { rows: [row()], dryRun: true };
    expect(
      (await t.inject({ method: 'POST', url: URL, payload: body, headers: { 'x-requested-with': 'fetch' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: URL, payload: body, headers: { cookie: t.cookie! } })).statusCode,
    ).toBe(403);
  });

  it('names every template column in the contract', () => {
    expect(IMPORT_COLUMNS).toEqual([
      'Name',
      'Phone',
      'Address',
      'Colony Code',
      'Route',
      'Opening Balance',
      'Product Code',
      'Days',
      'Quantity',
    ]);
  });
});
