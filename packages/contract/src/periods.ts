import type { Month } from './months';

/*
 * Months and calendar dates counted, the one home of that arithmetic for the server and both web
 * entries (docs/architecture.md). Dates are `YYYY-MM-DD` read as UTC, so no time zone or daylight
 * saving shift can move them; a month is its year and 1-12. Nothing here loads zod: the customer's
 * page imports it as `@dairy/contract/periods`.
 */

export interface YearMonth {
  year: number;
  month: Month;
}

/** The months' English names, as the server writes them in its texts. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function monthName(month: Month): string {
  return MONTH_NAMES[month - 1] ?? '';
}

/** A month 1-12 and a year → "January 2026". */
export function monthYear(month: Month, year: number): string {
  return `${monthName(month)} ${year}`;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * A month as one number, `year * 12 + month - 1`, so that months compare and count as numbers.
 * The SQL that says the same (`payment_year * 12 + payment_month - 1`) names this function.
 */
export function monthIndex({ year, month }: YearMonth): number {
  return year * 12 + month - 1;
}

/** The month of a `monthIndex` number. */
export function monthAt(index: number): YearMonth {
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** The month `count` months after `period` (before, when negative). */
export function addMonths(period: YearMonth, count: number): YearMonth {
  return monthAt(monthIndex(period) + count);
}

export const nextMonth = (period: YearMonth) => addMonths(period, 1);
export const previousMonth = (period: YearMonth) => addMonths(period, -1);

/** The `count` months ending with `last`, the oldest first. */
export function monthsEnding(last: YearMonth, count = 12): YearMonth[] {
  const first = monthIndex(last) - (count - 1);
  return Array.from({ length: count }, (_, i) => monthAt(first + i));
}

/** The month (year, 1-12) a `YYYY-MM-DD` date falls in. */
export function monthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** A year, a month 1-12 and a day → `YYYY-MM-DD`. */
export function isoDate(year: number, month: Month, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The month's first date, `YYYY-MM-01`. */
export const monthStart = ({ year, month }: YearMonth) => isoDate(year, month, 1);

/** The dates of a month as a half-open range: `from` <= date < `until`. */
export function monthDates(period: YearMonth): { from: string; until: string } {
  return { from: monthStart(period), until: monthStart(nextMonth(period)) };
}

/** How many days the month has (29 in a leap February). */
export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(utcOf(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Number of dates from `from` to `to` inclusive (0 when `to` is before `from`). */
export function datesBetween(from: string, to: string): number {
  return Math.max(0, Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1);
}

/** 0 for Monday … 6 for Sunday: the date's column in a calendar whose weeks start on Monday. */
export function mondayColumn(date: string): number {
  return (new Date(utcOf(date)).getUTCDay() + 6) % 7;
}
