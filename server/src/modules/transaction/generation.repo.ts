import { type Hundredths, parsePaise, parseQuantity } from '@dairy/contract';
import { and, asc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { consumption, customer, deliveryChange, product } from '../../db/schema';

/*
 * What generation delivers, in SQL (docs/rules.md sections 5 and 12): no row where a pause covers
 * the date, a quantity change's quantity, else the consumption's. The same rule's TypeScript model
 * is `planFor` in domain/changes.ts, which corrects rows already generated when a change is made;
 * server/test/api/generation-plan.test.ts holds the two equal over random changes.
 */

/** An id list as one array parameter: works for an empty list too. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

// ---- the delivery changes generation reads -----------------------------------------------

/**
 * A condition: a pause covers the consumption `consumptionId` of the customer `customerId` (SQL
 * naming the outer query's columns) on `date`, its own or one of the whole customer.
 */
export function pausedOn(customerId: SQL, consumptionId: SQL, date: string): SQL {
  return sql`exists (select 1 from delivery_change d
    where d.customer_id = ${customerId} and d.kind = 'pause' and (d.consumption_id is null or d.consumption_id = ${consumptionId})
      and d.from_date <= ${date}::date and (d.to_date is null or d.to_date >= ${date}::date))`;
}

/**
 * The quantity changes covering `date`, one row per consumption (two never overlap): a table of
 * (consumption_id, quantity) to join, so generation reads them in one pass rather than once per row.
 */
export function quantityChangesOn(date: string): SQL {
  return sql`select distinct on (d.consumption_id) d.consumption_id, d.quantity from delivery_change d
    where d.kind = 'quantity' and d.from_date <= ${date}::date and d.to_date >= ${date}::date
    order by d.consumption_id, d.from_date desc`;
}

/** The pauses covering `date` of the colony's enabled customers, by route, name, then product. */
export async function pausesOn(db: Db, colonyCode: string, date: string) {
  return db
    .select({
      changeId: deliveryChange.changeId,
      customerId: deliveryChange.customerId,
      customerName: customer.customerName,
      route: customer.route,
      consumptionId: deliveryChange.consumptionId,
      productCode: product.productCode,
      productName: product.productName,
      reason: deliveryChange.reason,
      fromDate: deliveryChange.fromDate,
      toDate: deliveryChange.toDate,
    })
    .from(deliveryChange)
    .innerJoin(customer, eq(customer.customerId, deliveryChange.customerId))
    .leftJoin(consumption, eq(consumption.consumptionId, deliveryChange.consumptionId))
    .leftJoin(product, eq(product.productId, consumption.productId))
    .where(
      and(
        eq(customer.colonyCode, colonyCode),
        eq(customer.disable, 0),
        eq(deliveryChange.kind, 'pause'),
        lte(deliveryChange.fromDate, date),
        or(isNull(deliveryChange.toDate), gte(deliveryChange.toDate, date)),
      ),
    )
    .orderBy(
      asc(customer.route),
      asc(customer.customerName),
      asc(deliveryChange.customerId),
      sql`${product.productCode} nulls first`,
      asc(deliveryChange.changeId),
    );
}

// ---- scheduled generation ---------------------------------------------------------------

/** The colonies (codes as stored) generation covers and, when given, the customers it locked. */
export interface ScheduleScope {
  colonyCodes: readonly string[];
  customerIds?: readonly number[];
}

/**
 * The deliveries the schedule makes on a date (docs/rules.md sections 5 and 12): enabled customers of
 * the colonies, live consumptions of available product rows whose combination covers the date
 * and that no pause covers, each with its quantity that day (a quantity change's, else the
 * consumption's). `combinationIds` are those covering it (decided by domain/schedule.ts);
 * `customerIds`, when given, keeps only those customers (the ones generation locked).
 */
function scheduled(scope: ScheduleScope, date: string, combinationIds: readonly number[]) {
  return sql`
    select cu.customer_id, cu.customer_name, cu.route, cu.colony_code, p.product_id, p.product_code, p.combination_id,
      p.price, coalesce(qc.quantity, co.quantity) as quantity
    from customer cu
    join consumption co on co.customer_id = cu.customer_id
    join product p on p.product_id = co.product_id
    left join (${quantityChangesOn(date)}) qc on qc.consumption_id = co.consumption_id
    where cu.colony_code = any(${sql.param([...scope.colonyCodes])}::text[]) and cu.disable = 0
      ${scope.customerIds ? sql`and cu.customer_id = any(${intArray(scope.customerIds)})` : sql``}
      and co.disable = 0 and co.is_active = 1
      and p.available = 1 and p.combination_id = any(${intArray(combinationIds)})
      and not ${pausedOn(sql`cu.customer_id`, sql`co.consumption_id`, date)}`;
}

/**
 * The scheduled rows that do not exist yet: what generation would create. The day's existing
 * (customer, product) pairs are read once into a hash (`not in` a subquery; neither column is
 * ever null): written as `not exists`, the planner misjudged how many rows the test removes and
 * probed the index once per scheduled row, 2-3x slower on PostgreSQL at 10,000 customers and
 * slower embedded too (docs/performance.md, Many clients at once).
 */
function pending(colonyCodes: readonly string[], date: string, combinationIds: readonly number[]) {
  return sql`
    select s.* from (${scheduled({ colonyCodes }, date, combinationIds)}) s
    where (s.customer_id, s.product_id) not in (
      select t.customer_id, t.product_id from "transaction" t where t.transaction_date = ${date}::date
    )`;
}

type PreviewSqlRow = {
  total: number | string;
  customer_id: number | null;
  customer_name: string;
  route: number;
  colony_code: string;
  colony_name: string;
  product_id: number;
  product_code: string;
  product_name: string;
  combination_id: number;
  combination_days: string;
  price: string;
  quantity: string;
  unit: string;
};

/**
 * One page of what generation would create, and how many rows that is in all: one statement,
 * so the page and the total come from the same snapshot (the total also past the last page).
 */
export async function previewScheduled(
  db: Db,
  colonyCode: string,
  date: string,
  combinationIds: readonly number[],
  window: { limit: number; offset: number },
) {
  const rows = await rowsOf<PreviewSqlRow>(
    db,
    sql`
    with s as (${pending([colonyCode], date, combinationIds)})
    select n.total, page.* from (select count(*) as total from s) n
    left join lateral (
      select s.customer_id, s.customer_name, s.route, col.colony_code, col.colony_name,
        s.product_id, s.product_code, p.product_name, s.combination_id, cb.combination_days, s.price::text as price,
        s.quantity::text as quantity, p.unit
      from s
      join product p on p.product_id = s.product_id
      join combination cb on cb.combination_id = s.combination_id
      join colony col on col.colony_code = ${colonyCode}
      order by s.route, s.customer_name, s.customer_id, s.product_code, s.product_id
      limit ${window.limit} offset ${window.offset}
    ) page on true
    order by page.route, page.customer_name, page.customer_id, page.product_code, page.product_id`,
  );
  const onPage = rows.filter((r): r is PreviewSqlRow & { customer_id: number } => r.customer_id !== null);
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: onPage.map((r) => ({
      customerId: r.customer_id,
      customerName: r.customer_name,
      route: r.route,
      colonyCode: r.colony_code,
      colonyName: r.colony_name,
      productId: r.product_id,
      productCode: r.product_code,
      productName: r.product_name,
      combinationId: r.combination_id,
      combinationDays: r.combination_days,
      transactionDate: date,
      price: parsePaise(r.price),
      quantity: parseQuantity(r.quantity),
      unit: r.unit,
    })),
  };
}

