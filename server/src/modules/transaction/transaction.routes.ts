import {
  attendanceBody,
  attendanceResponse,
  calendarDateIn,
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
import { idempotencyHeaders, idempotent } from '../../idempotency';
import { routeSchemaOf } from '../../route-schema';
import { allColonies } from '../colony/colony.repo';
import { generateForAllColonies, generateForColony, previewForColony } from './generation.service';
import {
  addManual,
  change,
  findTransactions,
  formChoices,
  markAttendance,
  remove,
  toggle,
  updateForm,
} from './transaction.service';

const schema = routeSchemaOf('transaction');

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => calendarDateIn(app.config.businessTz, new Date());

  app.get('/transactions', schema(transactionListResponse, { querystring: transactionListQuery }), async (request) => {
    const { limit, offset, ...filters } = request.query;
    const { rows, total } = await findTransactions(app.db, filters, pageWindow(offset, limit));
    return { response: rows, limit, page: offset, total, totalPages: totalPages(total, limit) };
  });

  app.post(
    '/transactions/update/:id',
    schema(transactionAttendanceResponse, { params: transactionIdParams }),
    async (request) => {
      const attendance = await toggle(app.db, request.params.id);
      return { msg: transactionTexts.attendanceUpdated, attendance };
    },
  );

  // A route sheet saved offline is sent again until its answer arrives (docs/rules.md section 20).
  app.post(
    '/transactions/attendance',
    schema(attendanceResponse, { headers: idempotencyHeaders, body: attendanceBody }),
    async (request, reply) =>
      idempotent(request, reply, async (db) => ({ updated: await markAttendance(db, request.body.changes) })),
  );

  app.post('/transactions/delete/:id', schema(msgResponse, { params: transactionIdParams }), async (request) => {
    await remove(app.db, [request.params.id]);
    return { msg: transactionTexts.deleted };
  });

  app.delete(
    '/transactions/delete',
    schema(transactionBulkDeleteResponse, { body: transactionBulkDeleteBody }),
    async (request) => {
      const count = await remove(app.db, request.body.ids);
      return { msg: transactionTexts.bulkDeleted, count };
    },
  );

  app.get('/transactions/singletransaction', schema(singleTransactionFormResponse), async () => ({
    data: await formChoices(app.db),
  }));

  app.post(
    '/transactions/singletransaction',
    schema(singleTransactionResponse, { body: singleTransactionBody }),
    async (request) => {
      const { productId, days, ...rest } = request.body;
      const { created, duplicates } = await addManual(app.db, { ...rest, productCode: productId, combinationId: days });
      return { msg: transactionTexts.singleGenerated, data: created, count: duplicates };
    },
  );

  app.get('/transactions/add', schema(generateTransactionsFormResponse), async () => ({
    data: await allColonies(app.db),
    today: today(),
  }));

  app.post(
    '/transactions/generate',
    schema(generateTransactionsResponse, { body: generateTransactionsBody }),
    async (request) => {
      const { created, existingUsers } = await generateForColony(app.db, request.body.colony, request.body.date);
      return { msg: transactionTexts.generated, created, existingUsers };
    },
  );

  app.post(
    '/transactions/generateAll',
    schema(generateAllTransactionsResponse, { body: generateAllTransactionsBody }),
    async (request) => {
      const { date } = request.body;
      return { date, colonies: await generateForAllColonies(app.db, date) };
    },
  );

  app.get(
    '/transactions/nexttransactionpreview',
    schema(transactionPreviewResponse, { querystring: transactionPreviewQuery }),
    async (request) => {
      const { limit, offset, colony } = request.query;
      const date = request.query.startDate ?? today();
      const { rows, total, paused } = await previewForColony(app.db, colony, date, pageWindow(offset, limit));
      return { data: rows, date, total, totalPages: totalPages(total, limit), paused };
    },
  );

  app.get(
    '/transactions/update/:id',
    schema(transactionUpdateFormResponse, { params: transactionIdParams }),
    async (request) => updateForm(app.db, request.params.id),
  );

  app.post('/transactions/update', schema(msgResponse, { body: transactionUpdateBody }), async (request) => {
    const { productId, ...rest } = request.body;
    await change(app.db, { ...rest, productCode: productId });
    return { msg: transactionTexts.updated };
  });
};
