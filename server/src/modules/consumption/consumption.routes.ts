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
  idParams,
  msgResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { routeSchema } from '../../route-schema';
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

export const consumptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consumptions',
    routeSchema('consumption', consumptionListResponse, { querystring: consumptionListQuery }),
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const { rows, total } = await consumptionPage(app.db, filter, pageWindow(offset, limit));
      return { consumptions: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  app.post(
    '/consumptions/:action/:id',
    routeSchema('consumption', msgResponse, { params: consumptionActionParams }),
    async (request) => {
      const { action, id } = request.params;
      await actOnConsumption(app.db, action, id);
      return { msg: actionDone[action] };
    },
  );

  // State change by GET, as the spec has it; the request guard still demands the fetch header.
  app.get(
    '/consumptions/status/:id',
    { ...routeSchema('consumption', msgResponse, { params: idParams }), config: { changesData: true } },
    async (request) => {
      await toggleConsumptionStatus(app.db, request.params.id);
      return { msg: consumptionTexts.statusOk };
    },
  );

  app.delete(
    '/consumptions/delete',
    routeSchema('consumption', bulkDeleteResponse, { body: consumptionBulkDeleteBody }),
    async (request) => {
      const deleted = await deleteManyConsumptions(app.db, request.body.ids);
      return { msg: consumptionTexts.bulkDeleted, deleted };
    },
  );

  app.get('/consumptions/add', routeSchema('consumption', consumptionAddFormResponse), async () => ({
    data: await addFormChoices(app.db),
  }));

  app.post(
    '/consumptions/add',
    routeSchema('consumption', consumptionAddResponse, { body: consumptionAddBody }),
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
    routeSchema('consumption', consumptionUpdateGetResponse, { params: idParams }),
    async (request) => {
      const { row, choices } = await consumptionForUpdate(app.db, request.params.id);
      return { consumption: toApi(row), dropdownData: choices };
    },
  );

  app.post(
    '/consumptions/update',
    routeSchema('consumption', msgResponse, { body: consumptionUpdateBody }),
    async (request) => {
      const { id, productId, combinationId, isActive, quantity, version } = request.body;
      await changeConsumption(app.db, id, { productCode: productId, combinationId, isActive, quantity, version });
      return { msg: consumptionTexts.updated };
    },
  );
};
