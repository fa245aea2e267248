import type { Role } from '@dairy/contract';
import { userColony } from '../../src/db/schema';
import { createSession, insertUser } from '../../src/modules/auth/auth.repo';
import type { TestApp } from './app';

export type Caller = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

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
  const call: Caller = async (method, url, body) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { 'x-requested-with': 'fetch', cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let parsed: unknown = response.body;
    try {
      parsed = response.json();
    } catch {}
    return { status: response.statusCode, body: parsed };
  };
  return { userId: user.userId, cookie, call };
}
