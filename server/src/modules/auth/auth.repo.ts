import { createHash, randomBytes } from 'node:crypto';
import type { Language, Role } from '@dairy/contract';
import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
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

export async function insertUser(db: Db, user: { username: string; passwordHash: string; role: Role }) {
  const [row] = await db.insert(appUser).values(user).returning();
  return row!;
}

/**
 * Staff changes and the first administrator's setup hold the user table for their database
 * transaction, so a name check and the last-admin rule hold until they commit.
 */
export async function lockUsers(db: Db) {
  await db.execute('lock table app_user in exclusive mode');
}

/** A new session: returns the token for the cookie. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(session).where(lt(session.expiresAt, new Date()));
  await db.insert(session).values({ tokenHash: hashToken(token), userId, expiresAt });
  return token;
}

/**
 * The colonies a collector works in (stored codes), for a query on app_user. Written with the
 * table's name: drizzle leaves a column of a one-table select unqualified, and inside this
 * subquery that would name user_colony's own user_id.
 */
export const userColonies = sql<string[]>`array(select uc.colony_code from user_colony uc
  where uc.user_id = "app_user"."user_id" order by uc.colony_code)`;

/** The user of a live session; a disabled user has none (their sessions are also deleted). */
export async function findSessionUser(db: Db, token: string) {
  const [row] = await db
    .select({
      userId: appUser.userId,
      username: appUser.username,
      role: appUser.role,
      colonies: userColonies,
      language: appUser.language,
    })
    .from(session)
    .innerJoin(appUser, eq(appUser.userId, session.userId))
    .where(
      sql`${session.tokenHash} = ${hashToken(token)} and ${gt(session.expiresAt, new Date())} and not ${appUser.disabled}`,
    );
  return row;
}

/** Ends every session of a user, but `keepToken`'s (the caller's own) when given. */
export async function deleteSessionsOf(db: Db, userId: number, keepToken?: string) {
  await db
    .delete(session)
    .where(
      keepToken === undefined
        ? eq(session.userId, userId)
        : and(eq(session.userId, userId), ne(session.tokenHash, hashToken(keepToken))),
    );
}

export async function setUserLanguage(db: Db, userId: number, language: Language) {
  await db.update(appUser).set({ language }).where(eq(appUser.userId, userId));
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(session).where(eq(session.tokenHash, hashToken(token)));
}
