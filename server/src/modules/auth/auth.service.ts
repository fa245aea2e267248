import { authTexts, tooManyAttemptsText } from '@dairy/contract';
import type { SessionUser } from '../../current-user';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { countUsers, createSession, findSessionUser, findUserByName, insertUser, lockUsers } from './auth.repo';
import { AddressLimit, LoginThrottle, signInAddress } from './login-throttle';
import { hashPassword, verifyPassword, waitAsLongAsACheck } from './password';

interface Credentials {
  username: string;
  password: string;
}

/** Creates the first administrator and signs them in: a 409 once anyone exists. */
export async function setUpFirstAdmin(db: Db, { username, password }: Credentials) {
  const passwordHash = await hashPassword(password);
  // One transaction with a table lock: two browsers setting up at once create one administrator.
  const user = await db.transaction(async (tx) => {
    await lockUsers(tx);
    if ((await countUsers(tx)) > 0) throw conflict(authTexts.setupDone);
    const created = await insertUser(tx, { username, passwordHash, role: 'admin' });
    await recordAudit(tx, {
      action: 'staff.setup',
      entity: 'staff',
      entityId: created.userId,
      phrase: { key: 'staffSetup', values: { username: created.username } },
      after: { userId: created.userId, username: created.username, role: created.role },
      by: created,
    });
    return created;
  });
  return { user, token: await createSession(db, user.userId) };
}

/** The failed sign-ins one server remembers (docs/rules.md section 24): by name and address, and by address. */
export function signInLimits() {
  return { throttle: new LoginThrottle(), addressLimit: new AddressLimit() };
}

/** A sign-in that must wait before it is even checked: how long, and the text that says so. */
export interface MustWait {
  waitMs: number;
  message: string;
}

/**
 * Checks a name and password from a client address (`request.ip`), within the limits: the new
 * session's token and user, a wait, or a 401 that never says which part was wrong.
 */
export async function signIn(
  db: Db,
  { throttle, addressLimit }: ReturnType<typeof signInLimits>,
  clientAddress: string,
  { username, password }: Credentials,
): Promise<MustWait | { token: string; user: SessionUser }> {
  const address = signInAddress(clientAddress);
  const fromAddress = addressLimit.begin(address);
  if (!fromAddress.allowed) return { waitMs: fromAddress.waitMs, message: authTexts.tooManyFromAddress };
  const key = `${address}|${username.toLowerCase()}`;
  const attempt = throttle.begin(key);
  if (!attempt.allowed) {
    addressLimit.end(address);
    return { waitMs: attempt.waitMs, message: tooManyAttemptsText(attempt.waitMs) };
  }
  let failed = false;
  try {
    const user = await findUserByName(db, username);
    // An unknown name takes as long as a wrong password, so the time does not reveal names,
    // but without hashing: a spray of made-up names does not slow anyone's sign-in.
    const ok = user ? await verifyPassword(password, user.passwordHash) : await waitAsLongAsACheck();
    // A disabled user fails as a wrong password does: the answer gives no hint.
    if (!user || !ok || user.disabled) {
      failed = true;
      throw new AppError(401, authTexts.invalidCredentials);
    }
    throttle.succeed(key);
    const token = await createSession(db, user.userId);
    return { token, user: (await findSessionUser(db, token))! };
  } finally {
    if (failed) {
      throttle.fail(key);
      addressLimit.fail(address);
    } else {
      throttle.end(key);
      addressLimit.end(address);
    }
  }
}
