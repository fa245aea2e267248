import { addDays } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { generateForColony } from '../src/modules/transaction/generation.service';
import { type Engine, onEachEngine, settleBaseline } from './engines';
import type { Benchmark } from './measure';
import { alternatingPairs, type BenchResult } from './measure';

/**
 * Generation for one colony of 2,000 customers with 2 consumptions each (4,000 rows a day),
 * timed as the service call (generateForColony: its database transaction, locks and statement,
 * no HTTP), beside a bare hand-written INSERT ... SELECT of the same rows on the same database.
 * A second row does it with delivery changes (docs/rules.md section 12): a tenth of the customers
 * paused, a tenth with a quantity change of their milk, a third taking 1.5 L.
 */
const CUSTOMERS = 2000;
const ROWS_A_DAY = CUSTOMERS * 2;
const RUNS = 7;
const FIRST_DAY = '2026-06-01';
const HISTORY_DAYS = 30;

/** Three colonies, a month of history: the colony measured and two neighbours. */
async function seed(db: Db) {
  await db.execute(sql`
    insert into colony (colony_code, colony_name, charges) values
      ('BENCH', 'Bench colony', 30), ('EAST', 'East colony', 20), ('WEST', 'West colony', 20)`);
  await db.execute(sql`
    insert into combination (combination_days) values
      ('Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday'),
      ('Monday, Wednesday, Friday'), ('Monthly'), ('Special')`);
  await db.execute(sql`
    insert into product (product_code, product_name, price, available, combination_id)
    select code, name, price, 1, c.combination_id
    from (values ('MILK', 'Cow milk', 62.50), ('CURD', 'Fresh curd', 40.00), ('GHEE', 'Pure ghee', 650.00)) p(code, name, price)
    cross join combination c`);
  await db.execute(sql`
    insert into customer (customer_name, address, colony_code, route)
    select 'Customer ' || g, 'House ' || g, colony, 1 + g % 40
    from (values ('BENCH', ${CUSTOMERS}), ('EAST', 1000), ('WEST', 1000)) c(colony, n)
    cross join lateral generate_series(1, c.n) g`);
  // Everyone in BENCH takes daily milk and daily curd; the neighbours take milk on three days.
  await db.execute(sql`
    insert into consumption (customer_id, product_id, is_active, disable)
    select cu.customer_id, p.product_id, 1, 0
    from customer cu
    join product p on p.combination_id = (
      select combination_id from combination
      where combination_days = case when cu.colony_code = 'BENCH' then 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday'
        else 'Monday, Wednesday, Friday' end)
    where p.product_code = 'MILK' or (cu.colony_code = 'BENCH' and p.product_code = 'CURD')`);
  await db.execute(sql`
    insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance)
    select co.customer_id, co.product_id, p.combination_id, p.price, ${FIRST_DAY}::date - d, 1
    from consumption co join product p on p.product_id = co.product_id
    cross join generate_series(1, ${HISTORY_DAYS}) d`);
  await db.execute(sql`analyze`);
}

/**
 * Delivery changes over every day measured: every tenth BENCH customer paused (the whole
 * customer), every tenth but one with 1.5 L of milk instead of their own; a third take 1.5 L.
 */
async function seedChanges(db: Db) {
  await db.execute(sql`insert into app_user (username, password_hash, role) values ('bench', 'not-a-hash', 'admin')`);
  await db.execute(sql`update consumption set quantity = 1.5 where customer_id % 3 = 0`);
  await db.execute(sql`
    insert into delivery_change (customer_id, consumption_id, kind, quantity, from_date, to_date, reason, created_by)
    select cu.customer_id, null, 'pause', null, ${FIRST_DAY}::date, ${FIRST_DAY}::date + 60, 'Holiday',
      (select user_id from app_user)
    from customer cu where cu.colony_code = 'BENCH' and cu.customer_id % 10 = 0
    union all
    select co.customer_id, co.consumption_id, 'quantity', 2.5, ${FIRST_DAY}::date, ${FIRST_DAY}::date + 60, 'Guests',
      (select user_id from app_user)
    from consumption co join customer cu on cu.customer_id = co.customer_id join product p on p.product_id = co.product_id
    where cu.colony_code = 'BENCH' and cu.customer_id % 10 = 1 and p.product_code = 'MILK'`);
  await db.execute(sql`analyze`);
}

