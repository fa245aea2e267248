import type { Language } from './language';
import { MONTH_NAMES } from './periods';

/*
 * The lines of a statement's WhatsApp message in each language (docs/rules.md section 21): the
 * customer reads them in their own language. Names, the product label, links and amounts stay as
 * they are: money is ₹ with Indian grouping and digits 0-9 in every language.
 */

export interface StatementMessageTexts {
  /** January first. */
  months: readonly string[];
  /** The first line: whose bill of which month ('March 2026'), from which business when it has a name. */
  heading: (businessName: string, month: string, customerName: string) => string;
  productCharge: (productLabel: string) => string;
  serviceCharge: string;
  previousBalance: string;
  paid: string;
  balance: string;
  receivedSince: string;
  toPayNow: string;
  payByUpi: string;
  yourPage: string;
  /** A receipt's first line: what was received (or returned), from (to) whom, for which month ('March 2026'). */
  received: (amount: string, customerName: string, month: string) => string;
  returned: (amount: string, customerName: string, month: string) => string;
  balanceNow: string;
}

const english: StatementMessageTexts = {
  months: MONTH_NAMES,
  heading: (businessName, month, customerName) =>
    `${businessName ? `${businessName}: ` : ''}bill for ${month}, ${customerName}`,
  productCharge: (productLabel) => `${productLabel} charge`,
  serviceCharge: 'Service charge',
  previousBalance: 'Previous balance',
  paid: 'Paid',
  balance: 'Balance',
  receivedSince: 'Received since',
  toPayNow: 'To pay now',
  payByUpi: 'Pay by UPI',
  yourPage: 'Your deliveries and bills',
  received: (amount, customerName, month) => `Received ${amount} from ${customerName} for ${month}.`,
  returned: (amount, customerName, month) => `Returned ${amount} to ${customerName} for ${month}.`,
  balanceNow: 'Balance now',
};

const hindi: StatementMessageTexts = {
  months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  heading: (businessName, month, customerName) =>
    `${businessName ? `${businessName}: ` : ''}${customerName}, ${month} का बिल`,
  productCharge: (productLabel) => `${productLabel} के पैसे`,
  serviceCharge: 'सर्विस चार्ज',
  previousBalance: 'पिछला बकाया',
  paid: 'जमा',
  balance: 'बाकी',
  receivedSince: 'बाद में मिले',
  toPayNow: 'अभी देना है',
  payByUpi: 'UPI से पैसे दें',
  yourPage: 'आपकी डिलीवरी और बिल',
  received: (amount, customerName, month) => `${customerName} से ${month} के लिए ${amount} मिले।`,
  returned: (amount, customerName, month) => `${customerName} को ${month} के ${amount} वापस किए।`,
  balanceNow: 'अब बाकी',
};

const gujarati: StatementMessageTexts = {
  months: ['જાન્યુઆરી', 'ફેબ્રુઆરી', 'માર્ચ', 'એપ્રિલ', 'મે', 'જૂન', 'જુલાઈ', 'ઓગસ્ટ', 'સપ્ટેમ્બર', 'ઓક્ટોબર', 'નવેમ્બર', 'ડિસેમ્બર'],
  heading: (businessName, month, customerName) =>
    `${businessName ? `${businessName}: ` : ''}${customerName}, ${month}નું બિલ`,
  productCharge: (productLabel) => `${productLabel}ના પૈસા`,
  serviceCharge: 'સર્વિસ ચાર્જ',
  previousBalance: 'પાછલું બાકી',
  paid: 'જમા',
  balance: 'બાકી',
  receivedSince: 'પછી મળ્યા',
  toPayNow: 'હવે આપવાના',
  payByUpi: 'UPIથી પૈસા આપો',
  yourPage: 'તમારી ડિલિવરી અને બિલ',
  received: (amount, customerName, month) => `${customerName} પાસેથી ${month} માટે ${amount} મળ્યા.`,
  returned: (amount, customerName, month) => `${customerName}ને ${month}ના ${amount} પાછા આપ્યા.`,
  balanceNow: 'હવે બાકી',
};

export const statementMessageTexts: Record<Language, StatementMessageTexts> = {
  en: english,
  hi: hindi,
  gu: gujarati,
};
