import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPglite } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { createSession, insertUser } from '../src/modules/auth/auth.repo';
import { duplicateProblems } from '../src/modules/import/duplicates';
import { knownCustomers } from '../src/modules/import/import.repo';
import type { Benchmark } from './measure';
import { alternatingPairs, type BenchResult, spread, timed } from './measure';

/**
 * Importing customers, each with a consumption, as the Import screen sends them: the whole call
 * (`POST /api/import/customers` through the app, validation, the duplicate check and the database
 * transaction), beside a bare INSERT ... SELECT of the same number of customers and consumptions.
 * Two files: 5,000 rows into an empty dairy, and 10,000 rows into a dairy of 10,000 customers
 * where every row's name is an existing customer's (in another case and spacing) with another
 * phone and route, so the duplicate check matches every row by name and must look further.
 */
const RUNS = 3;
const DAYS = 'Monday, Wednesday, Friday';

/** Run `run`'s file: names, phones and routes of its own, so no run repeats another's customers. */
const fileOf = (size: number, run: number, name: (i: number) => string) =>
  Array.from({ length: size }, (_, i) => ({
    Name: name(i),
    Phone: `9${run}${String(i).padStart(8, '0')}`,
    Address: `House ${i + 1}, Lake Road`,
    'Colony Code': i % 2 === 0 ? 'EAST' : 'west',
    Route: String(41 + run * 40 + (i % 40)),
    'Opening Balance': i % 9 === 0 ? '250.50' : '0',
    'Product Code': i % 3 === 0 ? 'CURD' : 'MILK',
    Days: DAYS,
    Quantity: '1.5',
  }));

async function seed(database: Database) {
  await database.db.execute(
    sql`insert into colony (colony_code, colony_name, charges) values ('EAST', 'East colony', 20), ('WEST', 'West colony', 20)`,
  );
  await database.db.execute(sql`insert into combination (combination_days) values (${DAYS})`);
  await database.db.execute(sql`
    insert into product (product_code, product_name, price, available, combination_id)
    select code, name, price, 1, (select combination_id from combination)
    from (values ('MILK', 'Cow milk', 62.50), ('CURD', 'Fresh curd', 40.00)) p(code, name, price)`);
}

/** As many customers and consumptions, written by hand with nothing else around them. */
const bareInsert = (rows: number) => sql`
  with new_customers as (
    insert into customer (customer_name, contact_number, address, colony_code, route, opening_balance, due)
    select 'Bare customer ' || g, '98' || lpad(g::text, 8, '0'), 'House ' || g, case when g % 2 = 0 then 'EAST' else 'WEST' end,
      1 + g % 40, case when g % 9 = 0 then 250.50 else 0 end, case when g % 9 = 0 then 250.50 else 0 end
    from generate_series(1, ${rows}) g
    returning customer_id)
  insert into consumption (customer_id, product_id, is_active, disable)
  select n.customer_id, (select product_id from product where product_code = 'MILK'), 1, 0 from new_customers n`;

/** The whole call against the bare insert, judged by the call's own time: under 10 s. */
async function measure(
  database: Database,
  rows: number,
  existing: number,
  name: (i: number) => string,
): Promise<BenchResult> {
  await database.migrate();
  await seed(database);
  if (existing > 0) await database.db.execute(bareInsert(existing));
  const app = await buildApp({ ...loadConfig({}), webDist: '/nonexistent' }, database, { logger: false });
  const user = await insertUser(database.db, { username: 'bench', passwordHash: 'not-a-hash', role: 'admin' });
  const cookie = `sid=${await createSession(database.db, user.userId)}`;
  const ours: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let body = '';
    ours.push(
      await timed(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/import/customers',
          headers: { 'x-requested-with': 'fetch', cookie },
          payload: { rows: fileOf(rows, run, name), dryRun: false },
        });
        body = response.body;
      }),
    );
    if (JSON.parse(body).created !== rows) throw new Error(`import: expected ${rows} customers, got ${body}`);
    bare.push(await timed(() => database.db.execute(bareInsert(rows))));
  }
  await app.close();
  await database.close();
  const call = spread(ours);
  return {
    name: `import ${rows} customers with a consumption each into a dairy of ${existing}, the whole call (median of ${RUNS})`,
    engine: database.kind,
    ours: call,
    baseline: spread(bare),
    baselineName: 'bare SQL',
    ratio: spread(ours.map((ms, i) => ms / bare[i]!)),
    limit: Number.POSITIVE_INFINITY,
    note: `< 10 s: ${call.median < 10_000 ? 'yes' : 'NO'}`,
  };
}

/**
 * The duplicate check alone (docs/rules.md section 23) of a 10,000-row file against a dairy of
 * 10,000 customers, every row one of them by name: reading the customers and matching, beside a
 * bare read of the same columns.
 */
async function measureDuplicateCheck(database: Database): Promise<BenchResult> {
  const size = 10_000;
  await database.migrate();
  await seed(database);
  await database.db.execute(bareInsert(size));
  const file = fileOf(size, 0, (i) => `BARE  customer ${i + 1}`).map((r, i) => ({
    name: r.Name,
    phone: r.Phone,
    colonyCode: i % 2 === 0 ? 'EAST' : 'WEST',
    route: Number(r.Route),
  }));
  const pairs = await alternatingPairs(
    async () => {
      const problems = duplicateProblems(file, await knownCustomers(database.db));
      if (problems.length > 0) throw new Error(`duplicate check: expected none, got ${problems[0]!.message}`);
    },
    () => rowsOf(database.db, sql`select customer_id, customer_name, contact_number, colony_code, route from customer`),
    { runs: 5 },
  );
  await database.close();
  return {
    name: `duplicate check of ${size} rows against ${size} customers (median of 5)`,
    engine: database.kind,
    ...pairs,
    baselineName: 'bare read of the customers',
    limit: Number.POSITIVE_INFINITY,
  };
}

export const benchmarks: Benchmark[] = [
  async () => [
    await measure(openPglite('memory://'), 5000, 0, (i) => `Imported customer ${i + 1}`),
    // The bare insert's customers are 'Bare customer {g}': each row is one of them by name.
    await measure(openPglite('memory://'), 10_000, 10_000, (i) => `BARE  customer ${i + 1}`),
    await measureDuplicateCheck(openPglite('memory://')),
  ],
];
