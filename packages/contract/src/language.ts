import { z } from 'zod';

/** The languages of the screens, the customer's page and messages (docs/rules.md section 21). */
export const languages = ['en', 'hi', 'gu'] as const;
export type Language = (typeof languages)[number];

export const languageTexts = { invalid: 'Choose English, Hindi or Gujarati.' } as const;

/** A language code; anything else is refused with the one text. */
export const language = z.enum(languages, { error: languageTexts.invalid });
