import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_COLUMNS } from '@dairy/contract';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { consumption, customer } from '../../server/src/db/schema';
import { makeColony, makeProductOn } from '../dairy';
import { signedInForFile } from '../harness';

const folder = mkdtempSync(path.join(tmpdir(), 'dairy-import-e2e-'));
const MWF = 'Monday, Wednesday, Friday';
/** The template's columns (their names are pinned by the API test). */
const HEADINGS = [...IMPORT_COLUMNS];
const FORMULA = 'HYPERLINK("http://evil.example","Click me")';

afterAll(() => rmSync(folder, { recursive: true, force: true }));
const s = signedInForFile(async (db) => {
  await makeColony(db, { colonyCode: 'GP', colonyName: 'Green Park' });
  await makeProductOn(db, MWF, { productCode: 'COW', productName: 'Cow Milk' });
});
const db = () => s.app.database.db;

const customers = async () => (await db().select({ n: count() }).from(customer))[0]!.n;

/** 500 customers; `bad` spoils rows 10, 200 and 450. Row 3's address is a real formula cell. */
async function spreadsheet(name: string, bad: boolean): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow(HEADINGS);
  for (let n = 1; n <= 500; n++) {
    const row = sheet.addRow([
      bad && n === 10 ? '' : `Customer ${n}`,
      `98765${String(n).padStart(5, '0')}`,
      `House ${n}`,
      bad && n === 200 ? 'NOPE' : 'GP',
      1 + (n % 12),
      n % 5 === 0 ? 125.5 : 0,
      n % 2 === 0 ? 'COW' : '',
      n % 2 === 0 ? MWF : '',
      n % 2 === 0 ? (bad && n === 450 ? '0' : '1.5') : '',
    ]);
    if (n === 3) row.getCell(3).value = { formula: FORMULA, result: 'Click me' };
  }
  const file = path.join(folder, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function openImport() {
  await s.open('/import', 'Import Customers');
}

const choose = (file: string) => s.page.locator('input[type="file"]').setInputFiles(file);

/** A file of these bytes in the test's folder. */
function fileOf(name: string, bytes: Uint8Array | string): string {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

/**
 * A zip bomb dressed as a customers' workbook: a real workbook whose sheet is 120 MB of one
 * repeated row, a few hundred kilobytes packed.
 */
async function zipBomb(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Customers').addRow(HEADINGS);
  const files = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const xml = Buffer.from(files[SHEET]!).toString('utf8');
  const [head, tail] = xml.split('</sheetData>') as [string, string];
  const row = '<row><c t="inlineStr"><is><t>Asha Verma</t></is></c><c><v>1</v></c></row>';
  const size = 120 * 1024 * 1024;
  files[SHEET] = Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(size - (size % row.length), row),
    Buffer.from(`</sheetData>${tail}`),
  ]);
  return zipSync(files, { level: 6 });
}
const SHEET = 'xl/worksheets/sheet1.xml';

/** A copy of `zip` whose headers say the sheet unpacks to `size` bytes, as a crafted file may. */
function declaringSheetSize(zip: Uint8Array, size: number): Uint8Array {
  const view = Buffer.from(zip);
  // Each central directory record (PK 1 2) names its file and its unpacked size, and points to the
  // file's local header (PK 3 4), which repeats the size.
  for (let at = view.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = view.indexOf('PK\x01\x02', at + 4, 'latin1')) {
    const nameLength = view.readUInt16LE(at + 28);
    if (view.toString('utf8', at + 46, at + 46 + nameLength) !== SHEET) continue;
    view.writeUInt32LE(size, at + 24);
    view.writeUInt32LE(size, view.readUInt32LE(at + 42) + 22);
  }
  return view;
}

/**
 * Counts how long the page's main thread goes without running a 20 ms timer, from now on: a page
 * that froze shows it as a long gap. Reading on the main thread froze it for minutes; a busy
 * machine delays a timer by a second or two at most, hence FROZEN.
 */
const FROZEN = 5_000;

async function watchMainThread() {
  await s.page.evaluate(() => {
    const w = window as unknown as { longestGap: number };
    w.longestGap = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.longestGap = Math.max(w.longestGap, now - last);
      last = now;
    }, 20);
  });
  return () => s.page.evaluate(() => (window as unknown as { longestGap: number }).longestGap);
}

