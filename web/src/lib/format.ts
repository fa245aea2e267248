import { type BillLine, lineQuantityText, MONTH_NAMES } from '@dairy/contract';

const rupeeNumber = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹ with 2 decimals and Indian digit grouping: ₹1,23,456.50. Negative amounts: -₹12.00. */
export function formatRupees(amount: number): string {
  const text = `₹${rupeeNumber.format(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

/** Paise (as the contract decodes money) → ₹ with 2 decimals and Indian digit grouping. */
export function formatMoney(paise: number): string {
  return formatRupees(paise / 100);
}

/**
 * "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00": a bill line as the bills, reports and exports list
 * it, the amount the server's.
 */
export function lineText(line: BillLine): string {
  return `${line.productName} ${formatMoney(line.price)} × ${lineQuantityText(line)} = ${formatMoney(line.amount)}`;
}

/** A bill's lines in one cell of a file: "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00; Curd …". */
export const linesText = (lines: readonly BillLine[]) => lines.map(lineText).join('; ');

/** "ramesh kumar" → "Ramesh Kumar". */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|\s)\S/g, (c) => c.toUpperCase());
}

/** A month 1-12 and a year → "January 2026". */
export function monthYear(month: number, year: number): string {
  return `${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/** The years a person can choose: this year back to 2000. */
export function yearOptions(thisYear: number): number[] {
  const years: number[] = [];
  for (let y = thisYear; y >= 2000; y--) years.push(y);
  return years;
}

const dateParts = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' } as const;
/** In the browser's locale, the one its date inputs use. */
const browserDates = new Intl.DateTimeFormat(undefined, dateParts);

/**
 * A calendar date `YYYY-MM-DD` as the browser's date inputs show it: 23/11/2026 for en-IN,
 * 11/23/2026 for en-US. The one way a date is shown, on screens and in PDFs.
 */
export function formatDate(isoDate: string, locale?: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  const format = locale ? new Intl.DateTimeFormat(locale, dateParts) : browserDates;
  return format.format(Date.UTC(year, month - 1, day));
}

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** An instant in the browser's time zone: its date as every date is shown, and the time. */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  const localDate = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return `${formatDate(localDate)} ${time.format(at)}`;
}
