import {
  dailyReportQuery,
  dailyReportResponse,
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
import { routeSchema } from '../../route-schema';
import { dailyReport, generateDefaulters, monthlyReport, noBalanceReport, previewDefaulters } from './report.service';

/** Reports, and the defaulter calls that share the no-transaction records (docs/rules.md sections 7 and 8). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    routeSchema('report', dailyReportResponse, { querystring: dailyReportQuery }),
    async (request) => {
      const { colonyId, transactionDate } = request.query;
      return dailyReport(app.db, colonyId, transactionDate, app.config.businessTz);
    },
  );

  app.get(
    '/reports/noBalance',
    routeSchema('report', noTransactionResponse, { querystring: noBalanceQuery }),
    async (request) => noBalanceReport(app.db, request.query.colonyName),
  );

  app.post(
    '/reports/filtered',
    routeSchema('report', monthlyReportResponse, { body: monthlyReportBody }),
    async (request) => {
      const { colonyName, paymentMonth, paymentYear } = request.body;
      return monthlyReport(app.db, colonyName, { year: paymentYear, month: paymentMonth });
    },
  );

  app.get(
    '/payments/previewDefaulters',
    routeSchema('report', noTransactionResponse, { querystring: previewDefaultersQuery }),
    async (request) => {
      const { colony, month, year } = request.query;
      return previewDefaulters(app.db, colony, { year, month });
    },
  );

  app.post(
    '/payments/generateDefaulters',
    routeSchema('report', generateDefaultersResponse, { body: generateDefaultersBody }),
    async (request) => {
      const { colony, month, year } = request.body;
      const count = await generateDefaulters(app.db, colony, { year, month });
      return { msg: reportTexts.defaultersCreated, count };
    },
  );
};
