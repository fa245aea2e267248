import type { Hundredths, Paise } from '@dairy/contract';

/**
 * A line of a monthly bill (docs/rules.md sections 6 and 12): one product row at one price with its
 * delivered days, the sum of the quantities delivered on them and what that comes to. Bills are
 * made set-based in the database: the SQL copy of these rules is `linesOf`, `billLines` and
 * `writeMonthBills` in server/src/modules/payment/billing.repo.ts (which rounds as `lineAmount`
 * does), held equal to this model by server/test/api/payment-ledger.test.ts. These are the rules,
 * and the figures shown beside stored lines. Integer paise and
 * hundredths of a unit.
 */
export interface BillLine {
  productCode: string;
  productName: string;
  /** The product code's unit ('L'). */
  unit: string;
  price: Paise;
  /** Delivered days at this price. */
  attendance: number;
  /** The quantities delivered on those days, summed. */
  quantity: Hundredths;
  /** price × quantity, rounded once to the paisa (lineAmount). */
  amount: Paise;
}

/**
 * What a line comes to: price × quantity, rounded once to the paisa, half away from zero (as
 * PostgreSQL's `round(numeric, 2)`). Exact for any price and quantity: the product is taken in
 * whole numbers (paise × hundredths) before the one division.
 */
export function lineAmount(price: Paise, quantity: Hundredths): Paise {
  const product = BigInt(price) * BigInt(quantity);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + 50n) / 100n;
  return Number(product < 0n ? -rounded : rounded);
}

/** The product charge of a bill: the sum of its line amounts. */
export function productCharge(lines: readonly Pick<BillLine, 'amount'>[]): Paise {
  return lines.reduce((sum, line) => sum + line.amount, 0);
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
  unit: string;
  days: number;
  quantity: Hundredths;
  amount: Paise;
}

/**
 * Lines grouped by product code, in the order the codes first appear: days, quantities and the
 * lines' own amounts summed (never computed again, so the totals are the bill's).
 */
export function totalsByProduct(lines: readonly BillLine[]): ProductTotal[] {
  const byCode = new Map<string, ProductTotal>();
  for (const line of lines) {
    const total = byCode.get(line.productCode);
    if (total) {
      total.days += line.attendance;
      total.quantity += line.quantity;
      total.amount += line.amount;
    } else {
      const { productCode, productName, unit, attendance, quantity, amount } = line;
      byCode.set(productCode, { productCode, productName, unit, days: attendance, quantity, amount });
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
