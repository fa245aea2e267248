import {
  changeTexts,
  colonyTexts,
  combinationTexts,
  consumptionTexts,
  customerTexts,
  dateTexts,
  productTexts,
  quantityTexts,
  STALE_RECORD,
} from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import gu from './gu.json';
import hi from './hi.json';

/** Every message of a file by its full key: `today.generated_one` → its text. */
function flatten(messages: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as object, `${path}.`)) out.set(k, v);
  }
  return out;
}

/** The {{placeholders}} and {configured labels} a message fills in, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g)].map((m) => m[0]).sort();

const english = flatten(en);

describe.each([
  ['hi', hi],
  ['gu', gu],
])('the %s messages', (_language, messages) => {
  const translated = flatten(messages);

  it("have exactly English's keys: none missing, none extra", () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("fill in the same placeholders as English's", () => {
    const differing = [...english].filter(
      ([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(translated.get(key) ?? text)),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('are never empty, and keep digits 0-9 only', () => {
    for (const [key, text] of translated) {
      expect(text.trim(), key).not.toBe('');
      // Devanagari (०-९) and Gujarati (૦-૯) digits would read differently from every amount shown.
      expect(text, key).not.toMatch(/[\u0966-\u096F\u0AE6-\u0AEF]/);
    }
  });
});

describe("the contract's texts the screens show", () => {
  const known = new Set(Object.values(en.known));
  it.each(
    Object.entries({
      colonyTexts,
      combinationTexts,
      productTexts,
      consumptionTexts,
      quantityTexts,
      dateTexts,
      customerTexts,
      changeTexts,
      STALE_RECORD: { STALE_RECORD },
    }),
  )('%s are all under known, so a screen shows them translated', (_name, texts) => {
    const english = Object.values(texts).filter((text): text is string => typeof text === 'string');
    expect(english.filter((text) => !known.has(text))).toEqual([]);
  });
});

describe("the contract's texts built from values", () => {
  it('read in English exactly as the contract builds them', () => {
    expect(en.change.corrected_one.replace('{{count}}', '1')).toBe(changeTexts.corrected(1));
    expect(en.change.corrected_other.replace('{{count}}', '3')).toBe(changeTexts.corrected(3));
  });
});

describe('the message checks', () => {
  it('see a missing key, an extra key and a changed placeholder', () => {
    const english = flatten({ a: { b: 'x {{n}}', c: 'y' } });
    const broken = flatten({ a: { b: 'x {{m}}', d: 'z' } });
    expect([...english.keys()].filter((k) => !broken.has(k))).toEqual(['a.c']);
    expect([...broken.keys()].filter((k) => !english.has(k))).toEqual(['a.d']);
    expect(placeholders(english.get('a.b')!)).not.toEqual(placeholders(broken.get('a.b')!));
  });
});
