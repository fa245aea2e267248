import { DEFAULT_UNIT, formatPaise, type Month, type Paise, parsePaise, parseQuantity } from '@dairy/contract';
import { and, asc, count, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowsOf, rowsOf } from '../../db/rows';
import { customer, payment, receipt } from '../../db/schema';
import type { BillLine } from '../../domain/billing';
import { monthDates } from '../../domain/calendar';
import { type Period, periodIndex } from '../../domain/ledger';

/** Rows go to the database as one JSON parameter: one statement however many rows. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/**
 * A list of ids as one array parameter (thousands of bound parameters are slow to plan). The
 * planner counts an array's elements, so one customer's ledger is read through the customer
 * indexes; a set it could not count it took for a hundred customers and walked the period index.
 */
const idSet = (ids: number[]) => sql`(select unnest(${sql.param(ids)}::int[]))`;

/** A colony to bill, with the service charge its bills carry. */
export interface ChargedColony {
  colonyCode: string;
  charges: Paise;
}

/**
 * The one place deliveries become bill lines (docs/rules.md sections 6 and 12): the delivered rows of
 * `deliveries` (a FROM clause naming the transactions `t`, and its conditions) grouped by the
 * columns `bill` names and by (product row, price), with their days, their quantities summed and
 * what that comes to: price × quantity rounded once to the paisa, half away from zero (a numeric's
 * `round`, as `lineAmount` in domain/billing.ts). A restore checks every stored bill against it.
 */
export function linesOf(deliveries: { from: SQL; where: SQL }, bill: SQL) {
  return sql`
    select ${bill}, t.product_id, t.price, count(*)::int as attendance, sum(t.quantity) as quantity,
      round(t.price * sum(t.quantity), 2) as amount
    from ${deliveries.from}
    where ${deliveries.where} and t.attendance = 1
    group by ${bill}, t.product_id, t.price`;
}

/**
 * A month's bill lines per enabled customer of the colonies, from the delivered transactions of
 * [from, until). The transactions are reached through the colonies' customers (the customer and
 * date index), so one colony's billing reads its own month, not the whole dairy's (exported for
 * the test that holds the planner to it).
 */
export function billLines(colonies: readonly ChargedColony[], dates: { from: string; until: string }) {
  return linesOf(
    {
      from: sql`customer c join "transaction" t on t.customer_id = c.customer_id`,
      where: sql`c.colony_code = any(${sql.param(colonies.map((c) => c.colonyCode))}::text[]) and c.disable = 0
        and t.transaction_date >= ${dates.from}::date and t.transaction_date < ${dates.until}::date`,
    },
    sql`t.customer_id`,
  );
}

/**
 * The month's bills made from the lines of the CTE `lines`: per customer with a delivered day, the
 * product charge (the sum of its lines), its colony's service charge and the total.
 */
function billsOfLines(colonies: readonly ChargedColony[]) {
  const charged = colonies.map((c) => ({ colony_code: c.colonyCode, charges: formatPaise(c.charges) }));
  return sql`
    select l.customer_id, cu.colony_code, sum(l.amount) as product_charge, ch.charges,
      sum(l.amount) + ch.charges as total_price
    from lines l
    join customer cu on cu.customer_id = l.customer_id
    join json_to_recordset(${json(charged)}) as ch(colony_code text, charges numeric) on ch.colony_code = cu.colony_code
    group by l.customer_id, cu.colony_code, ch.charges`;
}

/** The month's lines and bills of these colonies, as the CTEs `lines` and `bills`. */
function monthBills(colonies: readonly ChargedColony[], period: Period) {
  return sql`lines as (${billLines(colonies, monthDates(period.year, period.month))}),
    bills as (${billsOfLines(colonies)})`;
}

export interface PlannedBill {
  colonyCode: string;
  customerId: number;
  customerName: string;
  route: number;
  productCharge: Paise;
  charges: Paise;
  totalPrice: Paise;
  lines: BillLine[];
}

