import { z } from 'zod';
import { formatPaise, parsePaise } from './money';

/**
 * A quantity of a product (docs/rules.md section 12) is exact, as money is: integer hundredths of a
 * unit inside (1.5 L is 150), a JSON number with at most 2 decimals on the wire, numeric(7,2) in
 * the database. These are the only conversions between the three.
 */
export type Hundredths = number;

/** One unit: the quantity of every consumption and transaction that names none. */
export const ONE_UNIT: Hundredths = 100;
/** 999.99: the most one consumption, delivery or change may carry. */
export const MAX_QUANTITY: Hundredths = 99_999;
/** The unit a product code has when none is given. */
export const DEFAULT_UNIT = 'L';
export const MAX_UNIT_LENGTH = 10;

export const quantityTexts = {
  invalid: 'Quantity must be a number.',
  min: 'Quantity must be more than 0.',
  max: 'Quantity must be at most 999.99.',
  decimals: 'Quantity must have at most 2 decimals.',
} as const;

/** The database's numeric text ("1.50") → hundredths: the same fixed point as money. */
export const parseQuantity: (text: string) => Hundredths = parsePaise;
/** Hundredths → the text numeric(7,2) takes ("1.50"). */
export const formatQuantity: (quantity: Hundredths) => string = formatPaise;

/** Hundredths → the number sent in JSON (1.5). */
export function toUnits(quantity: Hundredths): number {
  return quantity / 100;
}

/** Hundredths → as a person reads it: 150 → "1.5", 200 → "2", 125 → "1.25". */
export function quantityText(quantity: Hundredths): string {
  const whole = Math.trunc(quantity / 100);
  const fraction = String(Math.abs(quantity % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A quantity with its unit: "1.5 L". */
export function quantityWithUnit(quantity: Hundredths, unit: string): string {
  return `${quantityText(quantity)} ${unit}`;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A quantity a person enters: a JSON number or a numeric string with at most 2 decimals, more
 * than 0 and at most 999.99; hundredths inside. Encoding gives the number the server reads back.
 * Blank is not a quantity: wrap it in `optional` or `withDefault` where it may be left out.
 */
export const quantityInput = z.codec(z.union([z.number(), z.string()], { error: quantityTexts.invalid }), z.int(), {
  decode: (value, ctx): Hundredths => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    // String(1e-7) is "1e-7": a number too small or too large to write plainly is not a quantity.
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    if (!DECIMAL_TEXT.test(text)) return fail(quantityTexts.invalid);
    const negative = text.startsWith('-');
    const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
    if (fraction.length > 2) return fail(quantityTexts.decimals);
    const units = Number(whole);
    const hundredths = units * 100 + Number(fraction.padEnd(2, '0'));
    if (negative || hundredths === 0) return fail(quantityTexts.min);
    if (units > 999 || hundredths > MAX_QUANTITY) return fail(quantityTexts.max);
    return hundredths;
  },
  encode: toUnits,
});

/** A quantity in a response (a sum too, as a bill line's): a number on the wire, hundredths inside. */
export const quantity = z.codec(z.number(), z.int(), {
  decode: (units, ctx): Hundredths => {
    const text = String(units);
    if (/^-?\d{1,13}(\.\d{1,2})?$/.test(text)) return parseQuantity(text);
    ctx.issues.push({ code: 'custom', message: 'Not a quantity with at most 2 decimals', input: units });
    return z.NEVER;
  },
  encode: toUnits,
});
