import { languages } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { billLabels } from './bill-labels';

/** Every key, with each list's index and the footer's keys, so a missing weekday counts as a missing key. */
function shapeOf(labels: object, prefix = ''): string[] {
  return Object.entries(labels)
    .flatMap(([key, value]) => {
      if (Array.isArray(value)) return value.map((_, n) => `${prefix}${key}.${n}`);
      if (value && typeof value === 'object') return shapeOf(value, `${prefix}${key}.`);
      return [`${prefix}${key}`];
    })
    .sort();
}

describe("the bill's labels in each language", () => {
  it('have exactly English’s keys, twelve months and seven weekdays', () => {
    for (const language of languages) {
      expect(shapeOf(billLabels[language])).toEqual(shapeOf(billLabels.en));
      expect(billLabels[language].months).toHaveLength(12);
      expect(billLabels[language].weekdays).toHaveLength(7);
    }
  });

  it('fill in the same values, and write digits 0-9', () => {
    for (const language of languages) {
      const labels = billLabels[language];
      const filled = [
        labels.phone('98765 43210'),
        labels.route(12, 'ગ્રીન પાર્ક'),
        labels.productCharge('Milk'),
        labels.scanToPay('₹1,00,000.00'),
        labels.footer.printed('25/11/2026'),
        labels.footer.page(2, 3),
      ];
      expect(filled[0]).toContain('98765 43210');
      expect(filled[1]).toMatch(/12 · ગ્રીન પાર્ક$/);
      expect(filled[2]).toContain('Milk');
      expect(filled[3]).toContain('₹1,00,000.00');
      expect(filled[4]).toContain('25/11/2026');
      expect(filled[5]).toMatch(/2\D+3/);
      for (const text of filled) expect(text).not.toMatch(/[\u0966-\u096f\u0ae6-\u0aef]/);
    }
  });
});
