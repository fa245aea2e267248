import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  datesBetween,
  daysInMonth,
  isoDate,
  mondayColumn,
  monthAt,
  monthDates,
  monthIndex,
  monthOf,
  monthStart,
  monthsEnding,
  nextMonth,
  previousMonth,
} from './periods';

const dateArb = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const monthArb = fc.record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) });

describe('the month index', () => {
  it.each([
    [2026, 1, 2026 * 12],
    [2026, 12, 2026 * 12 + 11],
    [2000, 1, 24_000],
  ])('%i-%i is %i', (year, month, index) => {
    expect(monthIndex({ year, month })).toBe(index);
    expect(monthAt(index)).toEqual({ year, month });
  });

  it('goes there and back for every month, and orders months as the calendar does', () => {
    fc.assert(
      fc.property(monthArb, monthArb, (a, b) => {
        expect(monthAt(monthIndex(a))).toEqual(a);
        const calendarOrder = a.year === b.year ? a.month - b.month : a.year - b.year;
        expect(Math.sign(monthIndex(a) - monthIndex(b))).toBe(Math.sign(calendarOrder));
      }),
    );
  });
});

describe('next and previous months', () => {
  it.each([
    [
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ],
    [
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
    ],
    [
      { year: 2025, month: 11 },
      { year: 2025, month: 12 },
    ],
  ])('after %j comes %j, and before it the first', (month, after) => {
    expect(nextMonth(month)).toEqual(after);
    expect(previousMonth(after)).toEqual(month);
  });

  it('counts many months either way across years', () => {
    expect(addMonths({ year: 2027, month: 3 }, -11)).toEqual({ year: 2026, month: 4 });
    expect(addMonths({ year: 2027, month: 12 }, -11)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 2 }, 23)).toEqual({ year: 2028, month: 1 });
    expect(addMonths({ year: 2026, month: 5 }, 0)).toEqual({ year: 2026, month: 5 });
  });
});

describe('monthsEnding', () => {
  it('gives 12 months ending with the chosen one, the oldest first, across a year end', () => {
    expect(monthsEnding({ year: 2026, month: 3 })).toEqual([
      { year: 2025, month: 4 },
      { year: 2025, month: 5 },
      { year: 2025, month: 6 },
      { year: 2025, month: 7 },
      { year: 2025, month: 8 },
      { year: 2025, month: 9 },
      { year: 2025, month: 10 },
      { year: 2025, month: 11 },
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
      { year: 2026, month: 3 },
    ]);
    expect(monthsEnding({ year: 2026, month: 12 })[0]).toEqual({ year: 2026, month: 1 });
    expect(monthsEnding({ year: 2000, month: 1 }, 2)).toEqual([
      { year: 1999, month: 12 },
      { year: 2000, month: 1 },
    ]);
  });
});

describe('a month of dates', () => {
  it.each([
    [2026, 1, 31],
    [2026, 4, 30],
    [2026, 2, 28],
    [2028, 2, 29],
    [2000, 2, 29],
    [2100, 2, 28],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth({ year, month })).toBe(days);
  });

  it.each([
    [2026, 1, '2026-01-01', '2026-02-01'],
    [2026, 9, '2026-09-01', '2026-10-01'],
    [2026, 12, '2026-12-01', '2027-01-01'],
    [2028, 2, '2028-02-01', '2028-03-01'],
  ])('%i-%i runs from %s until %s', (year, month, from, until) => {
    expect(monthDates({ year, month })).toEqual({ from, until });
    expect(monthStart({ year, month })).toBe(from);
  });

  it.each([
    ['2026-01-01', 2026, 1],
    ['2026-01-31', 2026, 1],
    ['2025-12-31', 2025, 12],
    ['2024-02-29', 2024, 2],
  ])('%s is in %i-%i', (date, year, month) => {
    expect(monthOf(date)).toEqual({ year, month });
  });

  it('writes dates with their zeros', () => {
    expect(isoDate(2026, 3, 7)).toBe('2026-03-07');
    expect(isoDate(2026, 11, 30)).toBe('2026-11-30');
  });
});

describe('days', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 1, '2026-03-30'], // a daylight saving change elsewhere changes nothing
    ['2026-11-22', 0, '2026-11-22'],
    ['2026-11-22', 40, '2027-01-01'],
  ])('addDays(%s, %i) = %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it.each([
    ['2026-01-01', '2026-12-31', 365],
    ['2028-01-01', '2028-12-31', 366],
    ['2026-11-22', '2026-11-22', 1],
    ['2026-11-22', '2026-11-21', 0],
  ])('datesBetween(%s, %s) = %i', (from, to, expected) => {
    expect(datesBetween(from, to)).toBe(expected);
  });

  it('addDays and datesBetween agree, and a month has as many dates as days', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 1000 }), (date, n) => {
        expect(datesBetween(date, addDays(date, n))).toBe(n + 1);
        expect(addDays(addDays(date, n), -n)).toBe(date);
      }),
    );
    fc.assert(
      fc.property(monthArb, (month) => {
        const { from, until } = monthDates(month);
        expect(datesBetween(from, addDays(until, -1))).toBe(daysInMonth(month));
      }),
    );
  });

  it.each([
    ['2026-06-01', 0], // a Monday
    ['2026-11-01', 6], // a Sunday
    ['2026-11-26', 3], // a Thursday
  ])('%s sits in column %i of a week starting on Monday', (date, column) => {
    expect(mondayColumn(date)).toBe(column);
  });
});
