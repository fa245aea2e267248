/*
 * Calendar dates as the calls take them (`YYYY-MM-DD`) and the one range every date, month and
 * year a call takes lies in (docs/rules.md section 24).
 */

/** The first and last date a call takes: dates, months and years outside are mistakes. */
export const DATE_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const;
export const YEAR_RANGE = { first: 2000, last: 2099 } as const;

export const dateTexts = {
  outOfRange: 'Enter a date between 2000 and 2099.',
} as const;

/** `YYYY-MM-DD` that names a real calendar date (no 31 April, no 29 February 2025). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * A calendar date `YYYY-MM-DD` as every date is shown, on screens, in PDFs, exports and the audit
 * trail: 23/11/2026, whatever the browser's language (docs/rules.md section 23). Anything else is
 * shown as it came.
 */
export function formatDate(isoDate: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : isoDate;
}

/** A calendar date `YYYY-MM-DD` within `DATE_RANGE` (the text compares as the date does). */
export const isDateInRange = (date: string) => date >= DATE_RANGE.first && date <= DATE_RANGE.last;

export const isYearInRange = (year: number) => year >= YEAR_RANGE.first && year <= YEAR_RANGE.last;

/*
 * A date-time is read as a date in the business time zone, which the contract does not know: it
 * is within range when its date is, in every zone from UTC-12 to UTC+14.
 */
const FIRST_INSTANT = Date.parse(`${DATE_RANGE.first}T12:00:00Z`);
const END_INSTANT = Date.parse(`${DATE_RANGE.last}T10:00:00Z`);
export const isInstantInRange = (iso: string) => {
  const at = Date.parse(iso);
  return at >= FIRST_INSTANT && at < END_INSTANT;
};

/** The date parts that en-CA formats as `YYYY-MM-DD`. */
const CALENDAR_DATE = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/**
 * The calendar date (`YYYY-MM-DD`) an instant falls on in a time zone: what "today" and a
 * date-time input mean in the business time zone (docs/rules.md sections 1 and 2).
 */
export function calendarDateIn(timeZone: string, at: Date): string {
  return dateTimeFormat('en-CA', { timeZone, ...CALENDAR_DATE }).format(at);
}

/** A calendar date `YYYY-MM-DD` and a 24-hour time, two digits each. */
export interface WallClock {
  date: string;
  hour: string;
  minute: string;
  second: string;
}

/** What a clock in a time zone shows at an instant. */
export function wallClockIn(timeZone: string, at: Date): WallClock {
  const parts = Object.fromEntries(
    dateTimeFormat('en-CA', {
      timeZone,
      ...CALENDAR_DATE,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date-time format of `locale` and `options`, made once: making one loads its time zone's
 * rules (about a quarter of a millisecond), using it takes a microsecond, and a call or a list
 * formats many instants in the one business time zone.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
