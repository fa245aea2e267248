import {
  calendarDateIn,
  errorBody,
  generateTransactionsBody,
  generateTransactionsFormResponse,
  generateTransactionsResponse,
  type Month,
  msgResponse,
  singleTransactionBody,
  singleTransactionFormResponse,
  singleTransactionResponse,
  type TransactionRow,
  transactionAttendanceResponse,
  transactionBulkDeleteBody,
  transactionBulkDeleteResponse,
  transactionIdParams,
  transactionListQuery,
  transactionListResponse,
  transactionPreviewQuery,
  transactionPreviewResponse,
  transactionTexts,
  transactionUpdateBody,
  transactionUpdateFormResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthDates } from '../../domain/calendar';
import { pageWindow, totalPages } from '../../domain/pagination';
import { addDays } from '../../domain/schedule';
import { notFound } from '../../errors';
import { allColonies } from '../colony/colony.repo';
import { asDayOption, productCodes, productRowsOfCode } from '../product/product.repo';
import { findTransaction, listTransactions, type TransactionListRow } from './transaction.repo';
import { addManual, change, generateForColony, previewForColony, remove, toggle } from './transaction.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const tags = ['transaction'];

function toApi(r: TransactionListRow): TransactionRow {
  return {
    transactionId: r.transactionId,
    customerId: r.customerId,
    productId: r.productId,
    combinationId: r.combinationId,
    price: r.price,
    transactionDate: r.transactionDate,
    attendance: r.attendance,
    customer: {
      customerId: r.customerId,
      customerName: r.customerName,
      route: r.route,
      colonyCode: r.colonyCode,
      colony: { colonyCode: r.colonyCode, colonyName: r.colonyName },
    },
    product: { productId: r.productId, productCode: r.productCode, productName: r.productName },
    combination:
      r.combinationDays === null ? null : { combinationId: r.combinationId, combinationDays: r.combinationDays },
  };
}

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const colonyChoices = async () =>
    (await allColonies(app.db)).map((c) => ({
      colonyCode: c.colonyCode,
      colonyName: c.colonyName,
      disable: c.disable,
    }));

  app.get(
    '/transactions',
    { schema: { tags, querystring: transactionListQuery, response: { 200: transactionListResponse, ...errors } } },
    async (request) => {
      const { limit, offset, date, monthyr, colonyCode, productName, customerId } = request.query;
      const month = monthyr ? monthDates(Number(monthyr.slice(0, 4)), Number(monthyr.slice(5)) as Month) : undefined;
      const { rows, total } = await listTransactions(
        app.db,
        {
          colonyCode,
          productName,
          customerId,
          from: date ?? month?.from,
          to: date ?? (month && addDays(month.until, -1)),
        },
        pageWindow(offset, limit),
      );
      return { response: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  app.post(
    '/transactions/update/:id',
    { schema: { tags, params: transactionIdParams, response: { 200: transactionAttendanceResponse, ...errors } } },
    async (request) => {
      const attendance = await toggle(app.db, request.params.id);
      return { msg: transactionTexts.attendanceUpdated, attendance };
    },
  );

  app.post(
    '/transactions/delete/:id',
    { schema: { tags, params: transactionIdParams, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      await remove(app.db, [request.params.id]);
      return { msg: transactionTexts.deleted };
    },
  );

  app.delete(
    '/transactions/delete',
    { schema: { tags, body: transactionBulkDeleteBody, response: { 200: transactionBulkDeleteResponse, ...errors } } },
    async (request) => {
      const count = await remove(app.db, request.body.ids);
      return { msg: transactionTexts.bulkDeleted, count };
    },
  );

  app.get(
    '/transactions/singletransaction',
    { schema: { tags, response: { 200: singleTransactionFormResponse, ...errors } } },
    async () => ({
      data: { colonies: await colonyChoices(), products: await productCodes(app.db, { usableOnly: false }) },
    }),
  );

  app.post(
    '/transactions/singletransaction',
    { schema: { tags, body: singleTransactionBody, response: { 200: singleTransactionResponse, ...errors } } },
    async (request) => {
      const { productId, days, ...rest } = request.body;
      const { created, duplicates } = await addManual(app.db, { ...rest, productCode: productId, combinationId: days });
      return {
        msg: transactionTexts.singleGenerated,
        data: created,
        count: duplicates,
      };
    },
  );

  app.get(
    '/transactions/add',
    { schema: { tags, response: { 200: generateTransactionsFormResponse, ...errors } } },
    async () => ({ data: await colonyChoices(), today: calendarDateIn(app.config.businessTz, new Date()) }),
  );

  app.post(
    '/transactions/generate',
    { schema: { tags, body: generateTransactionsBody, response: { 200: generateTransactionsResponse, ...errors } } },
    async (request) => {
      const { created, existingUsers } = await generateForColony(app.db, request.body.colony, request.body.date);
      return { msg: transactionTexts.generated, created, existingUsers };
    },
  );

  app.get(
    '/transactions/nexttransactionpreview',
    {
      schema: { tags, querystring: transactionPreviewQuery, response: { 200: transactionPreviewResponse, ...errors } },
    },
    async (request) => {
      const { limit, offset, colony } = request.query;
      const date = request.query.startDate ?? calendarDateIn(app.config.businessTz, new Date());
      const { rows, total } = await previewForColony(app.db, colony, date, pageWindow(offset, limit));
      return {
        data: rows,
        date,
        total,
        totalPages: totalPages(total, limit),
      };
    },
  );

  app.get(
    '/transactions/update/:id',
    { schema: { tags, params: transactionIdParams, response: { 200: transactionUpdateFormResponse, ...errors } } },
    async (request) => {
      const row = await findTransaction(app.db, request.params.id);
      if (!row) throw notFound(transactionTexts.notFound);
      const days = (await productRowsOfCode(app.db, row.productCode)).map(asDayOption);
      return {
        transaction: toApi(row),
        products: await productCodes(app.db, { usableOnly: false }),
        days,
      };
    },
  );

  app.post(
    '/transactions/update',
    { schema: { tags, body: transactionUpdateBody, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { transactionId, productId, combinationId, price, attendance } = request.body;
      await change(app.db, { transactionId, productCode: productId, combinationId, price, attendance });
      return { msg: transactionTexts.updated };
    },
  );
};