/** The same rows as generation, written by hand with nothing else around them. */
function bareInsert(date: string) {
  return sql`
    insert into "transaction" (customer_id, product_id, combination_id, price, transaction_date, attendance, quantity)
    select cu.customer_id, p.product_id, p.combination_id, p.price, ${date}::date, 1, coalesce(q.quantity, co.quantity)
    from customer cu
    join consumption co on co.customer_id = cu.customer_id
    join product p on p.product_id = co.product_id
    left join delivery_change q on q.consumption_id = co.consumption_id and q.kind = 'quantity'
      and q.from_date <= ${date}::date and q.to_date >= ${date}::date
    where cu.colony_code = 'BENCH' and cu.disable = 0 and co.disable = 0 and co.is_active = 1 and p.available = 1
      and not exists (select 1 from delivery_change d where d.customer_id = cu.customer_id and d.kind = 'pause'
        and (d.consumption_id is null or d.consumption_id = co.consumption_id)
        and d.from_date <= ${date}::date and (d.to_date is null or d.to_date >= ${date}::date))`;
}

/** The rows of a date and their quantities summed: both sides must write the same. */
async function rowsOn(db: Db, date: string): Promise<string> {
  const result = (await db.execute(
    sql`select count(*) || ' rows, ' || coalesce(sum(quantity), 0) as n from "transaction" where transaction_date = ${date}::date`,
  )) as unknown as {
    rows: { n: string }[];
  };
  return result.rows[0]!.n;
}

async function measure(
  engine: Engine,
  target: { limit: number; note?: string },
  changes = false,
): Promise<BenchResult> {
  const database = await engine.open(changes ? 'generation_changes' : 'generation');
  await seed(database.db);
  if (changes) await seedChanges(database.db);
  // A tenth paused: their two rows a day are not written.
  const rowsADay = changes ? ROWS_A_DAY - (CUSTOMERS / 10) * 2 : ROWS_A_DAY;
  let expected: string | undefined;
  // Each pair writes two fresh days, one per side.
  const ourDay = (run: number) => addDays(FIRST_DAY, 2 * run);
  const bareDay = (run: number) => addDays(FIRST_DAY, 2 * run + 1);
  const pairs = await alternatingPairs(
    (run) => generateForColony(database.db, 'BENCH', ourDay(run)),
    (run) => database.db.execute(bareInsert(bareDay(run))),
    {
      runs: RUNS,
      after: async (side, run) => {
        const day = side === 'ours' ? ourDay(run) : bareDay(run);
        const n = await rowsOn(database.db, day);
        expected ??= n;
        if (!n.startsWith(`${rowsADay} rows`) || n !== expected)
          throw new Error(`${day}: expected ${expected} (${rowsADay} rows), found ${n}`);
        if (side === 'baseline') await settleBaseline(database.db, 'transaction');
      },
    },
  );
  await database.close();
  return {
    name: changes
      ? `the same, a tenth paused and a tenth with a quantity change (${rowsADay} rows)`
      : `generate 1 colony, service call without HTTP: ${CUSTOMERS} customers x 2`,
    engine: engine.kind,
    ...pairs,
    baselineName: 'bare INSERT … SELECT',
    ...target,
  };
}

export const benchmarks: Benchmark[] = onEachEngine(async (engine) => {
  if (engine.kind === 'postgres')
    return [await measure(engine, { limit: 1.5 }), await measure(engine, { limit: 1.3 }, true)];
  const result = await measure(engine, { limit: 1.5, note: '< 300 ms' });
  return [
    { ...result, note: `< 300 ms: ${result.ours.median < 300 ? 'yes' : 'NO'}` },
    await measure(engine, { limit: 1.3 }, true),
  ];
});
