import { type ImportRow, importTexts, MAX_IMPORT_ROWS, REQUIRED_IMPORT_COLUMNS } from '@dairy/contract';
import type { Cell } from 'exceljs';

/** A file that cannot be imported, with the reason in words. */
export class SpreadsheetError extends Error {}

// The readers load on first use: most screens never need them.
const loadPapa = async () => {
  const module = await import('papaparse');
  return (module as unknown as { default?: typeof module }).default ?? module;
};
export const loadExcel = async () => {
  const module = await import('exceljs');
  return (module as unknown as { default?: typeof module }).default ?? module;
};

type Table = string[][];

async function readCsv(file: File): Promise<Table> {
  const Papa = await loadPapa();
  const text = (await file.text()).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw new SpreadsheetError(importTexts.unreadable);
  return parsed.data;
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

async function readXlsx(file: File): Promise<Table> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
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

/**
 * The rows of a CSV or XLSX file (its first sheet), keyed by the header row's titles, every value
 * as text; blank rows are left out. A file of another kind, one that cannot be read, one without
 * the required columns, without rows or with too many is a SpreadsheetError.
 */
export async function readSpreadsheet(file: File): Promise<ImportRow[]> {
  const name = file.name.toLowerCase();
  const kind = name.endsWith('.csv') ? 'csv' : name.endsWith('.xlsx') ? 'xlsx' : undefined;
  if (!kind) throw new SpreadsheetError(importTexts.notSpreadsheet);
  let table: Table;
  try {
    table = kind === 'csv' ? await readCsv(file) : await readXlsx(file);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError(importTexts.unreadable);
  }
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
