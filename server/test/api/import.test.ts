import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@dairy/contract';
import { asc, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumption, customer, product } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { EVERY_DAY, makeColony, makeCombination, makeCustomer, makeProduct } from '../helpers/factories';

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
      row({ Name: 'Asha Rao', 'Colony Code': 'gp', Route: '1', 'Opening Balance': '150.75' }),
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
      ['Asha Rao', 'GP', 1, 150_75, 150_75, 0, '98765 43210'],
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
      row({ Name: 'Neha Joshi' }),
      row({ Name: '', Route: 'abc' }),
      row({ Name: 'Om Prakash' }),
      row({ 'Colony Code': 'NOPE', 'Product Code': 'TEA', Days: MWF }),
      row({ Name: 'Uma Devi' }),
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
      Phone: 'Phone must be at most 20 characters',
    });
    expect(await problemsOf({ Address: '' })).toEqual({ Address: "Address can't be empty!" });
    expect(await problemsOf({ 'Colony Code': '' })).toEqual({ 'Colony Code': "Colony Code can't be empty!" });
    expect(await problemsOf({ Route: '' })).toEqual({ Route: "Route can't be empty!" });
    expect(await problemsOf({ Route: '1.5' })).toEqual({ Route: 'Route must be a whole number.' });
    expect(await problemsOf({ Route: '0' })).toEqual({ Route: 'Route must be at least 1' });
    // The file's column, never the field behind it (docs/rules.md section 23).
    for (const amount of ['abc', '12.345', '12,50', '1,2,3', ',100', '1,000,00', '1.000,50']) {
      expect(await problemsOf({ 'Opening Balance': amount })).toEqual({
        'Opening Balance': 'Opening Balance must be an amount with at most 2 decimals',
      });
    }
    for (const amount of ['100000000.01', '1,00,00,000.01', '-10,000,000.01']) {
      expect(await problemsOf({ 'Opening Balance': amount })).toEqual({
        'Opening Balance': 'Opening Balance must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
      });
    }
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

  it('refuses a row of an existing customer, by name and phone or by name, colony and route', async () => {
    await makeCustomer(db(), {
      customerName: 'Ramesh Patel',
      contactNumber: '99887 76655',
      colonyCode: 'GP',
      route: 7,
    });
    await makeCustomer(db(), { customerName: 'Gone Away', contactNumber: '', colonyCode: 'Lk', route: 2, disable: 1 });
    await makeCustomer(db(), { customerName: 'No Phone', contactNumber: '', colonyCode: 'Lk', route: 1 });
    const before = await customers();
    const already = 'Already a customer: Ramesh Patel (GP, route 7).';
    const rows = [
      // Name and phone: case, spaces and the phone's punctuation do not matter.
      row({ Name: '  RAMESH   patel ', Phone: '9988776655', 'Colony Code': 'LK', Route: '2' }),
      row({ Name: 'Ramesh\u00a0Patel', Phone: '(99887) 766-55', 'Colony Code': 'LK', Route: '9' }),
      // Name, colony (any case) and route.
      row({ Name: 'Ramesh Patel', Phone: '', 'Colony Code': 'gp', Route: '7' }),
      row({ Name: 'rameshPATEL', Phone: '12345', 'Colony Code': 'GP', Route: '07' }),
      // A disabled customer is still a customer.
      row({ Name: 'gone away', Phone: '', 'Colony Code': 'lk', Route: '2' }),
      // The same name elsewhere, with another phone or none, is another customer.
      row({ Name: 'Ramesh Patel', Phone: '11111 22222', 'Colony Code': 'GP', Route: '8' }),
      row({ Name: 'No Phone', Phone: '', 'Colony Code': 'GP', Route: '1' }),
      row({ Name: 'Ramesh Pate', Phone: '99887 76655', 'Colony Code': 'GP', Route: '7' }),
    ];
    const answer = await importing(rows);
    expect(answer.body).toEqual({
      valid: false,
      created: 0,
      errors: [
        { row: 1, column: 'Name', message: already },
        { row: 2, column: 'Name', message: already },
        { row: 3, column: 'Name', message: already },
        { row: 4, column: 'Name', message: already },
        { row: 5, column: 'Name', message: 'Already a customer: Gone Away (Lk, route 2).' },
      ],
    });
    expect(await customers()).toBe(before);
    expect((await importing(rows.slice(5))).body).toEqual({ valid: true, errors: [], created: 3 });
  });

  it('refuses a row equal to an earlier row of the file, and a whole file imported twice', async () => {
    const before = await customers();
    const file = [
      row({ Name: 'Twice Singh', Phone: '90000 00001', Route: '11' }),
      row({ Name: 'Other Person', Phone: '90000 00002', Route: '11' }),
      row({ Name: 'Twice Singh', Phone: '90000 00001', Route: '11' }),
      row({ Name: 'Third Person', Phone: '', Route: '12' }),
      row({ Name: 'Other Person', Phone: '90000 00002', Route: '11' }),
      row({ Name: 'Twice Singh', Phone: '90000 00001', Route: '11' }),
    ];
    expect((await importing(file)).body).toEqual({
      valid: false,
      created: 0,
      errors: [
        { row: 3, column: 'Name', message: 'Same as row 1.' },
        { row: 5, column: 'Name', message: 'Same as row 2.' },
        { row: 6, column: 'Name', message: 'Same as row 1.' },
      ],
    });
    expect(await customers()).toBe(before);

    const once = [file[0]!, file[1]!, file[3]!];
    expect((await importing(once)).body).toEqual({ valid: true, errors: [], created: 3 });
    expect((await importing(once)).body).toEqual({
      valid: false,
      created: 0,
      errors: [
        { row: 1, column: 'Name', message: 'Already a customer: Twice Singh (GP, route 11).' },
        { row: 2, column: 'Name', message: 'Already a customer: Other Person (GP, route 11).' },
        { row: 3, column: 'Name', message: 'Already a customer: Third Person (GP, route 12).' },
      ],
    });
    expect(await customers()).toBe(before + 3);
  });

  it('imports a file sent three times at once only once', async () => {
    const before = await customers();
    const file = Array.from({ length: 50 }, (_, i) => row({ Name: `At Once ${i}`, Phone: `91000 ${i}`, Route: '20' }));
    const answers = await Promise.all([importing(file), importing(file), importing(file)]);
    expect(answers.map((a) => a.body.created).sort()).toEqual([0, 0, 50]);
    expect(await customers()).toBe(before + 50);
  });

  it('reads amounts with Indian grouping commas', async () => {
    const rows = [
      row({ Name: 'Comma One', 'Opening Balance': '1,200' }),
      row({ Name: 'Comma Two', 'Opening Balance': '1,00,000.50' }),
      row({ Name: 'Comma Three', 'Opening Balance': '-12,34,567.8' }),
      row({ Name: 'Comma Four', 'Opening Balance': ' 1,000,000 ' }),
    ];
    expect((await importing(rows)).body).toEqual({ valid: true, errors: [], created: 4 });
    const made = await db()
      .select({ name: customer.customerName, openingBalance: customer.openingBalance, due: customer.due })
      .from(customer)
      .where(like(customer.customerName, 'Comma %'))
      .orderBy(asc(customer.customerId));
    expect(made).toEqual([
      { name: 'Comma One', openingBalance: 1200_00, due: 1200_00 },
      { name: 'Comma Two', openingBalance: 100000_50, due: 100000_50 },
      { name: 'Comma Three', openingBalance: -1234567_80, due: -1234567_80 },
      { name: 'Comma Four', openingBalance: 1000000_00, due: 1000000_00 },
    ]);
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
      'Language',
    ]);
  });
});