describe('Import Customers', () => {
  it('lists the three bad rows of a 500-row spreadsheet, imports nothing, then imports the fixed file', async () => {
    await openImport();
    await choose(await spreadsheet('customers.xlsx', true));
    await s.page
      .getByText(
        '3 of 500 rows have problems. Fix them in the file and choose it again: nothing is imported until every row is right.',
      )
      .waitFor();
    const problems = await s.page
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
    expect(problems).toEqual([
      ['10', '', 'Name', "Name can't be empty!"],
      ['200', 'Customer 200', 'Colony Code', 'Colony Code NOPE does not exist.'],
      ['450', 'Customer 450', 'Quantity', 'Quantity must be more than 0.'],
    ]);
    expect(await s.page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    expect(await customers()).toBe(0);

    await choose(await spreadsheet('customers-fixed.xlsx', false));
    await s.page.getByText('500 rows are ready to import.').waitFor();
    expect(await s.page.getByRole('row').count()).toBe(0);
    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.getByText('Imported 500 customers.').waitFor();
    expect(await customers()).toBe(500);
    expect((await db().select({ n: count() }).from(consumption))[0]!.n).toBe(250);
    const [third] = await db().select().from(customer).where(eq(customer.customerName, 'Customer 3'));
    expect(third!.address).toBe(`=${FORMULA}`);
    const [fifth] = await db().select().from(customer).where(eq(customer.customerName, 'Customer 5'));
    expect(fifth).toMatchObject({ openingBalance: 12550, due: 12550, route: 6, contactNumber: '9876500005' });
    // The screen is ready for the next file.
    expect(await s.page.getByText('500 rows are ready to import.').count()).toBe(0);
  });

  it('reads a CSV as typed, formulas included, and says what is wrong with a file it cannot take', async () => {
    await openImport();
    const csv = path.join(folder, 'few.csv');
    writeFileSync(
      csv,
      `\uFEFF${HEADINGS.join(',')}\n"=HYPERLINK(""http://x"",""y"")",+91 1,"@SUM(1,2)",gp,2,-10,,,\n\n`,
    );
    await choose(csv);
    await s.page.getByText('1 row is ready to import.').waitFor();
    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.getByText('Imported 1 customer.').waitFor();
    const [made] = await db().select().from(customer).where(eq(customer.customerName, '=HYPERLINK("http://x","y")'));
    expect(made).toMatchObject({
      contactNumber: '+91 1',
      address: '@SUM(1,2)',
      colonyCode: 'GP',
      openingBalance: -1000,
    });

    const missing = path.join(folder, 'missing.csv');
    writeFileSync(missing, 'Name,Phone,Address,Opening Balance\nAsha,1,Here,0\n');
    await choose(missing);
    await s.page
      .getByText('The file is missing the columns Colony Code, Route. The template has every column.')
      .waitFor();

    const text = path.join(folder, 'notes.txt');
    writeFileSync(text, 'just some notes');
    await choose(text);
    await s.page.getByText('Choose a CSV or XLSX file.').waitFor();

    const broken = path.join(folder, 'broken.xlsx');
    writeFileSync(broken, 'this is not a spreadsheet');
    await choose(broken);
    await s.page.getByText('The file could not be read as CSV or XLSX.').waitFor();

    const many = path.join(folder, 'many.csv');
    writeFileSync(many, `${HEADINGS.join(',')}\n${'A,1,H,GP,1,0,,,\n'.repeat(10_001)}`);
    await choose(many);
    await s.page.getByText('An import may have at most 10,000 rows. Split the file and import each part.').waitFor();
    expect(await customers()).toBe(501);
  });

  it('reads a Windows-1252 CSV as such and says so, and UTF-16 and UTF-8 files as they are', async () => {
    await openImport();
    const header = `${HEADINGS.join(',')}\r\n`;
    // As Excel on Windows saves "CSV": é is one byte (E9), the typographic apostrophe is 92.
    const western = Buffer.from(
      `${header}Ramé Shah,1,Here,GP,1,0,,,\r\nD\x92Souza,2,There,GP,1,"1,200",,,\r\n`,
      'latin1',
    );
    await choose(fileOf('western.csv', western));
    await s.page.getByText('2 rows are ready to import.').waitFor();
    await s.page
      .getByText('This file was read as Windows-1252 (Western European), as Excel on Windows saves CSV files.')
      .waitFor();
    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.getByText('Imported 2 customers.').waitFor();
    const [ramé] = await db().select().from(customer).where(eq(customer.address, 'Here'));
    const [souza] = await db().select().from(customer).where(eq(customer.address, 'There'));
    expect(ramé!.customerName).toBe('Ramé Shah');
    expect(souza).toMatchObject({ customerName: 'D\u2019Souza', openingBalance: 1200_00 });

    const unicode = `${header}Zoë Kapoor,3,Lake Road,GP,2,0,,,\r\nअनिल कुमार,4,Lake Road,GP,2,0,,,\r\n`;
    const littleEndian = Buffer.from(`\uFEFF${unicode}`, 'utf16le');
    const bigEndian = Buffer.from(littleEndian).swap16();
    for (const [name, bytes] of [
      ['utf16le.csv', littleEndian],
      ['utf16be.csv', bigEndian],
      ['utf8.csv', Buffer.from(unicode, 'utf8')],
    ] as const) {
      await choose(fileOf(name, bytes));
      await s.page.getByText('2 rows are ready to import.').waitFor();
      expect(await s.page.getByText('This file was read as Windows-1252', { exact: false }).count()).toBe(0);
    }
    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.getByText('Imported 2 customers.').waitFor();
    const lake = await db().select().from(customer).where(eq(customer.address, 'Lake Road'));
    expect(lake.map((c) => c.customerName).sort()).toEqual(['Zoë Kapoor', 'अनिल कुमार']);
  });

  it('refuses a zip bomb at once from its directory, and one that lies about its size, the page never freezing', async () => {
    await openImport();
    const before = await customers();
    const packed = await zipBomb();
    const bomb = fileOf('bomb.xlsx', packed);
    const liar = fileOf('liar.xlsx', declaringSheetSize(packed, 4096));
    const longestGap = await watchMainThread();
    await choose(bomb);
    await s.page
      .getByText("This file unpacks to more than 50 MB: save it again with only the customers' rows.")
      .waitFor();

    // Headers that claim 4 KB: the sheet is unpacked into 4 KB and no further, and is unreadable.
    await choose(liar);
    await s.page.getByText('The file could not be read as CSV or XLSX.').waitFor();
    expect(await longestGap()).toBeLessThan(FROZEN);
    expect(await customers()).toBe(before);
  });

  it('refuses a CSV of more rows than an import takes, reading it off the page', async () => {
    await openImport();
    const longestGap = await watchMainThread();
    const huge = `${HEADINGS.join(',')}\n${'A,1,H,GP,1,0,,,\n'.repeat(1_000_000)}`;
    await choose(fileOf('huge.csv', huge));
    // 17 MB take a while to read on a busy machine: what matters is that the page never waits.
    await s.page
      .getByText('An import may have at most 10,000 rows. Split the file and import each part.')
      .waitFor({ timeout: 60_000 });
    expect(await longestGap()).toBeLessThan(FROZEN);

    // Leaving the screen while a file is read stops the reading, and nothing of it shows elsewhere.
    await choose(fileOf('huge-again.csv', huge));
    await s.page.getByText('Checking every row…').waitFor();
    await s.page.evaluate(() => {
      window.location.hash = '#/ShowColony';
    });
    await s.page.getByRole('heading', { name: 'All Colonies' }).waitFor();
    await s.page.waitForTimeout(1_000);
    expect(await s.page.getByText('Unable to import.').count()).toBe(0);
  });

  it('downloads the template as CSV and as XLSX, with the headings and one example row', async () => {
    await openImport();
    const [csv] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download CSV template' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('customers-template.csv');
    const csvFile = path.join(folder, 'template.csv');
    await csv.saveAs(csvFile);
    expect(readFileSync(csvFile, 'utf8').split('\r\n')).toEqual([
      HEADINGS.join(','),
      'Asha Verma,98765 43210,12 Lake Road,GP,3,0,COW,"Monday, Wednesday, Friday",1.5,English',
      '',
    ]);

    const [xlsx] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download XLSX template' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe('customers-template.xlsx');
    const xlsxFile = path.join(folder, 'template.xlsx');
    await xlsx.saveAs(xlsxFile);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxFile);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADINGS);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Asha Verma',
      '98765 43210',
      '12 Lake Road',
      'GP',
      '3',
      '0',
      'COW',
      MWF,
      '1.5',
      'English',
    ]);

    // The template, filled in as it came, imports (its example colony and product exist here).
    await choose(xlsxFile);
    await s.page.getByText('1 row is ready to import.').waitFor();
  });
});
