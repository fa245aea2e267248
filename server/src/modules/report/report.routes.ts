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
  previewDefaultersQuery,
  reportTexts,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyReport, generateDefaulters, monthlyReport, noBalanceReport, previewDefaulters } from './report.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/** Reports, and the defaulter calls that share the no-transaction records (DESIGN.md sections 7 and 8). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    { schema: { tags: ['report'], querystring: dailyReportQuery, response: { 200: dailyReportResponse, ...errors } } },
    async (request) => {
      const { colonyId, transactionDate } = request.query;
      return dailyReport(app.db, colonyId, transactionDate, app.config.businessTz);
    },
  );

  app.get(
    '/reports/noBalance',
    { schema: { tags: ['report'], querystring: noBalanceQuery, response: { 200: noTransactionResponse, ...errors } } },
    async (request) => noBalanceReport(app.db, request.query.colonyName),
  );

  app.post(
    '/reports/filtered',
    { schema: { tags: ['report'], body: monthlyReportBody, response: { 200: monthlyReportResponse, ...errors } } },
    async (request) => {
      const { colonyName, paymentMonth, paymentYear } = request.body;
      return monthlyReport(app.db, colonyName, { year: paymentYear, month: paymentMonth });
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
      const { colony, month, year } = request.query;
      return previewDefaulters(app.db, colony, { year, month });
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
      const { colony, month, year } = request.body;
      const count = await generateDefaulters(app.db, colony, { year, month });
      return { msg: reportTexts.defaultersCreated, count };
    },
  );
};
