import { authTexts } from '@dairy/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiCall } from '../../plugins/request-guard';
import { findSessionUser, SESSION_DAYS } from './auth.repo';
import { runAs, type SessionUser } from './current-user';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const SESSION_COOKIE = 'sid';

/**
 * `Secure` with COOKIE_SECURE, or when the request came over https (as a trusted proxy's
 * X-Forwarded-Proto tells): the browser then never sends the session over plain HTTP.
 */
const isSecure = (reply: FastifyReply) => reply.server.config.cookieSecure || reply.request.protocol === 'https';

export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(reply),
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecure(reply) });
}

/**
 * Every /api call needs a signed-in session except those whose route is marked public. Checked
 * on arrival, before the body is read: a stranger learns nothing from validation answers.
 */
export function registerSessionCheck(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiCall(request) || request.routeOptions.config?.anonymous) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(app.db, token)) ?? null) : null;
    if (request.routeOptions.config?.public) return;
    if (!request.user) return reply.code(401).send({ message: authTexts.signInRequired });
  });
  // The handler runs as the request's user (`currentUser()`), so the audit trail can name them.
  app.addHook('preHandler', (request, _reply, done) => runAs(request.user, done));
}
