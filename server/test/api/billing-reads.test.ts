import { monthDates } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { billLines } from '../../src/modules/payment/billing.repo';
import { fileTestApp } from '../helpers/app';
import { makeMilkAndCurd } from '../helpers/factories';

/**
 * One colony's billing reads its own month through its customers and the (customer, date)
 * index, never the whole dairy's month through the date index (docs/rules.md section 17). The
 * planner decides this from the index's shape: with attendance as one of its keys, the embedded
 * engine's planner (PostgreSQL 18) took the date index across every colony.
 */

const t = fileTestApp();
const COLONIES = 12;
const CUSTOMERS = 40;

/**
 * Two months of daily deliveries of two products for every customer, written set-based, then
 * vacuumed and analyzed as a database in use is: the visibility map set, so that the (customer,
 * date) index answers from itself. The commit waits for its log to be written (the test
 * cluster's commits are asynchronous, and VACUUM marks no page visible before), and VACUUM runs
 * again while another test's session still sees an older state of the cluster.
 */
async function seedDairy() {
  const db = t.database.db;
  const { cow, curd } = await makeMilkAndCurd(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = on`);
    await tx.execute(sql`insert into colony (colony_code, colony_name, charges)
      select 'K' || lpad(i::text, 2, '0'), 'Colony ' || i, 20 from generate_series(1, ${COLONIES}) i`);
    await tx.execute(sql`insert into customer (customer_name, contact_number, address, colony_code, route)
      select 'Customer ' || c || '-' || n, '98' || lpad((c * 1000 + n)::text, 8, '0'), 'House ' || n,
        'K' || lpad(c::text, 2, '0'), 1 + n % 5
      from generate_series(1, ${COLONIES}) c cross join generate_series(1, ${CUSTOMERS}) n`);
    await tx.execute(sql`insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
      select cu.customer_id, p.product_id, p.combination_id, p.price, d::date,
        case when (cu.customer_id + extract(day from d)::int) % 20 = 0 then 0 else 1 end
      from customer cu
      cross join (values (${cow.productId}::int), (${curd.productId}::int)) as v(product_id)
      join product p on p.product_id = v.product_id
      cross join generate_series(date '2026-05-01', date '2026-06-30', interval '1 day') d
      order by d, cu.customer_id, p.product_id`);
  });
  for (let attempt = 0; ; attempt++) {
    await db.execute(sql`vacuum analyze "transaction"`);
    const [table] = await rowsOf<{ pages: number; visible: number }>(
      db,
      sql`select relpages as pages, relallvisible as visible from pg_class where oid = '"transaction"'::regclass`,
    );
    if (table!.visible >= table!.pages) break;
    if (attempt === 50) throw new Error(`VACUUM left ${table!.pages - table!.visible} pages not all visible`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await db.execute(sql`analyze`);
}

beforeAll(seedDairy);

/** Every scan of a plan (JSON form) as `relation/index`. */
function scans(node: Record<string, unknown>): string[] {
  const own = node['Relation Name'] ? [`${node['Relation Name']}/${node['Index Name'] ?? node['Node Type']}`] : [];
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [...own, ...children.flatMap(scans)];
}

describe("one colony's billing", () => {
  it('reads its month through its customers, not every colony through the date index', async () => {
    const lines = billLines([{ colonyCode: 'K03', charges: 0 }], monthDates({ year: 2026, month: 6 }));
    const [plan] = await rowsOf<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
      t.database.db,
      sql`explain (format json) ${lines}`,
    );
    const transactionScans = scans(plan!['QUERY PLAN'][0].Plan).filter((s) => s.startsWith('transaction/'));
    expect(transactionScans).toEqual(['transaction/transaction_customer_date_idx']);
  });
});