/** What generation would create in one colony of one product code: rows and their quantity. */
export interface PendingSum {
  colonyCode: string;
  productCode: string;
  productName: string;
  unit: string;
  rows: number;
  quantity: Hundredths;
}

/**
 * The preview's rows of many colonies at once, summed per colony and product code (Today's
 * Scheduled and the quantity to load before generation): one statement, whatever the colonies.
 */
export async function pendingSums(
  db: Db,
  colonyCodes: readonly string[],
  date: string,
  combinationIds: readonly number[],
): Promise<PendingSum[]> {
  if (colonyCodes.length === 0) return [];
  const rows = await rowsOf<Omit<PendingSum, 'quantity'> & { quantity: string }>(
    db,
    sql`
    select s.colony_code as "colonyCode", s.product_code as "productCode", p.product_name as "productName",
      p.unit, count(*)::int as rows, sum(s.quantity)::text as quantity
    from (${pending(colonyCodes, date, combinationIds)}) s
    join product p on p.product_id = s.product_id
    group by s.colony_code, s.product_code, p.product_name, p.unit`,
  );
  return rows.map((r) => ({ ...r, quantity: parseQuantity(r.quantity) }));
}

export interface ColonyGeneration {
  colonyCode: string;
  /** Rows this call created. */
  created: number;
  /** Scheduled rows that existed already (skipped). */
  existing: number;
}

