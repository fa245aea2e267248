import { configResponse, healthProblemResponse, healthResponse } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseHealth } from '../../db/client';

/**
 * The calls about the server itself: `anonymous`, so they answer without looking up a session,
 * even while a long statement holds the database.
 */
const config = { public: true, anonymous: true };

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // 503 says which: the database cannot be reached, or it cannot write (a full disk, read-only).
  app.get(
    '/health',
    {
      config,
      schema: {
        summary: 'Whether the server and its database can work',
        tags: ['system'],
        response: { 200: healthResponse, 503: healthProblemResponse },
      },
    },
    async (_request, reply) => {
      const health = await databaseHealth(app.db);
      return health.status === 'ok' ? health : reply.code(503).send(health);
    },
  );

  app.get(
    '/config',
    {
      config,
      schema: {
        summary: 'The product label, currency and time zone the screens use',
        tags: ['system'],
        response: { 200: configResponse },
      },
    },
    async () => ({ productLabel: app.config.productLabel, currency: 'INR' as const, timeZone: app.config.businessTz }),
  );
};
