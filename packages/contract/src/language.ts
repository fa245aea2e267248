import { z } from 'zod';

/** The languages of the product (docs/rules.md section 21): English is the default. */
export const LANGUAGES = ['en', 'hi', 'gu'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's English name, as the import's 'Language' column may write it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'Hindi', gu: 'Gujarati' };

export const languageTexts = {
  invalid: 'Choose English, Hindi or Gujarati.',
} as const;

/** A language's code: `en`, `hi` or `gu`, else 'Choose English, Hindi or Gujarati.' */
export const languageInput = z.enum(LANGUAGES, { error: languageTexts.invalid });

/** A code or an English name in any case ('HI', 'gujarati') as its code; null for anything else. */
export function languageOf(text: string): Language | null {
  const wanted = text.trim().toLowerCase();
  return LANGUAGES.find((code) => code === wanted || LANGUAGE_NAMES[code].toLowerCase() === wanted) ?? null;
}
