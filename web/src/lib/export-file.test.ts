import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv, toXlsx } from './export-file';
import type { ExportColumn } from './export-list';

type Row = { name: string; route: number; due: number; qty: number; since: string | null };

const columns: ExportColumn<Row>[] = [
  { header: 'Name', text: (r) => r.name },
  { header: 'Route', number: (r) => r.route },
  { header: 'Due', money: (r) => r.due },
  { header: 'Qty', quantity: (r) => r.qty },
  { header: 'Since', date: (r) => r.since },
];

const rows: Row[] = [
  { name: 'Asha', route: 2, due: -123456, qty: 150, since: '2026-11-23' },
  { name: '=HYPERLINK("x")', route: 1, due: 5, qty: 100, since: null },
  { name: '+91 98100', route: 3, due: 0, qty: 25, since: '2026-01-01' },
  { name: '-5', route: 4, due: 100, qty: 200, since: '2026-02-28' },
  { name: '@sum', route: 5, due: 100, qty: 200, since: '2026-02-28' },
  { name: '\tTab', route: 6, due: 100, qty: 200, since: '2026-02-28' },
  { name: '\rReturn', route: 7, due: 100, qty: 200, since: '2026-02-28' },
  { name: '=A1\nsecond line', route: 8, due: 100, qty: 200, since: '2026-02-28' },
];

describe('toCsv', () => {
  const text = toCsv(columns, rows);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

  it('starts with a byte order mark and the headers', () => {
    expect(text.startsWith('\uFEFFName,Route,Due,Qty,Since\r\n')).toBe(true);
    expect(parsed[0]).toEqual(['Name', 'Route', 'Due', 'Qty', 'Since']);
  });

  it('writes money in rupees, quantities in units and dates as dd/mm/yyyy', () => {
    expect(parsed[1]).toEqual(['Asha', '2', '-1234.56', '1.5', '23/11/2026']);
    expect(parsed[3]).toEqual(["'+91 98100", '3', '0', '0.25', '01/01/2026']);
  });

  it('never lets a text start a formula; numbers (negative ones too) stay numbers', () => {
    const names = parsed.slice(2).map((r) => r[0]);
    expect(names).toEqual([
      `'=HYPERLINK("x")`,
      "'+91 98100",
      "'-5",
      "'@sum",
      "'\tTab",
      "'\rReturn",
      "'=A1\nsecond line",
    ]);
    // An empty date is an empty cell.
    expect(parsed[2]?.[4]).toBe('');
  });
});

describe('toXlsx', () => {
  it('writes numbers as numbers, dates as dates and every text as a plain string', async () => {
    const blob = await toXlsx('All Customers', columns, rows);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet('All Customers')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Route', 'Due', 'Qty', 'Since']);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Asha');
    expect(first.getCell(2).value).toBe(2);
    expect(first.getCell(3).value).toBe(-1234.56);
    expect(first.getCell(4).value).toBe(1.5);
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 10, 23)));
    // Shown dd/mm/yyyy in any spreadsheet's language.
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    const formula = sheet.getRow(3).getCell(1);
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe('=HYPERLINK("x")');
    expect(sheet.getRow(3).getCell(5).value).toBeNull();
    expect(sheet.rowCount).toBe(rows.length + 1);
  });

  it('names the sheet within the 31 characters a sheet may have', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await (await toXlsx('Balance of Customer Having No Transactions', columns, [])).arrayBuffer(),
    );
    expect(workbook.worksheets[0]?.name).toBe('Balance of Customer Having No T');
  });
});

describe('exportFileName', () => {
  it('names the screen and each filter that is set', () => {
    expect(
      exportFileName(
        { screen: 'All Customers', filters: { colony: 'GP', customer: null, route: 2, lastActive: '' } },
        'csv',
      ),
    ).toBe('All-Customers_colony-GP_route-2.csv');
    expect(exportFileName({ screen: 'Pauses & Changes', filters: { search: 'a/b c' } }, 'xlsx')).toBe(
      'Pauses-Changes_search-a-b-c.xlsx',
    );
  });
});
