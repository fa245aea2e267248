import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it.each([
    ['en-IN', '23/11/2026'],
    ['en-GB', '23/11/2026'],
    ['en-US', '11/23/2026'],
    ['de-DE', '23.11.2026'],
  ])('shows 2026-11-23 in %s as its date inputs do: %s', (locale, shown) => {
    expect(formatDate('2026-11-23', locale)).toBe(shown);
  });

  it('keeps the calendar day whatever the time zone (no midnight shift)', () => {
    expect(formatDate('2026-01-01', 'en-IN')).toBe('01/01/2026');
    expect(formatDate('2026-12-31', 'en-IN')).toBe('31/12/2026');
  });

  it('shows anything that is not a calendar date as it came', () => {
    expect(formatDate('', 'en-IN')).toBe('');
    expect(formatDate('soon', 'en-IN')).toBe('soon');
  });
});
