import { describe, expect, it } from 'vitest';
import { calendarDateIn } from './dates';

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
