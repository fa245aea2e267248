import { addDays, DAY_NAMES, type DayName, datesBetween } from '@dairy/contract';

/**
 * Which dates a combination of days covers (docs/rules.md section 4). Dates are calendar dates
 * `YYYY-MM-DD`, computed in UTC so no time zone or daylight saving shift can move them.
 */

const WEEKDAYS: readonly DayName[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "Monday, Monthly" → ['Monday', 'Monthly']; unknown words are ignored. */
export function parseDays(combinationDays: string): DayName[] {
  const words = new Set(combinationDays.split(',').map((w) => w.trim()));
  return DAY_NAMES.filter((d) => words.has(d));
}

export function weekdayOf(date: string): DayName {
  return WEEKDAYS[toUtc(date).getUTCDay()]!;
}

/** Whether the scheduled generation delivers on `date` for these days. Special never does. */
export function covers(days: readonly DayName[], date: string): boolean {
  const weekday = weekdayOf(date);
  return days.some((day) => {
    if (day === 'Monthly') return date.endsWith('-01');
    if (day === 'Weekly') return weekday === 'Monday';
    if (day === 'Special') return false;
    return day === weekday;
  });
}

/**
 * The dates of a Single User Transaction period: every date from `from` to `to` inclusive the
 * days cover, or every date when they include Special (delivered only by hand).
 */
export function periodDates(days: readonly DayName[], from: string, to: string): string[] {
  const everyDate = days.includes('Special');
  const dates: string[] = [];
  for (let i = 0; i < datesBetween(from, to); i++) {
    const date = addDays(from, i);
    if (everyDate || covers(days, date)) dates.push(date);
  }
  return dates;
}
