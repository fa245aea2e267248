import type { MonthlyPaymentRecord, NoTransactionRecord } from '@dairy/contract';
import { monthYear, rupeeText } from '@dairy/contract';
import type { TFunction } from 'i18next';

/*
 * Texts of the report screens and PDFs, made of the server's figures: nothing here adds,
 * subtracts or multiplies money.
 */

/**
 * "November 2026", or "-" for a customer who never had a delivery; the screens name the month in
 * the language shown (`named`), files and PDFs in English.
 */
export function lastTransactionText(
  record: NoTransactionRecord,
  named: (month: number, year: number) => string = monthYear,
): string {
  const { lastTransactionMonth: month, lastTransactionYear: year } = record;
  return month && year ? named(month, year) : '-';
}

/** "+ ₹20.00 service charge", "- ₹100.01 balance": the sign of the amount, then its size. */
const signed = (paise: number, what: string) => `${paise < 0 ? '-' : '+'} ${rupeeText(Math.abs(paise))} ${what}`;

/** The words of a monthly summary line; the screen passes them in the language shown. */
export interface SummaryWords {
  balance: string;
  prepaid: string;
  refunded: string;
  charge: string;
}

/** The summary words in the language of `t` (the screen's or a PDF's). */
export const summaryWords = (t: TFunction): SummaryWords => ({
  balance: t('report.summaryBalance'),
  prepaid: t('report.summaryPrepaid'),
  refunded: t('report.summaryRefunded'),
  charge: t('report.summaryCharge'),
});

const ENGLISH_SUMMARY: SummaryWords = {
  balance: 'balance',
  prepaid: 'pre-paid',
  refunded: 'refunded',
  charge: 'service charge',
};

/**
 * The summary line of a monthly record: the product charge, plus or minus the balance brought
 * forward, minus what was pre-paid (plus what was refunded), plus the service charge, equals what
 * is left to collect, e.g. "Milk ₹1,723.00 - ₹100.01 balance - ₹500.00 pre-paid + ₹20.00 service
 * charge = ₹1,142.99".
 */
export function monthlySummaryText(
  record: MonthlyPaymentRecord,
  productLabel: string,
  words: SummaryWords = ENGLISH_SUMMARY,
): string {
  const parts = [`${productLabel} ${rupeeText(record.productCharge)}`, signed(record.previousDue, words.balance)];
  if (record.paid > 0) parts.push(`- ${rupeeText(record.paid)} ${words.prepaid}`);
  if (record.paid < 0) parts.push(`+ ${rupeeText(Math.abs(record.paid))} ${words.refunded}`);
  parts.push(signed(record.charges, words.charge), `= ${rupeeText(record.balance)}`);
  return parts.join(' ');
}
