import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPglite } from '../src/db/client';
import { createSession, insertUser } from '../src/modules/auth/auth.repo';
import { type BenchResult, spread, timed } from './measure';
import type { Benchmark } from './run';

/**
 * Importing 5,000 customers, each with a consumption, as the Import screen sends them: the whole
 * call (`POST /api/import/customers` through the app, validation and the database transaction),
 * beside a bare INSERT ... SELECT of the same customers and consumptions.
 */
const ROWS = 5000;
const RUNS = 3;
const DAYS = 'Monday, Wednesday, Friday';

const rows = Array.from({ length: ROWS }, (_, i) => ({
  Name: `Imported customer ${i + 1}`,
  Phone: `98${String(i).padStart(8, '0')}`,
  Address: `House ${i + 1}, Lake Road`,
  'Colony Code': i % 2 === 0 ? 'EAST' : 'west',
  Route: String(1 + (i % 40)),
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

/** The same customers and consumptions, written by hand with nothing else around them. */
const bareInsert = sql`
  with new_customers as (
    insert into customer (customer_name, contact_number, address, colony_code, route, opening_balance, due)
    select 'Bare customer ' || g, '98' || lpad(g::text, 8, '0'), 'House ' || g, case when g % 2 = 0 then 'EAST' else 'WEST' end,
      1 + g % 40, case when g % 9 = 0 then 250.50 else 0 end, case when g % 9 = 0 then 250.50 else 0 end
    from generate_series(1, ${ROWS}) g
    returning customer_id)
  insert into consumption (customer_id, product_id, is_active, disable)
  select n.customer_id, (select product_id from product where product_code = 'MILK'), 1, 0 from new_customers n`;

/** The whole call against the bare insert, judged by the call's own time: under 10 s. */
async function measure(database: Database): Promise<BenchResult> {
  await database.migrate();
  await seed(database);
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
          payload: { rows, dryRun: false },
        });
        body = response.body;
      }),
    );
    if (JSON.parse(body).created !== ROWS) throw new Error(`import: expected ${ROWS} customers, got ${body}`);
    bare.push(await timed(() => database.db.execute(bareInsert)));
  }
  await app.close();
  await database.close();
  const call = spread(ours);
  return {
    name: `import ${ROWS} customers with a consumption each, the whole call (median of ${RUNS})`,
    engine: database.kind,
    ours: call,
    baseline: spread(bare),
    baselineName: 'bare SQL',
    ratio: spread(ours.map((ms, i) => ms / bare[i]!)),
    limit: Number.POSITIVE_INFINITY,
    note: `< 10 s: ${call.median < 10_000 ? 'yes' : 'NO'}`,
  };
}

export const benchmarks: Benchmark[] = [async () => [await measure(openPglite('memory://'))]];
