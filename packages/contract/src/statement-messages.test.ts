import { describe, expect, it } from 'vitest';
import { languages } from './language';
import { statementMessage } from './statement';
import { statementMessageTexts } from './statement-messages';

/** Every key of the texts, with each month's index, so a missing month counts as a missing key. */
const shapeOf = (texts: object) =>
  Object.entries(texts)
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((_, n) => `${key}.${n}`) : [key]))
    .sort();

const march = {
  month: 3 as const,
  year: 2026,
  productCharge: 123_456_00,
  serviceCharge: 20_00,
  previousDue: 100_00,
  paid: 200_00,
  balance: 123_376_00,
  receivedSince: 30_00,
  dueNow: 123_346_00,
  businessName: 'Shree Dairy',
  customerName: 'क्षत्रिय प्रिया',
  upiLink: 'upi://pay?pa=shree%40okbank&am=123346.00',
  pageUrl: 'https://dairy.example/my/abc',
};

describe('the WhatsApp texts of a statement in each language', () => {
  it('have exactly English’s keys and twelve months', () => {
    const english = shapeOf(statementMessageTexts.en);
    for (const language of languages) {
      expect(shapeOf(statementMessageTexts[language])).toEqual(english);
      expect(statementMessageTexts[language].months).toHaveLength(12);
    }
  });

  it('keeps the English message word for word', () => {
    expect(statementMessage(march, 'Milk')).toBe(
      [
        'Shree Dairy: bill for March 2026, क्षत्रिय प्रिया',
        'Milk charge: ₹1,23,456.00',
        'Service charge: ₹20.00',
        'Previous balance: ₹100.00',
        'Paid: ₹200.00',
        'Balance: ₹1,23,376.00',
        'Received since: ₹30.00',
        'To pay now: ₹1,23,346.00',
        'Pay by UPI: upi://pay?pa=shree%40okbank&am=123346.00',
        'Your deliveries and bills: https://dairy.example/my/abc',
      ].join('\n'),
    );
  });

  it('writes Hindi and Gujarati with the same figures, ₹ with Indian grouping and digits 0-9', () => {
    const hindi = statementMessage(march, 'दूध', 'hi');
    expect(hindi.split('\n')).toEqual([
      'Shree Dairy: क्षत्रिय प्रिया, मार्च 2026 का बिल',
      'दूध के पैसे: ₹1,23,456.00',
      'सर्विस चार्ज: ₹20.00',
      'पिछला बकाया: ₹100.00',
      'जमा: ₹200.00',
      'बाकी: ₹1,23,376.00',
      'बाद में मिले: ₹30.00',
      'अभी देना है: ₹1,23,346.00',
      'UPI से पैसे दें: upi://pay?pa=shree%40okbank&am=123346.00',
      'आपकी डिलीवरी और बिल: https://dairy.example/my/abc',
    ]);
    const gujarati = statementMessage({ ...march, businessName: '' }, 'Milk', 'gu');
    expect(gujarati.split('\n')[0]).toBe('क्षत्रिय प्रिया, માર્ચ 2026નું બિલ');
    expect(gujarati).toContain('Milkના પૈસા: ₹1,23,456.00');
    expect(gujarati).toContain('હવે આપવાના: ₹1,23,346.00');
    // No Devanagari or Gujarati digits: amounts and years read the same to everyone.
    for (const message of [hindi, gujarati]) expect(message).not.toMatch(/[\u0966-\u096f\u0ae6-\u0aef]/);
  });
});
