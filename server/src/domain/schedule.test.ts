import { addDays, DAY_NAMES, type DayName } from '@dairy/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { covers, parseDays, periodDates, weekdayOf } from './schedule';

function yearDates(year: number): string[] {
  return periodDates(['Special'], `${year}-01-01`, `${year}-12-31`);
}

function coveredInYear(days: DayName[], year: number): number {
  return yearDates(year).filter((d) => covers(days, d)).length;
}

describe('covers, date by date', () => {
  it.each<[string, DayName[], boolean]>([
    ['2026-06-01', ['Monday'], true], // a Monday and the 1st
    ['2026-06-01', ['Weekly'], true],
    ['2026-06-01', ['Monthly'], true],
    ['2026-06-01', ['Tuesday'], false],
    ['2026-06-02', ['Tuesday'], true],
    ['2026-06-02', ['Monthly', 'Weekly'], false],
    ['2026-11-22', ['Sunday'], true],
    ['2026-11-22', ['Saturday'], false],
    ['2026-11-01', ['Monthly'], true], // a Sunday
    ['2026-11-01', ['Weekly'], false],
    ['2026-11-02', ['Weekly'], true],
    ['2026-11-10', ['Special'], false],
    ['2026-11-09', ['Special'], false], // a Monday: Special still never
    ['2026-11-09', ['Special', 'Monday'], true],
    ['2028-02-29', ['Tuesday'], true], // leap day
    ['2026-03-01', ['Monthly'], true],
    ['2026-03-31', ['Monthly'], false],
    ['2026-06-03', [], false],
  ])('%s with %j → %s', (date, days, expected) => {
    expect(covers(days, date)).toBe(expected);
  });
});

describe('covers, over a whole year', () => {
  // 2026 starts on a Thursday (365 days); 2028 on a Saturday (366 days).
  it.each<[number, DayName[], number]>([
    [2026, ['Monday'], 52],
    [2026, ['Tuesday'], 52],
    [2026, ['Wednesday'], 52],
    [2026, ['Thursday'], 53],
    [2026, ['Friday'], 52],
    [2026, ['Saturday'], 52],
    [2026, ['Sunday'], 52],
    [2026, ['Monthly'], 12],
    [2026, ['Weekly'], 52],
    [2026, ['Special'], 0],
    [2026, ['Monday', 'Weekly'], 52],
    [2026, ['Monday', 'Monthly'], 63], // June 1st is a Monday: counted once
    [2026, ['Monthly', 'Weekly'], 63],
    [2026, ['Saturday', 'Sunday'], 104],
    [2026, [...DAY_NAMES], 365],
    [2026, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], 365],
    [2028, ['Saturday'], 53],
    [2028, ['Sunday'], 53],
    [2028, ['Monday'], 52],
    [2028, ['Monthly'], 12],
    [2028, [...DAY_NAMES], 366],
  ])('%i with %j → %i dates', (year, days, expected) => {
    expect(coveredInYear(days, year)).toBe(expected);
  });
});

describe('periodDates', () => {
  it.each<[DayName[], string, string, string[]]>([
    [['Monday'], '2026-11-01', '2026-11-30', ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']],
    [['Special'], '2026-11-29', '2026-12-02', ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']],
    [['Monthly'], '2026-11-15', '2027-02-15', ['2026-12-01', '2027-01-01', '2027-02-01']],
    [['Tuesday'], '2026-11-22', '2026-11-22', []],
    [['Sunday'], '2026-11-22', '2026-11-22', ['2026-11-22']],
    [['Sunday'], '2026-11-23', '2026-11-22', []],
  ])('%j from %s to %s', (days, from, to, expected) => {
    expect(periodDates(days, from, to)).toEqual(expected);
  });
});

describe('helpers', () => {
  it.each([
    ['Monday, Wednesday, Monthly', ['Monday', 'Wednesday', 'Monthly']],
    ['Special', ['Special']],
    ['Weekly, Monday', ['Monday', 'Weekly']],
    ['', []],
  ])('parseDays(%j)', (text, expected) => {
    expect(parseDays(text)).toEqual(expected);
  });
});

const dateArb = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const daysArb = fc.subarray([...DAY_NAMES]);

describe('schedule properties', () => {
  it('a date is covered when any one of the days covers it', () => {
    fc.assert(
      fc.property(daysArb, dateArb, (days, date) => {
        expect(covers(days, date)).toBe(days.some((d) => covers([d], date)));
      }),
    );
  });

  it('Weekly covers exactly the Mondays and Monthly exactly the 1st', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        expect(covers(['Weekly'], date)).toBe(weekdayOf(date) === 'Monday');
        expect(covers(['Monthly'], date)).toBe(Number(date.slice(8)) === 1);
        expect(covers(['Special'], date)).toBe(false);
      }),
    );
  });

  it('each weekday covers exactly one date of any 7 in a row', () => {
    fc.assert(
      fc.property(dateArb, fc.constantFrom(...DAY_NAMES.slice(0, 7)), (start, day) => {
        expect(periodDates([day], start, addDays(start, 6))).toHaveLength(1);
      }),
    );
  });

  it('a period holds only covered dates of the range, ascending, each once', () => {
    fc.assert(
      fc.property(daysArb, dateArb, fc.integer({ min: 0, max: 400 }), (days, from, length) => {
        const to = addDays(from, length);
        const dates = periodDates(days, from, to);
        const all = days.includes('Special');
        for (const d of dates) expect(d >= from && d <= to && (all || covers(days, d))).toBe(true);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
        const expected = all ? length + 1 : periodDates(['Special'], from, to).filter((d) => covers(days, d)).length;
        expect(dates).toHaveLength(expected);
      }),
    );
  });
});
