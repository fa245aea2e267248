import { formatQuantity, type Hundredths, type Paise } from '@dairy/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equalsIgnoringCase } from '../../db/ignoring-case';
import { rowsOf } from '../../db/rows';
import { colony, combination, customer, product, transaction } from '../../db/schema';
import { atVersion } from '../../db/versions';
import { type DateCount, pageDates } from './page-dates';

// ---- the list ---------------------------------------------------------------------------

export interface TransactionFilters {
  /** The code as stored (see findColony): the colony's customers then lead to their transactions. */
  colonyCode?: string;
  productName?: string;
  customerId?: number;
  from?: string;
  to?: string;
}

const listColumns = {
  transactionId: transaction.transactionId,
  customerId: transaction.customerId,
  productId: transaction.productId,
  combinationId: transaction.combinationId,
  price: transaction.price,
  transactionDate: transaction.transactionDate,
  attendance: transaction.attendance,
  quantity: transaction.quantity,
  version: transaction.version,
  customerName: customer.customerName,
  route: customer.route,
  colonyCode: customer.colonyCode,
  colonyName: colony.colonyName,
  productCode: product.productCode,
  productName: product.productName,
  unit: product.unit,
  combinationDays: combination.combinationDays,
};
/** Transactions with their customer, colony, product row and combination. */
function selectRows(db: Db) {
  return db
    .select(listColumns)
    .from(transaction)
    .innerJoin(customer, eq(customer.customerId, transaction.customerId))
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .innerJoin(product, eq(product.productId, transaction.productId))
    .leftJoin(combination, eq(combination.combinationId, transaction.combinationId));
}
export type TransactionListRow = Awaited<ReturnType<typeof selectRows>>[number];

/**
 * The transactions the filters keep, as a FROM clause naming them `t`, their customer `cu` and
 * (when the product is filtered on or `withProduct`) product row `p`, with `t` carrying `columns`.
 * A colony's are reached through its customers: for each, its rows of the dates through the
 * (customer, date) index. OFFSET 0 keeps that a subquery run per customer, so the planner cannot
 * trade it for a walk of the date index across every colony (which a LIMIT makes look cheap, and
 * reads the other colonies' rows). One date is said as an equality: the planner then knows the
 * date orders nothing, where a range of one date let a LIMIT walk the date index joining row by row.
 */
function filtered(
  f: TransactionFilters,
  dates: { from?: string | undefined; to?: string | undefined },
  columns: SQL,
  withProduct: boolean,
) {
  const ofDates =
    dates.from !== undefined && dates.from === dates.to
      ? sql`t.transaction_date = ${dates.from}::date`
      : and(
          dates.from ? sql`t.transaction_date >= ${dates.from}::date` : undefined,
          dates.to ? sql`t.transaction_date <= ${dates.to}::date` : undefined,
        );
  const ofTransaction = and(ofDates, f.customerId ? sql`t.customer_id = ${f.customerId}` : undefined);
  const transactions = f.colonyCode
    ? sql`customer cu cross join lateral (
        select ${columns} from "transaction" t
        where ${and(sql`t.customer_id = cu.customer_id`, ofTransaction)}
        offset 0) t`
    : sql`"transaction" t join customer cu on cu.customer_id = t.customer_id`;
  const where = and(
    f.colonyCode ? sql`cu.colony_code = ${f.colonyCode}` : ofTransaction,
    f.productName ? equalsIgnoringCase(sql`p.product_name`, f.productName) : undefined,
  );
  const products = withProduct || f.productName ? sql`join product p on p.product_id = t.product_id` : sql``;
  return sql`${transactions} ${products} ${where ? sql`where ${where}` : sql``}`;
}

/**
 * How many rows the filters keep on each date, newest first. A customer's rows are few and are
 * counted from the (customer, date) index; otherwise the counts kept per colony, date and product
 * row answer (migration 0011), so a total costs the dates it spans, not the rows they hold.
 */
