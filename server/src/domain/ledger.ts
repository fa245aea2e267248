import { monthIndex, type Paise, type YearMonth } from '@dairy/contract';

/*
 * A customer's ledger (docs/rules.md section 6): bills and receipts ordered by period, with the
 * derived previous due, paid and due of each period and the customer's totals. Integer paise.
 * The SQL copy that stores them for many customers at once is `storeLedgers` in
 * server/src/modules/payment/ledger.repo.ts; server/test/api/payment-ledger.test.ts holds the two equal.
 */
/** A bill period: a month (its arithmetic lives in packages/contract/src/periods.ts). */
export type Period = YearMonth;

export interface LedgerEntries {
  /** What was owed before this system; negative for an advance. */
  openingBalance: Paise;
  /** At most one bill per period. */
  bills: readonly (Period & { totalPrice: Paise })[];
  /** Signed: a refund or correction is negative. */
  receipts: readonly (Period & { amount: Paise })[];
  /**
   * The sums of the bills and receipts before the periods given, when only the periods from
   * some point on are given: a change never alters the periods before it.
   */
  earlier?: { billed: Paise; received: Paise };
}

export interface PeriodBalance extends Period {
  billed: boolean;
  /** 0 for a period with receipts only (an advance). */
  totalPrice: Paise;
  /** Opening balance + sum of (totalPrice - paid) over earlier periods. */
  previousDue: Paise;
  /** Sum of the period's receipts. */
  paid: Paise;
  /** totalPrice - paid */
  due: Paise;
}

export interface Ledger {
  openingBalance: Paise;
  /** What was owed before the first of `periods`: the opening balance and the earlier periods. */
  broughtForward: Paise;
  /** Every period (given) with a bill or a receipt, oldest first. */
  periods: PeriodBalance[];
  /** Sum of all receipts. */
  paid: Paise;
  /** Opening balance + sum over all periods of (totalPrice - paid); negative is a credit. */
  due: Paise;
}

export function deriveLedger(entries: LedgerEntries): Ledger {
  const byIndex = new Map<number, PeriodBalance>();
  const at = ({ year, month }: Period) => {
    const index = monthIndex({ year, month });
    let balance = byIndex.get(index);
    if (!balance) {
      balance = { year, month, billed: false, totalPrice: 0, previousDue: 0, paid: 0, due: 0 };
      byIndex.set(index, balance);
    }
    return balance;
  };
  for (const bill of entries.bills) {
    const balance = at(bill);
    if (balance.billed) throw new Error(`Two bills for ${bill.year}-${bill.month}`);
    balance.billed = true;
    balance.totalPrice = bill.totalPrice;
  }
  const earlier = entries.earlier ?? { billed: 0, received: 0 };
  let paid = earlier.received;
  for (const receipt of entries.receipts) {
    at(receipt).paid += receipt.amount;
    paid += receipt.amount;
  }
  const periods = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, balance]) => balance);
  const broughtForward = entries.openingBalance + earlier.billed - earlier.received;
  let running = broughtForward;
  for (const balance of periods) {
    balance.previousDue = running;
    balance.due = balance.totalPrice - balance.paid;
    running += balance.due;
  }
  return { openingBalance: entries.openingBalance, broughtForward, periods, paid, due: running };
}

/** The receiving screen's figures for any period, billed or not. */
export interface PeriodSummary {
  totalPrice: Paise;
  previousDue: Paise;
  /** totalPrice + previousDue */
  total: Paise;
  paid: Paise;
  /** total - paid */
  balance: Paise;
  /** totalPrice - paid */
  due: Paise;
}

/** `period` must not be earlier than the ledger's periods when it was derived from a later point. */
export function summarizePeriod(ledger: Ledger, period: Period): PeriodSummary {
  const index = monthIndex(period);
  let previousDue = ledger.broughtForward;
  let totalPrice = 0;
  let paid = 0;
  for (const balance of ledger.periods) {
    const i = monthIndex(balance);
    if (i > index) break;
    if (i === index) {
      ({ totalPrice, paid, previousDue } = balance);
      break;
    }
    previousDue = balance.previousDue + balance.due;
  }
  const total = totalPrice + previousDue;
  return { totalPrice, previousDue, total, paid, balance: total - paid, due: totalPrice - paid };
}

/** The receipts of the periods after `period`: what a statement says was received since (docs/rules.md section 23). */
export function receivedAfter(ledger: Ledger, period: Period): Paise {
  const index = monthIndex(period);
  return ledger.periods.reduce((sum, p) => (monthIndex(p) > index ? sum + p.paid : sum), 0);
}
