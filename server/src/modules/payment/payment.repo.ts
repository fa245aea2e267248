import { formatPaise, type Month, type Paise, parsePaise } from '@dairy/contract';
import { and, asc, count, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowsOf, rowsOf } from '../../db/rows';
import { customer, payment, paymentLine, receipt } from '../../db/schema';
import type { BillLine } from '../../domain/billing';
import { monthDates } from '../../domain/calendar';
import type { Period } from '../../domain/ledger';

/** Rows go to the database as one JSON parameter: one statement however many rows. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/** A list of ids as one parameter (thousands of bound parameters are slow to plan). */
const idSet = (ids: number[]) => sql`(select value::int from json_array_elements_text(${json(ids)}))`;

/** A colony to bill, with the service charge its bills carry. */
export interface ChargedColony {
  colonyCode: string;
  charges: Paise;
}

/**
 * A month's bill lines (DESIGN.md section 6), the one place deliveries become bill lines: per
 * enabled customer of the colonies, the delivered transactions of [from, until) by product row
 * and price, with their days and what they come to. The transactions are reached through the
 * colonies' customers (the customer and date index), so one colony's billing reads its own
 * month, not the whole dairy's.
 */
function billLines(colonies: readonly ChargedColony[], dates: { from: string; until: string }) {
  return sql`
    select t.customer_id, t.product_id, t.price, count(*)::int as attendance, t.price * count(*) as amount
    from customer c
    join "transaction" t on t.customer_id = c.customer_id
    where c.colony_code = any(${sql.param(colonies.map((c) => c.colonyCode))}::text[]) and c.disable = 0
      and t.attendance = 1 and t.transaction_date >= ${dates.from}::date and t.transaction_date < ${dates.until}::date
    group by t.customer_id, t.product_id, t.price`;
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
  lines: (BillLine & { amount: Paise })[];
}

