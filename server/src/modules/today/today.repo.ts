import { type Hundredths, type Paise, parsePaise, parseQuantity } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * The reads of the operator's day (docs/rules.md section 13). Each is one statement over every colony
 * asked for, grouped by colony: Today costs a few queries, not a few per colony.
 */

const codes = (colonyCodes: readonly string[]) => sql`${sql.param([...colonyCodes])}::text[]`;

export interface CustomerFigures {
  colonyCode: string;
  customers: number;
  paused: number;
}

/** Per colony: enabled customers, and those of them with a pause covering the date. */
export async function customerFigures(db: Db, colonyCodes: readonly string[], date: string) {
  return rowsOf<CustomerFigures>(
    db,
    sql`
    select cu.colony_code as "colonyCode", count(*)::int as customers,
      count(*) filter (where exists (
        select 1 from delivery_change dc
        where dc.customer_id = cu.customer_id and dc.kind = 'pause'
          and dc.from_date <= ${date}::date and (dc.to_date is null or dc.to_date >= ${date}::date)
      ))::int as paused
    from customer cu
    where cu.colony_code = any(${codes(colonyCodes)}) and cu.disable = 0
    group by cu.colony_code`,
  );
}

export interface RequestSum {
  colonyCode: string;
  requests: number;
}

/**
 * Per colony: the changes its enabled customers made through their page since `since` that cover
 * the date or later (docs/rules.md section 19), found through the index of such changes alone.
 */
export async function requestSums(db: Db, colonyCodes: readonly string[], date: string, since: Date) {
  return rowsOf<RequestSum>(
    db,
    sql`
    select cu.colony_code as "colonyCode", count(*)::int as requests
    from delivery_change dc
    join customer cu on cu.customer_id = dc.customer_id
    where dc.created_by is null and dc.created_at > ${since.toISOString()}::timestamptz
      and (dc.to_date is null or dc.to_date >= ${date}::date)
      and cu.colony_code = any(${codes(colonyCodes)}) and cu.disable = 0
    group by cu.colony_code`,
  );
}

export interface DeliverySum {
  colonyCode: string;
  productCode: string;
  productName: string;
  unit: string;
  rows: number;
  absent: number;
  /** The quantity of the rows delivered (attendance 1). */
  quantity: Hundredths;
}

/**
 * The date's transactions per colony and product code: rows, absent rows, delivered quantity. Read
 * from the sums kept per colony, date and product row as transactions are written (migration 0020),
 * so a date costs its colonies' product rows, not its deliveries.
 */
export async function deliverySums(db: Db, colonyCodes: readonly string[], date: string): Promise<DeliverySum[]> {
  const rows = await rowsOf<Omit<DeliverySum, 'quantity'> & { quantity: string }>(
    db,
    sql`
    select c.colony_code as "colonyCode", p.product_code as "productCode", p.product_name as "productName", p.unit,
      sum(c.rows)::int as rows, sum(c.absent)::int as absent, sum(c.delivered)::text as quantity
    from derived.transaction_count c
    join product p on p.product_id = c.product_id
    where c.transaction_date = ${date}::date and c.colony_code = any(${codes(colonyCodes)})
    group by c.colony_code, p.product_code, p.product_name, p.unit
    having sum(c.rows) > 0`,
  );
  return rows.map((r) => ({ ...r, quantity: parseQuantity(r.quantity) }));
}

export interface ReceiptSum {
  colonyCode: string;
  receipts: number;
  collected: Paise;
}

/** Receipts taken on the date (in the business time zone) per colony: how many and their sum. */
export async function receiptSums(
  db: Db,
  colonyCodes: readonly string[],
  date: string,
  timeZone: string,
): Promise<ReceiptSum[]> {
  const rows = await rowsOf<{ colonyCode: string; receipts: number; collected: string }>(
    db,
    sql`
    select cu.colony_code as "colonyCode", count(*)::int as receipts, sum(r.amount)::text as collected
    from receipt r
    join customer cu on cu.customer_id = r.customer_id
    where r.taken_at >= (${date}::date::timestamp at time zone ${timeZone})
      and r.taken_at < ((${date}::date + 1)::timestamp at time zone ${timeZone})
      and cu.colony_code = any(${codes(colonyCodes)})
    group by cu.colony_code`,
  );
  return rows.map((r) => ({ ...r, collected: parsePaise(r.collected) }));
}

/**
 * A colony's transactions of a date in route order, with each customer's address and whether a
 * change the customer made through their page covers the row.
 */
export async function routeSheetRows(db: Db, colonyCode: string, date: string) {
  const rows = await rowsOf<{
    transactionId: number;
    customerId: number;
    route: number;
    customerName: string;
    address: string;
    productCode: string;
    productName: string;
    unit: string;
    quantity: string;
    attendance: 0 | 1;
    changedByCustomer: boolean;
  }>(
    db,
    sql`
    select t.transaction_id as "transactionId", cu.customer_id as "customerId", cu.route,
      cu.customer_name as "customerName", cu.address, p.product_code as "productCode",
      p.product_name as "productName", p.unit, t.quantity::text as quantity, t.attendance,
      exists (
        select 1 from delivery_change dc left join consumption co on co.consumption_id = dc.consumption_id
        where dc.customer_id = cu.customer_id and dc.created_by is null
          and (dc.consumption_id is null or co.product_id = t.product_id)
          and dc.from_date <= ${date}::date and (dc.to_date is null or dc.to_date >= ${date}::date)
      ) as "changedByCustomer"
    from customer cu
    join "transaction" t on t.customer_id = cu.customer_id and t.transaction_date = ${date}::date
    join product p on p.product_id = t.product_id
    where cu.colony_code = ${colonyCode}
    order by cu.route, cu.customer_name, cu.customer_id, p.product_code, t.transaction_id`,
  );
  return rows.map((r) => ({ ...r, quantity: parseQuantity(r.quantity) }));
}

/**
 * A colony's customers in route order with what each owes now: the enabled ones, and disabled
 * ones that still owe or are owed something.
 */
export async function collectionRows(db: Db, colonyCode: string) {
  const rows = await rowsOf<{ customerId: number; route: number; customerName: string; balance: string }>(
    db,
    sql`
    select customer_id as "customerId", route, customer_name as "customerName", due::text as balance
    from customer
    where colony_code = ${colonyCode} and (disable = 0 or due <> 0)
    order by route, customer_name, customer_id`,
  );
  return rows.map((r) => ({ ...r, balance: parsePaise(r.balance) }));
}
