import { formatDate, money, quantity } from '@dairy/contract';
import Papa from 'papaparse';
import { z } from 'zod';
import type { ExportColumn, ExportList } from './export-list';

/*
 * The CSV and XLSX files of an export. Loaded only when a person exports; the XLSX code (exceljs)
 * only when they ask for XLSX.
 */

export type ExportFormat = 'csv' | 'xlsx';

/**
 * A text that a spreadsheet would read as a formula (or a DDE call): `=`, `+`, `-`, `@`, tab or
 * carriage return first. Exported cells never start a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

type Cell = string | number | Date | null;

/** A row's value of a column as the file holds it: numbers as numbers, dates as dates. */
function cellOf<R>(column: ExportColumn<R>, row: R): Cell {
  if ('text' in column) return column.text(row) ?? null;
  if ('number' in column) return column.number(row) ?? null;
  if ('money' in column) {
    const paise = column.money(row);
    return paise == null ? null : z.encode(money, paise);
  }
  if ('quantity' in column) {
    const units = column.quantity(row);
    return units == null ? null : z.encode(quantity, units);
  }
  const date = column.date(row);
  if (!date) return null;
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

/** `All-Customers_colony-GP_route-2.csv`: the screen, then each filter that is set. */
export function exportFileName(list: Pick<ExportList<unknown>, 'screen' | 'filters'>, format: ExportFormat): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
  const filters = Object.entries(list.filters ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${safe(key)}-${safe(String(value))}`);
  return `${[safe(list.screen), ...filters].join('_')}.${format}`;
}

/** UTF-8 with a byte order mark, so a spreadsheet reads ₹ and names in any script as written. */
export function toCsv<R>(columns: ExportColumn<R>[], rows: readonly R[]): string {
  const data = rows.map((row) =>
    columns.map((column) => {
      const cell = cellOf(column, row);
      // A date as every date is shown (docs/rules.md section 23), whatever the reader's language.
      return cell instanceof Date ? formatDate(cell.toISOString().slice(0, 10)) : cell;
    }),
  );
  const text = Papa.unparse(
    { fields: columns.map((c) => c.header), data },
    // A text that could start a formula is written with a ' first (numbers are never touched).
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return `\uFEFF${text}`;
}

/** Money with two decimals; a date stays a date the sheet can compute with, shown dd/mm/yyyy. */
const formatOf = (column: ExportColumn<unknown>) =>
  'money' in column ? '#,##0.00' : 'date' in column ? 'dd/mm/yyyy' : undefined;

/** One sheet named after the screen, the header row bold and frozen; every text a plain string cell. */
export async function toXlsx<R>(screen: string, columns: ExportColumn<R>[], rows: readonly R[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // A sheet's name has at most 31 characters and none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(screen.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
    style: { numFmt: formatOf(column as ExportColumn<unknown>) },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => cellOf(column, row)));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The file of a list in one format, ready to download. */
export async function exportFile<R>(list: ExportList<R>, format: ExportFormat): Promise<{ name: string; blob: Blob }> {
  const rows = await list.rows();
  const blob =
    format === 'csv'
      ? new Blob([toCsv(list.columns, rows)], { type: 'text/csv;charset=utf-8' })
      : await toXlsx(list.screen, list.columns, rows);
  return { name: exportFileName(list, format), blob };
}
