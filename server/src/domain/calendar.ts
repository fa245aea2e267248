import { calendarDateIn, type Month } from '@dairy/contract';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date a date input means: `YYYY-MM-DD` as it is, an ISO date-time as the date
 * it falls on in the business time zone (docs/rules.md section 2).
 */
export function businessDate(input: string, timeZone: string): string {
  if (CALENDAR_DATE.test(input)) return input;
  return calendarDateIn(timeZone, new Date(input));
}

/** The month after `year`/`month`. */
export function nextMonth({ year, month }: { year: number; month: Month }): { year: number; month: Month } {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: (month + 1) as Month };
}

/** The dates of a month as a half-open range: `from` <= date < `until`. */
export function monthDates(year: number, month: Month): { from: string; until: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = nextMonth({ year, month });
  return { from: `${year}-${pad(month)}-01`, until: `${next.year}-${pad(next.month)}-01` };
}
