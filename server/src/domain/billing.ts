import type { Paise } from '@dairy/contract';

/**
 * A line of a monthly bill (DESIGN.md section 6): one product row at one price with the number
 * of delivered days. Bills are made set-based in the database (`billLines` in the payment
 * module); these are the figures shown beside stored ones. Integer paise.
 */
export interface BillLine {
  productCode: string;
  productName: string;
  price: Paise;
  /** Delivered days at this price. */
  attendance: number;
}

/** What a line comes to: price x delivered days. */
export function lineAmount(line: BillLine): Paise {
  return line.price * line.attendance;
}

/** The figures a stored bill shows beside its own columns. */
export function billFigures(bill: { totalPrice: Paise; charges: Paise; previousDue: Paise; paid: Paise }) {
  return {
    /** What the deliveries come to. */
    productCharge: bill.totalPrice - bill.charges,
    /** What is left to collect: total price + previous due - paid (negative is a credit). */
    balance: bill.totalPrice + bill.previousDue - bill.paid,
  };
}

export interface ProductTotal {
  productCode: string;
  productName: string;
  days: number;
  amount: Paise;
}

/** Lines grouped by product code, in the order the codes first appear: days and amounts summed. */
export function totalsByProduct(lines: readonly BillLine[]): ProductTotal[] {
  const byCode = new Map<string, ProductTotal>();
  for (const line of lines) {
    const total = byCode.get(line.productCode);
    if (total) {
      total.days += line.attendance;
      total.amount += lineAmount(line);
    } else {
      const { productCode, productName, attendance } = line;
      byCode.set(productCode, { productCode, productName, days: attendance, amount: lineAmount(line) });
    }
  }
  return [...byCode.values()];
}

/** The sums of these amounts over the rows: a list's total row. */
export function sumAmounts<K extends string>(rows: readonly Record<K, Paise>[], keys: readonly K[]): Record<K, Paise> {
  const sums = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, Paise>;
  for (const row of rows) for (const k of keys) sums[k] += row[k];
  return sums;
}
