import type { MonthlyPaymentRecord, NoTransactionRecord, ReportLine } from '@dairy/contract';
import { formatRupees, monthYear } from '../../lib/format';

/** Rupees from the server (at most 2 decimals) → integer paise, so sums stay exact. */
const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

/** "Cow Milk ₹55.50 x 20 days": a bill line as the reports list it. */
export function lineText(line: ReportLine): string {
  return `${line.productName} ${formatRupees(line.price)} x ${line.attendance} ${line.attendance === 1 ? 'day' : 'days'}`;
}

/** "November 2026", or "-" for a customer who never had a delivery. */
export function lastTransactionText(record: NoTransactionRecord): string {
  const { lastTransactionMonth: month, lastTransactionYear: year } = record;
  return month && year ? monthYear(month, year) : '-';
}

export interface ProductTotal {
  productCode: string;
  productName: string;
  days: number;
  amount: number;
}

/** Lines grouped by product code: days summed, amount = price x days summed (PDF of the monthly report). */
export function totalsByProduct(lines: ReportLine[]): ProductTotal[] {
  const byCode = new Map<string, { productName: string; days: number; amount: number }>();
  for (const line of lines) {
    const total = byCode.get(line.productCode) ?? { productName: line.productName, days: 0, amount: 0 };
    total.days += line.attendance;
    total.amount += paise(line.price) * line.attendance;
    byCode.set(line.productCode, total);
  }
  return [...byCode].map(([productCode, t]) => ({ productCode, ...t, amount: rupees(t.amount) }));
}

export interface MonthlySummary {
  /** The product charge: total price minus the service charge. */
  productCharge: number;
  previousDue: number;
  paid: number;
  charges: number;
  /** What is left to collect: total price + previous due - paid. */
  total: number;
  /** "Milk ₹1,665.00 - ₹100.01 balance - ₹500.00 pre-paid + ₹20.00 service charge = ₹1,084.99" */
  text: string;
}

/** What is left to collect on one bill, in paise: total price + previous due - paid. */
const leftToCollect = (record: MonthlyPaymentRecord) =>
  paise(record.totalPrice) + paise(record.previousDue) - paise(record.paid);

/** What is left to collect on all the bills: the monthly PDF's grand total, summed in paise. */
export function monthlyGrandTotal(records: MonthlyPaymentRecord[]): number {
  return rupees(records.reduce((sum, record) => sum + leftToCollect(record), 0));
}

/**
 * The summary line of a monthly record: product charge, plus or minus the balance brought
 * forward, minus what was pre-paid, plus the service charge, equals what is left to collect.
 */
export function monthlySummary(record: MonthlyPaymentRecord, productLabel: string): MonthlySummary {
  const totalPrice = paise(record.totalPrice);
  const charges = paise(record.charges);
  const previousDue = paise(record.previousDue);
  const paid = paise(record.paid);
  const productCharge = totalPrice - charges;
  const total = leftToCollect(record);
  const signed = (amount: number, what: string) =>
    `${amount < 0 ? '-' : '+'} ${formatRupees(rupees(Math.abs(amount)))} ${what}`;
  const parts = [`${productLabel} ${formatRupees(rupees(productCharge))}`, signed(previousDue, 'balance')];
  if (paid > 0) parts.push(signed(-paid, 'pre-paid'));
  if (paid < 0) parts.push(signed(-paid, 'refunded'));
  parts.push(signed(charges, 'service charge'), `= ${formatRupees(rupees(total))}`);
  return {
    productCharge: rupees(productCharge),
    previousDue: rupees(previousDue),
    paid: rupees(paid),
    charges: rupees(charges),
    total: rupees(total),
    text: parts.join(' '),
  };
}