function rowsPerDate(db: Db, f: TransactionFilters): Promise<DateCount[]> {
  if (f.customerId)
    return rowsOf<DateCount>(
      db,
      sql`select t.transaction_date::text as date, count(*)::int as rows
        from ${filtered(f, f, sql`t.transaction_date, t.product_id`, false)}
        group by t.transaction_date order by t.transaction_date desc`,
    );
  const where = and(
    f.colonyCode ? sql`c.colony_code = ${f.colonyCode}` : undefined,
    f.from ? sql`c.transaction_date >= ${f.from}::date` : undefined,
    f.to ? sql`c.transaction_date <= ${f.to}::date` : undefined,
    f.productName ? equalsIgnoringCase(sql`p.product_name`, f.productName) : undefined,
  );
  return rowsOf<DateCount>(
    db,
    sql`select c.transaction_date::text as date, sum(c.rows)::int as rows
      from derived.transaction_count c
      ${f.productName ? sql`join product p on p.product_id = c.product_id` : sql``}
      ${where ? sql`where ${where}` : sql``}
      group by c.transaction_date having sum(c.rows) > 0 order by c.transaction_date desc`,
  );
}

/**
 * A page of transactions, newest date first, then route and name, and how many there are in all.
 * The rows per date come first; the page is then read from the dates it spans alone, so a page
 * costs what its dates hold, however long the history.
 */
export async function listTransactions(db: Db, filters: TransactionFilters, window: { limit: number; offset: number }) {
  const counts = await rowsPerDate(db, filters);
  const total = counts.reduce((sum, c) => sum + c.rows, 0);
  const dates = pageDates(counts, window);
  if (!dates) return { rows: [], total };
  const order = sql`t.transaction_date desc, cu.route, cu.customer_name, p.product_code, t.transaction_id`;
  const page = await rowsOf<{ transaction_id: number }>(
    db,
    sql`select t.transaction_id from ${filtered(filters, dates, sql`t.transaction_id, t.transaction_date, t.product_id`, true)}
      order by ${order} limit ${window.limit} offset ${dates.skip}`,
  );
  const rows = await selectRows(db)
    .where(
      inArray(
        transaction.transactionId,
        page.map((r) => r.transaction_id),
      ),
    )
    .orderBy(
      desc(transaction.transactionDate),
      asc(customer.route),
      asc(customer.customerName),
      asc(product.productCode),
      asc(transaction.transactionId),
    );
  return { rows, total };
}

export async function findTransaction(db: Db, id: number) {
  const [row] = await selectRows(db).where(eq(transaction.transactionId, id));
  return row;
}

/** Every transaction of these customers from `from` to `until` (exclusive), by customer, date and product code. */
export async function transactionsOfCustomers(
  db: Db,
  customerIds: readonly number[],
  dates: { from: string; until: string },
) {
  if (customerIds.length === 0) return [];
  return selectRows(db)
    .where(
      and(
        inArray(transaction.customerId, [...customerIds]),
        gte(transaction.transactionDate, dates.from),
        lt(transaction.transactionDate, dates.until),
      ),
    )
    .orderBy(
      asc(transaction.customerId),
      asc(transaction.transactionDate),
      asc(product.productCode),
      asc(transaction.transactionId),
    );
}

// ---- changes of existing rows -----------------------------------------------------------

/** These rows' customer, date and attendance (unknown ids are left out). */
export async function attendanceOf(db: Db, ids: readonly number[]) {
  return db
    .select({
      transactionId: transaction.transactionId,
      customerId: transaction.customerId,
      transactionDate: transaction.transactionDate,
      attendance: transaction.attendance,
      // Who and where, for the audit summary.
      customerName: customer.customerName,
      route: customer.route,
      colonyCode: customer.colonyCode,
    })
    .from(transaction)
    .innerJoin(customer, eq(customer.customerId, transaction.customerId))
    .where(inArray(transaction.transactionId, [...ids]));
}

/** Sets the attendance of these rows, in one statement. */
export async function setAttendance(db: Db, rows: readonly { transactionId: number; attendance: 0 | 1 }[]) {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({ transaction_id: r.transactionId, attendance: r.attendance }));
  await db.execute(sql`
    update "transaction" t set attendance = v.attendance
    from json_to_recordset(${JSON.stringify(values)}::json) as v(transaction_id int, attendance smallint)
    where t.transaction_id = v.transaction_id`);
}

