/**
 * The calendar date (`YYYY-MM-DD`) an instant falls on in a time zone: what "today" and a
 * date-time input mean in the business time zone (docs/rules.md sections 1 and 2).
 */
export function calendarDateIn(timeZone: string, at: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
