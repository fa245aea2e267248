import { type BillLine, formatDate } from '@dairy/contract';
import { afterEach, describe, expect, it } from 'vitest';
import hi from '../locales/hi.json';
import { formatInstant, linesText, lineText, parseDate } from './format';
import { i18n } from './i18n';

describe('parseDate', () => {
  it.each([
    ['23/11/2026', '2026-11-23'],
    ['7/9/2026', '2026-09-07'],
    ['07-09-2026', '2026-09-07'],
    ['07.09.2026', '2026-09-07'],
    ['07092026', '2026-09-07'],
    [' 01/02/2026 ', '2026-02-01'],
    ['2026-09-07', '2026-09-07'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %j as %s (day first)', (typed, iso) => {
    expect(parseDate(typed)).toBe(iso);
  });

  it.each([
    '',
    '23/11',
    '23/11/26',
    '23/11/202',
    '0709202',
    '31/04/2026',
    '29/02/2026',
    '13/13/2026',
    '2026/09/07',
    'today',
  ])('reads %j as no date', (typed) => {
    expect(parseDate(typed)).toBeNull();
  });

  it('reads back every date it shows', () => {
    for (const iso of ['2000-01-01', '2026-11-23', '2099-12-31']) expect(parseDate(formatDate(iso))).toBe(iso);
  });
});

describe('formatInstant', () => {
  it('shows the date and time in the business time zone, not the browser', () => {
    expect(formatInstant('2026-11-22T18:45:09Z', 'Asia/Kolkata')).toBe('23/11/2026 12:15:09 am');
    expect(formatInstant('2026-11-22T08:05:00Z', 'Asia/Kolkata')).toBe('22/11/2026 01:35:00 pm');
    expect(formatInstant('2026-11-22T18:45:09Z', 'UTC')).toBe('22/11/2026 06:45:09 pm');
  });
});

describe('lineText', () => {
  const line = (attendance: number): BillLine => ({
    productCode: 'CM',
    productName: 'Cow Milk',
    price: 5600,
    attendance,
    quantity: attendance * 150,
    unit: 'L',
    amount: attendance * 8400,
  });
  afterEach(() => i18n.changeLanguage('en'));

  it('counts the days in English as the spec writes them', () => {
    expect(lineText(line(30))).toBe('Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00');
    expect(lineText(line(1))).toBe('Cow Milk ₹56.00 × 1.5 L (1 day) = ₹84.00');
  });

  it('counts the days in the language shown, and keeps files in English', async () => {
    i18n.addResourceBundle('hi', 'translation', hi);
    await i18n.changeLanguage('hi');
    expect(lineText(line(30))).toBe('Cow Milk ₹56.00 × 45 L (30 दिन) = ₹2,520.00');
    expect(lineText(line(1))).toBe('Cow Milk ₹56.00 × 1.5 L (1 दिन) = ₹84.00');
    expect(linesText([line(1), line(2)])).toBe(
      'Cow Milk ₹56.00 × 1.5 L (1 day) = ₹84.00; Cow Milk ₹56.00 × 3 L (2 days) = ₹168.00',
    );
  });
});
