import {
  authStateResponse,
  authTexts,
  credentialsBody,
  errorBody,
  languageBody,
  loginBody,
  msgResponse,
  userResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './auth.plugin';
import { countUsers, deleteSession, setUserLanguage } from './auth.repo';
import { setUpFirstAdmin, signIn, signInLimits } from './auth.service';

/** Reachable without a session; the session is still looked up (the sign-in state names its user). */
const config = { public: true };
const tags = ['auth'];

/** The sign-in calls: the first administrator, signing in and out, the signed-in user's language. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = signInLimits();

  app.get(
    '/auth/state',
    {
      config,
      schema: {
        summary: 'Whether the first administrator is still to be created, and who is signed in',
        tags,
        response: { 200: authStateResponse },
      },
    },
    async (request) => ({ setupRequired: (await countUsers(app.db)) === 0, user: request.user }),
  );

  // Anyone signed in chooses the language of their own screens (docs/rules.md section 21).
  app.put(
    '/auth/language',
    {
      schema: {
        summary: "Sets the signed-in user's language",
        tags,
        body: languageBody,
        response: { 200: languageBody, 400: errorBody },
      },
    },
    async (request) => {
      await setUserLanguage(app.db, request.user!.userId, request.body.language);
      return { language: request.body.language };
    },
  );

  app.post(
    '/auth/setup',
    {
      config,
      schema: {
        summary: 'Creates the first administrator and signs them in',
        tags,
        body: credentialsBody,
        response: { 200: userResponse, 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { user, token } = await setUpFirstAdmin(app.db, request.body);
      setSessionCookie(reply, token);
      return { user: { username: user.username, role: user.role, colonies: [] } };
    },
  );

  app.post(
    '/auth/login',
    {
      config,
      schema: {
        summary: 'Signs in with a username and password',
        tags,
        body: loginBody,
        response: { 200: userResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      // request.ip is the client's address, taken from X-Forwarded-For only behind TRUST_PROXY.
      const signedIn = await signIn(app.db, limits, request.ip, request.body);
      if ('waitMs' in signedIn) {
        // Refused for now: 429 with the wait in `Retry-After`.
        return reply
          .code(429)
          .header('retry-after', String(Math.ceil(signedIn.waitMs / 1000)))
          .send({ message: signedIn.message });
      }
      setSessionCookie(reply, signedIn.token);
      return { user: signedIn.user };
    },
  );

  app.post(
    '/auth/logout',
    { config, schema: { summary: 'Signs out: the session ends', tags, response: { 200: msgResponse } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token);
      clearSessionCookie(reply);
      return { msg: authTexts.signedOut };
    },
  );
};
