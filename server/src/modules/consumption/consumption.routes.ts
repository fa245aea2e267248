import {
  bulkDeleteResponse,
  consumptionActionParams,
  consumptionAddBody,
  consumptionAddFormResponse,
  consumptionAddResponse,
  consumptionBulkDeleteBody,
  consumptionListQuery,
  consumptionListResponse,
  consumptionTexts,
  consumptionUpdateBody,
  consumptionUpdateGetResponse,
  errorBody,
  idParams,
  msgResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import type { ConsumptionRow } from './consumption.repo';
import {
  actOnConsumption,
  addConsumption,
  addFormChoices,
  changeConsumption,
  consumptionForUpdate,
  consumptionPage,
  deleteManyConsumptions,
  toggleConsumptionStatus,
} from './consumption.service';

/** A consumption as the API shows it. */
const toApi = (row: ConsumptionRow) => ({
  consumptionId: row.consumptionId,
  customer: { customerName: row.customerName, route: row.route },
  colony: row.colonyName === null ? null : { colonyName: row.colonyName },
  product: { productCode: row.productCode, productName: row.productName, price: row.price, unit: row.unit },
  combinations: { combinationDays: row.combinationDays },
  quantity: row.quantity,
  isActive: row.isActive,
  disable: row.disable,
  colonyCode: row.colonyCode,
  customerId: row.customerId,
  productId: row.productId,
  combinationId: row.combinationId,
  version: row.version,
});

const actionDone = {
  disable: consumptionTexts.disabledOk,
  enable: consumptionTexts.enabledOk,
  delete: consumptionTexts.deletedOk,
};

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

export const consumptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consumptions',
    {
      schema: {
        tags: ['consumption'],
        querystring: consumptionListQuery,
        response: { 200: consumptionListResponse, ...errors },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const { rows, total } = await consumptionPage(app.db, filter, pageWindow(offset, limit));
      return { consumptions: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  app.post(
    '/consumptions/:action/:id',
    { schema: { tags: ['consumption'], params: consumptionActionParams, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { action, id } = request.params;
      await actOnConsumption(app.db, action, id);
      return { msg: actionDone[action] };
    },
  );

  // State change by GET, as the spec has it; the request guard still demands the fetch header.
  app.get(
    '/consumptions/status/:id',
    {
      config: { changesData: true },
      schema: { tags: ['consumption'], params: idParams, response: { 200: msgResponse, ...errors } },
    },
    async (request) => {
      await toggleConsumptionStatus(app.db, request.params.id);
      return { msg: consumptionTexts.statusOk };
    },
  );

  app.delete(
    '/consumptions/delete',
    {
      schema: {
        tags: ['consumption'],
        body: consumptionBulkDeleteBody,
        response: { 200: bulkDeleteResponse, ...errors },
      },
    },
    async (request) => {
      const deleted = await deleteManyConsumptions(app.db, request.body.ids);
      return { msg: consumptionTexts.bulkDeleted, deleted };
    },
  );

  app.get(
    '/consumptions/add',
    { schema: { tags: ['consumption'], response: { 200: consumptionAddFormResponse, ...errors } } },
    async () => ({ data: await addFormChoices(app.db) }),
  );

  app.post(
    '/consumptions/add',
    {
      schema: { tags: ['consumption'], body: consumptionAddBody, response: { 200: consumptionAddResponse, ...errors } },
    },
    async (request) => {
      const { colonyId, customerId, productId, day, quantity } = request.body;
      const row = await addConsumption(app.db, {
        colonyCode: colonyId,
        customerId,
        productCode: productId,
        combinationId: day,
        quantity,
      });
      return { msg: consumptionTexts.added, row: toApi(row) };
    },
  );

  app.get(
    '/consumptions/update/:id',
    {
      schema: { tags: ['consumption'], params: idParams, response: { 200: consumptionUpdateGetResponse, ...errors } },
    },
    async (request) => {
      const { row, choices } = await consumptionForUpdate(app.db, request.params.id);
      return { consumption: toApi(row), dropdownData: choices };
    },
  );

  app.post(
    '/consumptions/update',
    {
      schema: { tags: ['consumption'], body: consumptionUpdateBody, response: { 200: msgResponse, ...errors } },
    },
    async (request) => {
      const { id, productId, combinationId, isActive, quantity, version } = request.body;
      await changeConsumption(app.db, id, { productCode: productId, combinationId, isActive, quantity, version });
      return { msg: consumptionTexts.updated };
    },
  );
};
