import {
  changeBody,
  changeDeletedResponse,
  changeIdParams,
  changeListQuery,
  changeListResponse,
  changeSavedResponse,
  errorResponses,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { routeSchema } from '../../route-schema';
import type { ChangeListRow } from './change.repo';
import { addChange, changePage, editChange, removeChange } from './change.service';

/** A change as the API shows it. */
const toApi = (row: ChangeListRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

export const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/changes', routeSchema('change', changeListResponse, { querystring: changeListQuery }), async (request) => {
    const { limit, offset, ...filter } = request.query;
    const { rows, total } = await changePage(app.db, filter, pageWindow(offset, limit));
    return { rows: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
  });

  app.post(
    '/changes',
    { schema: { tags: ['change'], body: changeBody, response: { 201: changeSavedResponse, ...errorResponses } } },
    async (request, reply) => {
      // The session check lets no call without a user this far.
      const { change, affected } = await addChange(app.db, request.body, request.user!.username);
      return reply.code(201).send({ change: toApi(change), affected });
    },
  );

  app.put(
    '/changes/:changeId',
    routeSchema('change', changeSavedResponse, { params: changeIdParams, body: changeBody }),
    async (request) => {
      const { change, affected } = await editChange(app.db, request.params.changeId, request.body);
      return { change: toApi(change), affected };
    },
  );

  app.delete(
    '/changes/:changeId',
    routeSchema('change', changeDeletedResponse, { params: changeIdParams }),
    async (request) => removeChange(app.db, request.params.changeId),
  );
};
