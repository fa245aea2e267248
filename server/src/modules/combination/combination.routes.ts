import {
  COMBINATION_PAGE_SIZE,
  combinationActionParams,
  combinationAddBody,
  combinationAddResponse,
  combinationListResponse,
  combinationTexts,
  combinationUpdateBody,
  combinationUpdateGetResponse,
  errorBody,
  idParams,
  msgResponse,
  pageQuery,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { listCombinations } from './combination.repo';
import { actOnCombination, addCombination, changeCombination, requireCombination } from './combination.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

export const combinationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/days',
    {
      schema: {
        tags: ['combination'],
        querystring: pageQuery(COMBINATION_PAGE_SIZE),
        response: { 200: combinationListResponse, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listCombinations(app.db, pageWindow(offset, limit));
      return { rows, totalPages: totalPages(total, limit) };
    },
  );

  // State changes by GET, as the spec has them; the request guard still demands the fetch header.
  app.get(
    '/days/:action/:combinationId',
    {
      config: { changesData: true },
      schema: { tags: ['combination'], params: combinationActionParams, response: { 200: msgResponse, ...errors } },
    },
    async (request) => {
      const { action, combinationId } = request.params;
      return { msg: await actOnCombination(app.db, combinationId, action) };
    },
  );

  app.post(
    '/days/add',
    {
      schema: { tags: ['combination'], body: combinationAddBody, response: { 200: combinationAddResponse, ...errors } },
    },
    async (request) => ({ msg: combinationTexts.added, row: await addCombination(app.db, request.body.days) }),
  );

  app.get(
    '/days/update/:id',
    { schema: { tags: ['combination'], params: idParams, response: { 200: combinationUpdateGetResponse, ...errors } } },
    async (request) => ({ day: await requireCombination(app.db, request.params.id) }),
  );

  app.post(
    '/days/update',
    { schema: { tags: ['combination'], body: combinationUpdateBody, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { id, days, version } = request.body;
      await changeCombination(app.db, id, days, version);
      return { msg: combinationTexts.updated };
    },
  );
};