/** Undefined when the row is not at `version` any more (someone changed it since). */
export async function updateTransaction(
  db: Db,
  id: number,
  values: {
    productId: number;
    combinationId: number;
    price: Paise;
    attendance: 0 | 1;
    quantity?: Hundredths | undefined;
  },
  version?: number,
) {
  const [row] = await db
    .update(transaction)
    .set(values)
    .where(and(eq(transaction.transactionId, id), atVersion(transaction.version, version)))
    .returning({ customerId: transaction.customerId });
  return row;
}

/** The customers of these transactions (unknown ids are left out). */
export async function transactionOwners(db: Db, ids: readonly number[]) {
  return db
    .select({ transactionId: transaction.transactionId, customerId: transaction.customerId })
    .from(transaction)
    .where(inArray(transaction.transactionId, [...ids]));
}

/** Deletes the rows; returns the customers and dates they were of. */
export async function deleteTransactions(db: Db, ids: readonly number[]) {
  return db
    .delete(transaction)
    .where(inArray(transaction.transactionId, [...ids]))
    .returning({ customerId: transaction.customerId, transactionDate: transaction.transactionDate });
}

// ---- corrections by delivery changes ----------------------------------------------------

/**
 * A customer's rows of these product rows (their consumptions') from `from` to `to` (open: no
 * end), for the corrections a delivery change makes.
 */
export async function deliveriesOfCustomer(
  db: Db,
  customerId: number,
  productIds: readonly number[],
  range: { from: string; to: string | null },
) {
  if (productIds.length === 0) return [];
  return db
    .select({
      transactionId: transaction.transactionId,
      productId: transaction.productId,
      transactionDate: transaction.transactionDate,
      attendance: transaction.attendance,
      quantity: transaction.quantity,
    })
    .from(transaction)
    .where(
      and(
        eq(transaction.customerId, customerId),
        inArray(transaction.productId, [...productIds]),
        gte(transaction.transactionDate, range.from),
        range.to === null ? undefined : lte(transaction.transactionDate, range.to),
      ),
    )
    .orderBy(asc(transaction.transactionDate), asc(transaction.transactionId));
}

/** Sets attendance and quantity of these rows, in one statement. */
export async function setDeliveries(
  db: Db,
  rows: readonly { transactionId: number; attendance: 0 | 1; quantity: Hundredths }[],
) {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    transaction_id: r.transactionId,
    attendance: r.attendance,
    quantity: formatQuantity(r.quantity),
  }));
  await db.execute(sql`
    update "transaction" t set attendance = v.attendance, quantity = v.quantity
    from json_to_recordset(${JSON.stringify(values)}::json)
      as v(transaction_id int, attendance smallint, quantity numeric)
    where t.transaction_id = v.transaction_id`);
}

// ---- manual entries ---------------------------------------------------------------------

/**
 * Inserts one delivered transaction per date for a customer and product row, skipping dates
 * that exist. Returns the rows created, by date.
 */
export async function insertManual(
  db: Db,
  values: { customerId: number; productId: number; combinationId: number; price: Paise; quantity: Hundredths },
  dates: readonly string[],
) {
  if (dates.length === 0) return [];
  const created = await db
    .insert(transaction)
    .values(dates.map((transactionDate) => ({ ...values, transactionDate, attendance: 1 as const })))
    .onConflictDoNothing()
    .returning();
  return created.sort((a, b) => a.transactionDate.localeCompare(b.transactionDate));
}

/** Whether another transaction of this customer has this product row on this date. */
export async function otherTransactionExists(
  db: Db,
  id: number,
  key: { customerId: number; productId: number; transactionDate: string },
) {
  const [row] = await db
    .select({ n: count() })
    .from(transaction)
    .where(
      and(
        eq(transaction.customerId, key.customerId),
        eq(transaction.productId, key.productId),
        eq(transaction.transactionDate, key.transactionDate),
        sql`${transaction.transactionId} <> ${id}`,
      ),
    );
  return (row?.n ?? 0) > 0;
}
