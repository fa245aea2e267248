import { myTexts } from '@dairy/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, notFound } from '../../errors';
import { customerOfToken } from '../customer-link/customer-link.repo';

/*
 * The token is the page's only credential (docs/rules.md section 19). Every call of the page finds
 * its customer from the token on arrival, before its query or body is read, and answers nothing
 * about anyone else. Unknown and deleted tokens take the same path: one lookup that finds nothing.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer the call's token belongs to (set on arrival, for the page's calls only). */
    pageCustomerId: number;
  }
  interface FastifyContextConfig {
    /** The call opens the customer's page: the link notes when (docs/rules.md section 19). */
    opensPage?: boolean;
  }
}

/** What every answer of the page and its calls carries: kept by no cache, sent nowhere, indexed by none. */
export const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
} as const;

/** Calls a minute a token may make. */
export const CALLS_PER_TOKEN = 60;
/** Unknown tokens an address may ask for in 10 minutes. */
export const UNKNOWN_PER_ADDRESS = 30;

function tooMany(reply: FastifyReply, seconds: number, message: string) {
  reply.header('retry-after', seconds);
  return new AppError(429, message);
}

/**
 * Registers, on the page's calls (the plugin they are in), the rate limits and the token check:
 * at most 60 calls a minute per token; an address that asked for 30 unknown tokens in 10 minutes
 * is refused further unknown ones for the rest of those minutes. Known tokens are never limited by
 * address, since many customers share one mobile carrier's address.
 */
export async function registerTokenAccess(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
  const tokenOf = (params: unknown) => (params as { token?: string }).token ?? '';
  const callsOfToken = app.createRateLimit({
    max: CALLS_PER_TOKEN,
    timeWindow: 60_000,
    keyGenerator: (request) => `token ${tokenOf(request.params)}`,
  });
  // Keyed by the client's address (behind TRUST_PROXY, the one the proxy names).
  const unknownOfAddress = app.createRateLimit({ max: UNKNOWN_PER_ADDRESS, timeWindow: 10 * 60_000 });

  app.decorateRequest('pageCustomerId', 0);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(PAGE_HEADERS);
    const calls = await callsOfToken(request);
    if (!calls.isAllowed && calls.isExceeded) throw tooMany(reply, calls.ttlInSeconds, myTexts.tooManyCalls);
    const openedAt = request.routeOptions.config?.opensPage ? app.now() : undefined;
    const customerId = await customerOfToken(app.db, tokenOf(request.params), openedAt);
    if (customerId === undefined) {
      const tries = await unknownOfAddress(request);
      if (!tries.isAllowed && tries.isExceeded) throw tooMany(reply, tries.ttlInSeconds, myTexts.tooManyUnknown);
      throw notFound(myTexts.notValid);
    }
    request.pageCustomerId = customerId;
  });
}
