import { ROUTE_MAX } from '@dairy/contract';

/** What a search text can mean (docs/rules.md section 23): part of a name, phone digits, `{colony code} {route}`. */
export interface SearchTerms {
  text: string;
  /** The digits of a text that is a phone number (3 digits at least), else undefined. */
  digits: string | undefined;
  /** A colony code and a route, when the text is the two. */
  colonyRoute: { code: string; route: number } | undefined;
}

export function searchTerms(text: string): SearchTerms {
  const digitsOnly = /^[\d\s()+-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  // A number written with India's country code: the stored ten digits.
  const digits = digitsOnly.length === 12 && digitsOnly.startsWith('91') ? digitsOnly.slice(2) : digitsOnly;
  const colonyRoute = /^(\S+)\s+(\d{1,6})$/.exec(text);
  const route = Number(colonyRoute?.[2]);
  return {
    text,
    digits: digits.length >= 3 ? digits : undefined,
    colonyRoute: colonyRoute && route >= 1 && route <= ROUTE_MAX ? { code: colonyRoute[1]!, route } : undefined,
  };
}
