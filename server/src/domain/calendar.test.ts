import { describe, expect, it } from 'vitest';
import { businessDate, monthDates } from './calendar';

describe('businessDate', () => {
  it.each([
    ['2026-11-22', 'Asia/Kolkata', '2026-11-22'],
    // Midnight in India, as a browser in India sends it.
    ['2026-11-21T18:30:00.000Z', 'Asia/Kolkata', '2026-11-22'],
    ['2026-11-21T18:29:59.999Z', 'Asia/Kolkata', '2026-11-21'],
    // Midnight UTC, as `new Date('2026-11-22').toISOString()` gives it.
    ['2026-11-22T00:00:00.000Z', 'Asia/Kolkata', '2026-11-22'],
    ['2026-11-22T00:00:00.000Z', 'America/New_York', '2026-11-21'],
    ['2026-11-22T23:00:00+05:30', 'Asia/Kolkata', '2026-11-22'],
    ['2026-12-31T20:00:00Z', 'Asia/Kolkata', '2027-01-01'],
  ])('%s in %s is %s', (input, zone, expected) => {
    expect(businessDate(input, zone)).toBe(expected);
  });
});

describe('monthDates', () => {
  it.each([
    [2026, 1, '2026-01-01', '2026-02-01'],
    [2026, 9, '2026-09-01', '2026-10-01'],
    [2026, 11, '2026-11-01', '2026-12-01'],
    [2026, 12, '2026-12-01', '2027-01-01'],
    [2024, 2, '2024-02-01', '2024-03-01'],
    [2028, 2, '2028-02-01', '2028-03-01'],
  ])('%i-%i runs from %s until %s', (year, month, from, until) => {
    expect(monthDates(year, month)).toEqual({ from, until });
  });
});
