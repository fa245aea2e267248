import {
  calendarDateIn,
  collectionQuery,
  collectionResponse,
  routeSheetQuery,
  routeSheetResponse,
  todayQuery,
  todayResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visibleColonies } from '../../plugins/permissions';
import { routeSchema } from '../../route-schema';
import { collection, dayOf, routeSheet } from './today.service';

/** The operator's day (docs/rules.md section 13): Today's figures and the reads of its two screens. */
export const todayRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => calendarDateIn(app.config.businessTz, app.now());

  app.get('/today', routeSchema('today', todayResponse, { querystring: todayQuery }), async (request) =>
    dayOf(app.db, request.query.date ?? today(), app.config.businessTz, visibleColonies(request.user), app.now()),
  );

  app.get('/today/sheet', routeSchema('today', routeSheetResponse, { querystring: routeSheetQuery }), async (request) =>
    routeSheet(app.db, request.query.colony, request.query.date ?? today()),
  );

  app.get(
    '/today/collection',
    routeSchema('today', collectionResponse, { querystring: collectionQuery }),
    async (request) => collection(app.db, request.query.colony),
  );
};
