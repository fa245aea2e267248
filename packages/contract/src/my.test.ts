import { describe, expect, it } from 'vitest';
import { customerPageUrl } from './customer-link';
import { dayAndMonth, myChangeBody, myTexts } from './my';

describe('the customer page contract', () => {
  it('names a date as day and month', () => {
    expect(dayAndMonth('2026-11-26')).toBe('26 November');
    expect(dayAndMonth('2027-01-01')).toBe('1 January');
    expect(myTexts.closed('2026-11-26', '20:00', '2026-11-27')).toBe(
      'Changes for 26 November closed at 20:00 the day before. The earliest day you can change is 27 November.',
    );
  });

  it('makes the page address from PUBLIC_URL, or none', () => {
    expect(customerPageUrl('https://dairy.example.in', 'abc')).toBe('https://dairy.example.in/my/abc');
    expect(customerPageUrl('https://dairy.example.in/', 'abc')).toBe('https://dairy.example.in/my/abc');
    expect(customerPageUrl(undefined, 'abc')).toBe(null);
  });

  it('bounds a change to 92 days before the rules of section 12', () => {
    const parse = (fromDate: string, toDate: string) =>
      myChangeBody.safeParse({ kind: 'quantity', consumptionId: 1, quantity: 2, fromDate, toDate });
    expect(parse('2026-11-27', '2027-02-26').success).toBe(true);
    expect(parse('2026-11-27', '2027-02-27').error?.issues.map((i) => i.message)).toEqual([myTexts.tooLong]);
    // Over a year: the 92 days are named first.
    expect(parse('2026-11-27', '2028-01-01').error?.issues[0]?.message).toBe(myTexts.tooLong);
  });
});
