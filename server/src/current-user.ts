import { AsyncLocalStorage } from 'node:async_hooks';
import type { Language, Role } from '@dairy/contract';

/** The signed-in user of a call, as the session check found them. */
export interface SessionUser {
  userId: number;
  username: string;
  role: Role;
  /** A collector's colonies (codes as stored); other roles have none and work everywhere. */
  colonies: string[];
  /** The language of their screens. */
  language: Language;
}

/**
 * The user a call runs as, reachable from a service without passing it through every function:
 * the audit trail names them in the same database transaction as the change.
 */
const context = new AsyncLocalStorage<SessionUser | null>();

export const runAs = <T>(user: SessionUser | null, work: () => T): T => context.run(user, work);

/** The user of the call running now; null outside a signed-in call (command-line tools). */
export const currentUser = (): SessionUser | null => context.getStore() ?? null;