/** The bills billing would write, with their lines, by colony, route, name and customer. */
export async function plannedBills(db: Db, colonies: readonly ChargedColony[], period: Period): Promise<PlannedBill[]> {
  type Money = 'productCharge' | 'charges' | 'totalPrice';
  type Line = Omit<BillLine, 'price'> & { price: string; amount: string };
  const rows = await jsonRowsOf<Omit<PlannedBill, Money | 'lines'> & Record<Money, string> & { lines: Line[] }>(
    db,
    sql`
      with ${monthBills(colonies, period)},
      listed as (
        select l.customer_id, json_agg(json_build_object('productCode', p.product_code, 'productName', p.product_name,
            'price', l.price::text, 'attendance', l.attendance, 'amount', l.amount::text)
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
    lines: b.lines.map((l) => ({ ...l, price: parsePaise(l.price), amount: parsePaise(l.amount) })),
  }));
}

/**
 * Bills these colonies' month in one statement: writes each bill (a new one, or the month's bill
 * brought up to the current deliveries, its balances kept for the ledger to derive), replaces
 * their lines, and removes the month's bills of enabled customers left without a delivered day.
 * Answers the customers billed, by colony, and those whose bill was removed.
 */
export async function writeMonthBills(db: Db, colonies: readonly ChargedColony[], period: Period) {
  const ofPeriod = sql`payment_year = ${period.year}::int and payment_month = ${period.month}::int`;
  const [result] = await rowsOf<{ billed: { colonyCode: string; customerIds: number[] }[]; removed: number[] }>(
    db,
    sql`
      with ${monthBills(colonies, period)},
      written as (
        insert into payment (customer_id, payment_year, payment_month, charges, total_price)
        select customer_id, ${period.year}::int, ${period.month}::int, charges, total_price from bills
        on conflict (customer_id, payment_year, payment_month)
        do update set charges = excluded.charges, total_price = excluded.total_price
        returning payment_id, customer_id
      ),
      removed as (
        delete from payment
        where ${ofPeriod}
          and customer_id in (select customer_id from customer
            where colony_code = any(${sql.param(colonies.map((c) => c.colonyCode))}::text[]) and disable = 0)
          and customer_id not in (select customer_id from bills)
        returning customer_id
      ),
      cleared as (delete from payment_line l using written w where l.payment_id = w.payment_id),
      lined as (
        -- Line ids follow the bill's order: product code, product row, then price.
        insert into payment_line (payment_id, product_code, product_name, price, attendance)
        select w.payment_id, p.product_code, p.product_name, l.price, l.attendance
        from lines l join written w on w.customer_id = l.customer_id join product p on p.product_id = l.product_id
        order by w.payment_id, p.product_code, l.product_id, l.price
      )
      select
        coalesce((select json_agg(json_build_object('colonyCode', colony_code, 'customerIds', ids))
          from (select colony_code, json_agg(customer_id) as ids from bills group by colony_code) by_colony), '[]') as billed,
        coalesce((select json_agg(customer_id) from removed), '[]') as removed`,
  );
  return { billed: result?.billed ?? [], removed: result?.removed ?? [] };
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
 * on (year, month) and (customer, year, month) serve it, where `year * 12 + month` served nothing.
 */
const periodCompared = (t: typeof payment | typeof receipt, cmp: '<' | '<=' | '>=', period: Period) =>
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
 * What the ledgers of these customers are derived from, and what is stored now. With `from`,
 * the bills and receipts before it come summed up per customer (a change from `from` on leaves
 * the earlier periods as they are), so a long history is not loaded row by row.
 */
export async function ledgerInputs(db: Db, customerIds: number[], from?: Period) {
  const ids = idSet(customerIds);
  const onward = (t: typeof payment | typeof receipt) => (from ? periodCompared(t, '>=', from) : undefined);
  const before = (t: typeof payment | typeof receipt) => (from ? periodCompared(t, '<', from) : sql`false`);
  type Stored = { customerId: number; openingBalance: string; paid: string; due: string };
  const rows = await jsonRowsOf<Stored & { billedBefore: string; receivedBefore: string }>(
    db,
    sql`
      select c.customer_id as "customerId", c.opening_balance::text as "openingBalance", c.paid::text as paid,
        c.due::text as due, coalesce(b.total, 0)::text as "billedBefore", coalesce(r.total, 0)::text as "receivedBefore"
      from customer c
      left join (
        select customer_id, sum(total_price) as total from payment
        where customer_id in ${ids} and ${before(payment)} group by customer_id
      ) b on b.customer_id = c.customer_id
      left join (
        select customer_id, sum(amount) as total from receipt
        where customer_id in ${ids} and ${before(receipt)} group by customer_id
      ) r on r.customer_id = c.customer_id
      where c.customer_id in ${ids}`,
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

export async function updateBillBalances(
  db: Db,
  rows: { paymentId: number; previousDue: Paise; paid: Paise; due: Paise }[],
) {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    payment_id: r.paymentId,
    previous_due: formatPaise(r.previousDue),
    paid: formatPaise(r.paid),
    due: formatPaise(r.due),
  }));
  await db.execute(sql`
    update payment set previous_due = v.previous_due, paid = v.paid, due = v.due
    from json_to_recordset(${json(values)}) as v(payment_id int, previous_due numeric, paid numeric, due numeric)
    where payment.payment_id = v.payment_id`);
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

/** The lines of several bills at once, by bill id, in the order they were written. */
export async function billLinesOf(db: Db, paymentIds: number[]): Promise<Map<number, BillLine[]>> {
  const byPayment = new Map<number, BillLine[]>();
  if (paymentIds.length === 0) return byPayment;
  const lines = await db
    .select({
      paymentId: paymentLine.paymentId,
      productCode: paymentLine.productCode,
      productName: paymentLine.productName,
      price: paymentLine.price,
      attendance: paymentLine.attendance,
    })
    .from(paymentLine)
    .where(inArray(paymentLine.paymentId, paymentIds))
    .orderBy(asc(paymentLine.paymentLineId));
  for (const { paymentId, ...line } of lines) {
    const list = byPayment.get(paymentId);
    if (list) list.push(line);
    else byPayment.set(paymentId, [line]);
  }
  return byPayment;
}
