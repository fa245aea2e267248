import {
  errorBody,
  generatePaymentsBody,
  generatePaymentsResponse,
  idParams,
  paymentBulkDeleteBody,
  paymentColoniesResponse,
  paymentDeleteResponse,
  paymentDetailsQuery,
  paymentDetailsResponse,
  paymentListQuery,
  paymentListResponse,
  paymentTexts,
  previewPaymentsResponse,
  receivePaymentBody,
  receivePaymentResponse,
  receivingFormBody,
  receivingFormResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodIndex } from '../../domain/ledger';
import { pageWindow, totalPages } from '../../domain/pagination';
import { idempotencyHeaders, idempotent } from '../../idempotency';
import { allColonies } from '../colony/colony.repo';
import { listPayments, type PaymentFilter, type PaymentListRow } from './payment.repo';
import {
  deleteBills,
  generatePayments,
  periodOfCustomer,
  previewPayments,
  type ReceivingView,
  receivePayment,
} from './payment.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

const paymentToApi = (row: PaymentListRow) => ({
  paymentId: row.paymentId,
  customerId: row.customer.customerId,
  customerName: row.customer.customerName,
  customer: row.customer,
  paymentMonth: row.paymentMonth,
  paymentYear: row.paymentYear,
  charges: row.charges,
  totalPrice: row.totalPrice,
  previousDue: row.previousDue,
  paid: row.paid,
  due: row.due,
  paymentProducts: row.lines,
});

const viewToApi = (view: ReceivingView) => {
  const s = view.summary;
  return {
    currentBill: {
      paymentId: view.paymentId,
      totalPrice: s.totalPrice,
      previousDue: s.previousDue,
      total: s.total,
      paid: s.paid,
      balance: s.balance,
      due: s.due,
    },
    customer: {
      customerId: view.customer.customerId,
      customerName: view.customer.customerName,
      paid: view.customer.paid,
      due: view.customer.due,
    },
  };
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = async (filter: PaymentFilter, limit: number, offset: number) => {
    const { rows, total } = await listPayments(app.db, filter, pageWindow(offset, limit));
    return { rows: rows.map(paymentToApi), total, totalPages: totalPages(total, limit) };
  };

  app.get(
    '/payments',
    { schema: { tags: ['payment'], querystring: paymentListQuery, response: { 200: paymentListResponse, ...errors } } },
    async (request) => {
      const { limit, offset, colonyCode, paymentMonth, paymentYear } = request.query;
      const filter = { colonyCode, year: paymentYear, month: paymentMonth };
      const { rows, total, totalPages } = await page(filter, limit, offset);
      return { rows, limit, page: offset, total, totalPages };
    },
  );

  app.delete(
    '/payments/delete/:id',
    { schema: { tags: ['payment'], params: idParams, response: { 200: paymentDeleteResponse, ...errors } } },
    async (request) => {
      const count = await deleteBills(app.db, [request.params.id]);
      return { msg: paymentTexts.deleted, count };
    },
  );

  app.delete(
    '/payments/delete',
    {
      schema: {
        tags: ['payment'],
        body: paymentBulkDeleteBody,
        response: { 200: paymentDeleteResponse, ...errors },
      },
    },
    async (request) => {
      const count = await deleteBills(app.db, request.body.ids);
      return { msg: paymentTexts.bulkDeleted, count };
    },
  );

  app.get(
    '/payments/generatePayments',
    { schema: { tags: ['payment'], response: { 200: paymentColoniesResponse, ...errors } } },
    async () => {
      const colonies = await allColonies(app.db);
      return { data: colonies };
    },
  );

  app.post(
    '/payments/previewPayments',
    {
      schema: {
        tags: ['payment'],
        body: generatePaymentsBody,
        response: { 200: previewPaymentsResponse, ...errors },
      },
    },
    async (request) => {
      const { colony, month, year, charges } = request.body;
      const bills = await previewPayments(app.db, { colonyCode: colony, year, month, charges });
      return {
        data: bills.map((b) => ({
          customerId: b.customerId,
          customerName: b.customerName,
          route: b.route,
          charges: b.charges,
          totalPrice: b.totalPrice,
          products: b.lines,
        })),
      };
    },
  );

  app.post(
    '/payments/generatePayments',
    {
      schema: {
        tags: ['payment'],
        body: generatePaymentsBody,
        response: { 200: generatePaymentsResponse, ...errors },
      },
    },
    async (request) => {
      const { colony, month, year, charges } = request.body;
      const result = await generatePayments(app.db, { colonyCode: colony, year, month, charges });
      return { msg: paymentTexts.generated, ...result };
    },
  );

  app.post(
    '/payments/receivingPaymentsForm',
    {
      schema: {
        tags: ['payment'],
        body: receivingFormBody,
        response: { 200: receivingFormResponse, ...errors },
      },
    },
    async (request) => viewToApi(await periodOfCustomer(app.db, request.body)),
  );

  app.patch(
    '/payments/receivingPaymentsForm',
    {
      schema: {
        tags: ['payment'],
        headers: idempotencyHeaders,
        body: receivePaymentBody,
        response: { 200: receivePaymentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { customerId, month, year, receivingPayment, paymentMode } = request.body;
      return idempotent(request, reply, async (db) => {
        const view = await receivePayment(db, {
          customerId,
          year,
          month,
          amount: receivingPayment,
          mode: paymentMode,
        });
        return { msg: paymentTexts.received, ...viewToApi(view) };
      });
    },
  );

  app.get(
    '/payments/paymentDetails',
    {
      schema: {
        tags: ['payment'],
        querystring: paymentDetailsQuery,
        response: { 200: paymentDetailsResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const filter: PaymentFilter = {
        colonyCode: q.colony,
        customerId: q.customerId,
        status: q.paymentStatus,
        fromIndex: q.startYear === undefined ? undefined : periodIndex({ year: q.startYear, month: q.startMonth ?? 1 }),
        toIndex: q.endYear === undefined ? undefined : periodIndex({ year: q.endYear, month: q.endMonth ?? 12 }),
      };
      const { rows, total, totalPages } = await page(filter, q.limit, q.offset);
      return { result: rows, limit: q.limit, page: q.offset, totalCount: total, totalPages };
    },
  );
};
