import {
  dailyReportQuery,
  dailyReportResponse,
  errorBody,
  generateDefaultersBody,
  generateDefaultersResponse,
  monthlyReportBody,
  monthlyReportResponse,
  noBalanceQuery,
  noTransactionResponse,
  type Paise,
  previewDefaultersQuery,
  reportTexts,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessDate, monthDates } from '../../domain/calendar';
import { requireColony, requireEnabledColony } from '../colony/colony.service';
import { lockCustomers } from '../customer/customer.repo';
import {
  dailyConsumption,
  defaulterCandidates,
  markDefaulters,
  markedDefaulters,
  monthlyBills,
  noTransactionRecords,
} from './report.repo';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

const toApiLine = (line: { productCode: string; productName: string; price: Paise; attendance: number }) => ({
  ...line,
  price: line.price,
});

type NoTransactionRow = Awaited<ReturnType<typeof noTransactionRecords>>[number];
const toNoTransactionRecord = (row: NoTransactionRow) => ({
  customer: row.customer,
  totalDue: row.due,
  paymentProducts: row.lines.map(toApiLine),
  // lastDelivery is YYYY-MM-DD: the month is already one-based.
  lastTransactionMonth: row.lastDelivery ? Number(row.lastDelivery.slice(5, 7)) : null,
  lastTransactionYear: row.lastDelivery ? Number(row.lastDelivery.slice(0, 4)) : null,
});

/** Reports, and the defaulter calls that share the no-transaction records (DESIGN.md sections 7 and 8). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    { schema: { tags: ['report'], querystring: dailyReportQuery, response: { 200: dailyReportResponse, ...errors } } },
    async (request) => {
      const { colonyId, transactionDate } = request.query;
      const colonyCode = colonyId ? (await requireColony(app.db, colonyId)).colonyCode : undefined;
      const date = businessDate(transactionDate, app.config.businessTz);
      return { date, report: await dailyConsumption(app.db, date, colonyCode) };
    },
  );

  app.get(
    '/reports/noBalance',
    { schema: { tags: ['report'], querystring: noBalanceQuery, response: { 200: noTransactionResponse, ...errors } } },
    async (request) => {
      const colony = await requireColony(app.db, request.query.colonyName);
      const rows = await noTransactionRecords(app.db, markedDefaulters(colony.colonyCode));
      return { data: rows.map(toNoTransactionRecord) };
    },
  );

  app.post(
    '/reports/filtered',
    { schema: { tags: ['report'], body: monthlyReportBody, response: { 200: monthlyReportResponse, ...errors } } },
    async (request) => {
      const { colonyName, paymentMonth, paymentYear } = request.body;
      const colony = await requireColony(app.db, colonyName);
      const bills = await monthlyBills(app.db, colony.colonyCode, paymentYear, paymentMonth);
      return {
        data: bills.map(({ customerId, route, customerName, contactNumber, lines, ...bill }) => ({
          paymentId: bill.paymentId,
          customer: { customerId, route, customerName, contactNumber },
          totalPrice: bill.totalPrice,
          charges: bill.charges,
          previousDue: bill.previousDue,
          paid: bill.paid,
          due: bill.due,
          paymentProducts: lines.map(toApiLine),
        })),
      };
    },
  );

  app.get(
    '/payments/previewDefaulters',
    {
      schema: {
        tags: ['report'],
        querystring: previewDefaultersQuery,
        response: { 200: noTransactionResponse, ...errors },
      },
    },
    async (request) => {
      const { colony: code, month, year } = request.query;
      const colony = await requireColony(app.db, code);
      const rows = await noTransactionRecords(app.db, defaulterCandidates(colony.colonyCode, monthDates(year, month)));
      return { data: rows.map(toNoTransactionRecord) };
    },
  );

  app.post(
    '/payments/generateDefaulters',
    {
      schema: {
        tags: ['report'],
        body: generateDefaultersBody,
        response: { 200: generateDefaultersResponse, ...errors },
      },
    },
    async (request) => {
      const { colony: code, month, year } = request.body;
      const colony = await requireEnabledColony(app.db, code);
      const count = await app.db.transaction(async (tx) => {
        // The customer locking rule (README): the UPDATE then sees every delivery and bill
        // committed before it, and cannot deadlock with a generation on the same colony.
        await lockCustomers(tx, { colonyCode: colony.colonyCode });
        // One UPDATE: the candidates are chosen and marked in the same statement.
        return markDefaulters(tx, defaulterCandidates(colony.colonyCode, monthDates(year, month)));
      });
      return { msg: reportTexts.defaultersCreated, count };
    },
  );
};
