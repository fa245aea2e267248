import { describe, expect, it } from 'vitest';
import { calendarDateIn, dateTimeFormat, formatDate, isInstantInRange, wallClockIn } from './dates';
import { yearInput, yearMonthInput } from './months';

describe('calendarDateIn', () => {
  it.each([
    ['Asia/Kolkata', '2026-11-21T18:29:59Z', '2026-11-21'],
    ['Asia/Kolkata', '2026-11-21T18:30:00Z', '2026-11-22'],
    ['Pacific/Pago_Pago', '2026-11-22T10:00:00Z', '2026-11-21'],
    ['Pacific/Kiritimati', '2026-12-31T10:00:00Z', '2027-01-01'],
    ['UTC', '2028-02-29T23:59:59Z', '2028-02-29'],
  ])('%s at %s is %s', (zone, instant, date) => {
    expect(calendarDateIn(zone, new Date(instant))).toBe(date);
  });
});

describe('dateTimeFormat', () => {
  it('makes each format once, and a format of its own for another zone or option', () => {
    const kolkata = { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    const first = dateTimeFormat('en-GB', kolkata);
    expect(dateTimeFormat('en-GB', { ...kolkata })).toBe(first);
    const utc = dateTimeFormat('en-GB', { ...kolkata, timeZone: 'UTC' });
    expect(utc).not.toBe(first);
    expect(dateTimeFormat('en-GB', { ...kolkata, second: '2-digit' })).not.toBe(first);
    const at = new Date('2026-11-21T18:29:00Z');
    expect([first.format(at), utc.format(at)]).toEqual(['23:59', '18:29']);
  });
});

describe('isInstantInRange', () => {
  it.each([
    ['2000-01-01T12:00:00Z', true],
    ['2000-01-01T11:59:59Z', false],
    ['2099-12-31T09:59:59Z', true],
    ['2099-12-31T10:00:00Z', false],
    ['2099-12-31T23:00:00+05:30', false],
    ['9999-12-31T00:00:00Z', false],
  ])('%s: %s (its date is 2000-2099 in every time zone)', (instant, inRange) => {
    expect(isInstantInRange(instant)).toBe(inRange);
  });
});

describe('yearInput and yearMonthInput', () => {
  const messageOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it.each([2000, '2099'])('take the year %j', (year) => {
    expect(yearInput.safeParse(year).success).toBe(true);
    expect(yearMonthInput('Month must be YYYY-MM').safeParse(`${year}-01`).success).toBe(true);
  });
  it.each([1999, 2100, '9999'])('refuse the year %j', (year) => {
    expect(messageOf(yearInput.safeParse(year))).toBe('Enter a date between 2000 and 2099.');
    expect(messageOf(yearMonthInput('Month must be YYYY-MM').safeParse(`${year}-12`))).toBe(
      'Enter a date between 2000 and 2099.',
    );
  });
  it('keeps their own texts for what is not a year or a month', () => {
    expect(messageOf(yearInput.safeParse('soon'))).toBe('Year must be a whole number');
    expect(messageOf(yearMonthInput('Month must be YYYY-MM').safeParse('2026-13'))).toBe('Month must be YYYY-MM');
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-23', '23/11/2026'],
    ['2026-01-01', '01/01/2026'],
    ['2026-12-31', '31/12/2026'],
    ['2000-02-29', '29/02/2000'],
  ])('shows %s as %s, whatever the browser', (iso, shown) => {
    expect(formatDate(iso)).toBe(shown);
  });

  it('shows anything that is not a calendar date as it came', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('wallClockIn', () => {
  it("reads the clock of the time zone, not the server's, over midnight", () => {
    const clock = (date: string, hour: string, minute: string, second: string) => ({ date, hour, minute, second });
    expect(wallClockIn('Asia/Kolkata', new Date('2026-11-25T18:29:59Z'))).toEqual(
      clock('2026-11-25', '23', '59', '59'),
    );
    expect(wallClockIn('Asia/Kolkata', new Date('2026-11-25T18:30:00Z'))).toEqual(
      clock('2026-11-26', '00', '00', '00'),
    );
    expect(wallClockIn('UTC', new Date('2026-11-25T18:30:05Z'))).toEqual(clock('2026-11-25', '18', '30', '05'));
    expect(wallClockIn('Asia/Kolkata', new Date('2026-12-31T18:30:00Z'))).toEqual(
      clock('2027-01-01', '00', '00', '00'),
    );
  });
});
