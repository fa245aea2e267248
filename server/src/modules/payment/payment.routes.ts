import {
  generateAllPaymentsBody,
  generateAllPaymentsResponse,
  generatePaymentsBody,
  generatePaymentsResponse,
  idParams,
  latestBillQuery,
  latestBillResponse,
  paymentBulkDeleteBody,
  paymentColoniesResponse,
  paymentDeleteResponse,
  paymentDetailsQuery,
  paymentDetailsResponse,
  paymentListQuery,
  paymentListResponse,
  paymentTexts,
  paymentTotalsQuery,
  paymentTotalsResponse,
  previewAllPaymentsResponse,
  previewPaymentsResponse,
  receiveManyBody,
  receiveManyResponse,
  receivePaymentBody,
  receivePaymentResponse,
  receivingFormBody,
  receivingFormResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { idempotencyHeaders, idempotent } from '../../idempotency';
import { routeSchemaOf } from '../../route-schema';
import { allColonies } from '../colony/colony.repo';
import {
  deleteBills,
  generateAllPayments,
  generatePayments,
  latestBill,
  listBills,
  monthTotals,
  paymentDetails,
  previewAllPayments,
  previewPayments,
} from './payment.service';
import { periodOfCustomer, receiveMany, receivePayment } from './receipt.service';

const schema = routeSchemaOf('payment');

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/payments', schema(paymentListResponse, { querystring: paymentListQuery }), async (request) => {
    const { limit, offset, colonyCode, paymentMonth, paymentYear } = request.query;
    const filter = { colonyCode, year: paymentYear, month: paymentMonth };
    const { rows, total } = await listBills(app.db, filter, pageWindow(offset, limit));
    return { rows, limit, page: offset, total, totalPages: totalPages(total, limit) };
  });

  app.get('/payments/latestBill', schema(latestBillResponse, { querystring: latestBillQuery }), async (request) =>
    latestBill(app.db, request.query.colonyCode),
  );

  app.get('/payments/totals', schema(paymentTotalsResponse, { querystring: paymentTotalsQuery }), async (request) =>
    monthTotals(app.db, request.query),
  );

  app.delete('/payments/delete/:id', schema(paymentDeleteResponse, { params: idParams }), async (request) => {
    const count = await deleteBills(app.db, [request.params.id]);
    return { msg: paymentTexts.deleted, count };
  });

  app.delete('/payments/delete', schema(paymentDeleteResponse, { body: paymentBulkDeleteBody }), async (request) => {
    const count = await deleteBills(app.db, request.body.ids);
    return { msg: paymentTexts.bulkDeleted, count };
  });

  app.get('/payments/generatePayments', schema(paymentColoniesResponse), async () => {
    const colonies = await allColonies(app.db);
    return { data: colonies };
  });

  app.post(
    '/payments/previewPayments',
    schema(previewPaymentsResponse, { body: generatePaymentsBody }),
    async (request) => {
      const { colony, month, year, charges } = request.body;
      return previewPayments(app.db, { colonyCode: colony, year, month, charges });
    },
  );

  app.post(
    '/payments/generatePayments',
    schema(generatePaymentsResponse, { body: generatePaymentsBody }),
    async (request) => {
      const { colony, month, year, charges } = request.body;
      const result = await generatePayments(app.db, { colonyCode: colony, year, month, charges });
      return { msg: paymentTexts.generated, ...result };
    },
  );

  app.post(
    '/payments/previewAll',
    schema(previewAllPaymentsResponse, { body: generateAllPaymentsBody }),
    async (request) => previewAllPayments(app.db, request.body),
  );

  app.post(
    '/payments/generateAll',
    schema(generateAllPaymentsResponse, { body: generateAllPaymentsBody }),
    async (request) => {
      const { month, year } = request.body;
      return { month, year, colonies: await generateAllPayments(app.db, { year, month }) };
    },
  );

  app.post(
    '/payments/receivingPaymentsForm',
    schema(receivingFormResponse, { body: receivingFormBody }),
    async (request) => periodOfCustomer(app.db, request.body),
  );

  app.patch(
    '/payments/receivingPaymentsForm',
    schema(receivePaymentResponse, { headers: idempotencyHeaders, body: receivePaymentBody }),
    async (request, reply) => {
      const { customerId, month, year, receivingPayment, paymentMode, takenAt } = request.body;
      return idempotent(request, reply, async (db) => {
        const view = await receivePayment(
          db,
          {
            customerId,
            year,
            month,
            amount: receivingPayment,
            mode: paymentMode,
            takenAt,
          },
          app.config.businessTz,
        );
        return { msg: paymentTexts.received, ...view };
      });
    },
  );

  app.post(
    '/payments/receiveMany',
    schema(receiveManyResponse, { headers: idempotencyHeaders, body: receiveManyBody }),
    async (request, reply) => {
      const { month, year, entries } = request.body;
      return idempotent(request, reply, (db) => receiveMany(db, { year, month, entries }, app.config.businessTz));
    },
  );

  app.get(
    '/payments/paymentDetails',
    schema(paymentDetailsResponse, { querystring: paymentDetailsQuery }),
    async (request) => {
      const q = request.query;
      const filter = {
        colonyCode: q.colony,
        customerId: q.customerId,
        status: q.paymentStatus,
        start: q.startYear === undefined ? undefined : { year: q.startYear, month: q.startMonth },
        end: q.endYear === undefined ? undefined : { year: q.endYear, month: q.endMonth },
      };
      const { rows, total } = await paymentDetails(app.db, filter, pageWindow(q.offset, q.limit));
      return {
        result: rows,
        limit: q.limit,
        page: q.offset,
        totalCount: total,
        totalPages: totalPages(total, q.limit),
      };
    },
  );
};
