import { formatPaise, monthIndex, type Paise, parsePaise } from '@dairy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonList, rowsOf } from '../../db/rows';
import { payment, receipt } from '../../db/schema';
import type { Period } from '../../domain/ledger';
import { idSet, json, periodCompared } from './sql-parts';

/*
 * The stored ledger in SQL (docs/rules.md section 6): each bill's previous due, paid and due, and
 * the customer's paid and due, written for many customers in a few statements. The TypeScript
 * model is `deriveLedger` in domain/ledger.ts; server/test/api/payment-ledger.test.ts ('the stored
 * ledger') holds the two equal after every step of random histories.
 */

/**
 * A bill's or receipt's period before `period`, for the sums of given customers: said as a month
 * number, which only the customer's index serves. As a row value the planner would weigh it by
 * the year alone, find no bill before this year, and walk the period index through every
 * customer's bills of the year for one customer's few. The number is `monthIndex`'s
 * (packages/contract/src/periods.ts).
 */
const periodBefore = (t: typeof payment | typeof receipt, period: Period) =>
  sql`${t.paymentYear} * 12 + ${t.paymentMonth} - 1 < ${monthIndex(period)}::int`;

/**
 * These customers `c` with what they were billed (`b.total`) and paid (`r.total`, null for none)
 * in the periods `before` selects: a FROM clause for the ledger's starting point.
 */
function customersWithSumsBefore(ids: SQL, before: (t: typeof payment | typeof receipt) => SQL) {
  return sql`from customer c
      left join (
        select customer_id, sum(total_price) as total from payment
        where customer_id in ${ids} and ${before(payment)} group by customer_id
      ) b on b.customer_id = c.customer_id
      left join (
        select customer_id, sum(amount) as total from receipt
        where customer_id in ${ids} and ${before(receipt)} group by customer_id
      ) r on r.customer_id = c.customer_id
      where c.customer_id in ${ids}`;
}

/** Where a customer's ledger stands at a period: what they owed and had paid before it. */
export interface LedgerStart {
  customerId: number;
  broughtForward: Paise;
  receivedBefore: Paise;
}

/**
 * What each of these customers owed before `from` (`brought_forward`: the opening balance and
 * every bill less every receipt before it) and had paid before it (`received_before`).
 */
export function broughtForward(ids: SQL, from: Period) {
  const before = (t: typeof payment | typeof receipt) => periodBefore(t, from);
  return sql`select c.customer_id, c.opening_balance + coalesce(b.total, 0) - coalesce(r.total, 0) as brought_forward,
      coalesce(r.total, 0) as received_before
    ${customersWithSumsBefore(ids, before)}`;
}

/** A ledger input as the database sends it in JSON: money as text, so no paisa goes through a float. */
type InputsText = {
  customers: {
    customerId: number;
    openingBalance: string;
    paid: string;
    due: string;
    billedBefore: string;
    receivedBefore: string;
  }[];
  bills: {
    paymentId: number;
    customerId: number;
    year: number;
    month: number;
    totalPrice: string;
    previousDue: string;
    paid: string;
    due: string;
  }[];
  receipts: { customerId: number; year: number; month: number; amount: string }[];
};

/**
 * What the ledgers of these customers are derived from, and what is stored now, read in one
 * statement (a customer's page, statement and receipt each need it, and every statement costs the
 * embedded engine a round trip). With `from`, the bills and receipts before it come summed up per
 * customer (a change from `from` on leaves the earlier periods as they are), so a long history is
 * not loaded row by row.
 */
export async function ledgerInputs(db: Db, customerIds: number[], from?: Period) {
  const ids = idSet(customerIds);
  const onward = (t: typeof payment | typeof receipt) => (from ? sql`and ${periodCompared(t, '>=', from)}` : sql``);
  const before = (t: typeof payment | typeof receipt) => (from ? periodBefore(t, from) : sql`false`);
  const inPeriodOrder = sql`q."customerId", q.year, q.month`;
  const [inputs] = await rowsOf<InputsText>(
    db,
    sql`
    select
      ${jsonList(
        sql`select c.customer_id as "customerId", c.opening_balance::text as "openingBalance", c.paid::text as paid,
          c.due::text as due, coalesce(b.total, 0)::text as "billedBefore", coalesce(r.total, 0)::text as "receivedBefore"
        ${customersWithSumsBefore(ids, before)}`,
        sql`q."customerId"`,
      )} as customers,
      ${jsonList(
        sql`select payment_id as "paymentId", customer_id as "customerId", payment_year as year, payment_month as month,
          total_price::text as "totalPrice", previous_due::text as "previousDue", paid::text as paid, due::text as due
        from payment where customer_id in ${ids} ${onward(payment)}`,
        inPeriodOrder,
      )} as bills,
      ${jsonList(
        sql`select customer_id as "customerId", payment_year as year, payment_month as month, sum(amount)::text as amount
        from receipt where customer_id in ${ids} ${onward(receipt)}
        group by customer_id, payment_year, payment_month`,
        inPeriodOrder,
      )} as receipts`,
  );
  const { customers, bills, receipts } = inputs!;
  return {
    customers: customers.map((c) => ({
      customerId: c.customerId,
      openingBalance: parsePaise(c.openingBalance),
      paid: parsePaise(c.paid),
      due: parsePaise(c.due),
      billedBefore: parsePaise(c.billedBefore),
      receivedBefore: parsePaise(c.receivedBefore),
    })),
    bills: bills.map((b) => ({
      ...b,
      totalPrice: parsePaise(b.totalPrice),
      previousDue: parsePaise(b.previousDue),
      paid: parsePaise(b.paid),
      due: parsePaise(b.due),
    })),
    receipts: receipts.map((r) => ({ ...r, amount: parsePaise(r.amount) })),
  };
}

