import type { Db } from '../../db/client';
import { receipt } from '../../db/schema';

/* Receipts as they are recorded (docs/rules.md section 6); the ledger then moves (ledger.repo.ts). */

export async function insertReceipt(db: Db, values: typeof receipt.$inferInsert) {
  const [row] = await db.insert(receipt).values(values).returning();
  return row!;
}

/** Records many receipts in one statement. */
export async function insertReceipts(db: Db, values: (typeof receipt.$inferInsert)[]) {
  if (values.length > 0) await db.insert(receipt).values(values);
}
