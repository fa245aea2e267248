import { type Language, statementMessageTexts, statementTexts } from '@dairy/contract';
import { ENGLISH_FOOTER, type FooterTexts } from '../../lib/pdf-document/document';

/*
 * Every word the bill PDF prints, in the customer's language, in one place (docs/rules.md
 * section 21). Names, codes, units and the configured product label stay as entered; money and
 * dates are written the same in every language (₹1,00,000.00, dd/mm/yyyy, digits 0-9). Month
 * names are the WhatsApp message's, so the bill and the message name a month alike.
 */

export interface BillLabels {
  /** January first. */
  months: readonly string[];
  /** Monday first, short: the calendar's head. */
  weekdays: readonly string[];
  /** Printed when the business has no name yet. */
  bill: string;
  phone: (number: string) => string;
  route: (route: number, colonyName: string) => string;
  deliveries: string;
  absent: string;
  price: string;
  days: string;
  quantity: string;
  amount: string;
  noBill: string;
  productCharge: (productLabel: string) => string;
  serviceCharge: string;
  previousBalance: string;
  paid: string;
  balance: string;
  receivedSince: string;
  toPayNow: string;
  scanToPay: (amount: string) => string;
  /** Meant for the business, which prints the bill: how to get a QR code on it. */
  noUpi: string;
  nothingToPay: string;
  footer: FooterTexts;
}

const english: BillLabels = {
  months: statementMessageTexts.en.months,
  weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  bill: 'Bill',
  phone: (number) => `Phone ${number}`,
  route: (route, colonyName) => `Route ${route} · ${colonyName}`,
  deliveries: 'Deliveries',
  absent: 'absent',
  price: 'Price',
  days: 'Days',
  quantity: 'Quantity',
  amount: 'Amount',
  noBill: 'No bill for this month.',
  productCharge: statementMessageTexts.en.productCharge,
  serviceCharge: statementMessageTexts.en.serviceCharge,
  previousBalance: statementMessageTexts.en.previousBalance,
  paid: statementMessageTexts.en.paid,
  balance: statementMessageTexts.en.balance,
  receivedSince: statementTexts.receivedSince,
  toPayNow: statementTexts.toPayNow,
  scanToPay: statementTexts.scanToPay,
  noUpi: statementTexts.noUpi,
  nothingToPay: statementTexts.nothingToPay,
  footer: ENGLISH_FOOTER,
};

const hindi: BillLabels = {
  months: statementMessageTexts.hi.months,
  weekdays: ['सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि', 'रवि'],
  bill: 'बिल',
  phone: (number) => `फ़ोन ${number}`,
  route: (route, colonyName) => `रूट ${route} · ${colonyName}`,
  deliveries: 'डिलीवरी',
  absent: 'नहीं लिया',
  price: 'भाव',
  days: 'दिन',
  quantity: 'मात्रा',
  amount: 'रकम',
  noBill: 'इस महीने का कोई बिल नहीं है।',
  productCharge: statementMessageTexts.hi.productCharge,
  serviceCharge: statementMessageTexts.hi.serviceCharge,
  previousBalance: statementMessageTexts.hi.previousBalance,
  paid: statementMessageTexts.hi.paid,
  balance: statementMessageTexts.hi.balance,
  receivedSince: statementMessageTexts.hi.receivedSince,
  toPayNow: statementMessageTexts.hi.toPayNow,
  scanToPay: (amount) => `स्कैन करके ${amount} दें`,
  noUpi: 'बिल पर QR कोड छापने के लिए सेटिंग्स में अपना UPI ID डालें।',
  nothingToPay: 'अभी कुछ देना नहीं है।',
  footer: { printed: (date) => `छपा ${date}`, page: (n, of) => `पेज ${n} / ${of}` },
};

const gujarati: BillLabels = {
  months: statementMessageTexts.gu.months,
  weekdays: ['સોમ', 'મંગળ', 'બુધ', 'ગુરુ', 'શુક્ર', 'શનિ', 'રવિ'],
  bill: 'બિલ',
  phone: (number) => `ફોન ${number}`,
  route: (route, colonyName) => `રૂટ ${route} · ${colonyName}`,
  deliveries: 'ડિલિવરી',
  absent: 'નથી લીધું',
  price: 'ભાવ',
  days: 'દિવસ',
  quantity: 'જથ્થો',
  amount: 'રકમ',
  noBill: 'આ મહિનાનું કોઈ બિલ નથી.',
  productCharge: statementMessageTexts.gu.productCharge,
  serviceCharge: statementMessageTexts.gu.serviceCharge,
  previousBalance: statementMessageTexts.gu.previousBalance,
  paid: statementMessageTexts.gu.paid,
  balance: statementMessageTexts.gu.balance,
  receivedSince: statementMessageTexts.gu.receivedSince,
  toPayNow: statementMessageTexts.gu.toPayNow,
  scanToPay: (amount) => `સ્કેન કરીને ${amount} આપો`,
  noUpi: 'બિલ પર QR કોડ છાપવા માટે સેટિંગ્સમાં તમારું UPI ID ઉમેરો.',
  nothingToPay: 'હમણાં કંઈ આપવાનું નથી.',
  footer: { printed: (date) => `છાપ્યું ${date}`, page: (n, of) => `પાનું ${n} / ${of}` },
};

export const billLabels: Record<Language, BillLabels> = { en: english, hi: hindi, gu: gujarati };
