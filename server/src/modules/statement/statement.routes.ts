import {
  colonyStatementsQuery,
  colonyStatementsResponse,
  errorBody,
  statementQuery,
  statementResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { colonyStatements, customerStatement } from './statement.service';

const errors = { 400: errorBody, 404: errorBody };

/** Statements of a month: one customer's, or a colony's for 'Print all bills' (DESIGN.md section 14). */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statement',
    { schema: { tags: ['statement'], querystring: statementQuery, response: { 200: statementResponse, ...errors } } },
    async (request) => customerStatement(app.db, request.query, app.config.productLabel),
  );

  app.get(
    '/statement/colony',
    {
      schema: {
        tags: ['statement'],
        querystring: colonyStatementsQuery,
        response: { 200: colonyStatementsResponse, ...errors },
      },
    },
    async (request) => colonyStatements(app.db, request.query, app.config.productLabel),
  );
};
