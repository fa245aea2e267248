import { z } from 'zod';
import { flagInput, MAX, requiredText, withDefault } from './common';
import { customerAddBody } from './customer';
import { languageEnglishNames, languageOf, languages } from './language';
import { moneyInput } from './money';

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
  'Language',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The columns every file must have (a value may still be blank where the rules allow it). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = IMPORT_COLUMNS.slice(0, 6);

export const MAX_IMPORT_ROWS = 10_000;
/** The most a file may hold once unpacked (an XLSX) or as it is (a CSV): 10,000 rows need far less. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

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
  Language: 'English',
};

export const importTexts = {
  noRows: 'The file has no rows to import.',
  tooManyRows: `An import may have at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows. Split the file and import each part.`,
  missingColumns: (columns: readonly string[]) =>
    `The file is missing ${columns.length === 1 ? 'the column' : 'the columns'} ${columns.join(', ')}. The template has every column.`,
  notSpreadsheet: 'Choose a CSV or XLSX file.',
  unreadable: 'The file could not be read as CSV or XLSX.',
  unpacksTooLarge: "This file unpacks to more than 50 MB: save it again with only the customers' rows.",
  tooLarge: "This file is larger than 50 MB: save it again with only the customers' rows.",
  readAsWindows1252: 'This file was read as Windows-1252 (Western European), as Excel on Windows saves CSV files.',
  alreadyCustomer: (name: string, colonyCode: string, route: number) =>
    `Already a customer: ${name} (${colonyCode}, route ${route}).`,
  sameAsRow: (row: number) => `Same as row ${row}.`,
  phoneMax: `Phone must be at most ${MAX.contact} characters`,
  colonyRequired: "Colony Code can't be empty!",
  colonyMax: `Colony Code must be at most ${MAX.code} characters`,
  openingBalanceInvalid: 'Opening Balance must be an amount with at most 2 decimals',
  openingBalanceMax: 'Opening Balance must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
  colonyMissing: (code: string) => `Colony Code ${code} does not exist.`,
  daysMissing: (days: string) => `No combination has the days ${days}.`,
  productMissing: (code: string) => `No {product} has the code ${code}.`,
  productNotOnDays: (code: string, days: string) => `{product} ${code} is not offered on ${days}.`,
  productWithoutDays: "Days can't be empty when a Product Code is given.",
  daysWithoutProduct: "Product Code can't be empty when Days are given.",
  quantityWithoutProduct: 'A Quantity needs a Product Code.',
  languageInvalid: `Language must be ${languages.map((code) => languageEnglishNames[code]).join(', ')} or a code: ${languages.join(', ')}.`,
  failed: 'Unable to import.',
} as const;

/**
 * An amount as a spreadsheet writes it, without its grouping commas: Indian ('1,00,000.50') or
 * international ('100,000.50') grouping (docs/rules.md section 23). Commas anywhere else ('12,50')
 * stay, so the amount is refused rather than read as another number.
 */
export function withoutGroupingCommas(text: string): string {
  const grouped = /^\s*-?(\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+)(\.\d*)?\s*$/;
  return grouped.test(text) ? text.replaceAll(',', '') : text;
}

/**
 * A row's customer columns by Add Customer's rules, every message in the file's words: the
 * column's title, never the field behind it (docs/rules.md section 23).
 */
export const importedCustomer = customerAddBody.extend({
  contactNumber: withDefault(z.string().trim().max(MAX.contact, { error: importTexts.phoneMax }), ''),
  colony: requiredText(importTexts.colonyRequired, MAX.code, importTexts.colonyMax),
  due: z
    .preprocess(
      (value) => (typeof value === 'string' ? withoutGroupingCommas(value) : value),
      moneyInput({
        required: importTexts.openingBalanceInvalid,
        invalid: importTexts.openingBalanceInvalid,
        max: importTexts.openingBalanceMax,
      }),
    )
    .optional(),
  /** A code or the language's English name, in any case; blank is English (docs/rules.md section 21). */
  language: z
    .string()
    .transform((text, context) => {
      if (text.trim() === '') return 'en';
      const code = languageOf(text);
      if (code) return code;
      context.addIssue({ code: 'custom', message: importTexts.languageInvalid });
      return z.NEVER;
    })
    .optional(),
});

/**
 * A cell as sent: text (a number or null is taken as its text), never evaluated. The null is
 * the text's, not a third choice, so the API document (OpenAPI 3.0) can give it a type.
 */
const cell = z
  .union([z.string().nullable(), z.number()], { error: 'Every value must be text.' })
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
