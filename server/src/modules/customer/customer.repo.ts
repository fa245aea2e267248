import { formatPaise, type Language, type Paise } from '@dairy/contract';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowsOf } from '../../db/rows';
import { colony, customer } from '../../db/schema';
import { updateByKey } from '../../db/versions';

/**
 * A customer's last active date (docs/rules.md section 5): their latest delivered transaction's date,
 * or null. Read, never stored, so it cannot drift from the deliveries; the (customer, date) index
 * answers it by reading backwards from the customer's last row.
 */
const lastActiveOf = sql<string | null>`(select max(t.transaction_date) from "transaction" t
  where t.customer_id = ${customer.customerId} and t.attendance = 1)`;

const customerColumns = {
  customerId: customer.customerId,
  customerName: customer.customerName,
  contactNumber: customer.contactNumber,
  address: customer.address,
  colonyCode: customer.colonyCode,
  colonyName: colony.colonyName,
  route: customer.route,
  paid: customer.paid,
  due: customer.due,
  defaulter: customer.defaulter,
  disable: customer.disable,
  lastActive: sql<string | null>`${lastActiveOf}::text`.as('last_active'),
  language: customer.language,
  version: customer.version,
};
export type CustomerRow = {
  customerId: number;
  customerName: string;
  contactNumber: string;
  address: string;
  colonyCode: string;
  colonyName: string;
  route: number;
  paid: number;
  due: number;
  defaulter: 0 | 1;
  disable: 0 | 1;
  lastActive: string | null;
  language: Language;
  version: number;
};

export interface CustomerFilter {
  customerId?: number;
  /** The stored code (see findColony). */
  colonyCode?: string;
  lastActive?: string;
  defaulter?: 0 | 1;
  route?: number;
}

export async function listCustomers(db: Db, filter: CustomerFilter, window: { limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(customer.customerId, filter.customerId));
  if (filter.colonyCode) conditions.push(eq(customer.colonyCode, filter.colonyCode));
  if (filter.lastActive) conditions.push(sql`${lastActiveOf} <= ${filter.lastActive}::date`);
  if (filter.defaulter !== undefined) conditions.push(eq(customer.defaulter, filter.defaulter));
  if (filter.route !== undefined) conditions.push(eq(customer.route, filter.route));
  const where = and(...conditions);
  const rows = await db
    .select(customerColumns)
    .from(customer)
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .where(where)
    .orderBy(asc(customer.route), asc(customer.customerName), asc(customer.customerId))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(customer).where(where);
  return { rows: rows as CustomerRow[], total: total?.n ?? 0 };
}

/**
 * Locks the customers' rows until the end of the database transaction, in id order. Every
 * database transaction that writes a customer's transactions, bills or receipts (and so their
 * derived `paid` and `due`) calls this before touching them: two such changes then wait
 * for each other instead of deadlocking, and each statement after the lock sees what the
 * previous holder committed. FOR NO KEY UPDATE is the lock an UPDATE of the row takes, so
 * inserts that merely refer to the customer (a consumption) do not wait. Returns the ids locked.
 */
export async function lockCustomers(
  db: Db,
  where: { customerIds: readonly number[] } | { colonyCode: string } | { colonyCodes: readonly string[] },
): Promise<number[]> {
  if ('customerIds' in where && where.customerIds.length === 0) return [];
  if ('colonyCodes' in where && where.colonyCodes.length === 0) return [];
  const condition =
    'colonyCode' in where
      ? sql`colony_code = ${where.colonyCode}`
      : 'colonyCodes' in where
        ? sql`colony_code = any(${sql.param([...where.colonyCodes])}::text[])`
        : sql`customer_id = any(${`{${where.customerIds.join(',')}}`}::int[])`;
  // The ids come back as one value: a colony's thousands of rows would cost more to hand over.
  const rows = await jsonRowsOf<{ customer_id: number }>(
    db,
    sql`select customer_id from customer where ${condition} order by customer_id for no key update`,
    sql`q.customer_id`,
  );
  return rows.map((r) => r.customer_id);
}

