import {
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
  productPriceBody,
  productPricePreviewResponse,
  productPriceResponse,
  productTexts,
  productUpdateBody,
  productUpdateGetResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { notFound } from '../../errors';
import { routeSchema } from '../../route-schema';
import { combinationChoices } from '../combination/combination.repo';
import { changePrice, previewPriceChange } from './price.service';
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

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product',
    routeSchema('product', productListResponse, { querystring: productListQuery }),
    async (request) => {
      const { limit, offset, isActive, name } = request.query;
      const { rows, total } = await listProducts(app.db, { isActive, name }, pageWindow(offset, limit));
      return { rows: rows.map(toApiProduct), totalPages: totalPages(total, limit) };
    },
  );

  app.patch(
    '/product/updateActive/:productId',
    routeSchema('product', msgResponse, { params: productIdParams, body: productActiveBody }),
    async (request) => {
      const { isActive } = request.body;
      await setProductAvailable(app.db, request.params.productId, isActive);
      return { msg: app.label(isActive === 1 ? productTexts.enabledOk : productTexts.disabledOk) };
    },
  );

  app.get('/product/add', routeSchema('product', productAddFormResponse), async () => ({
    rows: await combinationChoices(app.db),
    data: await productCodes(app.db, { usableOnly: false }),
  }));

  app.post('/product/add', routeSchema('product', productAddResponse, { body: productAddBody }), async (request) => {
    const { code, name, price, available, days, unit } = request.body;
    const row = await addProduct(app.db, { code, name, price, available, combinationId: days, unit });
    return { msg: app.label(productTexts.added), row: toApiProduct(row) };
  });

  app.get(
    '/product/update/:id',
    routeSchema('product', productUpdateGetResponse, { params: idParams }),
    async (request) => {
      const row = await requireProduct(app.db, request.params.id);
      return { rows: [toApiProduct(row)], data: await combinationChoices(app.db, row.combinationId) };
    },
  );

  app.put(
    '/product/update/:id',
    routeSchema('product', msgResponse, { params: idParams, body: productUpdateBody }),
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

  // A price rise (docs/rules.md section 23): the change, and its preview that writes nothing.
  app.post(
    '/product/price',
    routeSchema('product', productPriceResponse, { body: productPriceBody }),
    async (request) => changePrice(app.db, request.body, app.config.businessTz),
  );

  app.post(
    '/product/price/preview',
    routeSchema('product', productPricePreviewResponse, { body: productPriceBody }),
    async (request) => previewPriceChange(app.db, request.body, app.config.businessTz),
  );

  app.get('/product/api', routeSchema('product', productApiResponse), async () => ({
    rows: await allProductRows(app.db),
  }));

  app.post('/fetch/days', routeSchema('product', fetchDaysResponse, { body: fetchDaysBody }), async (request) => {
    const rows = await productRowsOfCode(app.db, request.body.productId);
    if (rows.length === 0) throw notFound(productTexts.notFound);
    return { data: rows.filter(isUsable).map(asDayOption) };
  });
};
