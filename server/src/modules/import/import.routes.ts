import { errorBody, importCustomersBody, importCustomersResponse } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importCustomers } from './import.service';

/** 10,000 rows of nine columns, with room: a larger file is still answered in words, not cut off. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/import/customers',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['import'],
        body: importCustomersBody,
        response: { 200: importCustomersResponse, 400: errorBody },
      },
    },
    async (request) => {
      const { rows, dryRun } = request.body;
      const answer = await importCustomers(app.db, rows, dryRun === 1);
      return { ...answer, errors: answer.errors.map((e) => ({ ...e, message: app.label(e.message) })) };
    },
  );
};
