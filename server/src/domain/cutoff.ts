import { addDays, dateTimeFormat } from '@dairy/contract';

/*
 * The cut-off of the customer's page (docs/rules.md section 19): a change to the deliveries of a
 * date must arrive before the cut-off time on the day before, in the business time zone. Pure:
 * the moment is passed in.
 */

/** The calendar date and the time `HH:MM` an instant shows on a clock in `timeZone`. */
export function clockIn(timeZone: string, at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    dateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The first date whose deliveries a change may still alter: tomorrow before the cut-off, the day
 * after tomorrow from the cut-off on (so `00:00` closes tomorrow all day).
 */
export function earliestChangeDate(at: Date, timeZone: string, cutoffTime: string): string {
  const now = clockIn(timeZone, at);
  return addDays(now.date, now.time < cutoffTime ? 1 : 2);
}
