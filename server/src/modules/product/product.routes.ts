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
import { pageWindow, totalPages } from '../../domain/pagination';
import { notFound } from '../../errors';
import { combinationChoices } from '../combination/combination.repo';
import {
  allProductRows,
  asDayOption,
  isUsable,
  listProducts,
  type ProductRow,
  productCodes,
  productRowsOfCode,
} from './product.repo';
import { addProduct, changeProduct, requireProduct, setProductAvailable } from './product.service';

const toApiProduct = (row: ProductRow) => ({
  productId: row.productId,
  productCode: row.productCode,
  productName: row.productName,
  unit: row.unit,
  price: row.price,
  available: row.available,
  combinationId: row.combinationId,
  Combination: { combinationDays: row.combinationDays },
  version: row.version,
});

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

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
      const { isActive } = request.body;
      await setProductAvailable(app.db, request.params.productId, isActive);
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
      const { code, name, price, available, days, unit } = request.body;
      const row = await addProduct(app.db, { code, name, price, available, combinationId: days, unit });
      return { msg: app.label(productTexts.added), row: toApiProduct(row) };
    },
  );

  app.get(
    '/product/update/:id',
    { schema: { tags: ['product'], params: idParams, response: { 200: productUpdateGetResponse, ...errors } } },
    async (request) => {
      const row = await requireProduct(app.db, request.params.id);
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
      const { code, name, price, available, days, unit, version } = request.body;
      await changeProduct(app.db, request.params.id, {
        code,
        name,
        price,
        available,
        combinationId: days,
        unit,
        version,
      });
      return { msg: app.label(productTexts.updated) };
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
      return { data: rows.filter(isUsable).map(asDayOption) };
    },
  );
};
