import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the phone keeps for working without a signal (docs/rules.md section 20), in IndexedDB:
 * the last answers of the screens' reads, per user; the saves waiting to be sent (the outbox)
 * and those the server refused ('Not sent'), per user; and who was signed in last.
 */

/** A read's last answer as it came, and when it came (device time, ms). */
export interface KeptAnswer {
  key: string;
  text: string;
  savedAt: number;
}

/** A save waiting to be sent: the call and its body, sent with `Idempotency-Key: {clientId}`. */
export interface OutboxItem {
  /** Order of saving; items are sent in this order. */
  seq?: number;
  clientId: string;
  user: string;
  method: 'POST' | 'PATCH';
  url: string;
  body: unknown;
  /** The rows the save changes (each tick, each amount): what the bar counts. */
  rows: number;
  /** The work in words, for the 'Not sent' list: "Route sheet AAA, 26/11/2026: 3 ticks". */
  work: string;
  /** Device time of the save (ms). */
  savedAt: number;
  /** Set once the server refused it: its message. */
  refused?: string;
}

interface OfflineSchema extends DBSchema {
  answers: { key: string; value: KeptAnswer };
  outbox: { key: number; value: OutboxItem; indexes: { byUser: string } };
  notSent: { key: number; value: OutboxItem; indexes: { byUser: string } };
  session: { key: string; value: { key: string; text: string } };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function database() {
  opened ??= openDB<OfflineSchema>('dairydesk-offline', 1, {
    upgrade(db) {
      db.createObjectStore('answers', { keyPath: 'key' });
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byUser', 'user');
      db.createObjectStore('notSent', { keyPath: 'seq' }).createIndex('byUser', 'user');
      db.createObjectStore('session', { keyPath: 'key' });
    },
  });
  return opened;
}

const answerKey = (user: string, url: string) => `${user} ${url}`;

export async function keepAnswer(user: string, url: string, text: string): Promise<void> {
  await (await database()).put('answers', { key: answerKey(user, url), text, savedAt: Date.now() });
}

export async function keptAnswer(user: string, url: string): Promise<KeptAnswer | undefined> {
  return (await database()).get('answers', answerKey(user, url));
}

/** Signing out forgets what the user's screens showed; their unsent saves stay theirs. */
export async function forgetAnswers(user: string): Promise<void> {
  const db = await database();
  const range = IDBKeyRange.bound(`${user} `, `${user} \uffff`);
  await db.delete('answers', range);
}

/** The last sign-in state the server gave (the signed-in user), for opening without a signal. */
export async function keepSession(text: string | null): Promise<void> {
  const db = await database();
  if (text === null) await db.delete('session', 'state');
  else await db.put('session', { key: 'state', text });
}

export async function keptSession(): Promise<string | undefined> {
  return (await (await database()).get('session', 'state'))?.text;
}

export async function addToOutbox(item: OutboxItem): Promise<void> {
  await (await database()).add('outbox', item);
}

/** The user's waiting saves in the order they were made. */
export async function waitingOf(user: string): Promise<OutboxItem[]> {
  const items = await (await database()).getAllFromIndex('outbox', 'byUser', user);
  return items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export async function removeSent(seq: number): Promise<void> {
  await (await database()).delete('outbox', seq);
}

/** A refused save leaves the outbox for the 'Not sent' list, with the server's message, in one step. */
export async function moveToNotSent(item: OutboxItem, message: string): Promise<void> {
  const db = await database();
  const tx = db.transaction(['outbox', 'notSent'], 'readwrite');
  await tx.objectStore('outbox').delete(item.seq!);
  await tx.objectStore('notSent').put({ ...item, refused: message });
  await tx.done;
}

export async function notSentOf(user: string): Promise<OutboxItem[]> {
  return (await database()).getAllFromIndex('notSent', 'byUser', user);
}

export async function dismissNotSent(seq: number): Promise<void> {
  await (await database()).delete('notSent', seq);
}
