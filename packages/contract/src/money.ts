import { z } from 'zod';

/**
 * Money travels as rupees (a JSON number with at most 2 decimals) and is computed as
 * integer paise. These functions are the only conversions between the two.
 */
export type Paise = number;

const MONEY_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/;
/** numeric(12,2): ten digits before the point. */
export const MAX_PAISE = 999_999_999_999;

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

/** A number → its shortest decimal text, or null when it has more than 2 decimals. */
function numberToMoneyText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  return /e/i.test(text) ? null : text;
}

/**
 * A money field: a JSON number or a numeric string with at most 2 decimals. Parses to paise.
 * `messages.required` is used for empty input, `messages.invalid` for anything else wrong.
 */
export function moneyInput(messages: { required: string; invalid?: string; min?: { paise: Paise; message: string } }) {
  const invalid = messages.invalid ?? 'Must be an amount with at most 2 decimals';
  return z.union([z.number(), z.string()], { error: messages.required }).transform((value, ctx): Paise => {
    const text = typeof value === 'number' ? numberToMoneyText(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    if (text === null || !isMoneyText(text)) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    const paise = parsePaise(text);
    if (Math.abs(paise) > MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    if (messages.min && paise < messages.min.paise) {
      ctx.addIssue({ code: 'custom', message: messages.min.message });
      return z.NEVER;
    }
    return paise;
  });
}

/** A money field in a response: rupees as a number. */
export const moneyOutput = z.number();
