import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createSession, insertUser } from '../src/modules/auth/auth.repo';
import { saveLink } from '../src/modules/customer-link/customer-link.repo';
import { newToken } from '../src/modules/customer-link/customer-link.service';
import { alternatingPairs, type BenchResult } from './measure';

/*
 * The customer page and the customer search on the scale bench's dairy (docs/rules.md sections 19
 * and 23): a customer's page against the statement it contains, a token never made against a
 * deleted one, and the search of the bar.
 */

const RUNS = 11;

export interface PageServer {
  /** A call through HTTP: `signedIn` with an office session, else as the customer's page (none). */
  call(url: string, options?: { signedIn?: boolean; from?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/**
 * The app on a free port, its clock at `now` (a moment inside the seeded history), behind
 * TRUST_PROXY so that each caller can be its own address.
 */
export async function servePages(database: Database, now: Date): Promise<PageServer> {
  const config = { ...loadConfig({}), webDist: '/nonexistent', trustProxy: true };
  const app = await buildApp(config, database, { logger: false, now: () => now });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await insertUser(database.db, {
    username: `page-bench-${Date.now()}`,
    passwordHash: 'not-a-hash',
    role: 'admin',
  });
  const cookie = `sid=${await createSession(database.db, user.userId)}`;
  return {
    async call(url, options = {}) {
      const response = await fetch(`${address}${url}`, {
        headers: {
          ...(options.signedIn ? { cookie } : {}),
          ...(options.from ? { 'x-forwarded-for': options.from } : {}),
        },
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => app.close(),
  };
}

/** Makes page links for these customers (as the office's call would) and answers their tokens. */
export async function linksFor(database: Database, customerIds: readonly number[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const customerId of customerIds) {
    const token = newToken();
    await saveLink(database.db, customerId, token, undefined);
    tokens.push(token);
  }
  return tokens;
}

/** Fails unless the call answers `status`: a refused call would time nothing of the work. */
async function expecting(status: number, answer: Promise<{ status: number; body: string }>) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${body.slice(0, 300)}`);
}

/** A moment in June 2026 (India), inside the large dairy's history: June delivered, May billed. */
const JUNE = new Date('2026-06-20T12:00:00+05:30');

export async function customerPageBenchmarks(
  kind: string,
  database: Database,
  customerId: number,
): Promise<BenchResult[]> {
  const server = await servePages(database, JUNE);
  try {
    const [token, deleted] = await linksFor(database, [customerId, customerId + 1]);
    await database.db.execute(sql`delete from customer_link where token = ${deleted!}`);
    const never = newToken();
    let address = 0;
    // Each unknown-token call from its own address, so the address limit times nothing here.
    const from = () => `198.51.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;
    const results: BenchResult[] = [];

    const page = await alternatingPairs(
      () => expecting(200, server.call(`/api/my/${token}`, { from: from() })),
      () =>
        expecting(200, server.call(`/api/statement?customerId=${customerId}&month=6&year=2026`, { signedIn: true })),
      { runs: RUNS, warmup: 2 },
    );
    results.push({
      name: "a customer's page (its statement, changes, 12 months)",
      engine: kind,
      ...page,
      baselineName: 'GET /api/statement, same customer and month',
      limit: 1.3,
    });

    const unknown = await alternatingPairs(
      () => expecting(404, server.call(`/api/my/${deleted}`, { from: from() })),
      () => expecting(404, server.call(`/api/my/${never}`, { from: from() })),
      { runs: RUNS, warmup: 2 },
    );
    results.push({
      name: 'a deleted token (404)',
      engine: kind,
      ...unknown,
      baselineName: 'a token never made (404)',
      note: 'the same path: the ratio stays about 1',
    });

    for (const [what, q] of [
      ['a name', 'customer 07-12'],
      ['phone digits', '98000070'],
      ['colony and route', 'C07 12'],
      ['every customer', 'customer'],
    ] as const) {
      const url = `/api/customers/search?q=${encodeURIComponent(q)}`;
      const bare = sql`select customer_id from customer
        where lower(customer_name) like lower(${`%${q}%`}) order by customer_name limit 20`;
      const search = await alternatingPairs(
        () => expecting(200, server.call(url, { signedIn: true })),
        () => database.db.execute(bare),
        { runs: RUNS, warmup: 2 },
      );
      results.push({
        name: `customer search: ${what} (${q})`,
        engine: kind,
        ...search,
        baselineName: 'bare SQL of a name part',
        maxMs: 50,
      });
    }
    return results;
  } finally {
    await server.close();
  }
}
