import { monthDates, monthIndex, type YearMonth } from '@dairy/contract';
import { sql } from 'drizzle-orm';

/**
 * Billing a month as one set-based statement with no rules, checks, locks or ledger code around
 * it: the floor the billing benches compare with. It groups the month's deliveries once, derives
 * each bill's previous due and paid from the earlier bills and receipts, writes the bills and
 * their lines with each colony's charges, and brings the customers' paid and due up to date.
 * Every enabled colony, or only `colonyCode`; it assumes no bill after the month (as seeded).
 */
export function bareBilling(period: YearMonth, colonyCode?: string) {
  const { from, until } = monthDates(period);
  // A period as `monthIndex` numbers it (packages/contract/src/periods.ts), said in SQL below.
  const index = monthIndex(period);
  const oneColony = colonyCode === undefined ? sql`` : sql`and col.colony_code = ${colonyCode}`;
  return sql`
    with delivered as (
      select t.customer_id, t.product_id, t.price, count(*)::int as attendance, sum(t.quantity) as quantity,
        round(t.price * sum(t.quantity), 2) as amount
      from "transaction" t
      where t.customer_id in (
          select cu.customer_id from customer cu join colony col on col.colony_code = cu.colony_code
          where col.disable = 0 and cu.disable = 0 ${oneColony})
        and t.attendance = 1 and t.transaction_date >= ${from}::date and t.transaction_date < ${until}::date
      group by t.customer_id, t.product_id, t.price
    ), totals as (
      select d.customer_id, col.charges, sum(d.amount) + col.charges as total_price
      from delivered d join customer cu on cu.customer_id = d.customer_id join colony col on col.colony_code = cu.colony_code
      group by d.customer_id, col.charges
    ), billed as (
      select customer_id, sum(total_price) filter (where payment_year * 12 + payment_month - 1 < ${index}) as before,
        sum(total_price) as other
      from payment
      where customer_id in (select customer_id from totals)
        and (payment_year, payment_month) <> (${period.year}, ${period.month})
      group by customer_id
    ), received as (
      select customer_id, sum(amount) filter (where payment_year * 12 + payment_month - 1 < ${index}) as before,
        sum(amount) filter (where payment_year * 12 + payment_month - 1 = ${index}) as now, sum(amount) as total
      from receipt
      where customer_id in (select customer_id from totals)
      group by customer_id
    ), ledger as (
      select t.customer_id, t.charges, t.total_price,
        c.opening_balance + coalesce(b.before, 0) - coalesce(r.before, 0) as previous_due,
        coalesce(r.now, 0) as paid,
        coalesce(r.total, 0) as customer_paid,
        c.opening_balance + coalesce(b.other, 0) + t.total_price - coalesce(r.total, 0) as customer_due
      from totals t
      join customer c on c.customer_id = t.customer_id
      left join billed b on b.customer_id = t.customer_id
      left join received r on r.customer_id = t.customer_id
    ), bills as (
      insert into payment (customer_id, payment_year, payment_month, charges, total_price, previous_due, paid, due)
      select customer_id, ${period.year}, ${period.month}, charges, total_price, previous_due, paid, total_price - paid
      from ledger
      returning payment_id, customer_id
    ), lines as (
      insert into payment_line (payment_id, product_code, product_name, price, attendance, quantity, amount)
      select b.payment_id, pr.product_code, pr.product_name, d.price, d.attendance, d.quantity, d.amount
      from delivered d join bills b on b.customer_id = d.customer_id join product pr on pr.product_id = d.product_id
    )
    update customer set paid = l.customer_paid, due = l.customer_due
    from ledger l where l.customer_id = customer.customer_id`;
}
