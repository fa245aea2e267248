import { DEFAULT_UNIT, formatPaise, monthDates, type Paise, parsePaise, parseQuantity } from '@dairy/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowsOf, rowsOf } from '../../db/rows';
import { payment, receipt } from '../../db/schema';
import type { BillLine } from '../../domain/billing';
import type { Period } from '../../domain/ledger';
import { broughtForward } from './ledger.repo';
import { idSet, json, periodCompared } from './sql-parts';

/*
 * Billing in SQL (docs/rules.md sections 6, 12 and 17): deliveries become bill lines, a month's
 * bills are written from them, and a bill follows its deliveries. The TypeScript model of the same
 * rules is `lineAmount`, `productCharge` and `billFigures` in domain/billing.ts;
 * server/test/api/payment-ledger.test.ts holds the two equal over random histories.
 */

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
  return sql`lines as (${billLines(colonies, monthDates(period))}),
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
