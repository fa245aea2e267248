import { addDays, wallClockIn } from '@dairy/contract';

/*
 * The cut-off of the customer's page (docs/rules.md section 19): a change to the deliveries of a
 * date must arrive before the cut-off time on the day before, in the business time zone. Pure:
 * the moment is passed in.
 */

/**
 * The first date whose deliveries a change may still alter: tomorrow before the cut-off, the day
 * after tomorrow from the cut-off on (so `00:00` closes tomorrow all day).
 */
export function earliestChangeDate(at: Date, timeZone: string, cutoffTime: string): string {
  const now = wallClockIn(timeZone, at);
  return addDays(now.date, `${now.hour}:${now.minute}` < cutoffTime ? 1 : 2);
}
