import {
  attendanceBody,
  attendanceResponse,
  calendarDateIn,
  errorBody,
  generateAllTransactionsBody,
  generateAllTransactionsResponse,
  generateTransactionsBody,
  generateTransactionsFormResponse,
  generateTransactionsResponse,
  msgResponse,
  singleTransactionBody,
  singleTransactionFormResponse,
  singleTransactionResponse,
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
import { pageWindow, totalPages } from '../../domain/pagination';
import { allColonies } from '../colony/colony.repo';
import {
  addManual,
  change,
  findTransactions,
  formChoices,
  generateForAllColonies,
  generateForColony,
  markAttendance,
  previewForColony,
  remove,
  toggle,
  updateForm,
} from './transaction.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const tags = ['transaction'];

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => calendarDateIn(app.config.businessTz, new Date());

  app.get(
    '/transactions',
    { schema: { tags, querystring: transactionListQuery, response: { 200: transactionListResponse, ...errors } } },
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      const { rows, total } = await findTransactions(app.db, filters, pageWindow(offset, limit));
      return { response: rows, limit, page: offset, total, totalPages: totalPages(total, limit) };
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
    '/transactions/attendance',
    { schema: { tags, body: attendanceBody, response: { 200: attendanceResponse, ...errors } } },
    async (request) => ({ updated: await markAttendance(app.db, request.body.changes) }),
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
    async () => ({ data: await formChoices(app.db) }),
  );

  app.post(
    '/transactions/singletransaction',
    { schema: { tags, body: singleTransactionBody, response: { 200: singleTransactionResponse, ...errors } } },
    async (request) => {
      const { productId, days, ...rest } = request.body;
      const { created, duplicates } = await addManual(app.db, { ...rest, productCode: productId, combinationId: days });
      return { msg: transactionTexts.singleGenerated, data: created, count: duplicates };
    },
  );

  app.get(
    '/transactions/add',
    { schema: { tags, response: { 200: generateTransactionsFormResponse, ...errors } } },
    async () => ({ data: await allColonies(app.db), today: today() }),
  );

  app.post(
    '/transactions/generate',
    { schema: { tags, body: generateTransactionsBody, response: { 200: generateTransactionsResponse, ...errors } } },
    async (request) => {
      const { created, existingUsers } = await generateForColony(app.db, request.body.colony, request.body.date);
      return { msg: transactionTexts.generated, created, existingUsers };
    },
  );

  app.post(
    '/transactions/generateAll',
    {
      schema: {
        tags,
        body: generateAllTransactionsBody,
        response: { 200: generateAllTransactionsResponse, ...errors },
      },
    },
    async (request) => {
      const { date } = request.body;
      return { date, colonies: await generateForAllColonies(app.db, date) };
    },
  );

  app.get(
    '/transactions/nexttransactionpreview',
    {
      schema: { tags, querystring: transactionPreviewQuery, response: { 200: transactionPreviewResponse, ...errors } },
    },
    async (request) => {
      const { limit, offset, colony } = request.query;
      const date = request.query.startDate ?? today();
      const { rows, total, paused } = await previewForColony(app.db, colony, date, pageWindow(offset, limit));
      return { data: rows, date, total, totalPages: totalPages(total, limit), paused };
    },
  );

  app.get(
    '/transactions/update/:id',
    { schema: { tags, params: transactionIdParams, response: { 200: transactionUpdateFormResponse, ...errors } } },
    async (request) => updateForm(app.db, request.params.id),
  );

  app.post(
    '/transactions/update',
    { schema: { tags, body: transactionUpdateBody, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { productId, ...rest } = request.body;
      await change(app.db, { ...rest, productCode: productId });
      return { msg: transactionTexts.updated };
    },
  );
};