/**
 * Generation as one statement, for one colony or many: marks each scheduled row (price copied
 * now, attendance 1, the day's quantity) present or not, inserts those not present, and counts
 * per colony what it created and skipped from those marks (every row not present is inserted, or
 * the statement fails). With `existingUsers` it also names the customers whose rows were skipped;
 * with `createdFor` the customers it created rows for (whose bills of the month follow).
 * The caller holds the customers' locks (lockCustomers), as every writer of their transactions
 * does, so no row of theirs can appear between this statement's snapshot and its insert; that is
 * why a plain existence test serves instead of ON CONFLICT, whose per-row speculative insert cost
 * more than the insert itself. The unique key stays as the last guard.
 */
export async function insertScheduled(
  db: Db,
  scope: ScheduleScope & { customerIds: readonly number[] },
  date: string,
  combinationIds: readonly number[],
  options: { existingUsers?: boolean; createdFor?: boolean } = {},
) {
  type Existing = { customerId: number; customerName: string }[];
  const [result] = await rowsOf<{
    colonies: ColonyGeneration[];
    existing: Existing | null;
    createdFor: number[] | null;
  }>(
    db,
    sql`
    with candidate as (
      select s.*, exists (
        select 1 from "transaction" t
        where t.customer_id = s.customer_id and t.product_id = s.product_id and t.transaction_date = ${date}::date
      ) as present
      from (${scheduled(scope, date, combinationIds)}) s
    ),
    inserted as (
      insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance, quantity)
      select customer_id, product_id, combination_id, price, ${date}::date, 1, quantity from candidate where not present
      ${options.createdFor ? sql`returning customer_id` : sql``}
    )
    select
      (select coalesce(json_agg(json_build_object('colonyCode', colony_code, 'created', created, 'existing', existing)), '[]')
        from (select colony_code, count(*) filter (where not present) as created, count(*) filter (where present) as existing
          from candidate group by colony_code) per_colony) as colonies,
      ${
        options.existingUsers
          ? sql`(select coalesce(json_agg(json_build_object('customerId', customer_id, 'customerName', customer_name)
              order by route, customer_name, customer_id), '[]')
              from (select distinct customer_id, customer_name, route from candidate where present) skipped)`
          : sql`null::json`
      } as existing,
      ${
        options.createdFor
          ? sql`(select coalesce(json_agg(distinct customer_id), '[]') from inserted)`
          : sql`null::json`
      } as "createdFor"`,
  );
  const counted = new Map((result?.colonies ?? []).map((c) => [c.colonyCode, c]));
  return {
    colonies: scope.colonyCodes.map((colonyCode) => ({
      colonyCode,
      created: counted.get(colonyCode)?.created ?? 0,
      existing: counted.get(colonyCode)?.existing ?? 0,
    })),
    existingUsers: result?.existing ?? [],
    createdFor: result?.createdFor ?? [],
  };
}
