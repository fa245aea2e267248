import { type Month, parsePaise } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Period } from '../../domain/ledger';

/*
 * A colony's months as a whole: where its receipts go by default (its latest bill, docs/rules.md
 * section 23) and the total row of its bills of a month (Payment Information).
 */

/**
 * The period of the colony's latest bill, or null before its first. Each customer's newest bill is
 * one step back along the (customer, year, month) key, so the cost is the colony's customers,
 * not its years of bills.
 */
export async function latestBillOf(db: Db, colonyCode: string): Promise<Period | null> {
  const [row] = await rowsOf<{ year: number; month: number }>(
    db,
    sql`
      select b.payment_year as year, b.payment_month as month
      from customer c
      cross join lateral (
        select p.payment_year, p.payment_month from payment p
        where p.customer_id = c.customer_id
        order by p.payment_year desc, p.payment_month desc
        limit 1
      ) b
      where c.colony_code = ${colonyCode}
      order by b.payment_year desc, b.payment_month desc
      limit 1`,
  );
  return row ? { year: row.year, month: row.month as Month } : null;
}

/**
 * The sums of the colony's bills of one period, each figure as a bill row shows it (`billFigures`
 * in domain/billing.ts: product charge = total price - charges, balance = total price + previous
 * due - paid), summed in numeric: exact.
 */
export async function billTotalsOf(db: Db, colonyCode: string, period: Period) {
  const [row] = await rowsOf<
    Record<'previousDue' | 'productCharge' | 'charges' | 'totalPrice' | 'paid' | 'due' | 'balance', string> & {
      bills: number;
    }
  >(
    db,
    sql`
      select count(*)::int as bills,
        coalesce(sum(p.previous_due), 0)::text as "previousDue",
        coalesce(sum(p.total_price - p.charges), 0)::text as "productCharge",
        coalesce(sum(p.charges), 0)::text as charges,
        coalesce(sum(p.total_price), 0)::text as "totalPrice",
        coalesce(sum(p.paid), 0)::text as paid,
        coalesce(sum(p.due), 0)::text as due,
        coalesce(sum(p.total_price + p.previous_due - p.paid), 0)::text as balance
      from payment p
      join customer c on c.customer_id = p.customer_id
      where c.colony_code = ${colonyCode} and p.payment_year = ${period.year} and p.payment_month = ${period.month}`,
  );
  const { bills, ...sums } = row!;
  return {
    bills,
    previousDue: parsePaise(sums.previousDue),
    productCharge: parsePaise(sums.productCharge),
    charges: parsePaise(sums.charges),
    totalPrice: parsePaise(sums.totalPrice),
    paid: parsePaise(sums.paid),
    due: parsePaise(sums.due),
    balance: parsePaise(sums.balance),
  };
}
