import { z } from 'zod';

/**
 * Money travels as rupees (a JSON number with at most 2 decimals) and is computed as
 * integer paise. These functions are the only conversions between the two.
 */
export type Paise = number;

const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;
/**
 * numeric(15,2), the widest stored amount (a total): thirteen digits before the point. Still a
 * safe integer in paise, so sums of stored amounts stay exact.
 */
export const MAX_PAISE = 999_999_999_999_999;

/** ₹1,00,00,000.00: the most a person may enter in any money field, either sign. */
export const MAX_INPUT_PAISE = 1_000_000_000;
/** A field's text for an amount over the limit, in the field's own words: `atMostText('Price')`. */
export const atMostText = (subject: string) => `${subject} must be at most ₹1,00,00,000.00`;

export function parsePaise(text: string): Paise {
  const s = text.trim();
  if (!MONEY_PATTERN.test(s)) throw new Error(`Not an amount: ${text}`);
  const negative = s.startsWith('-');
  const [whole, fraction = ''] = (negative ? s.slice(1) : s).split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -paise : paise;
}

export function isMoneyText(text: string): boolean {
  return MONEY_PATTERN.test(text.trim());
}

/** Paise → the rupee number sent in JSON (at most 2 decimals). */
export function toRupees(paise: Paise): number {
  return paise / 100;
}

/** Paise → "1234.50", the text numeric(12,2) takes. */
export function formatPaise(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Paise as a person reads them, on every screen, PDF, export and message: ₹1,23,456.50 (Indian
 * digit grouping, 2 decimals), -₹12.00. The one money formatter of the server and the web.
 */
export function rupeeText(paise: Paise): string {
  const [whole = '0', fraction = '00'] = formatPaise(Math.abs(paise)).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${paise < 0 ? '-' : ''}₹${grouped}.${fraction}`;
}

/** An amount as typed, of any length: the limit, not the pattern, refuses a long one. */
const AMOUNT_TEXT = /^-?\d+(\.\d{1,2})?$/;

/** A number → its shortest decimal text, or null when it has more than 2 decimals. */
function numberToMoneyText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  return /e/i.test(text) ? null : text;
}

/** An amount as it came: a number or a numeric string, as text, or null when it cannot be one. */
function amountText(value: number | string): string | null {
  return typeof value === 'number' ? numberToMoneyText(value) : value.trim();
}

/**
 * A money field: a JSON number or a numeric string with at most 2 decimals on the wire, paise
 * inside. `messages.required` is used for empty input, `messages.invalid` for anything else wrong,
 * and `messages.max` (default `atMostText('Amount')`) above ₹1,00,00,000.00 either way. Encoding
 * gives the rupee number the server reads back exactly.
 */
export function moneyInput(messages: {
  required: string;
  invalid?: string;
  min?: { paise: Paise; message: string };
  max?: string;
}) {
  const invalid = messages.invalid ?? 'Must be an amount with at most 2 decimals';
  return z.codec(z.union([z.number(), z.string()], { error: messages.required }), z.int(), {
    decode: (value, ctx): Paise => {
      const text = amountText(value);
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      if (text === '') return fail(messages.required);
      if (text === null || !AMOUNT_TEXT.test(text)) return fail(invalid);
      // Longer than any stored amount is far past the limit: its rough size is enough to say so.
      const paise = isMoneyText(text) ? parsePaise(text) : Number(text) * 100;
      if (messages.min && paise < messages.min.paise) return fail(messages.min.message);
      if (Math.abs(paise) > MAX_INPUT_PAISE) return fail(messages.max ?? atMostText('Amount'));
      return paise;
    },
    encode: toRupees,
  });
}

/** A money field in a response: rupees as a number on the wire, paise inside. */
export const money = z.codec(z.number(), z.int(), {
  decode: (rupees, ctx): Paise => {
    const text = numberToMoneyText(rupees);
    if (text !== null && isMoneyText(text)) return parsePaise(text);
    ctx.issues.push({ code: 'custom', message: 'Not an amount with at most 2 decimals', input: rupees });
    return z.NEVER;
  },
  encode: toRupees,
});
