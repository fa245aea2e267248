import { z } from 'zod';
import { idInput, MAX, required } from './common';
import { customerOfRow } from './customer';
import { type Language, languages } from './language';
import { formatPaise, money, type Paise, rupeeText } from './money';
import { type Month, oneBasedMonthInput, yearInput } from './months';
import { monthName } from './periods';
import { productCodeOption } from './product';
import { quantity } from './quantity';
import { type Settings, settings } from './settings';
import { statementMessageTexts } from './statement-messages';

/*
 * A customer's statement of one month (docs/rules.md section 14): what the bill PDF, the WhatsApp
 * message and the UPI QR code are made from. Months are 1-12 on the wire.
 */

export const statementTexts = {
  customerRequired: 'Please select a customer.',
  colonyRequired: 'Please select a colony.',
  monthRequired: 'Please select a month.',
  yearRequired: 'Please select a year.',
  customerNotFound: 'Customer not found',
  colonyNotFound: 'Colony not found',
  bill: 'Bill',
  whatsApp: 'WhatsApp',
  printAll: 'Print all bills',
  noBills: 'No bills to print for this colony and month.',
  printFailed: 'Unable to make the bills.',
  billFailed: 'Unable to make the bill.',
  /** Why a row has no WhatsApp action. */
  noWhatsApp: (customerName: string) => `No WhatsApp: ${customerName} has no 10-digit phone number.`,
  /** Printed on a bill instead of the QR code. */
  noUpi: 'To print a QR code customers can scan to pay, add your UPI ID in Settings.',
  scanToPay: (amount: string) => `Scan to pay ${amount}`,
  /** Receipts recorded for months after the statement's (docs/rules.md section 23). */
  receivedSince: 'Received since',
  /** The customer's due now. */
  toPayNow: 'To pay now',
  /** Printed instead of the QR code when nothing is to be paid now. */
  nothingToPay: 'Nothing to pay.',
  sendReceipt: 'Send receipt on WhatsApp',
} as const;

export const statementQuery = z.object({
  customerId: required(idInput, statementTexts.customerRequired),
  month: required(oneBasedMonthInput, statementTexts.monthRequired),
  year: required(yearInput, statementTexts.yearRequired),
});
export type StatementQuery = z.input<typeof statementQuery>;

export const colonyStatementsQuery = z.object({
  colonyCode: required(z.string().trim().max(MAX.code), statementTexts.colonyRequired),
  month: required(oneBasedMonthInput, statementTexts.monthRequired),
  year: required(yearInput, statementTexts.yearRequired),
});
export type ColonyStatementsQuery = z.input<typeof colonyStatementsQuery>;

export const statementCustomer = z.object({
  ...customerOfRow.shape,
  address: z.string(),
  contactNumber: z.string(),
  colonyName: z.string(),
  /** The bill PDF's and the WhatsApp message's language (docs/rules.md section 21). */
  language: z.enum(languages),
});

/** One transaction of the month, delivered (attendance 1) or not (0). */
export const statementDay = z.object({
  date: z.string(),
  ...productCodeOption.shape,
  quantity,
  price: money,
  attendance: z.number(),
});
export type StatementDay = z.output<typeof statementDay>;

/** A line of the month's bill: `days` delivered at `price`, `quantity` in all, `amount` charged. */
export const statementLine = z.object({
  ...productCodeOption.shape,
  price: money,
  days: z.number(),
  quantity,
  amount: money,
});
export type StatementLine = z.output<typeof statementLine>;

export const statementResponse = z.object({
  business: settings,
  customer: statementCustomer,
  month: z.number(),
  year: z.number(),
  days: z.array(statementDay),
  lines: z.array(statementLine),
  productCharge: money,
  serviceCharge: money,
  totalPrice: money,
  previousDue: money,
  paid: money,
  /** totalPrice + previousDue - paid: what is left to pay; negative is a credit. */
  balance: money,
  /** The receipts recorded for months after this one (docs/rules.md section 23). */
  receivedSince: money,
  /** The customer's due now; equals `balance` for the latest month with nothing received since. */
  dueNow: money,
  /** Pays `dueNow`. */
  upiLink: z.string().nullable(),
  whatsappLink: z.string().nullable(),
});
export type StatementResponse = z.output<typeof statementResponse>;

/** A colony's statements of one month, one per bill, in route order ('Print all bills'). */
export const colonyStatementsResponse = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  month: z.number(),
  year: z.number(),
  statements: z.array(statementResponse),
});
export type ColonyStatementsResponse = z.output<typeof colonyStatementsResponse>;

// ---- Links: pure functions, the server's and the screens' one source ----

/**
 * `upi://pay?pa={upiId}&pn={upiName}&am={amount}&cu=INR&tn={Month} {year} bill`, every value
 * URL-encoded, `am` with 2 decimals; null without a UPI ID or when nothing is to be paid. A
 * statement's amount is what the customer owes now (docs/rules.md section 23).
 */