/** A bill line read as JSON: its numbers travel as text. */
type LineText = Omit<BillLine, 'price' | 'quantity' | 'amount'> & { price: string; quantity: string; amount: string };
const parseLine = (l: LineText): BillLine => ({
  ...l,
  price: parsePaise(l.price),
  quantity: parseQuantity(l.quantity),
  amount: parsePaise(l.amount),
});

/** The bills billing would write, with their lines, by colony, route, name and customer. */
export async function plannedBills(db: Db, colonies: readonly ChargedColony[], period: Period): Promise<PlannedBill[]> {
  type Money = 'productCharge' | 'charges' | 'totalPrice';
  type Line = LineText;
  const rows = await jsonRowsOf<Omit<PlannedBill, Money | 'lines'> & Record<Money, string> & { lines: Line[] }>(
    db,
    sql`
      with ${monthBills(colonies, period)},
      listed as (
        select l.customer_id, json_agg(json_build_object('productCode', p.product_code, 'productName', p.product_name,
            'unit', p.unit, 'price', l.price::text, 'attendance', l.attendance, 'quantity', l.quantity::text,
            'amount', l.amount::text)
          order by p.product_code, l.product_id, l.price) as lines
        from lines l join product p on p.product_id = l.product_id
        group by l.customer_id
      )
      select b.colony_code as "colonyCode", b.customer_id as "customerId", cu.customer_name as "customerName", cu.route,
        b.product_charge::text as "productCharge", b.charges::text as charges, b.total_price::text as "totalPrice",
        listed.lines
      from bills b join customer cu on cu.customer_id = b.customer_id join listed on listed.customer_id = b.customer_id`,
    sql`q."colonyCode", q.route, q."customerName", q."customerId"`,
  );
  return rows.map((b) => ({
    ...b,
    productCharge: parsePaise(b.productCharge),
    charges: parsePaise(b.charges),
    totalPrice: parsePaise(b.totalPrice),
    lines: b.lines.map(parseLine),
  }));
}

/**
 * Bills these colonies' month in one statement: writes each bill (a new one, or the month's bill
 * brought up to the current deliveries) with its balances (docs/rules.md section 6: previous due what
 * the customer owed before the month, paid the month's receipts, due the total less paid), replaces
 * their lines, and removes the month's bills of enabled customers left without a delivered day.
 * A billed customer with no bill or receipt after the month has their paid and due settled here
 * too: the month is then the end of their ledger. The others' later periods (and their paid and
 * due) are left to `storeLedgers` from the next month on, so each bill is written once. Answers
 * the customers billed, by colony, those whose bill was removed, and, for the billed customers
 * with later periods, where their ledger stands after the month (the start `storeLedgers` goes
 * on from, without reading the history again). The caller holds the customers' locks, so the
 * month's bills cannot change under the statement: it updates those that exist and inserts the
 * others, those the update did not find (cheaper than ON CONFLICT's speculative insert per
 * bill); the unique period key stays as the last guard.
 */
