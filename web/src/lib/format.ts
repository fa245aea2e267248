import {
  type BillLine,
  calendarDateIn,
  dateTimeFormat,
  formatDate,
  isCalendarDate,
  lineQuantityText,
  quantityWithUnit,
  rupeeText,
} from '@dairy/contract';
import { i18n } from './i18n';

/** A bill line with its quantity written `quantity`; the amount is the server's. */
const lineWith = (line: BillLine, quantity: string) =>
  `${line.productName} ${rupeeText(line.price)} × ${quantity} = ${rupeeText(line.amount)}`;

/**
 * "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00": a bill line as the screens and the report PDFs
 * list it, its days counted in the language shown (docs/rules.md section 21).
 */
export function lineText(line: BillLine): string {
  const days = i18n.t('common.dayCount', { count: line.attendance });
  return lineWith(line, `${quantityWithUnit(line.quantity, line.unit)} (${days})`);
}

/** A bill's lines in one cell of a file, in English as the file's headings: "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00; Curd …". */
export const linesText = (lines: readonly BillLine[]) =>
  lines.map((line) => lineWith(line, lineQuantityText(line))).join('; ');

/** "ramesh kumar" → "Ramesh Kumar". */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|\s)\S/g, (c) => c.toUpperCase());
}

/** The years a person can choose: this year back to 2000. */
export function yearOptions(thisYear: number): number[] {
  const years: number[] = [];
  for (let y = thisYear; y >= 2000; y--) years.push(y);
  return years;
}

/** Day, month, year as a person types them: 7/9/2026, 07-09-2026, 07.09.2026 or 07092026. */
const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$|^(\d{2})(\d{2})(\d{4})$/;

/**
 * What a person typed in a date field as `YYYY-MM-DD`: day first (as formatDate shows it), or
 * already `YYYY-MM-DD` (a pasted date); null for anything else, 31/04/2026 included.
 */
export function parseDate(text: string): string | null {
  const typed = text.trim();
  if (isCalendarDate(typed)) return typed;
  const parts = TYPED_DATE.exec(typed);
  if (!parts) return null;
  const [day, month, year] = parts[1] ? [parts[1], parts[2], parts[3]] : [parts[4], parts[5], parts[6]];
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** A clock time as Indian operators read it: 02:05:09 pm. */
const clockFormat = (timeZone: string) =>
  dateTimeFormat('en-IN', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true });

/** An instant as its date and time in the business time zone `timeZone`: 23/11/2026 02:05:09 pm. */
export function formatInstant(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatDate(calendarDateIn(timeZone, at))} ${clockFormat(timeZone).format(at)}`;
}
