import { describe, expect, it } from 'vitest';
import { earliestChangeDate } from './cutoff';

const IST = 'Asia/Kolkata';
/** A moment given as India's clock shows it (UTC+05:30). */
const ist = (local: string) => new Date(`${local}:00+05:30`);

describe('the cut-off of changes from the customer page', () => {
  it.each([
    // moment (India), cut-off, earliest date a change may alter
    ['2026-11-25T19:59', '20:00', '2026-11-26'],
    ['2026-11-25T20:00', '20:00', '2026-11-27'],
    ['2026-11-25T23:59', '20:00', '2026-11-27'],
    ['2026-11-26T00:00', '20:00', '2026-11-27'],
    ['2026-11-25T00:00', '00:00', '2026-11-27'],
    ['2026-11-25T23:59', '00:00', '2026-11-27'],
    ['2026-11-25T23:58', '23:59', '2026-11-26'],
    ['2026-11-25T23:59', '23:59', '2026-11-27'],
    // Over a month's end and a year's end.
    ['2026-11-30T19:00', '20:00', '2026-12-01'],
    ['2026-11-30T21:00', '20:00', '2026-12-02'],
    ['2026-12-31T20:00', '20:00', '2027-01-02'],
    ['2028-02-28T20:30', '20:00', '2028-03-01'],
  ])('at %s with the cut-off at %s the earliest date is %s', (moment, cutoff, earliest) => {
    expect(earliestChangeDate(ist(moment), IST, cutoff)).toBe(earliest);
  });
});
