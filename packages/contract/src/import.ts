import { z } from 'zod';
import { flagInput, withDefault } from './common';

/**
 * Importing customers from a spreadsheet (docs/rules.md section 16). The screen reads the file and
 * sends its rows keyed by the template's column titles, every value as text.
 */
export const IMPORT_COLUMNS = [
  'Name',
  'Phone',
  'Address',
  'Colony Code',
  'Route',
  'Opening Balance',
  'Product Code',
  'Days',
  'Quantity',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The columns every file must have (a value may still be blank where the rules allow it). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = IMPORT_COLUMNS.slice(0, 6);

export const MAX_IMPORT_ROWS = 10_000;

/** The template's example row. */
export const IMPORT_EXAMPLE: Record<ImportColumn, string> = {
  Name: 'Asha Verma',
  Phone: '98765 43210',
  Address: '12 Lake Road',
  'Colony Code': 'GP',
  Route: '3',
  'Opening Balance': '0',
  'Product Code': 'COW',
  Days: 'Monday, Wednesday, Friday',
  Quantity: '1.5',
};

export const importTexts = {
  noRows: 'The file has no rows to import.',
  tooManyRows: `An import may have at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows. Split the file and import each part.`,
  missingColumns: (columns: readonly string[]) =>
    `The file is missing ${columns.length === 1 ? 'the column' : 'the columns'} ${columns.join(', ')}. The template has every column.`,
  notSpreadsheet: 'Choose a CSV or XLSX file.',
  unreadable: 'The file could not be read as CSV or XLSX.',
  colonyMissing: (code: string) => `Colony Code ${code} does not exist.`,
  daysMissing: (days: string) => `No combination has the days ${days}.`,
  productMissing: (code: string) => `No {product} has the code ${code}.`,
  productNotOnDays: (code: string, days: string) => `{product} ${code} is not offered on ${days}.`,
  productWithoutDays: "Days can't be empty when a Product Code is given.",
  daysWithoutProduct: "Product Code can't be empty when Days are given.",
  quantityWithoutProduct: 'A Quantity needs a Product Code.',
  ready: (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'row is' : 'rows are'} ready to import.`,
  rowsWithProblems: (bad: number, count: number) =>
    `${bad.toLocaleString('en-IN')} of ${count.toLocaleString('en-IN')} rows have problems. Fix them in the file and choose it again: nothing is imported until every row is right.`,
  imported: (count: number) => `Imported ${count.toLocaleString('en-IN')} ${count === 1 ? 'customer' : 'customers'}.`,
  failed: 'Unable to import.',
} as const;

/** A cell as sent: text (a number or null is taken as its text), never evaluated. */
const cell = z
  .union([z.string(), z.number(), z.null()], { error: 'Every value must be text.' })
  .transform((v) => (v === null ? '' : String(v)));

export const importRow = z.record(z.string(), cell);
export type ImportRow = z.output<typeof importRow>;

export const importCustomersBody = z.object({
  rows: z
    .array(importRow, { error: importTexts.noRows })
    .min(1, { error: importTexts.noRows })
    .max(MAX_IMPORT_ROWS, { error: importTexts.tooManyRows }),
  /** Only check the rows; nothing is written. */
  dryRun: withDefault(flagInput, 0),
});
export type ImportCustomersBody = z.input<typeof importCustomersBody>;

export const importProblem = z.object({
  /** The row's number among the rows sent, from 1. */
  row: z.number(),
  /** The column's title. */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.output<typeof importProblem>;

export const importCustomersResponse = z.object({
  /** True when no row has a problem. */
  valid: z.boolean(),
  errors: z.array(importProblem),
  /** Customers created: 0 on a dry run or a refusal. */
  created: z.number(),
});
export type ImportCustomersResponse = z.output<typeof importCustomersResponse>;
