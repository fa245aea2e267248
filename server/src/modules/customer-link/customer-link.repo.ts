import { customerPageUrl } from '@dairy/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appUser, customerLink } from '../../db/schema';

/*
 * The customers' page links (docs/rules.md section 19). The token is read only to make the page's
 * address and to find the customer a call names; everything else shows the link without it.
 */

const shownColumns = {
  customerId: customerLink.customerId,
  createdAt: customerLink.createdAt,
  lastSeenAt: customerLink.lastSeenAt,
};
export type LinkShown = { customerId: number; createdAt: Date; lastSeenAt: Date | null };

/** A customer's link, with its token. */
export async function findLink(db: Db, customerId: number) {
  const [row] = await db
    .select({ ...shownColumns, token: customerLink.token })
    .from(customerLink)
    .where(eq(customerLink.customerId, customerId));
  return row;
}

/** Makes the customer's link, or replaces the one they had: the old token stops working at once. */
export async function saveLink(db: Db, customerId: number, token: string, username: string | undefined) {
  const createdBy = username
    ? sql`(select ${appUser.userId} from ${appUser} where ${appUser.username} = ${username})`
    : null;
  const values = { token, createdAt: sql`now()`, createdBy, lastSeenAt: null };
  const [row] = await db
    .insert(customerLink)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: customerLink.customerId, set: values })
    .returning({ ...shownColumns, token: customerLink.token });
  return row!;
}

/** Deletes the customer's link; returns it as it was (without its token), or undefined. */
export async function deleteLink(db: Db, customerId: number): Promise<LinkShown | undefined> {
  const [row] = await db.delete(customerLink).where(eq(customerLink.customerId, customerId)).returning(shownColumns);
  return row;
}

/**
 * The customer a token belongs to, if it is a live link's. With `openedAt` (the page itself is
 * opened) it also notes when, in the same statement: written at most once a minute, so opening the
 * page stays a read.
 */
export async function customerOfToken(db: Db, token: string, openedAt?: Date): Promise<number | undefined> {
  if (!openedAt) {
    const [row] = await db
      .select({ customerId: customerLink.customerId })
      .from(customerLink)
      .where(eq(customerLink.token, token));
    return row?.customerId;
  }
  const at = openedAt.toISOString();
  const [row] = await rowsOf<{ customerId: number }>(
    db,
    sql`with found as (select customer_id, last_seen_at from customer_link where token = ${token}),
      touched as (
        update customer_link l set last_seen_at = ${at}::timestamptz from found
        where l.customer_id = found.customer_id
          and (found.last_seen_at is null or found.last_seen_at < ${at}::timestamptz - interval '1 minute'))
      select customer_id as "customerId" from found`,
  );
  return row?.customerId;
}

/** The page addresses of those of the customers who have a link. */
export async function pageUrlsOf(db: Db, customerIds: readonly number[], publicUrl: string) {
  if (customerIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ customerId: customerLink.customerId, token: customerLink.token })
    .from(customerLink)
    .where(sql`${customerLink.customerId} = any(${sql.param([...customerIds])}::int[])`);
  return new Map(rows.map((r) => [r.customerId, customerPageUrl(publicUrl, r.token)!]));
}
