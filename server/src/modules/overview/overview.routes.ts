import { overviewResponse } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordCounts } from './overview.repo';

/** The counts behind the home page's first-steps guide. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/overview', { schema: { tags: ['overview'], response: { 200: overviewResponse } } }, () =>
    recordCounts(app.db),
  );
};
