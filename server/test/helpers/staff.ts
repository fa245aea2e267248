import type { Role } from '@dairy/contract';
import { userColony } from '../../src/db/schema';
import { createSession, insertUser } from '../../src/modules/auth/auth.repo';
import { type Caller, signedInCall, type TestApp } from './app';

/** A user of `role` (a collector with `colonies`) made in the database, and calls made as them. */
export async function signedInAs(
  t: TestApp,
  username: string,
  role: Role,
  colonies: string[] = [],
): Promise<{ userId: number; cookie: string; call: Caller }> {
  const user = await insertUser(t.database.db, { username, passwordHash: 'not-a-hash', role });
  if (colonies.length > 0)
    await t.database.db.insert(userColony).values(colonies.map((colonyCode) => ({ userId: user.userId, colonyCode })));
  const cookie = `sid=${await createSession(t.database.db, user.userId)}`;
  return { userId: user.userId, cookie, call: signedInCall(t.app, cookie) };
}
