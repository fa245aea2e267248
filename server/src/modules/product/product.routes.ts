import {
  errorBody,
  fetchDaysBody,
  fetchDaysResponse,
  idParams,
  msgResponse,
  productActiveBody,
  productAddBody,
  productAddFormResponse,
  productAddResponse,
  productApiResponse,
  productIdParams,
  productListQuery,
  productListResponse,
  productTexts,
  productUpdateBody,
  productUpdateGetResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { pageWindow, totalPages } from '../../domain/pagination';
import { badRequest, conflict, notFound } from '../../errors';
import { findCombination } from '../combination/combination.repo';
import {
  allProductRows,
  asDayOption,
  combinationChoices,
  findProduct,
  insertProduct,
  isUsable,
  listProducts,
  lockProductCode,
  nameProductCode,
  type ProductRow,
  productCodes,
  productRowsOfCode,
  updateProduct,
} from './product.repo';

export const toApiProduct = (row: ProductRow) => ({
  productId: row.productId,
  productCode: row.productCode,
  productName: row.productName,
  price: row.price,
  available: row.available,
  combinationId: row.combinationId,
  Combination: { combinationDays: row.combinationDays },
});

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/** A combination a product row is being moved to must exist and be enabled. */
async function requireUsableCombination(db: Db, id: number) {
  const found = await findCombination(db, id);
  if (!found) throw notFound(productTexts.combinationNotFound);
  if (found.disable === 1) throw conflict(productTexts.combinationDisabled);
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product',
    { schema: { tags: ['product'], querystring: productListQuery, response: { 200: productListResponse, ...errors } } },
    async (request) => {
      const { limit, offset, isActive, name } = request.query;
      const { rows, total } = await listProducts(app.db, { isActive, name }, pageWindow(offset, limit));
      return { rows: rows.map(toApiProduct), totalPages: totalPages(total, limit) };
    },
  );

  app.patch(
    '/product/updateActive/:productId',
    {
      schema: {
        tags: ['product'],
        params: productIdParams,
        body: productActiveBody,
        response: { 200: msgResponse, ...errors },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { isActive } = request.body;
      if (!(await findProduct(app.db, productId))) throw notFound(productTexts.notFound);
      await updateProduct(app.db, productId, { available: isActive });
      return { msg: app.label(isActive === 1 ? productTexts.enabledOk : productTexts.disabledOk) };
    },
  );

  app.get(
    '/product/add',
    { schema: { tags: ['product'], response: { 200: productAddFormResponse, ...errors } } },
    async () => ({
      rows: await combinationChoices(app.db),
      data: await productCodes(app.db, { usableOnly: false }),
    }),
  );

  app.post(
    '/product/add',
    { schema: { tags: ['product'], body: productAddBody, response: { 200: productAddResponse, ...errors } } },
    async (request) => {
      const { code, name, price, available, days } = request.body;
      return app.db.transaction(async (tx) => {
        await lockProductCode(tx, code);
        await requireUsableCombination(tx, days);
        // The unique (code, combination) key decides, so two operators adding at once cannot both win.
        const id = await insertProduct(tx, {
          productCode: code,
          productName: name,
          price,
          available,
          combinationId: days,
        });
        if (id === undefined) throw conflict(productTexts.duplicate);
        await nameProductCode(tx, code, name);
        const row = await findProduct(tx, id);
        return { msg: app.label(productTexts.added), row: toApiProduct(row!) };
      });
    },
  );

  app.get(
    '/product/update/:id',
    { schema: { tags: ['product'], params: idParams, response: { 200: productUpdateGetResponse, ...errors } } },
    async (request) => {
      const row = await findProduct(app.db, request.params.id);
      if (!row) throw notFound(productTexts.notFound);
      return { rows: [toApiProduct(row)], data: await combinationChoices(app.db, row.combinationId) };
    },
  );

  app.put(
    '/product/update/:id',
    {
      schema: {
        tags: ['product'],
        params: idParams,
        body: productUpdateBody,
        response: { 200: msgResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { code, name, price, available, days } = request.body;
      return app.db.transaction(async (tx) => {
        const existing = await findProduct(tx, id);
        if (!existing) throw notFound(productTexts.notFound);
        // The screen shows the code read-only: another code here is a mistake, not a rename.
        if (code !== existing.productCode) throw badRequest(productTexts.codeChanged, 'code');
        await lockProductCode(tx, code);
        if (days !== existing.combinationId) {
          await requireUsableCombination(tx, days);
          const taken = (await productRowsOfCode(tx, existing.productCode)).some((r) => r.combinationId === days);
          if (taken) throw conflict(productTexts.duplicate);
        }
        await updateProduct(tx, id, { price, available, combinationId: days });
        await nameProductCode(tx, code, name);
        return { msg: app.label(productTexts.updated) };
      });
    },
  );

  app.get(
    '/product/api',
    { schema: { tags: ['product'], response: { 200: productApiResponse, ...errors } } },
    async () => ({ rows: await allProductRows(app.db) }),
  );

  app.post(
    '/fetch/days',
    { schema: { tags: ['product'], body: fetchDaysBody, response: { 200: fetchDaysResponse, ...errors } } },
    async (request) => {
      const rows = await productRowsOfCode(app.db, request.body.productId);
      if (rows.length === 0) throw notFound(productTexts.notFound);
      return {
        data: rows.filter(isUsable).map(asDayOption),
      };
    },
  );
};
