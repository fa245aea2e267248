import {
  type BillLine,
  calendarDateIn,
  formatDate,
  isCalendarDate,
  lineQuantityText,
  rupeeText,
} from '@dairy/contract';

/**
 * "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00": a bill line as the bills, reports and exports list
 * it, the amount the server's.
 */
export function lineText(line: BillLine): string {
  return `${line.productName} ${rupeeText(line.price)} × ${lineQuantityText(line)} = ${rupeeText(line.amount)}`;
}

/** A bill's lines in one cell of a file: "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00; Curd …". */
export const linesText = (lines: readonly BillLine[]) => lines.map(lineText).join('; ');

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
const clockIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true });

/** An instant as its date and time in the business time zone `timeZone`: 23/11/2026 02:05:09 pm. */
export function formatInstant(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatDate(calendarDateIn(timeZone, at))} ${clockIn(timeZone).format(at)}`;
}
