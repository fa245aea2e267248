import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { ApiError, call, newIdempotencyKey } from './api';
import {
  addToOutbox,
  dismissNotSent,
  moveToNotSent,
  notSentOf,
  type OutboxItem,
  removeSent,
  waitingOf,
} from './offline-store';

/**
 * The outbox (docs/rules.md section 20): a save made without a signal waits on the phone with a
 * client id and the device time, and is sent, in order, with `Idempotency-Key: {client id}` when
 * the network returns, at app start and every 30 s while online. The server answers a key it has
 * seen with its first answer, so a save re-sent after a lost answer records once. A refusal (4xx)
 * moves the save to 'Not sent' with the server's message until dismissed. Each user's saves are
 * theirs: only the signed-in user's are sent.
 */

export const SEND_EVERY_MS = 30_000;

export interface OutboxState {
  /** The rows the waiting saves change (each tick, each amount). */
  waitingRows: number;
  waitingSaves: number;
  notSent: OutboxItem[];
}

let state: OutboxState = { waitingRows: 0, waitingSaves: 0, notSent: [] };
let owner: string | null = null;
const listeners = new Set<() => void>();
/** Set after every send that recorded something, so screens read again. */
let onSent: () => void = () => {};

function publish(next: OutboxState) {
  state = next;
  for (const listener of listeners) listener();
}

async function refresh() {
  if (owner === null) {
    publish({ waitingRows: 0, waitingSaves: 0, notSent: [] });
  } else {
    const [waiting, notSent] = await Promise.all([waitingOf(owner), notSentOf(owner)]);
    publish({ waitingRows: waiting.reduce((n, i) => n + i.rows, 0), waitingSaves: waiting.length, notSent });
  }
}

export function useOutbox(): OutboxState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** A save as the outbox keeps it. */
export type Save = Pick<OutboxItem, 'method' | 'url' | 'body' | 'rows' | 'work'>;

/** What became of a save: recorded now (the server's answer) or waiting on the phone. */
export type Saved<T> = { sent: T } | { waiting: true };

let sending: Promise<void> | null = null;

/**
 * Sends the save now when nothing waits before it, else (or when the server cannot be reached)
 * keeps it in the outbox. A refusal of a save sent now is thrown to the screen as before.
 */
export async function sendOrKeep<T>(save: Save, decode: (answer: unknown) => T): Promise<Saved<T>> {
  if (owner === null) throw new Error('sendOrKeep without a signed-in user');
  const item: OutboxItem = { ...save, clientId: newIdempotencyKey(), user: owner, savedAt: Date.now() };
  await sending;
  if (state.waitingSaves === 0 && navigator.onLine) {
    try {
      return { sent: decode(await send(item)) };
    } catch (error) {
      if (!(error instanceof ApiError) || !waitsForNetwork(error)) throw error;
    }
  }
  await addToOutbox(item);
  await refresh();
  return { waiting: true };
}

function send(item: OutboxItem) {
  const options = { headers: { 'Idempotency-Key': item.clientId } };
  // Each screen decodes the answer of a save sent at once; a save sent later needs only its status.
  return item.method === 'PATCH'
    ? call.patch(item.url, z.unknown(), item.body, options)
    : call.post(item.url, z.unknown(), item.body, options);
}

/** No answer, a server that is away (5xx) or a session that expired: try again later. */
const waitsForNetwork = (error: ApiError) => error.status === 0 || error.status === 401 || error.status >= 500;

/** Sends the signed-in user's waiting saves in order; stops at the first that cannot go yet. */
async function sendInOrder(): Promise<void> {
  try {
    // The browser knows it has no network: nothing to try until `online`.
    if (owner === null || !navigator.onLine) return;
    let recorded = false;
    for (const item of await waitingOf(owner)) {
      if (item.user !== owner) break;
      try {
        await send(item);
        await removeSent(item.seq!);
        recorded = true;
        // Counted down, not read again: reading the whole outbox after each of n saves costs n² reads.
        publish({ ...state, waitingRows: state.waitingRows - item.rows, waitingSaves: state.waitingSaves - 1 });
      } catch (error) {
        if (!(error instanceof ApiError) || waitsForNetwork(error)) break;
        await moveToNotSent(item, error.message);
        await refresh();
      }
    }
    if (recorded) onSent();
  } finally {
    await refresh();
  }
}

/**
 * One send at a time; a call meanwhile joins it. The slot is freed in a callback, which runs
 * only after `sending` holds the send: freed inside the send itself, a send that returned at
 * once (offline at app start) would free it before it was taken, and hold it for ever.
 */
export function sendWaiting(): Promise<void> {
  sending ??= sendInOrder().finally(() => {
    sending = null;
  });
  return sending;
}

export async function dismiss(item: OutboxItem): Promise<void> {
  await dismissNotSent(item.seq!);
  await refresh();
}

/**
 * Runs the outbox for the signed-in user: sends at once (app start, a sign-in), when the
 * network returns and every 30 s while online. `sent` runs after saves were recorded.
 */
export function useOutboxSender(user: string, sent: () => void) {
  useEffect(() => {
    owner = user;
    onSent = sent;
    const sendNow = () => void sendWaiting();
    void refresh().then(sendNow);
    window.addEventListener('online', sendNow);
    const timer = window.setInterval(() => {
      if (navigator.onLine) sendNow();
    }, SEND_EVERY_MS);
    return () => {
      window.removeEventListener('online', sendNow);
      window.clearInterval(timer);
      owner = null;
      void refresh();
    };
  }, [user, sent]);
}
