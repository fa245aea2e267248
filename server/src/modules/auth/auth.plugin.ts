import { authTexts } from '@dairy/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { runAs, type SessionUser } from '../../current-user';
import { isApiCall } from '../../plugins/request-guard';
import { findSessionUser, SESSION_DAYS } from './auth.repo';

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

/** Whether `host` is reached from this machine alone. */
const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::ffff:127.0.0.1';

/**
 * What the server says at start when other machines can reach it and nothing makes the session
 * cookie `Secure` (neither COOKIE_SECURE nor a trusted proxy that tells https): over plain HTTP on
 * a network, anyone on the way can read the cookie. Undefined when there is nothing to say.
 */
export function insecureCookieWarning(config: Pick<Config, 'host' | 'cookieSecure' | 'trustProxy'>) {
  if (config.cookieSecure || config.trustProxy !== false || isLoopback(config.host)) return undefined;
  return `The server listens on ${config.host} and the session cookie is sent without Secure, so it also travels over plain HTTP. Set COOKIE_SECURE=true when the server is reached over https, or TRUST_PROXY when a reverse proxy serves it over https.`;
}

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
