import { describe, expect, it } from 'vitest';
import {
  customerPhrase,
  isKnownPhrase,
  namesPhrase,
  type PhraseKey,
  phraseTemplates,
  phraseText,
  placeholdersOf,
} from './audit-phrases';
import { languages } from './language';

const keys = Object.keys(phraseTemplates.en) as PhraseKey[];
const sortedPlaceholders = (template: string) => placeholdersOf(template).sort();

describe('audit phrases', () => {
  it('have every key in every language, with the same placeholders as English', () => {
    for (const language of languages) {
      expect(Object.keys(phraseTemplates[language]).sort(), language).toEqual([...keys].sort());
      for (const key of keys)
        expect(sortedPlaceholders(phraseTemplates[language][key]), `${language} ${key}`).toEqual(
          sortedPlaceholders(phraseTemplates.en[key]),
        );
    }
  });

  it('know only their own keys, not what every object inherits', () => {
    expect(isKnownPhrase({ key: 'received' })).toBe(true);
    expect(isKnownPhrase({ key: 'toString' })).toBe(false);
    expect(isKnownPhrase({ key: 'constructor' })).toBe(false);
    expect(isKnownPhrase({ key: 'renamedLongAgo' })).toBe(false);
  });

  it('word a receipt in each language, money and dates as entered, month names translated', () => {
    const phrase = {
      key: 'received',
      values: {
        amount: { money: 150_000 },
        customer: customerPhrase({ customerName: 'Asha', route: 3 }),
        month: { month: 11, year: 2026 },
        taken: { key: 'takenAt', values: { at: '26/11/2026 07:10' } },
      },
    } as const;
    expect(phraseText('en', phrase)).toBe(
      'Received ₹1,500.00 from Asha (route 3) for November 2026; taken 26/11/2026 07:10',
    );
    expect(phraseText('hi', phrase)).toBe('Asha (रूट 3) से नवंबर 2026 के लिए ₹1,500.00 मिले; लिए 26/11/2026 07:10');
    expect(phraseText('gu', phrase)).toBe('Asha (રૂટ 3) પાસેથી નવેમ્બર 2026 માટે ₹1,500.00 મળ્યા; લીધા 26/11/2026 07:10');
  });

  it('count nouns, join lists and cut long lists of names short', () => {
    const names = Array.from({ length: 12 }, (_, i) => `N${i + 1}`);
    const phrase = {
      key: 'marked',
      values: {
        groups: {
          each: [
            {
              key: 'markedAbsent',
              values: { count: { count: 1, noun: 'delivery' }, colony: 'GP', date: '26/11/2026', names: 'Asha' },
            },
            {
              key: 'markedDelivered',
              values: {
                count: { count: 12, noun: 'delivery' },
                colony: 'GP',
                date: '26/11/2026',
                names: namesPhrase(names),
              },
            },
          ],
        },
      },
    } as const;
    expect(phraseText('en', phrase)).toBe(
      'Marked 1 delivery absent in GP on 26/11/2026: Asha; 12 deliveries delivered in GP on 26/11/2026: N1, N2, N3, N4, N5, N6, N7, N8, N9, N10 … and 2 more',
    );
    expect(phraseText('hi', phrase)).toContain('GP में 26/11/2026 को 12 डिलीवरी पहुँचीं');
  });

  it('word a combination’s days with the reader’s day names', () => {
    const phrase = { key: 'combinationAdd', values: { id: 4, days: { days: 'Monday, Friday' } } } as const;
    expect(phraseText('en', phrase)).toBe('Added combination 4: Monday, Friday');
    expect(phraseText('hi', phrase, (day) => ({ Monday: 'सोमवार', Friday: 'शुक्रवार' })[day] ?? day)).toBe(
      'दिन-सेट 4 जोड़ा: सोमवार, शुक्रवार',
    );
  });

  it('refuses a phrase with a placeholder left empty', () => {
    expect(() => phraseText('en', { key: 'colonyEnable' })).toThrow('colonyEnable');
  });
});
