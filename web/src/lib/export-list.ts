import type { Hundredths, Paise } from '@dairy/contract';

/*
 * What a list or report screen exports (docs/rules.md section 16): its columns with a typed value
 * each, and its whole filtered list. The files are made in export-file.ts, loaded only when a
 * person exports.
 */

type Value<R, V> = (row: R) => V | null | undefined;

/** A column of the file: its header and the row's value, typed so a spreadsheet can compute with it. */
export type ExportColumn<R> = { header: string } & (
  | { text: Value<R, string> }
  | { number: Value<R, number> }
  /** Paise; the file holds rupees as a number. */
  | { money: Value<R, Paise> }
  /** Hundredths of a unit; the file holds units as a number. */
  | { quantity: Value<R, Hundredths> }
  /** A calendar date `YYYY-MM-DD`; a date in XLSX, its text in CSV, both shown dd/mm/yyyy. */
  | { date: Value<R, string> }
);

export interface ExportList<R> {
  /** The screen's title: the start of the file's name and the sheet's name. */
  screen: string;
  /** The filters that chose the rows, named, for the file's name; empty ones are left out. */
  filters?: Record<string, string | number | null | undefined>;
  columns: ExportColumn<R>[];
  /** The whole filtered list, not one page. */
  rows: () => Promise<readonly R[]>;
}

/** A flag as a person reads it in a file. */
export const yesNo = (flag: number) => (flag === 1 ? 'Yes' : 'No');
