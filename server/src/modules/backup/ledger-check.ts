import { formatPaise } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupRows, rowsOf } from '../../db/rows';
import { deriveLedger } from '../../domain/ledger';
import { ledgerInputs } from '../payment/ledger.repo';

/**
 * Where the stored balances differ from the ledger of docs/rules.md section 6 derived from the bills
 * and receipts: every bill's previous due, paid and due, and every customer's paid and due.
 * Answers at most `limit` problems in words; none means the ledger holds.
 */
export async function ledgerProblems(db: Db, limit = 5): Promise<string[]> {
  const ids = (await rowsOf<{ id: number }>(db, sql`select customer_id as id from customer order by customer_id`)).map(
    (r) => r.id,
  );
  const problems: string[] = [];
  // A thousand customers' bills at a time: a dairy's whole history never sits in memory at once.
  for (let from = 0; from < ids.length && problems.length < limit; from += CUSTOMERS_AT_ONCE)
    problems.push(...(await problemsOf(db, ids.slice(from, from + CUSTOMERS_AT_ONCE), limit - problems.length)));
  return problems;
}

const CUSTOMERS_AT_ONCE = 1000;

async function problemsOf(db: Db, ids: number[], limit: number): Promise<string[]> {
  const { customers, bills, receipts } = await ledgerInputs(db, ids);
  const billsOf = groupRows(bills, (b) => b.customerId);
  const receiptsOf = groupRows(receipts, (r) => r.customerId);
  const problems: string[] = [];
  const rupees = formatPaise;
  for (const c of customers) {
    const own = billsOf.get(c.customerId) ?? [];
    const ledger = deriveLedger({
      openingBalance: c.openingBalance,
      bills: own,
      receipts: receiptsOf.get(c.customerId) ?? [],
    });
    if (ledger.paid !== c.paid || ledger.due !== c.due)
      problems.push(
        `customer ${c.customerId} has paid ${rupees(c.paid)} and due ${rupees(c.due)}, but its bills and receipts give paid ${rupees(ledger.paid)} and due ${rupees(ledger.due)}`,
      );
    for (const bill of own) {
      const derived = ledger.periods.find((p) => p.year === bill.year && p.month === bill.month)!;
      if (derived.previousDue !== bill.previousDue || derived.paid !== bill.paid || derived.due !== bill.due)
        problems.push(
          `the bill of customer ${c.customerId} for ${bill.month}/${bill.year} has previous due ${rupees(bill.previousDue)}, paid ${rupees(bill.paid)} and due ${rupees(bill.due)}, but the ledger gives ${rupees(derived.previousDue)}, ${rupees(derived.paid)} and ${rupees(derived.due)}`,
        );
    }
    if (problems.length >= limit) break;
  }
  return problems.slice(0, limit);
}
