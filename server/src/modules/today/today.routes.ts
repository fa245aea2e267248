import {
  calendarDateIn,
  collectionQuery,
  collectionResponse,
  errorBody,
  routeSheetQuery,
  routeSheetResponse,
  todayQuery,
  todayResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collection, dayOf, routeSheet } from './today.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const tags = ['today'];

/** The operator's day (DESIGN.md section 13): Today's figures and the reads of its two screens. */
export const todayRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => calendarDateIn(app.config.businessTz, new Date());

  app.get(
    '/today',
    { schema: { tags, querystring: todayQuery, response: { 200: todayResponse, ...errors } } },
    async (request) => dayOf(app.db, request.query.date ?? today(), app.config.businessTz),
  );

  app.get(
    '/today/sheet',
    { schema: { tags, querystring: routeSheetQuery, response: { 200: routeSheetResponse, ...errors } } },
    async (request) => routeSheet(app.db, request.query.colony, request.query.date ?? today()),
  );

  app.get(
    '/today/collection',
    { schema: { tags, querystring: collectionQuery, response: { 200: collectionResponse, ...errors } } },
    async (request) => collection(app.db, request.query.colony),
  );
};
