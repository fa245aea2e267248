import { createHash, randomBytes } from 'node:crypto';
import { count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equalsIgnoringCase } from '../../db/ignoring-case';
import { appUser, session } from '../../db/schema';

export const SESSION_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(appUser);
  return row?.n ?? 0;
}

/** By name ignoring case, as the unique index does: the database lowers both sides. */
export async function findUserByName(db: Db, username: string) {
  const [row] = await db.select().from(appUser).where(equalsIgnoringCase(appUser.username, username));
  return row;
}

export async function insertUser(db: Db, user: { username: string; passwordHash: string; role: 'admin' | 'operator' }) {
  const [row] = await db.insert(appUser).values(user).returning();
  return row!;
}

/** A new session: returns the token for the cookie. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(session).where(lt(session.expiresAt, new Date()));
  await db.insert(session).values({ tokenHash: hashToken(token), userId, expiresAt });
  return token;
}

export async function findSessionUser(db: Db, token: string) {
  const [row] = await db
    .select({ username: appUser.username, role: appUser.role })
    .from(session)
    .innerJoin(appUser, eq(appUser.userId, session.userId))
    .where(sql`${session.tokenHash} = ${hashToken(token)} and ${gt(session.expiresAt, new Date())}`);
  return row;
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(session).where(eq(session.tokenHash, hashToken(token)));
}