export async function writeMonthBills(db: Db, colonies: readonly ChargedColony[], period: Period) {
  const ofPeriod = sql`payment_year = ${period.year}::int and payment_month = ${period.month}::int`;
  // The customers who may have a bill of the month. The balances are summed for them, not for
  // the bills' customers: the planner knows this set's size from the index, and a set drawn from
  // the bills it must guess; a whole dairy's guess once cost a nested loop of 14 s.
  const colonyCustomers = sql`(select customer_id from customer
    where colony_code = any(${sql.param(colonies.map((c) => c.colonyCode))}::text[]) and disable = 0)`;
  type Billed = { colonyCode: string; customerIds: number[] };
  type AfterText = { customerId: number; broughtForward: string; receivedBefore: string };
  const [result] = await rowsOf<{ billed: Billed[]; removed: number[]; after: AfterText[] }>(
    db,
    sql`
      with ${monthBills(colonies, period)},
      brought as (${broughtForward(colonyCustomers, period)}),
      received as (
        select customer_id, sum(amount) as paid from receipt
        where customer_id in ${colonyCustomers} and ${ofPeriod}
        group by customer_id
      ),
      balanced as (
        select b.customer_id, b.charges, b.total_price, f.brought_forward as previous_due,
          coalesce(r.paid, 0) as paid, b.total_price - coalesce(r.paid, 0) as due, f.received_before
        from bills b join brought f on f.customer_id = b.customer_id left join received r on r.customer_id = b.customer_id
      ),
      -- Where each ledger stands after the month: what was owed and what had been paid by then.
      ended as (
        select customer_id, previous_due + due as owed_after, received_before + paid as received_after from balanced
      ),
      updated as (
        update payment p set charges = b.charges, total_price = b.total_price, previous_due = b.previous_due,
          paid = b.paid, due = b.due
        from balanced b
        where p.customer_id = b.customer_id and p.payment_year = ${period.year}::int and p.payment_month = ${period.month}::int
        returning p.payment_id, p.customer_id
      ),
      inserted as (
        insert into payment (customer_id, payment_year, payment_month, charges, total_price, previous_due, paid, due)
        select b.customer_id, ${period.year}::int, ${period.month}::int, b.charges, b.total_price, b.previous_due, b.paid, b.due
        from balanced b
        where b.customer_id not in (select customer_id from updated)
        returning payment_id, customer_id
      ),
      written as (select * from updated union all select * from inserted),
      later as (
        select customer_id from payment where customer_id in ${colonyCustomers} and ${periodCompared(payment, '>', period)}
        union
        select customer_id from receipt where customer_id in ${colonyCustomers} and ${periodCompared(receipt, '>', period)}
      ),
      settled as (
        update customer c set paid = e.received_after, due = e.owed_after
        from ended e
        where c.customer_id = e.customer_id and e.customer_id not in (select customer_id from later)
          and (c.paid, c.due) is distinct from (e.received_after, e.owed_after)
      ),
      removed as (
        delete from payment
        where ${ofPeriod}
          and customer_id in ${colonyCustomers}
          and customer_id not in (select customer_id from bills)
        returning customer_id
      ),
      cleared as (delete from payment_line l using written w where l.payment_id = w.payment_id),
      lined as (
        -- Line ids follow the bill's order: product code, product row, then price.
        insert into payment_line (payment_id, product_code, product_name, price, attendance, quantity, amount)
        select w.payment_id, p.product_code, p.product_name, l.price, l.attendance, l.quantity, l.amount
        from lines l join written w on w.customer_id = l.customer_id join product p on p.product_id = l.product_id
        order by w.payment_id, p.product_code, l.product_id, l.price
      )
      select
        coalesce((select json_agg(json_build_object('colonyCode', colony_code, 'customerIds', ids))
          from (select colony_code, json_agg(customer_id) as ids from bills group by colony_code) by_colony), '[]') as billed,
        coalesce((select json_agg(customer_id) from removed), '[]') as removed,
        coalesce((select json_agg(json_build_object('customerId', customer_id,
            'broughtForward', owed_after::text, 'receivedBefore', received_after::text))
          from ended where customer_id in (select customer_id from later)), '[]') as after`,
  );
  const after = (result?.after ?? []).map((s) => ({
    customerId: s.customerId,
    broughtForward: parsePaise(s.broughtForward),
    receivedBefore: parsePaise(s.receivedBefore),
  }));
  return { billed: result?.billed ?? [], removed: result?.removed ?? [], after };
}

/** Whether any of these customers has a bill of the month (generation then has bills to follow). */
export async function anyBillOfMonth(db: Db, customerIds: readonly number[], period: Period) {
  if (customerIds.length === 0) return false;
  const [row] = await rowsOf<{ billed: boolean }>(
    db,
    sql`select exists (select 1 from payment where payment_year = ${period.year}::int
      and payment_month = ${period.month}::int and customer_id in ${idSet([...customerIds])}) as billed`,
  );
  return row?.billed === true;
}

/** A customer's month. */
export interface CustomerMonth extends Period {
  customerId: number;
}

/**
 * Brings the bills of these (customer, month) pairs up to their current deliveries in one
 * statement (docs/rules.md section 6, 'A bill follows its deliveries'): each bill's lines are made
 * again by `linesOf`, as billing makes them, and its total is their sum plus the service charge
 * it has; a bill left without a delivered day is removed (its receipts stay). A pair without a
 * bill gets none. Answers the pairs whose bill total changed or that lost their bill.
 */
