import type { FastifyRequest } from 'fastify';

/*
 * Request logs never hold a customer page's token (docs/rules.md section 19): `/my/<token>` and
 * `/api/my/<token>` are logged as `/my/***` and `/api/my/***`, in the request line and in any
 * message (a 404 names its address).
 */

/** The page's address prefix, as typed or percent-encoded (`/%6Dy/` reaches `/my/` too). */
const TOKEN_IN_PATH = /(\/(?:m|%6d)(?:y|%79)\/)[^/?#\s"']+/gi;

/** `text` with every page token replaced by `***`. */
export const withoutTokens = (text: string) => text.replace(TOKEN_IN_PATH, '$1***');

/** Logger options for Fastify: the request's address without its token. */
export const redactedLogging = {
  serializers: {
    req(request: FastifyRequest) {
      return {
        method: request.method,
        url: withoutTokens(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      };
    },
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? withoutTokens(arg) : arg)),
      );
    },
  },
};
