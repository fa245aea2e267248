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
import { conflict, notFound } from '../../errors';
import {
  deleteCombination,
  findCombination,
  findCombinationByDays,
  insertCombination,
  isCombinationUsed,
  listCombinations,
  updateCombination,
} from './combination.repo';

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
      return app.db.transaction(async (tx) => {
        const existing = await findCombination(tx, combinationId);
        if (!existing) throw notFound(combinationTexts.notFound);
        if (action === 'delete') {
          if (existing.disable !== 1) throw conflict(combinationTexts.deleteActive);
          if (await isCombinationUsed(tx, combinationId)) throw conflict(combinationTexts.inUse);
          await deleteCombination(tx, combinationId);
          return { msg: 'Combination deleted successfully!' };
        }
        await updateCombination(tx, combinationId, { disable: action === 'disable' ? 1 : 0 });
        return {
          msg: action === 'disable' ? 'Combination disabled successfully!' : 'Combination enabled successfully!',
        };
      });
    },
  );

  app.post(
    '/days/add',
    {
      schema: { tags: ['combination'], body: combinationAddBody, response: { 200: combinationAddResponse, ...errors } },
    },
    async (request) => {
      const row = await insertCombination(app.db, request.body.days);
      if (!row) throw conflict(combinationTexts.duplicate);
      return { msg: 'Successfully added the Combinations.', row };
    },
  );

  app.get(
    '/days/update/:id',
    { schema: { tags: ['combination'], params: idParams, response: { 200: combinationUpdateGetResponse, ...errors } } },
    async (request) => {
      const row = await findCombination(app.db, request.params.id);
      if (!row) throw notFound(combinationTexts.notFound);
      return { day: row };
    },
  );

  app.post(
    '/days/update',
    { schema: { tags: ['combination'], body: combinationUpdateBody, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { id, days } = request.body;
      return app.db.transaction(async (tx) => {
        const existing = await findCombination(tx, id);
        if (!existing) throw notFound(combinationTexts.notFound);
        const same = await findCombinationByDays(tx, days);
        if (same && same.combinationId !== id) throw conflict(combinationTexts.duplicate);
        await updateCombination(tx, id, { combinationDays: days });
        return { msg: 'Combinations Update Successfully.' };
      });
    },
  );
};
