import { describe, expect, it } from 'vitest';
import { businessDate } from './calendar';

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