/** One customer's row; with `lock`, locked as `lockCustomers` locks it, in the same statement. */
export async function findCustomer(db: Db, id: number, lock?: 'lock'): Promise<CustomerRow | undefined> {
  const found = db
    .select(customerColumns)
    .from(customer)
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .where(eq(customer.customerId, id));
  const [row] = await (lock ? found.for('no key update', { of: customer }) : found);
  return row as CustomerRow | undefined;
}

/** Several customers at once, by id (unknown ids are left out). */
export async function findCustomers(db: Db, ids: readonly number[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(customerColumns)
    .from(customer)
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .where(inArray(customer.customerId, [...ids]));
  return rows as CustomerRow[];
}

export async function insertCustomer(db: Db, values: typeof customer.$inferInsert) {
  const [row] = await db.insert(customer).values(values).returning({ id: customer.customerId });
  return row!.id;
}

/**
 * Changes what a person edits of a customer. Undefined when there is no such customer, or it is
 * not at `version` any more (someone changed it since).
 */
export const updateCustomer = updateByKey<typeof customer, number>(customer, customer.customerId);

/**
 * The customers a new record may use: enabled, in an enabled colony (of a colony, by its stored
 * code); and `includeId` anyway (a record's own customer). For pickers.
 */
export async function enabledCustomers(db: Db, colonyCode?: string, includeId?: number) {
  const usable = and(eq(customer.disable, 0), eq(colony.disable, 0));
  const enabled = includeId === undefined ? usable : or(usable, eq(customer.customerId, includeId));
  return db
    .select({
      customerId: customer.customerId,
      customerName: customer.customerName,
      colonyCode: customer.colonyCode,
      route: customer.route,
      defaulter: customer.defaulter,
    })
    .from(customer)
    .innerJoin(colony, eq(colony.colonyCode, customer.colonyCode))
    .where(colonyCode ? and(enabled, eq(customer.colonyCode, colonyCode)) : enabled)
    .orderBy(asc(customer.route), asc(customer.customerName), asc(customer.customerId));
}

/** Sets the defaulter flag on the customers matching `where`; returns how many match. */
export async function markDefaulters(db: Db, where: SQL): Promise<number> {
  const rows = await db
    .update(customer)
    .set({ defaulter: 1 })
    .where(where)
    .returning({ customerId: customer.customerId });
  return rows.length;
}

export interface NewCustomer {
  customerName: string;
  contactNumber: string;
  address: string;
  /** The stored code of the colony. */
  colonyCode: string;
  route: number;
  /** Also the first `due`: nothing is billed or received yet. */
  openingBalance: Paise;
  language: Language;
}

/**
 * Inserts many customers in two statements (an import of thousands); answers their ids in the
 * order given. The ids are drawn first, so each row's id is known without relying on the order
 * in which the database returns inserted rows.
 */
export async function insertCustomers(db: Db, rows: readonly NewCustomer[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await jsonRowsOf<{ id: number }>(
    db,
    sql`select n, nextval(pg_get_serial_sequence('customer', 'customer_id'))::int as id
        from generate_series(1, ${rows.length}::int) n`,
    sql`q.n`,
  );
  const values = rows.map((r, i) => ({
    customer_id: ids[i]!.id,
    customer_name: r.customerName,
    contact_number: r.contactNumber,
    address: r.address,
    colony_code: r.colonyCode,
    route: r.route,
    opening_balance: formatPaise(r.openingBalance),
    language: r.language,
  }));
  await db.execute(sql`
    insert into customer (customer_id, customer_name, contact_number, address, colony_code, route, opening_balance, paid, due,
      language)
    select v.customer_id, v.customer_name, v.contact_number, v.address, v.colony_code, v.route, v.opening_balance, 0,
      v.opening_balance, v.language
    from json_to_recordset(${JSON.stringify(values)}::json) as v(customer_id int, customer_name text,
      contact_number text, address text, colony_code text, route int, opening_balance numeric, language text)`);
  return ids.map((r) => r.id);
}

/** The colonies (stored codes) of these customers; unknown ids are left out. */
export async function coloniesOfCustomers(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ colonyCode: customer.colonyCode })
    .from(customer)
    .where(sql`${customer.customerId} = any(${sql.param([...ids])}::int[])`);
  return rows.map((r) => r.colonyCode);
}
