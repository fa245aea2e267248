import {
  bulkDeleteResponse,
  colonyTexts,
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
import type { Db } from '../../db/client';
import { pageWindow, totalPages } from '../../domain/pagination';
import { badRequest, conflict, notFound } from '../../errors';
import { findColony } from '../colony/colony.repo';
import { requireColony } from '../colony/colony.service';
import { colonyChoices, enabledCustomers, findCustomer } from '../customer/customer.repo';
import {
  asDayOption,
  combinationChoices,
  findProductRow,
  isUsable,
  productCodes,
  productRowsOfCode,
} from '../product/product.repo';
import {
  type ConsumptionRow,
  deleteConsumptions,
  findConsumption,
  hasConsumption,
  insertConsumption,
  listConsumptions,
  toggleStatus,
  updateConsumption,
} from './consumption.repo';

const toApi = (row: ConsumptionRow) => ({
  consumptionId: row.consumptionId,
  customer: { customerName: row.customerName, route: row.route },
  colony: row.colonyName === null ? null : { colonyName: row.colonyName },
  product: { productCode: row.productCode, productName: row.productName, price: row.price },
  combinations: { combinationDays: row.combinationDays },
  isActive: row.isActive,
  disable: row.disable,
  colonyCode: row.colonyCode,
  customerId: row.customerId,
  productId: row.productId,
  combinationId: row.combinationId,
});

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/** The product row a form's (code, combination) pair names. */
async function productRowFor(db: Db, code: string, combinationId: number) {
  const row = await findProductRow(db, code, combinationId);
  if (!row) throw notFound(consumptionTexts.productRowNotFound);
  return row;
}

const requireUsable = (row: Awaited<ReturnType<typeof productRowFor>>) => {
  if (!isUsable(row)) throw conflict(consumptionTexts.productRowUnavailable);
};

const colonyOptions = async (db: Db, includeCode?: string) =>
  (await colonyChoices(db, includeCode)).map(({ colonyCode, colonyName }) => ({ colonyCode, colonyName }));

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
      const { limit, offset, colonyCode, ...filter } = request.query;
      // Codes are unique ignoring case: the stored code lets the list use its index.
      const colony = colonyCode ? await findColony(app.db, colonyCode) : undefined;
      if (colonyCode && !colony) return { consumptions: [], limit, page: offset, total: 0, totalPages: 0 };
      const { rows, total } = await listConsumptions(
        app.db,
        { ...filter, colonyCode: colony?.colonyCode },
        pageWindow(offset, limit),
      );
      return { consumptions: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  app.post(
    '/consumptions/:action/:id',
    { schema: { tags: ['consumption'], params: consumptionActionParams, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { action, id } = request.params;
      return app.db.transaction(async (tx) => {
        const existing = await findConsumption(tx, id);
        if (!existing) throw notFound(consumptionTexts.notFound);
        if (action === 'delete') {
          if (existing.disable !== 1) throw conflict(consumptionTexts.deleteActive);
          await deleteConsumptions(tx, [id]);
          return { msg: consumptionTexts.deletedOk };
        }
        await updateConsumption(tx, id, { disable: action === 'disable' ? 1 : 0 });
        return { msg: action === 'disable' ? consumptionTexts.disabledOk : consumptionTexts.enabledOk };
      });
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
      if ((await toggleStatus(app.db, request.params.id)) === undefined) throw notFound(consumptionTexts.notFound);
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
      const ids = [...new Set(request.body.ids)];
      return app.db.transaction(async (tx) => {
        const deleted = await deleteConsumptions(tx, ids);
        // All or nothing: an unknown id rolls the whole deletion back.
        if (deleted !== ids.length) throw notFound(consumptionTexts.notFound);
        return { msg: consumptionTexts.bulkDeleted, deleted };
      });
    },
  );

  app.get(
    '/consumptions/add',
    { schema: { tags: ['consumption'], response: { 200: consumptionAddFormResponse, ...errors } } },
    async () => ({
      data: {
        colonies: await colonyOptions(app.db),
        customers: await enabledCustomers(app.db),
        products: await productCodes(app.db, { usableOnly: true }),
        days: (await combinationChoices(app.db)).map(({ combinationId, combinationDays }) => ({
          combinationId,
          combinationDays,
        })),
      },
    }),
  );

  app.post(
    '/consumptions/add',
    {
      schema: { tags: ['consumption'], body: consumptionAddBody, response: { 200: consumptionAddResponse, ...errors } },
    },
    async (request) => {
      const { colonyId, customerId, productId: code, day } = request.body;
      return app.db.transaction(async (tx) => {
        const colony = await requireColony(tx, colonyId);
        const customer = await findCustomer(tx, customerId);
        if (!customer) throw notFound(consumptionTexts.customerNotFound);
        if (customer.colonyCode !== colony.colonyCode) {
          throw badRequest(consumptionTexts.customerNotInColony, 'customerId');
        }
        if (colony.disable === 1) throw conflict(colonyTexts.disabled);
        if (customer.disable === 1) throw conflict(consumptionTexts.customerDisabled);
        const row = await productRowFor(tx, code, day);
        requireUsable(row);
        // The unique (customer, product row) key decides, so a double submit cannot add two.
        const id = await insertConsumption(tx, { customerId, productId: row.productId, isActive: 1, disable: 0 });
        if (id === undefined) throw conflict(consumptionTexts.duplicate);
        return { msg: consumptionTexts.added, row: toApi((await findConsumption(tx, id))!) };
      });
    },
  );

  app.get(
    '/consumptions/update/:id',
    {
      schema: { tags: ['consumption'], params: idParams, response: { 200: consumptionUpdateGetResponse, ...errors } },
    },
    async (request) => {
      const row = await findConsumption(app.db, request.params.id);
      if (!row) throw notFound(consumptionTexts.notFound);
      const ownCodeRows = await productRowsOfCode(app.db, row.productCode);
      // The consumption's own customer, code and row stay choosable even when disabled since.
      return {
        consumption: toApi(row),
        dropdownData: {
          colonies: await colonyOptions(app.db, row.colonyCode),
          customers: await enabledCustomers(app.db, row.colonyCode, row.customerId),
          products: await productCodes(app.db, { usableOnly: true, includeCode: row.productCode }),
          days: ownCodeRows.filter((r) => isUsable(r) || r.productId === row.productId).map(asDayOption),
        },
      };
    },
  );

  app.post(
    '/consumptions/update',
    {
      schema: { tags: ['consumption'], body: consumptionUpdateBody, response: { 200: msgResponse, ...errors } },
    },
    async (request) => {
      const { id, productId: code, combinationId, isActive } = request.body;
      return app.db.transaction(async (tx) => {
        const existing = await findConsumption(tx, id);
        if (!existing) throw notFound(consumptionTexts.notFound);
        const row = await productRowFor(tx, code, combinationId);
        if (row.productId !== existing.productId) {
          requireUsable(row);
          if (await hasConsumption(tx, existing.customerId, row.productId)) throw conflict(consumptionTexts.duplicate);
        }
        await updateConsumption(tx, id, { productId: row.productId, isActive });
        return { msg: consumptionTexts.updated };
      });
    },
  );
};
