import {
  authStateResponse,
  authTexts,
  configResponse,
  credentialsBody,
  errorBody,
  languageBody,
  loginBody,
  tooManyAttemptsText,
  userResponse,
} from '@dairy/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseHealth } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './auth.plugin';
import {
  countUsers,
  createSession,
  deleteSession,
  findSessionUser,
  findUserByName,
  insertUser,
  lockUsers,
  setUserLanguage,
} from './auth.repo';
import { AddressLimit, LoginThrottle, signInAddress } from './login-throttle';
import { hashPassword, verifyPassword, waitAsLongAsACheck } from './password';

/** A sign-in refused for now: 429 with the wait in `Retry-After`. */
const tooMany = (reply: FastifyReply, waitMs: number, message: string) =>
  reply
    .code(429)
    .header('retry-after', String(Math.ceil(waitMs / 1000)))
    .send({ message });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new LoginThrottle();
  const addressLimit = new AddressLimit();
  const publicRoute = { public: true };
  const anonymousRoute = { public: true, anonymous: true };

  // 503 says which: the database cannot be reached, or it cannot write (a full disk, read-only).
  app.get(
    '/health',
    {
      config: anonymousRoute,
      schema: {
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.enum(['unreachable', 'cannot-write']), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const health = await databaseHealth(app.db);
      return health.status === 'ok' ? health : reply.code(503).send(health);
    },
  );

  app.get('/config', { config: anonymousRoute, schema: { response: { 200: configResponse } } }, async () => ({
    productLabel: app.config.productLabel,
    currency: 'INR' as const,
    timeZone: app.config.businessTz,
  }));

  app.get(
    '/auth/state',
    { config: publicRoute, schema: { response: { 200: authStateResponse } } },
    async (request) => ({
      setupRequired: (await countUsers(app.db)) === 0,
      user: request.user,
    }),
  );

  // Anyone signed in chooses the language of their own screens (docs/rules.md section 21).
  app.put('/auth/language', { schema: { body: languageBody, response: { 200: languageBody } } }, async (request) => {
    await setUserLanguage(app.db, request.user!.userId, request.body.language);
    return { language: request.body.language };
  });

  app.post(
    '/auth/setup',
    { config: publicRoute, schema: { body: credentialsBody, response: { 200: userResponse, 409: errorBody } } },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      // One transaction with a table lock: two browsers setting up at once create one administrator.
      const user = await app.db.transaction(async (tx) => {
        await lockUsers(tx);
        if ((await countUsers(tx)) > 0) throw conflict(authTexts.setupDone);
        const created = await insertUser(tx, { username: request.body.username, passwordHash, role: 'admin' });
        await recordAudit(tx, {
          action: 'staff.setup',
          entity: 'staff',
          entityId: created.userId,
          summary: `Created the first administrator, ${created.username}`,
          after: { userId: created.userId, username: created.username, role: created.role },
          by: created,
        });
        return created;
      });
      setSessionCookie(reply, await createSession(app.db, user.userId));
      return { user: { username: user.username, role: user.role, colonies: [] } };
    },
  );

  app.post(
    '/auth/login',
    {
      config: publicRoute,
      schema: { body: loginBody, response: { 200: userResponse, 401: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      // request.ip is the client's address, taken from X-Forwarded-For only behind TRUST_PROXY.
      const address = signInAddress(request.ip);
      const fromAddress = addressLimit.begin(address);
      if (!fromAddress.allowed) return tooMany(reply, fromAddress.waitMs, authTexts.tooManyFromAddress);
      const key = `${address}|${request.body.username.toLowerCase()}`;
      const attempt = throttle.begin(key);
      if (!attempt.allowed) {
        addressLimit.end(address);
        return tooMany(reply, attempt.waitMs, tooManyAttemptsText(attempt.waitMs));
      }
      let failed = false;
      try {
        const user = await findUserByName(app.db, request.body.username);
        // An unknown name takes as long as a wrong password, so the time does not reveal names,
        // but without hashing: a spray of made-up names does not slow anyone's sign-in.
        const ok = user ? await verifyPassword(request.body.password, user.passwordHash) : await waitAsLongAsACheck();
        // A disabled user fails as a wrong password does: the answer gives no hint.
        if (!user || !ok || user.disabled) {
          failed = true;
          throw new AppError(401, authTexts.invalidCredentials);
        }
        throttle.succeed(key);
        const token = await createSession(app.db, user.userId);
        setSessionCookie(reply, token);
        return { user: (await findSessionUser(app.db, token))! };
      } finally {
        if (failed) {
          throttle.fail(key);
          addressLimit.fail(address);
        } else {
          throttle.end(key);
          addressLimit.end(address);
        }
      }
    },
  );

  app.post(
    '/auth/logout',
    { config: publicRoute, schema: { response: { 200: z.object({ msg: z.string() }) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token);
      clearSessionCookie(reply);
      return { msg: 'Signed out' };
    },
  );
};