export async function followBills(db: Db, months: readonly CustomerMonth[]): Promise<CustomerMonth[]> {
  if (months.length === 0) return [];
  const asked = months.map((m) => ({ customer_id: m.customerId, payment_year: m.year, payment_month: m.month }));
  const [result] = await rowsOf<{ changed: CustomerMonth[] }>(
    db,
    sql`
      with followed as (
        select distinct p.payment_id, p.customer_id, p.payment_year, p.payment_month, p.total_price,
          make_date(p.payment_year, p.payment_month, 1) as first_day
        from json_to_recordset(${json(asked)}) as a(customer_id int, payment_year int, payment_month int)
        join payment p on p.customer_id = a.customer_id and p.payment_year = a.payment_year
          and p.payment_month = a.payment_month
      ),
      lines as (${linesOf(
        {
          from: sql`followed f join "transaction" t on t.customer_id = f.customer_id`,
          where: sql`t.transaction_date >= f.first_day and t.transaction_date < (f.first_day + interval '1 month')::date`,
        },
        sql`f.payment_id`,
      )}),
      sums as (select payment_id, sum(amount) as product_charge from lines group by payment_id),
      updated as (
        update payment p set total_price = s.product_charge + p.charges
        from sums s where p.payment_id = s.payment_id
        returning p.payment_id, p.total_price
      ),
      removed as (
        delete from payment p using followed f
        where p.payment_id = f.payment_id and f.payment_id not in (select payment_id from sums)
        returning p.payment_id
      ),
      cleared as (delete from payment_line l using updated u where l.payment_id = u.payment_id),
      lined as (
        insert into payment_line (payment_id, product_code, product_name, price, attendance, quantity, amount)
        select l.payment_id, p.product_code, p.product_name, l.price, l.attendance, l.quantity, l.amount
        from lines l join product p on p.product_id = l.product_id
        order by l.payment_id, p.product_code, l.product_id, l.price
      )
      select coalesce(json_agg(json_build_object('customerId', f.customer_id, 'year', f.payment_year,
          'month', f.payment_month)), '[]') as changed
      from followed f
      left join updated u on u.payment_id = f.payment_id
      where u.payment_id is null or u.total_price <> f.total_price`,
  );
  return result?.changed ?? [];
}

export async function findPayments(db: Db, paymentIds: number[]) {
  return db
    .select({
      paymentId: payment.paymentId,
      customerId: payment.customerId,
      year: payment.paymentYear,
      month: payment.paymentMonth,
    })
    .from(payment)
    .where(inArray(payment.paymentId, paymentIds));
}

/** Deletes bills (their lines go with them); receipts stay. */
export async function deletePayments(db: Db, paymentIds: number[]) {
  return db.delete(payment).where(inArray(payment.paymentId, paymentIds)).returning({ paymentId: payment.paymentId });
}

export async function insertReceipt(db: Db, values: typeof receipt.$inferInsert) {
  const [row] = await db.insert(receipt).values(values).returning();
  return row!;
}

/** Records many receipts in one statement. */
export async function insertReceipts(db: Db, values: (typeof receipt.$inferInsert)[]) {
  if (values.length > 0) await db.insert(receipt).values(values);
}

/**
 * A bill's or receipt's period compared as the row value (year, month) with `cmp`: the indexes
 * on (year, month) and (customer, year, month) serve it, as a list of a period across customers
 * needs (`periodBefore` is for sums of given customers).
 */
const periodCompared = (t: typeof payment | typeof receipt, cmp: '<' | '<=' | '>=' | '>', period: Period) =>
  sql`(${t.paymentYear}, ${t.paymentMonth}) ${sql.raw(cmp)} (${period.year}::int, ${period.month}::int)`;

/**
 * Bills of the periods from `from` to `to` (inclusive, either open). Within one year it is said
 * column by column: the planner estimates a row value by its year alone, so a month of this year
 * would look like the whole year and the index would lose to a scan of every bill.
 */
