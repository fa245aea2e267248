import { type Language, languages } from '@dairy/contract';
import dayjs from 'dayjs';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/*
 * The screens' languages (docs/rules.md section 21). English is bundled with the first screen;
 * Hindi and Gujarati (their messages and dayjs's month names) load when someone chooses them.
 */

/** Each language by its own name, as the user menu offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', gu: 'ગુજરાતી' };

type Messages = typeof en;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  hi: async () => (await Promise.all([import('../locales/hi.json'), import('dayjs/locale/hi')]))[0].default,
  gu: async () => (await Promise.all([import('../locales/gu.json'), import('dayjs/locale/gu')]))[0].default,
};

/** The last language this browser showed, so the sign-in screen opens in it. */
const REMEMBERED = 'dairydesk.language';

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // React escapes what it shows; messages are plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value);

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** Loads a language's messages once and shows every screen in it. */
export async function applyLanguage(language: Language): Promise<Language> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loaders[language]());
  }
  dayjs.locale(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(REMEMBERED, language);
  } catch {
    // A browser that keeps nothing opens in English next time.
  }
  return language;
}

/** The language this browser last showed (English when none). */
export function rememberedLanguage(): Language {
  try {
    const stored = localStorage.getItem(REMEMBERED);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/** English text → its key under `known`, for texts that come from the contract or the server. */
let knownKeys: Map<string, string> | undefined;

/**
 * A text of the contract (a validation message, a screen's failure text) in the language shown;
 * a text the messages do not know (a server's own message, a name) stays as it is.
 */
export function translateKnown(text: string): string {
  knownKeys ??= new Map(Object.entries(en.known).map(([key, english]) => [english, key]));
  const key = knownKeys.get(text);
  return key ? i18n.t(`known.${key}`) : text;
}

/** A month's name in the language shown, from dayjs's locale: 'MMMM' January, 'MMM' Jan. */
export function monthName(month: number, format: 'MMMM' | 'MMM' = 'MMMM'): string {
  return dayjs('2000-01-01')
    .locale(currentLanguage())
    .month(month - 1)
    .format(format);
}
