import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (kept as GET for the spec): it needs the guard header too. */
    changesData?: boolean;
    /** Reachable without signing in. */
    public?: boolean;
    /**
     * Public and the same for everyone: the session is not even looked up, so the call answers
     * while a long statement holds the database (health, config).
     */
    anonymous?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a call changes data: any method but GET, HEAD and OPTIONS, or a route marked `changesData`. */
export const changesData = (method: string, config: FastifyContextConfig | undefined) =>
  !SAFE_METHODS.has(method) || config?.changesData === true;

/**
 * Whether a request is an /api call, judged by the route it matched: the raw address may be
 * percent-encoded (`/%61pi/colony` reaches `/api/colony`). Unmatched addresses go by the raw one.
 */
export function isApiCall(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}

/**
 * Every /api call that changes data must carry `X-Requested-With: fetch` (docs/rules.md section 2):
 * a plain link, a prefetcher or another site cannot send it, so they cannot change data.
 */
export function registerRequestGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiCall(request)) return;
    if (changesData(request.method, request.routeOptions.config) && request.headers['x-requested-with'] !== 'fetch') {
      return reply.code(403).send({ message: 'This call changes data and needs the header X-Requested-With: fetch' });
    }
  });
}
