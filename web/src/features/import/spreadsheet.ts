import {
  type ImportRow,
  importTexts,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  REQUIRED_IMPORT_COLUMNS,
} from '@dairy/contract';
import ExcelJS, { type Cell } from 'exceljs';
import Papa from 'papaparse';
import { type CsvEncoding, decodeCsv } from './decode';
import { SpreadsheetError } from './file-problem';
import { unpackXlsx } from './unpack';

/**
 * Reading a chosen file into the rows the import sends (docs/rules.md sections 16 and 24). This runs
 * in a worker (read-file.worker.ts), so a large or hostile file never holds up the page.
 */

type Table = string[][];

export interface ReadFile {
  rows: ImportRow[];
  /** How a CSV's bytes were read. */
  encoding?: CsvEncoding;
}

function readCsv(bytes: Uint8Array): { table: Table; encoding: CsvEncoding } {
  if (bytes.length > MAX_IMPORT_BYTES) throw new SpreadsheetError(importTexts.tooLarge);
  const { text, encoding } = decodeCsv(bytes);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw new SpreadsheetError(importTexts.unreadable);
  return { table: parsed.data, encoding };
}

/**
 * A cell as text, as typed: a formula is its text (`=HYPERLINK(…)`), never its result, so the
 * import stores what the person wrote and evaluates nothing.
 */
function cellText(cell: Cell): string {
  if (cell.formula) return `=${cell.formula}`;
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('error' in value) return String(value.error);
    return cell.text;
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  // exceljs takes an ArrayBuffer.
  await workbook.xlsx.load(unpackXlsx(bytes).slice().buffer);
  const sheet = workbook.worksheets[0];
  const table: Table = [];
  sheet?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    table[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

/** The rows under the header row, keyed by its titles; blank rows are left out. */
function rowsOf(table: Table): ImportRow[] {
  const [header = [], ...body] = table;
  const columns = header.map((title) => title.trim());
  const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw new SpreadsheetError(importTexts.missingColumns(missing));
  const rows = body
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .map((cells) => Object.fromEntries(columns.flatMap((title, i) => (title ? [[title, cells[i] ?? '']] : []))));
  if (rows.length === 0) throw new SpreadsheetError(importTexts.noRows);
  if (rows.length > MAX_IMPORT_ROWS) throw new SpreadsheetError(importTexts.tooManyRows);
  return rows;
}

/**
 * The rows of a CSV or XLSX file (its first sheet), every value as text. A file of another kind,
 * one past 50 MB, one that cannot be read, without the required columns, without rows or with
 * too many is a SpreadsheetError.
 */
export async function readSpreadsheet(name: string, bytes: Uint8Array): Promise<ReadFile> {
  const lower = name.toLowerCase();
  const kind = lower.endsWith('.csv') ? 'csv' : lower.endsWith('.xlsx') ? 'xlsx' : undefined;
  if (!kind) throw new SpreadsheetError(importTexts.notSpreadsheet);
  try {
    if (kind === 'xlsx') return { rows: rowsOf(await readXlsx(bytes)) };
    const { table, encoding } = readCsv(bytes);
    return { rows: rowsOf(table), encoding };
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError(importTexts.unreadable);
  }
}
