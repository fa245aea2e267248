import { type Phrase, type Role, staffTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { AppError, conflict, orNotFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { deleteSessionsOf, findUserByName, insertUser, lockUsers } from '../auth/auth.repo';
import { hashPassword } from '../auth/password';
import { findColony } from '../colony/colony.repo';
import {
  countEnabledAdmins,
  findStaff,
  type StaffRecord,
  setColonies,
  setPasswordHash,
  updateStaffRow,
} from './staff.repo';

/** A staff member as the API and the audit trail show them. */
export const toApi = (row: StaffRecord) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The colonies as stored, each named one existing (400 otherwise); only a collector keeps any. */
async function storedColonies(tx: Db, role: Role, codes: string[]): Promise<string[]> {
  if (role !== 'collector') return [];
  const stored: string[] = [];
  for (const code of codes) {
    const colony = await findColony(tx, code);
    if (!colony)
      throw new AppError(400, staffTexts.colonyUnknown(code), [
        { path: 'colonies', message: staffTexts.colonyUnknown(code) },
      ]);
    if (!stored.includes(colony.colonyCode)) stored.push(colony.colonyCode);
  }
  return stored.sort();
}

const rolePhrase = (role: Role, colonies: string[]): Phrase =>
  role === 'collector'
    ? { key: 'roleCollector', values: { colonies: colonies.join(', ') } }
    : { key: role === 'admin' ? 'roleAdmin' : 'roleOperator' };

export async function addStaff(db: Db, body: { username: string; password: string; role: Role; colonies: string[] }) {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await lockUsers(tx);
    if (await findUserByName(tx, body.username)) throw conflict(staffTexts.duplicate);
    const colonies = await storedColonies(tx, body.role, body.colonies);
    const user = await insertUser(tx, { username: body.username, passwordHash, role: body.role });
    await setColonies(tx, user.userId, colonies);
    const row = toApi((await findStaff(tx, user.userId))!);
    await recordAudit(tx, {
      action: 'staff.add',
      entity: 'staff',
      entityId: row.userId,
      phrase: { key: 'staffAdd', values: { username: row.username, role: rolePhrase(row.role, row.colonies) } },
      after: row,
    });
    return row;
  });
}

/** Role, colonies and the disabled flag. The last enabled admin stays one (409). */
export async function updateStaff(db: Db, userId: number, body: { role: Role; colonies: string[]; disabled: boolean }) {
  return db.transaction(async (tx) => {
    await lockUsers(tx);
    const existing = await orNotFound(findStaff(tx, userId), staffTexts.notFound);
    const colonies = await storedColonies(tx, body.role, body.colonies);
    const wasActiveAdmin = existing.role === 'admin' && !existing.disabled;
    const staysActiveAdmin = body.role === 'admin' && !body.disabled;
    if (wasActiveAdmin && !staysActiveAdmin && (await countEnabledAdmins(tx)) <= 1)
      throw conflict(staffTexts.lastAdmin);
    await updateStaffRow(tx, userId, { role: body.role, disabled: body.disabled });
    await setColonies(tx, userId, colonies);
    // A disabled user is signed out everywhere at once, not when their session expires.
    if (body.disabled) await deleteSessionsOf(tx, userId);
    const before = toApi(existing);
    const after = toApi((await findStaff(tx, userId))!);
    await recordAudit(tx, {
      action: 'staff.update',
      entity: 'staff',
      entityId: userId,
      phrase: updatePhrase(before, after),
      before,
      after,
    });
    return after;
  });
}

function updatePhrase(before: ReturnType<typeof toApi>, after: ReturnType<typeof toApi>): Phrase {
  const changes: Phrase[] = [];
  if (before.role !== after.role || before.colonies.join() !== after.colonies.join())
    changes.push({ key: 'madeRole', values: { role: rolePhrase(after.role, after.colonies) } });
  if (before.disabled !== after.disabled) changes.push({ key: after.disabled ? 'staffDisabled' : 'staffEnabled' });
  return changes.length === 0
    ? { key: 'staffUnchanged', values: { username: after.username } }
    : { key: 'staffChanged', values: { username: after.username, changes: { list: changes } } };
}

/** A new password; the user's other sessions end (the caller's own session stays). */
export async function resetPassword(db: Db, userId: number, password: string, callerToken: string | undefined) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await lockUsers(tx);
    const existing = await orNotFound(findStaff(tx, userId), staffTexts.notFound);
    await setPasswordHash(tx, userId, passwordHash);
    await deleteSessionsOf(tx, userId, callerToken);
    await recordAudit(tx, {
      action: 'staff.password',
      entity: 'staff',
      entityId: userId,
      phrase: { key: 'staffPassword', values: { username: existing.username } },
    });
  });
}
