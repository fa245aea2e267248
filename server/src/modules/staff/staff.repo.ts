import type { Role } from '@dairy/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, userColony } from '../../db/schema';
import { userColonies } from '../auth/auth.repo';

const staffColumns = {
  userId: appUser.userId,
  username: appUser.username,
  role: appUser.role,
  colonies: userColonies,
  disabled: appUser.disabled,
  createdAt: appUser.createdAt,
};

export type StaffRecord = Awaited<ReturnType<typeof listStaff>>[number];

export async function listStaff(db: Db) {
  return db
    .select(staffColumns)
    .from(appUser)
    .orderBy(asc(sql`lower(${appUser.username})`), asc(appUser.userId));
}

export async function findStaff(db: Db, userId: number) {
  const [row] = await db.select(staffColumns).from(appUser).where(eq(appUser.userId, userId));
  return row;
}

export async function countEnabledAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appUser)
    .where(and(eq(appUser.role, 'admin'), eq(appUser.disabled, false)));
  return row?.n ?? 0;
}

export async function updateStaffRow(db: Db, userId: number, values: { role: Role; disabled: boolean }) {
  await db.update(appUser).set(values).where(eq(appUser.userId, userId));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(appUser).set({ passwordHash }).where(eq(appUser.userId, userId));
}

/** Replaces a user's colonies with `codes` (as stored). */
export async function setColonies(db: Db, userId: number, codes: string[]) {
  await db.delete(userColony).where(eq(userColony.userId, userId));
  if (codes.length > 0) await db.insert(userColony).values(codes.map((colonyCode) => ({ userId, colonyCode })));
}
