import { z } from 'zod';

/** The languages of the screens, the customer's page and messages (docs/rules.md section 21). */
export const languages = ['en', 'hi', 'gu'] as const;
export type Language = (typeof languages)[number];

/** Each language's English name, as the import's 'Language' column may write it. */
export const languageEnglishNames: Record<Language, string> = { en: 'English', hi: 'Hindi', gu: 'Gujarati' };

export const languageTexts = { invalid: 'Choose English, Hindi or Gujarati.' } as const;

/** A language code; anything else is refused with the one text. */
export const language = z.enum(languages, { error: languageTexts.invalid });

/** A code or an English name in any case ('HI', 'gujarati') as its code; null for anything else. */
export function languageOf(text: string): Language | null {
  const wanted = text.trim().toLowerCase();
  return languages.find((code) => code === wanted || languageEnglishNames[code].toLowerCase() === wanted) ?? null;
}
