import { createHash } from 'node:crypto';
import { authTexts, requiredText } from '@dairy/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from './db/client';
import { idempotencyKey } from './db/schema';
import { AppError, badRequest, conflict } from './errors';

/** How long a key is remembered; older ones are removed when the next keyed call comes. */
export const IDEMPOTENCY_KEY_DAYS = 7;

export const idempotencyTexts = {
  keyInvalid: 'Idempotency-Key must be 1 to 200 characters.',
  keyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new payment.',
} as const;

const keyHeader = requiredText(idempotencyTexts.keyInvalid, 200, idempotencyTexts.keyInvalid);

/** The optional request header of a call that records money; its route spreads this into `schema.headers`. */
export const idempotencyHeaders = z.object({ 'idempotency-key': keyHeader.optional() });

/**
 * Runs a call that records money once per `Idempotency-Key` of its user (docs/rules.md sections 18
 * and 24: another user's same key is a new call). `record`
 * gets the transaction to record in and returns the answer's body. With a key, the key, a hash
 * of the request and the answer are stored in that same transaction, so the same key again,
 * even after a crash between the commit and the answer, gets the first answer (marked
 * `Idempotent-Replayed: true`) and records nothing; the key with another request is a 409. Two
 * requests with one key at the same moment: the second waits on the key's row and then replays.
 * Without a key, `record` runs on the database and opens its own transaction.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  record: (db: Db) => Promise<T>,
): Promise<T> {
  const { db, config } = request.server;
  const header = request.headers['idempotency-key'];
  let answer: T;
  if (header === undefined) {
    answer = await record(db);
  } else {
    const key = keyHeader.safeParse(header);
    if (!key.success) throw badRequest(idempotencyTexts.keyInvalid, 'idempotency-key');
    answer = await recordOnce(db, request, reply, key.data, record);
  }
  if (config.failpoint === 'exit-after-commit') {
    // For the crash tests only: die as a power cut would, after the commit and before the answer.
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => {});
  }
  return answer;
}

async function recordOnce<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  record: (tx: Db) => Promise<T>,
): Promise<T> {
  // Money calls need a session, so a user is always there; should one ever not be, nothing is recorded.
  const userId = request.user?.userId;
  if (userId === undefined) throw new AppError(401, authTexts.signInRequired);
  const own = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key));
  const requestPath = request.routeOptions.url ?? request.url;
  // The validated request, so "25" and 25.00 are the same payment.
  const requestHash = createHash('sha256')
    .update(JSON.stringify([request.method, requestPath, request.params, request.query, request.body]))
    .digest('hex');
  await db
    .delete(idempotencyKey)
    .where(lt(idempotencyKey.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_KEY_DAYS})`));
  return db.transaction(async (tx) => {
    // Claiming the key first: a second request with it waits here until this one commits.
    const [claimed] = await tx
      .insert(idempotencyKey)
      .values({ userId, key, requestPath, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (!claimed) {
      const [first] = await tx.select().from(idempotencyKey).where(own);
      if (first?.requestHash !== requestHash) throw conflict(idempotencyTexts.keyReused);
      reply.code(first.statusCode ?? 200).header('idempotent-replayed', 'true');
      return first.response as T;
    }
    const answer = await record(tx);
    await tx.update(idempotencyKey).set({ statusCode: reply.statusCode, response: answer }).where(own);
    return answer;
  });
}
