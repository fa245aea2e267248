import {
  COMBINATION_PAGE_SIZE,
  combinationActionParams,
  combinationAddBody,
  combinationAddResponse,
  combinationListResponse,
  combinationTexts,
  combinationUpdateBody,
  combinationUpdateGetResponse,
  idParams,
  msgResponse,
  pageQuery,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { routeSchema } from '../../route-schema';
import { listCombinations } from './combination.repo';
import { actOnCombination, addCombination, changeCombination, requireCombination } from './combination.service';

export const combinationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/days',
    routeSchema('combination', combinationListResponse, { querystring: pageQuery(COMBINATION_PAGE_SIZE) }),
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listCombinations(app.db, pageWindow(offset, limit));
      return { rows, totalPages: totalPages(total, limit) };
    },
  );

  // State changes by GET, as the spec has them; the request guard still demands the fetch header.
  app.get(
    '/days/:action/:combinationId',
    { ...routeSchema('combination', msgResponse, { params: combinationActionParams }), config: { changesData: true } },
    async (request) => {
      const { action, combinationId } = request.params;
      return { msg: await actOnCombination(app.db, combinationId, action) };
    },
  );

  app.post(
    '/days/add',
    routeSchema('combination', combinationAddResponse, { body: combinationAddBody }),
    async (request) => ({ msg: combinationTexts.added, row: await addCombination(app.db, request.body.days) }),
  );

  app.get(
    '/days/update/:id',
    routeSchema('combination', combinationUpdateGetResponse, { params: idParams }),
    async (request) => ({ day: await requireCombination(app.db, request.params.id) }),
  );

  app.post(
    '/days/update',
    routeSchema('combination', msgResponse, { body: combinationUpdateBody }),
    async (request) => {
      const { id, days, version } = request.body;
      await changeCombination(app.db, id, days, version);
      return { msg: combinationTexts.updated };
    },
  );
};
