import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPaise,
  isMoneyText,
  MAX_INPUT_PAISE,
  MAX_PAISE,
  moneyInput,
  parsePaise,
  rupeeText,
  toRupees,
} from './money';

describe('parsePaise and formatPaise', () => {
  it.each([
    ['0', 0, '0.00'],
    ['0.5', 50, '0.50'],
    ['0.05', 5, '0.05'],
    ['1', 100, '1.00'],
    ['25.5', 2550, '25.50'],
    ['25.55', 2555, '25.55'],
    [' 7 ', 700, '7.00'],
    ['-1.5', -150, '-1.50'],
    ['-0.01', -1, '-0.01'],
    ['0010.10', 1010, '10.10'],
    ['9999999999.99', 999_999_999_999, '9999999999.99'],
    ['9999999999999.99', MAX_PAISE, '9999999999999.99'],
    ['-9999999999999.99', -MAX_PAISE, '-9999999999999.99'],
  ])('%j is %d paise and formats as %j', (text, paise, formatted) => {
    expect(parsePaise(text)).toBe(paise);
    expect(formatPaise(paise)).toBe(formatted);
    expect(parsePaise(formatted)).toBe(paise);
  });

  it.each(['', ' ', 'abc', '1.234', '1.', '.5', '1,5', '+1', '1e3', '--1', '12345678901234', 'NaN', 'Infinity'])(
    'refuses %j',
    (text) => {
      expect(isMoneyText(text)).toBe(false);
      expect(() => parsePaise(text)).toThrow();
    },
  );

  it('round-trips every amount numeric(15,2) can hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_PAISE, max: MAX_PAISE }), (paise) => {
        expect(parsePaise(formatPaise(paise))).toBe(paise);
      }),
    );
  });
});

describe('toRupees', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [2550, 25.5],
    [-150, -1.5],
    [MAX_PAISE, 9999999999999.99],
  ])('%d paise is %d rupees', (paise, rupees) => {
    expect(toRupees(paise)).toBe(rupees);
  });
});

describe('moneyInput', () => {
  const schema = moneyInput({ required: 'Amount is required', min: { paise: 0, message: 'Amount must be 0 or more' } });
  const messageOf = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it.each([
    [25, 2500],
    [25.5, 2550],
    [0.1, 10],
    [0.29, 29],
    ['25', 2500],
    ['25.50', 2550],
    [' 0.07 ', 7],
    [10000000, MAX_INPUT_PAISE],
    ['10000000.00', MAX_INPUT_PAISE],
    ['0010000000', MAX_INPUT_PAISE],
  ])('reads %j as %d paise', (value, paise) => {
    expect(schema.parse(value)).toBe(paise);
  });

  it.each([
    ['', 'Amount is required'],
    ['  ', 'Amount is required'],
    [null, 'Amount is required'],
    [undefined, 'Amount is required'],
    [[1], 'Amount is required'],
    [{ amount: 1 }, 'Amount is required'],
    [true, 'Amount is required'],
    [1.234, 'Must be an amount with at most 2 decimals'],
    ['1.234', 'Must be an amount with at most 2 decimals'],
    [0.1 + 0.2, 'Must be an amount with at most 2 decimals'],
    ['abc', 'Must be an amount with at most 2 decimals'],
    [Number.NaN, 'Amount is required'],
    [1.005 * 100, 'Must be an amount with at most 2 decimals'],
    [Number.POSITIVE_INFINITY, 'Amount is required'],
    [1e21, 'Must be an amount with at most 2 decimals'],
    [1e-7, 'Must be an amount with at most 2 decimals'],
    [10000000.01, 'Amount must be at most ₹1,00,00,000.00'],
    ['10000000.01', 'Amount must be at most ₹1,00,00,000.00'],
    [9999999999.99, 'Amount must be at most ₹1,00,00,000.00'],
    [10000000000, 'Amount must be at most ₹1,00,00,000.00'],
    ['1'.padEnd(40, '0'), 'Amount must be at most ₹1,00,00,000.00'],
    ['-1'.padEnd(40, '0'), 'Amount must be 0 or more'],
    [-1, 'Amount must be 0 or more'],
    ['-0.01', 'Amount must be 0 or more'],
  ])('refuses %j with %j', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it('reads back every amount it sends (rupees as a JSON number)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_INPUT_PAISE }), (paise) => {
        expect(schema.parse(toRupees(paise))).toBe(paise);
        expect(schema.parse(JSON.parse(JSON.stringify(toRupees(paise))))).toBe(paise);
      }),
    );
  });

  it('bounds negative amounts too, in the words a field chooses', () => {
    const due = moneyInput({ required: 'Due is required', max: 'Due must be within the limit' });
    expect(due.parse(-10000000)).toBe(-MAX_INPUT_PAISE);
    expect(due.safeParse('-10000000.01').error?.issues[0]?.message).toBe('Due must be within the limit');
    expect(due.safeParse(10000000.01).error?.issues[0]?.message).toBe('Due must be within the limit');
  });
});

describe('rupeeText', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [123450, '₹1,234.50'],
    [12345600, '₹1,23,456.00'],
    [1000000000, '₹1,00,00,000.00'],
    [-1200, '-₹12.00'],
  ])('%d paise → %s', (paise, text) => {
    expect(rupeeText(paise)).toBe(text);
  });
});
