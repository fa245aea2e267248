import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/client';
import { colony } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { makeColony } from '../helpers/factories';

/* `inTransaction` (server/src/db/client.ts): a new transaction on the database, none inside one. */

const t = fileTestApp();
const db = () => t.database.db;
const colonies = async () => (await db().select({ n: count() }).from(colony))[0]!.n;
const refused = new Error('refused');

describe('inTransaction', () => {
  it('opens a transaction on the database: an error leaves nothing written', async () => {
    const before = await colonies();
    await expect(
      inTransaction(db(), async (tx) => {
        await makeColony(tx, { colonyCode: 'GONE1' });
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await colonies()).toBe(before);
  });

  it('writes in the transaction it is given, with no savepoint of its own', async () => {
    const before = await colonies();
    await expect(
      db().transaction(async (outer) => {
        await inTransaction(outer, async (tx) => {
          // A savepoint would hand over a transaction of its own.
          expect(tx).toBe(outer);
          await makeColony(tx, { colonyCode: 'GONE2' });
        });
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await colonies()).toBe(before);
  });
});
