import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatQuantity,
  MAX_QUANTITY,
  parseQuantity,
  quantity,
  quantityInput,
  quantityText,
  quantityTexts,
  quantityWithUnit,
} from './quantity';

const decode = (value: unknown) => quantityInput.safeDecode(value as never);

describe('quantityInput', () => {
  it.each([
    [1, 100],
    ['1', 100],
    [1.5, 150],
    [' 1.5 ', 150],
    ['0.25', 25],
    [0.01, 1],
    [999.99, MAX_QUANTITY],
    ['999.99', MAX_QUANTITY],
    ['007.50', 750],
    [1.1, 110],
    [2.675, undefined],
  ])('%j is %j hundredths', (value, hundredths) => {
    const result = decode(value);
    if (hundredths === undefined) expect(result.success).toBe(false);
    else expect(result).toEqual({ success: true, data: hundredths });
  });

  it.each([
    [0, quantityTexts.min],
    ['0', quantityTexts.min],
    ['0.00', quantityTexts.min],
    [-1, quantityTexts.min],
    ['-0.5', quantityTexts.min],
    [1000, quantityTexts.max],
    ['1000.00', quantityTexts.max],
    [999.991, quantityTexts.decimals],
    ['1.234', quantityTexts.decimals],
    ['12345678901234567890', quantityTexts.max],
    ['', quantityTexts.invalid],
    ['abc', quantityTexts.invalid],
    ['1e2', quantityTexts.invalid],
    [1e-7, quantityTexts.invalid],
    [Number.POSITIVE_INFINITY, quantityTexts.invalid],
    ['1,5', quantityTexts.invalid],
    [true, quantityTexts.invalid],
    [null, quantityTexts.invalid],
  ])('%j is refused: %s', (value, message) => {
    const result = decode(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('encodes what the server reads back exactly, for every quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_QUANTITY }), (hundredths) => {
        const wire = z.encode(quantityInput, hundredths);
        expect(decode(wire)).toEqual({ success: true, data: hundredths });
        expect(decode(String(wire))).toEqual({ success: true, data: hundredths });
        expect(z.decode(quantity, z.encode(quantity, hundredths))).toBe(hundredths);
      }),
    );
  });
});

describe('the database text and the words', () => {
  it.each([
    ['1.00', 100, '1', '1 L'],
    ['1.50', 150, '1.5', '1.5 L'],
    ['0.25', 25, '0.25', '0.25 L'],
    ['999.99', 99_999, '999.99', '999.99 L'],
    ['12345.60', 1_234_560, '12345.6', '12345.6 L'],
  ])('%j is %d hundredths, read as %j', (text, hundredths, words, withUnit) => {
    expect(parseQuantity(text)).toBe(hundredths);
    expect(formatQuantity(hundredths)).toBe(text);
    expect(quantityText(hundredths)).toBe(words);
    expect(quantityWithUnit(hundredths, 'L')).toBe(withUnit);
  });

  it('a response quantity with more than 2 decimals is not one', () => {
    expect(quantity.safeDecode(1.234).success).toBe(false);
  });
});