function periodRange(from: Period | undefined, to: Period | undefined): SQL | undefined {
  if (from && to && from.year === to.year)
    return and(
      eq(payment.paymentYear, from.year),
      from.month === to.month
        ? eq(payment.paymentMonth, from.month)
        : sql`${payment.paymentMonth} between ${from.month}::int and ${to.month}::int`,
    );
  return and(from && periodCompared(payment, '>=', from), to && periodCompared(payment, '<=', to));
}

/**
 * A bill's or receipt's period before `period`, for the sums of given customers: said as a month
 * number, which only the customer's index serves. As a row value the planner would weigh it by
 * the year alone, find no bill before this year, and walk the period index through every
 * customer's bills of the year for one customer's few.
 */
const periodBefore = (t: typeof payment | typeof receipt, period: Period) =>
  sql`${t.paymentYear} * 12 + ${t.paymentMonth} - 1 < ${periodIndex(period)}::int`;

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
function broughtForward(ids: SQL, from: Period) {
  const before = (t: typeof payment | typeof receipt) => periodBefore(t, from);
  return sql`select c.customer_id, c.opening_balance + coalesce(b.total, 0) - coalesce(r.total, 0) as brought_forward,
      coalesce(r.total, 0) as received_before
    ${customersWithSumsBefore(ids, before)}`;
}

/**
 * What the ledgers of these customers are derived from, and what is stored now. With `from`,
 * the bills and receipts before it come summed up per customer (a change from `from` on leaves
 * the earlier periods as they are), so a long history is not loaded row by row.
 */
