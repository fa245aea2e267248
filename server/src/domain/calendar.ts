import { calendarDateIn } from '@dairy/contract';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date a date input means: `YYYY-MM-DD` as it is, an ISO date-time as the date
 * it falls on in the business time zone (docs/rules.md section 2).
 */
export function businessDate(input: string, timeZone: string): string {
  if (CALENDAR_DATE.test(input)) return input;
  return calendarDateIn(timeZone, new Date(input));
}
