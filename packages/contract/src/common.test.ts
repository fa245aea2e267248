import { describe, expect, it } from 'vitest';
import { dateInput, flagInput, idInput, intInput, optionalText, pageQuery, withProductLabel } from './common';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('intInput', () => {
  const schema = intInput('Route must be a whole number');
  it.each([
    [7, 7],
    ['7', 7],
    [' 42 ', 42],
    ['-3', -3],
    ['0', 0],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d', (value, expected) => {
    expect(schema.parse(value)).toBe(expected);
  });

  it.each([1.5, '1.5', '', ' ', 'abc', '0x10', '1e3', 'Infinity', '1,000', '9007199254740993', null, true, [1], {}])(
    'refuses %j with its own message',
    (value) => {
      expect(messageOf(schema.safeParse(value))).toBe('Route must be a whole number');
    },
  );

  it('tells a missing or blank value apart when given a text for it', () => {
    const twoTexts = intInput('Must be whole', 'Is empty');
    for (const blank of [undefined, null, '', '  ']) expect(messageOf(twoTexts.safeParse(blank))).toBe('Is empty');
    for (const wrong of [1.5, '1.5', 'abc', true]) expect(messageOf(twoTexts.safeParse(wrong))).toBe('Must be whole');
  });
});

describe('idInput', () => {
  it.each([
    [1, 1],
    ['15', 15],
    [2147483647, 2147483647],
  ])('reads %j as %d', (value, expected) => {
    expect(idInput.parse(value)).toBe(expected);
  });

  it.each([0, -1, '0', 2147483648, '99999999999999', 1.5, 'x', null, undefined])('refuses %j', (value) => {
    expect(messageOf(idInput.safeParse(value))).toBe('Must be a valid id');
  });
});

describe('flagInput', () => {
  it.each([1, '1', true, 'true'])('reads %j as 1', (value) => {
    expect(flagInput.parse(value)).toBe(1);
  });

  it.each([0, '0', false, 'false'])('reads %j as 0', (value) => {
    expect(flagInput.parse(value)).toBe(0);
  });

  it.each([2, -1, 'yes', '', null, 'TRUE'])('refuses %j', (value) => {
    expect(messageOf(flagInput.safeParse(value))).toBe('Must be 1 or 0');
  });
});

describe('pageQuery', () => {
  const schema = pageQuery(200);
  it.each([
    [{}, { limit: 200, offset: 1 }],
    [
      { limit: '50', offset: '3' },
      { limit: 50, offset: 3 },
    ],
    [{ limit: '1' }, { limit: 1, offset: 1 }],
    [{ limit: '1000' }, { limit: 1000, offset: 1 }],
  ])('reads %j as %j', (query, expected) => {
    expect(schema.parse(query)).toEqual(expected);
  });

  it.each([
    [{ limit: '0' }, 'limit must be between 1 and 1000'],
    [{ limit: '1001' }, 'limit must be between 1 and 1000'],
    [{ limit: 'all' }, 'limit must be a whole number'],
    [{ offset: '0' }, 'offset is the page number and starts at 1'],
    [{ offset: '-2' }, 'offset is the page number and starts at 1'],
    [{ offset: '1.5' }, 'offset must be a whole number'],
  ])('refuses %j with %j', (query, message) => {
    expect(messageOf(schema.safeParse(query))).toBe(message);
  });
});

describe('dateInput', () => {
  const schema = dateInput();
  it.each(['2024-02-29', '2025-12-31', ' 2025-01-01 '])('takes %j', (value) => {
    expect(schema.parse(value)).toBe(value.trim());
  });

  it.each(['2025-02-29', '2025-13-01', '2025-04-31', '2025-1-1', '01-01-2025', '2025-01-01T00:00:00Z', '', 20250101])(
    'refuses %j',
    (value) => {
      expect(messageOf(schema.safeParse(value))).toBe('Must be a date (YYYY-MM-DD)');
    },
  );

  it.each(['2000-01-01', '2099-12-31'])('takes %j, an end of the range', (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it.each(['1999-12-31', '2100-01-01', '9999-12-31', '0001-01-01'])('refuses %j, outside 2000-2099', (value) => {
    expect(messageOf(schema.safeParse(value))).toBe('Enter a date between 2000 and 2099.');
  });
});

describe('optionalText', () => {
  const schema = optionalText(5);
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    [' ab ', 'ab'],
    ['abcde', 'abcde'],
  ])('reads %j as %j', (value, expected) => {
    expect(schema.parse(value)).toBe(expected);
  });

  it('refuses text over its limit', () => {
    expect(messageOf(schema.safeParse('abcdef'))).toBe('Must be at most 5 characters');
  });
});

describe('withProductLabel', () => {
  it.each([
    ["{product} Code can't be empty!", 'Milk', "Milk Code can't be empty!"],
    ['No {product}s found', 'Curd', 'No Curds found'],
    ['{product} and {product}', 'Ghee', 'Ghee and Ghee'],
    ['Colony Code', 'Milk', 'Colony Code'],
  ])('%j with %j reads %j', (text, label, expected) => {
    expect(withProductLabel(text, label)).toBe(expected);
  });
});
