import type { Language } from '@dairy/contract';
import { MONTH_NAMES } from '@dairy/contract/periods';
import { CallError } from './api';
import { en, type MessageKey, type Messages } from './messages/en';
import { gu } from './messages/gu';
import { hi } from './messages/hi';

/*
 * The customer's page speaks the customer's language (docs/rules.md section 21): one messages file
 * per language, looked up here. A plain lookup keeps the page light (docs/decisions.md).
 */

// The contract's Language by type only: its module's schemas stay out of the page's script.
export const LANGUAGES: Record<Language, Messages> = { en, hi, gu };

export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && Object.hasOwn(LANGUAGES, code);
}

export type Params = Record<string, string | number>;

/** `{name}` in a text replaced by its value. */
function fill(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The lookup of one language: `t('resumeFrom', { date })`. */
export function translator(language: Language) {
  const messages: Messages = LANGUAGES[language];
  return (key: MessageKey, params?: Params) => fill(messages[key], params);
}
export type Translate = ReturnType<typeof translator>;

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees as the API sends them → ₹1,23,456.50 in every language (Indian grouping, digits 0-9). */
export function money(amount: number): string {
  const text = `₹${rupees.format(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

export const monthName = (t: Translate, month: number) => t(`month${month}` as MessageKey);

/** `YYYY-MM-DD` → "26 November" (नवंबर, નવેમ્બર). */
export function dayAndMonth(t: Translate, date: string): string {
  return `${Number(date.slice(8, 10))} ${monthName(t, Number(date.slice(5, 7)))}`;
}

const SERVER_TEXTS = [
  'closed',
  'tooLong',
  'stopped',
  'started',
  'madeByDairy',
  'overlaps',
  'toBeforeFrom',
  'fromDateRequired',
  'quantityMin',
  'quantityNeedsTo',
  'tooManyCalls',
  'tooManyUnknown',
  'notValid',
] as const satisfies readonly MessageKey[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message of the server (always English, docs/rules.md section 21) in the page's language: a
 * known text is looked up, with its dates' month names translated; any other is shown as it came.
 */
export function serverText(t: Translate, message: string): string {
  for (const key of SERVER_TEXTS) {
    const names: string[] = [];
    const pattern = escapeRegExp(en[key]).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
      names.push(name);
      return '(.+?)';
    });
    const found = new RegExp(`^${pattern}$`).exec(message);
    if (!found) continue;
    const params: Params = {};
    names.forEach((name, i) => {
      params[name] = (found[i + 1] ?? '').replace(/[A-Z][a-z]+/g, (word) => {
        const month = (MONTH_NAMES as readonly string[]).indexOf(word);
        return month < 0 ? word : monthName(t, month + 1);
      });
    });
    return t(key, params);
  }
  return message;
}

/** A failed call's message in the page's language, or a general one. */
export function failureText(t: Translate, error: unknown): string {
  return error instanceof CallError && error.message ? serverText(t, error.message) : t('somethingWrong');
}
