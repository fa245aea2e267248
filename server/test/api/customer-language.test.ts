import { importTexts, languageTexts } from '@dairy/contract';
import { asc, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../src/db/schema';
import { expectFailure, fileTestApp } from '../helpers/app';
import { makeColony } from '../helpers/factories';

// docs/rules.md section 21: a customer has a language (en, hi, gu; English by default).

const t = fileTestApp();
const db = () => t.database.db;

beforeAll(async () => {
  await makeColony(db(), { colonyCode: 'GP', colonyName: 'Green Park' });
});

const validCustomer = { name: 'Asha Rao', contactNumber: '9876543210', address: 'House 4', colony: 'GP', route: 2 };
const add = (body: Record<string, unknown> = {}) => t.call('POST', '/api/users/add', { ...validCustomer, ...body });
const read = async (id: number) => (await t.call('GET', `/api/users/update/${id}`)).body.data;
const update = async (id: number, body: Record<string, unknown>) => {
  const { customerName, contactNumber, address, colonyCode, route, version } = await read(id);
  return t.call('POST', '/api/users/update', {
    id,
    name: customerName,
    contactNumber,
    address,
    colony: colonyCode,
    route,
    version,
    ...body,
  });
};

describe('a customer’s language', () => {
  it('is English unless told, and add takes hi and gu', async () => {
    const plain = await add({ name: 'Plain English' });
    expect(plain.status).toBe(200);
    expect(plain.body.row.language).toBe('en');
    const blank = await add({ name: 'Blank Language', language: '' });
    expect(blank.body.row.language).toBe('en');
    for (const language of ['hi', 'gu', 'en'] as const) {
      const added = await add({ name: `Speaks ${language}`, language });
      expect(added.status).toBe(200);
      expect(added.body.row.language).toBe(language);
      expect((await read(added.body.row.customerId)).language).toBe(language);
    }
  });

  it('refuses any other language with 400 and adds nothing', async () => {
    for (const language of ['fr', 'Hindi', 'HI', 7, ['hi']]) {
      const before = await db().select().from(customer);
      expectFailure(await add({ name: 'Wrong Language', language }), 400, languageTexts.invalid);
      expect(await db().select().from(customer)).toHaveLength(before.length);
    }
  });

  it('is changed by update, kept when update leaves it out, and refused when wrong', async () => {
    const id = (await add({ name: 'Changing Language' })).body.row.customerId;
    expect((await update(id, { language: 'gu' })).status).toBe(200);
    expect((await read(id)).language).toBe('gu');
    expect((await update(id, { address: 'House 5' })).status).toBe(200);
    expect(await read(id)).toMatchObject({ language: 'gu', address: 'House 5' });
    expectFailure(await update(id, { language: 'ta' }), 400, languageTexts.invalid);
    expect((await read(id)).language).toBe('gu');
  });

  it('comes with every row of the customer list', async () => {
    await add({ name: 'Listed Hindi', language: 'hi' });
    const list = await t.call('GET', '/api/users?colonyCode=GP&limit=200&offset=1');
    expect(list.status).toBe(200);
    const rows = list.body.rows as { customerName: string; language: string }[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(['en', 'hi', 'gu']).toContain(row.language);
    expect(rows.find((r) => r.customerName === 'Listed Hindi')?.language).toBe('hi');
  });

  it('names the bill’s language in the statement and writes its WhatsApp message in it', async () => {
    const messageOf = async (id: number) => {
      const statement = await t.call('GET', `/api/statement?customerId=${id}&month=3&year=2026`);
      expect(statement.status).toBe(200);
      const text = decodeURIComponent(statement.body.whatsappLink.split('?text=')[1]);
      return { language: statement.body.customer.language, lines: text.split('\n') };
    };
    const gujarati = await messageOf((await add({ name: 'Statement Gujarati', language: 'gu' })).body.row.customerId);
    expect(gujarati.language).toBe('gu');
    expect(gujarati.lines[0]).toBe('Statement Gujarati, માર્ચ 2026નું બિલ');
    expect(gujarati.lines).toContain('બાકી: ₹0.00');
    const hindi = await messageOf((await add({ name: 'Statement Hindi', language: 'hi' })).body.row.customerId);
    expect(hindi.lines[0]).toBe('Statement Hindi, मार्च 2026 का बिल');
    expect(hindi.lines).toContain('पिछला बकाया: ₹0.00');
    const english = await messageOf((await add({ name: 'Statement English' })).body.row.customerId);
    expect(english.lines[0]).toBe('bill for March 2026, Statement English');
  });
});

describe("the import's Language column", () => {
  const row = (values: Record<string, string>) => ({
    Name: 'Imported',
    Phone: '',
    Address: '12 Lake Road',
    'Colony Code': 'GP',
    Route: '9',
    'Opening Balance': '0',
    ...values,
  });
  const importing = (rows: unknown[], dryRun = false) => t.call('POST', '/api/import/customers', { rows, dryRun });

  it('takes a code or the English name in any case, and blank or absent as English', async () => {
    const cells = ['hi', 'GU', 'En', 'hindi', 'GUJARATI', ' English ', '', undefined];
    const rows = cells.map((language, n) =>
      row({ Name: `Imported ${n + 1}`, ...(language === undefined ? {} : { Language: language }) }),
    );
    const answer = await importing(rows);
    expect(answer.body).toEqual({ valid: true, errors: [], created: cells.length });
    const stored = await db()
      .select({ name: customer.customerName, language: customer.language })
      .from(customer)
      .where(like(customer.customerName, 'Imported %'))
      .orderBy(asc(customer.customerId));
    expect(stored.map((c) => c.language)).toEqual(['hi', 'gu', 'en', 'hi', 'gu', 'en', 'en', 'en']);
  });

  it('gives a wrong language a row error in the column’s words and imports nothing', async () => {
    const before = (await db().select().from(customer)).length;
    const answer = await importing([row({ Name: 'Fine', Language: 'hi' }), row({ Name: 'Wrong', Language: 'Tamil' })]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: false,
      errors: [{ row: 2, column: 'Language', message: importTexts.languageInvalid }],
      created: 0,
    });
    expect(importTexts.languageInvalid).toBe('Language must be English, Hindi, Gujarati or a code: en, hi, gu.');
    expect((await db().select().from(customer)).length).toBe(before);
  });
});
