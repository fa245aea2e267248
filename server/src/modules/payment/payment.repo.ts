import { formatPaise, type Month, type Paise, parsePaise } from '@dairy/contract';
import { and, asc, count, eq, gte, inArray, lt, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowsOf } from '../../db/rows';
import { customer, payment, paymentLine, receipt } from '../../db/schema';
import type { BillLine } from '../../domain/billing';
import { type Period, periodIndex } from '../../domain/ledger';

/** Rows go to the database as one JSON parameter: one statement however many rows. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/** A list of ids as one parameter (thousands of bound parameters are slow to plan). */
const idSet = (ids: number[]) => sql`(select value::int from json_array_elements_text(${json(ids)}))`;

export interface DeliveredGroup extends BillLine {
  customerId: number;
  customerName: string;
  route: number;
}

/**
 * Delivered transactions of a colony's enabled customers in [from, until), grouped by product
 * row and price, by route, name and customer, then product code and price.
 */
export async function deliveredGroups(
  db: Db,
  colonyCode: string,
  dates: { from: string; until: string },
): Promise<DeliveredGroup[]> {
  // Grouping the transactions before joining names keeps the joins to one row per bill line.
  const rows = await jsonRowsOf<Omit<DeliveredGroup, 'price'> & { productId: number; price: string }>(
    db,
    sql`
      select cu.customer_id as "customerId", cu.customer_name as "customerName", cu.route,
        p.product_id as "productId", p.product_code as "productCode", p.product_name as "productName",
        d.price::text as price, d.attendance
      from (
        select t.customer_id, t.product_id, t.price, count(*)::int as attendance
        from "transaction" t
        where t.customer_id in (select customer_id from customer where colony_code = ${colonyCode} and disable = 0)
          and t.attendance = 1 and t.transaction_date >= ${dates.from}::date and t.transaction_date < ${dates.until}::date
        group by t.customer_id, t.product_id, t.price
      ) d
      join customer cu on cu.customer_id = d.customer_id
      join product p on p.product_id = d.product_id`,
    sql`q.route, q."customerName", q."customerId", q."productCode", q."productId", q.price::numeric`,
  );
  return rows.map(({ productId: _, price, ...group }) => ({ ...group, price: parsePaise(price) }));
}

export interface BillToWrite {
  customerId: number;
  charges: Paise;
  totalPrice: Paise;
  previousDue: Paise;
  paid: Paise;
  due: Paise;
  lines: BillLine[];
}

/** Creates or brings up to date the period's bills, with their balances, and replaces their lines. */
export async function writeBills(db: Db, period: Period, bills: BillToWrite[]) {
  if (bills.length === 0) return;
  const values = bills.map((b) => ({
    customer_id: b.customerId,
    charges: formatPaise(b.charges),
    total_price: formatPaise(b.totalPrice),
    previous_due: formatPaise(b.previousDue),
    paid: formatPaise(b.paid),
    due: formatPaise(b.due),
  }));
  await db.execute(sql`
    insert into payment (customer_id, payment_year, payment_month, charges, total_price, previous_due, paid, due)
    select v.customer_id, ${period.year}, ${period.month}, v.charges, v.total_price, v.previous_due, v.paid, v.due
    from json_to_recordset(${json(values)})
      as v(customer_id int, charges numeric, total_price numeric, previous_due numeric, paid numeric, due numeric)
    on conflict (customer_id, payment_year, payment_month)
    do update set charges = excluded.charges, total_price = excluded.total_price,
      previous_due = excluded.previous_due, paid = excluded.paid, due = excluded.due`);
  const ofPeriod = sql`p.payment_year = ${period.year} and p.payment_month = ${period.month}`;
  await db.execute(sql`
    delete from payment_line l using payment p
    where l.payment_id = p.payment_id and ${ofPeriod}
      and p.customer_id in ${idSet(bills.map((b) => b.customerId))}`);
  const lines = bills.flatMap((b) =>
    b.lines.map((l) => ({
      customer_id: b.customerId,
      product_code: l.productCode,
      product_name: l.productName,
      price: formatPaise(l.price),
      attendance: l.attendance,
    })),
  );
  // Line ids follow the bill's order (product code, then price): `n` carries it through SQL.
  const numbered = lines.map((l, n) => ({ n, ...l }));
  await db.execute(sql`
    insert into payment_line (payment_id, product_code, product_name, price, attendance)
    select p.payment_id, v.product_code, v.product_name, v.price, v.attendance
    from json_to_recordset(${json(numbered)})
      as v(n int, customer_id int, product_code text, product_name text, price numeric, attendance int)
    join payment p on p.customer_id = v.customer_id and ${ofPeriod}
    order by v.n`);
}

/**
 * Deletes the period's bills of the colony's enabled customers that are not in `keep`
 * (no delivered day left after an attendance change). Returns their customers.
 */
export async function deleteStaleBills(db: Db, colonyCode: string, period: Period, keep: number[]) {
  const enabledOfColony = db
    .select({ id: customer.customerId })
    .from(customer)
    .where(and(eq(customer.colonyCode, colonyCode), eq(customer.disable, 0)));
  return db
    .delete(payment)
    .where(
      and(
        eq(payment.paymentYear, period.year),
        eq(payment.paymentMonth, period.month),
        inArray(payment.customerId, enabledOfColony),
        notInArray(payment.customerId, idSet(keep)),
      ),
    )
    .returning({ customerId: payment.customerId });
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

/** A bill's or receipt's period as one number, comparable with `periodIndex`. */
const indexOf = (t: typeof payment | typeof receipt) => sql`(${t.paymentYear} * 12 + ${t.paymentMonth} - 1)`;

/**
 * What the ledgers of these customers are derived from, and what is stored now. With `from`,
 * the bills and receipts before it come summed up per customer (a change from `from` on leaves
 * the earlier periods as they are), so a long history is not loaded row by row.
 */
export async function ledgerInputs(db: Db, customerIds: number[], from?: Period) {
  const ids = idSet(customerIds);
  const onward = (t: typeof payment | typeof receipt) => (from ? gte(indexOf(t), periodIndex(from)) : undefined);
  const before = (t: typeof payment | typeof receipt) => (from ? lt(indexOf(t), periodIndex(from)) : sql`false`);
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
  /** Inclusive bounds as `periodIndex` values. */
  fromIndex?: number;
  toIndex?: number;
  status?: 'all' | 'paid' | 'unpaid';
}

function filterCondition(f: PaymentFilter): SQL | undefined {
  const index = indexOf(payment);
  return and(
    f.colonyCode === undefined ? undefined : eq(customer.colonyCode, f.colonyCode),
    f.customerId === undefined ? undefined : eq(payment.customerId, f.customerId),
    f.year === undefined ? undefined : eq(payment.paymentYear, f.year),
    f.month === undefined ? undefined : eq(payment.paymentMonth, f.month),
    f.fromIndex === undefined ? undefined : gte(index, f.fromIndex),
    f.toIndex === undefined ? undefined : lte(index, f.toIndex),
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
  const [total] = window
    ? await db
        .select({ n: count() })
        .from(payment)
        .innerJoin(customer, eq(customer.customerId, payment.customerId))
        .where(where)
    : [{ n: bills.length }];
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
