import { changeTexts, MONTH_NAMES, myTexts } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, serverText, translator } from './i18n';
import { en } from './messages/en';

/* The customer page's messages (docs/rules.md section 21): every language has English's keys and placeholders. */

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the customer page messages', () => {
  for (const [code, messages] of Object.entries(LANGUAGES)) {
    it(`${code} has exactly the English keys, each with the same placeholders, none empty`, () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const translated = messages[key as keyof typeof en];
        expect(placeholders(translated), `${code}.${key}`).toEqual(placeholders(text));
        expect(translated.trim(), `${code}.${key}`).not.toBe('');
      }
    });
  }

  it('writes Hindi and Gujarati in their own scripts', () => {
    const english = Object.entries(en).filter(([key]) => !['languageName'].includes(key));
    const same = (messages: Record<string, string>) => english.filter(([key, text]) => messages[key] === text);
    expect(same(LANGUAGES.hi)).toEqual([]);
    expect(same(LANGUAGES.gu)).toEqual([]);
  });

  it("holds the server's answers word for word", () => {
    expect(MONTH_NAMES.map((_, i) => en[`month${i + 1}` as keyof typeof en])).toEqual([...MONTH_NAMES]);
    expect(en.notValid).toBe(myTexts.notValid);
    expect(en.tooLong).toBe(myTexts.tooLong);
    expect(en.stopped).toBe(myTexts.stopped);
    expect(en.started).toBe(myTexts.started);
    expect(en.madeByDairy).toBe(myTexts.byDairy);
    expect(en.tooManyCalls).toBe(myTexts.tooManyCalls);
    expect(en.tooManyUnknown).toBe(myTexts.tooManyUnknown);
    expect(en.overlaps).toBe(changeTexts.overlaps);
    expect(en.toBeforeFrom).toBe(changeTexts.toBeforeFrom);
    expect(en.fromDateRequired).toBe(changeTexts.fromDateRequired);
    expect(en.quantityMin).toBe(changeTexts.quantityMin);
    expect(en.quantityNeedsTo).toBe(changeTexts.quantityNeedsTo);
    const closed = myTexts.closed('2026-11-26', '20:00', '2026-11-27');
    expect(serverText(translator('en'), closed)).toBe(closed);
  });

  it("shows the server's answers in the page's language, their dates' months too", () => {
    const closed = myTexts.closed('2026-11-26', '20:00', '2026-11-27');
    expect(serverText(translator('hi'), closed)).toBe(
      '26 नवंबर के बदलाव एक दिन पहले 20:00 बजे बंद हो गए। सबसे जल्दी आप 27 नवंबर से बदल सकते हैं।',
    );
    expect(serverText(translator('gu'), myTexts.started)).toBe(LANGUAGES.gu.started);
    // A text the page does not know is shown as it came.
    expect(serverText(translator('gu'), 'Consumption not found')).toBe('Consumption not found');
  });
});
