import { customerSearchQuery, customerSearchResponse } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchTerms } from '../../domain/customer-search';
import { visibleColonies } from '../../plugins/permissions';
import { routeSchema } from '../../route-schema';
import { searchCustomers } from './customer-search.repo';

/** The bar's search (docs/rules.md section 23): a collector finds the customers of their colonies only. */
export const customerSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/search',
    routeSchema('customer', customerSearchResponse, { querystring: customerSearchQuery }),
    async (request) => {
      const { q } = request.query;
      if (q === '') return { rows: [] };
      return { rows: await searchCustomers(app.db, searchTerms(q), visibleColonies(request.user)) };
    },
  );
};