export function upiLink(
  payee: Pick<Settings, 'upiId' | 'upiName'>,
  amount: Paise,
  period: { month: Month; year: number },
): string | null {
  if (payee.upiId === '' || amount <= 0) return null;
  const e = encodeURIComponent;
  const note = `${monthName(period.month)} ${period.year} bill`;
  return `upi://pay?pa=${e(payee.upiId)}&pn=${e(payee.upiName)}&am=${e(formatPaise(amount))}&cu=INR&tn=${e(note)}`;
}

/**
 * The number wa.me takes: the contact's digits, with 91 before a 10-digit (Indian) number;
 * null unless that gives 12 digits.
 */
export function whatsappNumber(contact: string): string | null {
  const digits = contact.replace(/\D/g, '');
  const number = digits.length === 10 ? `91${digits}` : digits;
  return number.length === 12 ? number : null;
}

/** `https://wa.me/{number}?text={message}`, or null when the contact gives no WhatsApp number. */
export function whatsappLink(contact: string, message: string): string | null {
  const number = whatsappNumber(contact);
  return number === null ? null : `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

export interface StatementFigures {
  month: Month;
  year: number;
  productCharge: Paise;
  serviceCharge: Paise;
  previousDue: Paise;
  paid: Paise;
  balance: Paise;
  receivedSince: Paise;
  dueNow: Paise;
}

/**
 * The lines a bill adds under its balance (docs/rules.md section 23): what was received for later
 * months and what is to pay now when something was; 'To pay now' alone when later bills changed
 * what is owed (the QR code asks for it, so the bill says why).
 */
export function sinceLines(s: Pick<StatementFigures, 'balance' | 'receivedSince' | 'dueNow'>): [string, Paise][] {
  if (s.receivedSince !== 0)
    return [
      [statementTexts.receivedSince, s.receivedSince],
      [statementTexts.toPayNow, s.dueNow],
    ];
  return s.dueNow === s.balance ? [] : [[statementTexts.toPayNow, s.dueNow]];
}

/**
 * The month's bill in words, for WhatsApp, in the customer's language (docs/rules.md section 21):
 * the month, the charges, previous balance, paid, the balance, what changed since (`sinceLines`)
 * and, when there is one, the UPI link to pay now; last, the customer's own page when they have
 * one (docs/rules.md section 19). `productLabel` names the product charge.
 */
export function statementMessage(
  s: StatementFigures & {
    businessName: string;
    customerName: string;
    upiLink: string | null;
    pageUrl?: string | null | undefined;
  },
  productLabel: string,
  language: Language = 'en',
): string {
  const texts = statementMessageTexts[language];
  const since = sinceLines(s).map(([name, amount]): [string, Paise] => [
    name === statementTexts.toPayNow ? texts.toPayNow : texts.receivedSince,
    amount,
  ]);
  const lines = [
    texts.heading(s.businessName, `${texts.months[s.month - 1]} ${s.year}`, s.customerName),
    `${texts.productCharge(productLabel)}: ${rupeeText(s.productCharge)}`,
    `${texts.serviceCharge}: ${rupeeText(s.serviceCharge)}`,
    `${texts.previousBalance}: ${rupeeText(s.previousDue)}`,
    `${texts.paid}: ${rupeeText(s.paid)}`,
    `${texts.balance}: ${rupeeText(s.balance)}`,
    ...since.map(([name, amount]) => `${name}: ${rupeeText(amount)}`),
  ];
  if (s.upiLink) lines.push(`${texts.payByUpi}: ${s.upiLink}`);
  if (s.pageUrl) lines.push(customerPageLine(s.pageUrl, language));
  return lines.join('\n');
}

/**
 * The customer's page in words, in the customer's language: the bill message's last line, and the
 * message the link is sent with alone.
 */
export const customerPageLine = (url: string, language: Language = 'en') =>
  `${statementMessageTexts[language].yourPage}: ${url}`;

/**
 * A receipt in words, for WhatsApp after a payment is taken (a negative amount is money given
 * back), in the customer's language (docs/rules.md section 21).
 */
export function receiptMessage(
  r: {
    businessName: string;
    customerName: string;
    amount: Paise;
    month: Month;
    year: number;
    balance: Paise;
  },
  language: Language = 'en',
): string {
  const texts = statementMessageTexts[language];
  const month = `${texts.months[r.month - 1]} ${r.year}`;
  const what =
    r.amount < 0
      ? texts.returned(rupeeText(-r.amount), r.customerName, month)
      : texts.received(rupeeText(r.amount), r.customerName, month);
  return [`${r.businessName ? `${r.businessName}: ` : ''}${what}`, `${texts.balanceNow}: ${rupeeText(r.balance)}`].join(
    '\n',
  );
}