export async function ledgerInputs(db: Db, customerIds: number[], from?: Period) {
  const ids = idSet(customerIds);
  const onward = (t: typeof payment | typeof receipt) => (from ? periodCompared(t, '>=', from) : undefined);
  const before = (t: typeof payment | typeof receipt) => (from ? periodBefore(t, from) : sql`false`);
  type Stored = { customerId: number; openingBalance: string; paid: string; due: string };
  const rows = await jsonRowsOf<Stored & { billedBefore: string; receivedBefore: string }>(
    db,
    sql`
      select c.customer_id as "customerId", c.opening_balance::text as "openingBalance", c.paid::text as paid,
        c.due::text as due, coalesce(b.total, 0)::text as "billedBefore", coalesce(r.total, 0)::text as "receivedBefore"
      ${customersWithSumsBefore(ids, before)}`,
    sql`q."customerId"`,
  );
  const customers = rows.map((c) => ({
    customerId: c.customerId,
    openingBalance: parsePaise(c.openingBalance),
    paid: parsePaise(c.paid),
    due: parsePaise(c.due),
    billedBefore: parsePaise(c.billedBefore),
    receivedBefore: parsePaise(c.receivedBefore),
  }));
  const bills = await db
    .select({
      paymentId: payment.paymentId,
      customerId: payment.customerId,
      year: payment.paymentYear,
      month: payment.paymentMonth,
      totalPrice: payment.totalPrice,
      previousDue: payment.previousDue,
      paid: payment.paid,
      due: payment.due,
    })
    .from(payment)
    .where(and(inArray(payment.customerId, ids), onward(payment)));
  const receipts = await db
    .select({
      customerId: receipt.customerId,
      year: receipt.paymentYear,
      month: receipt.paymentMonth,
      amount: sql<Paise>`sum(${receipt.amount})`.mapWith(receipt.amount),
    })
    .from(receipt)
    .where(and(inArray(receipt.customerId, ids), onward(receipt)))
    .groupBy(receipt.customerId, receipt.paymentYear, receipt.paymentMonth);
  return { customers, bills, receipts };
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

export interface PaymentFilter {
  /** The code as stored (`findColony` finds it ignoring case): the customer index serves it. */
  colonyCode?: string;
  customerId?: number;
  year?: number;
  month?: Month;
  /** Inclusive bounds. */
  from?: Period;
  to?: Period;
  status?: 'all' | 'paid' | 'unpaid';
}

function filterCondition(f: PaymentFilter): SQL | undefined {
  return and(
    f.colonyCode === undefined ? undefined : eq(customer.colonyCode, f.colonyCode),
    f.customerId === undefined ? undefined : eq(payment.customerId, f.customerId),
    f.year === undefined ? undefined : eq(payment.paymentYear, f.year),
    f.month === undefined ? undefined : eq(payment.paymentMonth, f.month),
    periodRange(f.from, f.to),
    f.status === 'paid' ? lte(payment.due, 0) : undefined,
    f.status === 'unpaid' ? sql`${payment.due} > 0` : undefined,
  );
}

export type PaymentListRow = Awaited<ReturnType<typeof listPayments>>['rows'][number];

/**
 * Bills with their customer and lines, by route then name then period: a page of them with
 * `window` (and the count of all), else every one (a colony's month for the monthly report).
 */
export async function listPayments(db: Db, filter: PaymentFilter, window?: { limit: number; offset: number }) {
  const where = filterCondition(filter);
  const query = db
    .select({
      paymentId: payment.paymentId,
      paymentYear: payment.paymentYear,
      paymentMonth: payment.paymentMonth,
      charges: payment.charges,
      totalPrice: payment.totalPrice,
      previousDue: payment.previousDue,
      paid: payment.paid,
      due: payment.due,
      customer: {
        customerId: customer.customerId,
        customerName: customer.customerName,
        route: customer.route,
        contactNumber: customer.contactNumber,
        colonyCode: customer.colonyCode,
      },
    })
    .from(payment)
    .innerJoin(customer, eq(customer.customerId, payment.customerId))
    .where(where)
    .orderBy(
      asc(customer.route),
      asc(customer.customerName),
      asc(customer.customerId),
      asc(payment.paymentYear),
      asc(payment.paymentMonth),
    )
    .$dynamic();
  const bills = window ? await query.limit(window.limit).offset(window.offset) : await query;
  // Only a colony needs the customers to count; the other filters are the bills' own.
  const counted = db.select({ n: count() }).from(payment).$dynamic();
  if (filter.colonyCode !== undefined) counted.innerJoin(customer, eq(customer.customerId, payment.customerId));
  const [total] = window ? await counted.where(where) : [{ n: bills.length }];
  const linesOf = await billLinesOf(
    db,
    bills.map((b) => b.paymentId),
  );
  return {
    rows: bills.map((b) => ({ ...b, lines: linesOf.get(b.paymentId) ?? [] })),
    total: total?.n ?? 0,
  };
}

/**
 * A stored bill line's (`l`) quantity and amount: a line written before quantities (a backup of an
 * older version restores them empty) delivered 1 a day, its days and price × days.
 */
export const storedLine = {
  quantity: sql`coalesce(l.quantity, l.attendance)`,
  amount: sql`coalesce(l.amount, l.price * l.attendance)`,
};

/**
 * The lines of several bills at once, by bill id, in the order they were written. A line's unit
 * is its product code's (one unit per code); its quantity and amount as `storedLine` reads them.
 */
export async function billLinesOf(db: Db, paymentIds: number[]): Promise<Map<number, BillLine[]>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await jsonRowsOf<LineText & { paymentId: number; lineId: number }>(
    db,
    sql`
      select l.payment_line_id as "lineId", l.payment_id as "paymentId", l.product_code as "productCode",
        l.product_name as "productName",
        coalesce((select p.unit from product p where p.product_code = l.product_code limit 1), ${DEFAULT_UNIT}) as unit,
        l.price::text as price, l.attendance, ${storedLine.quantity}::numeric(9,2)::text as quantity,
        ${storedLine.amount}::text as amount
      from payment_line l
      where l.payment_id in ${idSet(paymentIds)}`,
    sql`q."lineId"`,
  );
  const byPayment = new Map<number, BillLine[]>();
  for (const { paymentId, lineId: _, ...text } of rows) {
    const line = parseLine(text);
    const list = byPayment.get(paymentId);
    if (list) list.push(line);
    else byPayment.set(paymentId, [line]);
  }
  return byPayment;
}