/**
 * Derives the ledgers of these customers from `from` on and stores what changed, in one
 * statement (docs/rules.md section 6): each period's previous due is what was owed before it (the
 * opening balance, the bills and receipts before `from`, and every earlier period's total less
 * its receipts), its paid the sum of its receipts and its due the total less paid; the customer's
 * paid is every receipt and due the opening balance plus every bill less every receipt. Periods
 * before `from` are left as they are. This is `deriveLedger` (domain/ledger.ts) said in SQL, so a
 * dairy's ledgers are derived where the rows are; the ledger property test holds the two equal.
 * Bills and customers whose stored figures already match are not written. `starts` may give, for
 * some of these customers, where their ledger stands at `from` (a caller that has just derived
 * it): their history before `from` is then not read again.
 */
export async function storeLedgers(
  db: Db,
  customerIds: readonly number[],
  from: Period,
  starts: readonly LedgerStart[] = [],
) {
  if (customerIds.length === 0) return;
  const all = [...new Set(customerIds)];
  const ids = idSet(all);
  const started = new Set(starts.map((s) => s.customerId));
  const given = starts.map((s) => ({
    customer_id: s.customerId,
    brought_forward: formatPaise(s.broughtForward),
    received_before: formatPaise(s.receivedBefore),
  }));
  const onward = (t: typeof payment | typeof receipt) => periodCompared(t, '>=', from);
  await db.execute(sql`
    with customers as (
      select * from json_to_recordset(${json(given)}) as s(customer_id int, brought_forward numeric, received_before numeric)
      union all
      ${broughtForward(idSet(all.filter((id) => !started.has(id))), from)}
    ),
    bills as (
      select payment_id, customer_id, payment_year, payment_month, total_price from payment
      where customer_id in ${ids} and ${onward(payment)}
    ),
    receipts as (
      select customer_id, payment_year, payment_month, sum(amount) as paid from receipt
      where customer_id in ${ids} and ${onward(receipt)}
      group by customer_id, payment_year, payment_month
    ),
    periods as (
      select coalesce(b.customer_id, r.customer_id) as customer_id,
        coalesce(b.payment_year, r.payment_year) as payment_year, coalesce(b.payment_month, r.payment_month) as payment_month,
        b.payment_id, coalesce(b.total_price, 0) as total_price, coalesce(r.paid, 0) as paid
      from bills b full join receipts r
        on r.customer_id = b.customer_id and r.payment_year = b.payment_year and r.payment_month = b.payment_month
    ),
    derived as (
      select p.payment_id, p.paid, p.total_price - p.paid as due,
        c.brought_forward + coalesce(sum(p.total_price - p.paid) over (partition by p.customer_id
          order by p.payment_year, p.payment_month rows between unbounded preceding and 1 preceding), 0) as previous_due
      from periods p join customers c on c.customer_id = p.customer_id
    ),
    bill_writes as (
      update payment set previous_due = d.previous_due, paid = d.paid, due = d.due
      from derived d
      where payment.payment_id = d.payment_id
        and (payment.previous_due, payment.paid, payment.due) is distinct from (d.previous_due, d.paid, d.due)
    ),
    totals as (
      select c.customer_id, c.received_before + coalesce(sum(p.paid), 0) as paid,
        c.brought_forward + coalesce(sum(p.total_price - p.paid), 0) as due
      from customers c left join periods p on p.customer_id = c.customer_id
      group by c.customer_id, c.received_before, c.brought_forward
    )
    update customer set paid = t.paid, due = t.due
    from totals t
    where customer.customer_id = t.customer_id and (customer.paid, customer.due) is distinct from (t.paid, t.due)`);
}
