import { colonyStatementsQuery, colonyStatementsResponse, statementQuery, statementResponse } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../route-schema';
import { colonyStatements, customerStatement } from './statement.service';

/** Statements of a month: one customer's, or a colony's for 'Print all bills' (docs/rules.md section 14). */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/statement', routeSchema('statement', statementResponse, { querystring: statementQuery }), (request) =>
    customerStatement(app.db, request.query, app.config.productLabel, app.config.publicUrl),
  );

  app.get(
    '/statement/colony',
    routeSchema('statement', colonyStatementsResponse, { querystring: colonyStatementsQuery }),
    (request) => colonyStatements(app.db, request.query, app.config.productLabel, app.config.publicUrl),
  );
};
