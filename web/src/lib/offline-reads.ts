import { useSyncExternalStore } from 'react';
import { keepAnswer, keepSession, keptAnswer, keptSession } from './offline-store';

/**
 * The reads the collector's screens (Today, Route sheet, Collection entry) and their pickers
 * make: their last answers are kept for the signed-in user, and shown when the server cannot be
 * reached (docs/rules.md section 20). Nothing else is kept.
 */
const KEPT_READS = new Set([
  '/auth/state',
  '/config',
  '/colony/api',
  '/today',
  '/today/sheet',
  '/today/collection',
  '/payments/latestBill',
]);

const pathOf = (url: string) => url.split('?')[0] ?? url;

export const isKeptRead = (url: string) => KEPT_READS.has(pathOf(url));

let readsUser: string | null = null;

/** Whose answers are kept and read: the signed-in user (null when nobody is). */
export function setReadsUser(user: string | null) {
  readsUser = user;
}

/** When the oldest answer shown from the phone was saved; null while the server answers. */
let offlineFrom: number | null = null;
const listeners = new Set<() => void>();

function setOfflineFrom(next: number | null) {
  if (next === offlineFrom) return;
  offlineFrom = next;
  for (const listener of listeners) listener();
}

/** The time of the data shown offline, or null when online. */
export function useOfflineFrom(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offlineFrom,
  );
}

/** A kept read answered by the server: kept for its user, and the screen is live again. */
export async function rememberAnswer(url: string, text: string, hasUser: boolean): Promise<void> {
  setOfflineFrom(null);
  try {
    if (pathOf(url) === '/auth/state') await keepSession(hasUser ? text : null);
    else if (readsUser !== null) await keepAnswer(readsUser, url, text);
  } catch {
    // A phone without IndexedDB (private mode) works online as before.
  }
}

/** Any answer from the server means the network is back. */
export const serverAnswered = () => setOfflineFrom(null);

/** The kept answer of a read the server could not be asked, if there is one. */
export async function answerWithoutServer(url: string): Promise<string | undefined> {
  try {
    if (pathOf(url) === '/auth/state') return await keptSession();
    if (readsUser === null) return undefined;
    const kept = await keptAnswer(readsUser, url);
    if (!kept) return undefined;
    setOfflineFrom(offlineFrom === null ? kept.savedAt : Math.min(offlineFrom, kept.savedAt));
    return kept.text;
  } catch {
    return undefined;
  }
}
