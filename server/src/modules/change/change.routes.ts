import {
  changeBody,
  changeDeletedResponse,
  changeIdParams,
  changeListQuery,
  changeListResponse,
  changeSavedResponse,
  errorBody,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import type { ChangeListRow } from './change.repo';
import { addChange, changePage, editChange, removeChange } from './change.service';

/** A change as the API shows it. */
const toApi = (row: ChangeListRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const tags = ['change'];

export const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/changes',
    { schema: { tags, querystring: changeListQuery, response: { 200: changeListResponse, ...errors } } },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const { rows, total } = await changePage(app.db, filter, pageWindow(offset, limit));
      return { rows: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  app.post(
    '/changes',
    { schema: { tags, body: changeBody, response: { 201: changeSavedResponse, ...errors } } },
    async (request, reply) => {
      // The session check lets no call without a user this far.
      const { change, affected } = await addChange(app.db, request.body, request.user!.username);
      return reply.code(201).send({ change: toApi(change), affected });
    },
  );

  app.put(
    '/changes/:changeId',
    {
      schema: { tags, params: changeIdParams, body: changeBody, response: { 200: changeSavedResponse, ...errors } },
    },
    async (request) => {
      const { change, affected } = await editChange(app.db, request.params.changeId, request.body);
      return { change: toApi(change), affected };
    },
  );

  app.delete(
    '/changes/:changeId',
    { schema: { tags, params: changeIdParams, response: { 200: changeDeletedResponse, ...errors } } },
    async (request) => removeChange(app.db, request.params.changeId),
  );
};
