import { calendarDateIn, dashboardQuery, dashboardResponse, type Month } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../route-schema';
import { dashboardOf } from './dashboard.service';

/** The owner's dashboard (docs/rules.md section 22): admins and operators. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', routeSchema('dashboard', dashboardResponse, { querystring: dashboardQuery }), (request) => {
    const today = calendarDateIn(app.config.businessTz, new Date());
    // A month or year left out is the current one in the business time zone.
    const year = request.query.year ?? Number(today.slice(0, 4));
    const month = request.query.month ?? (Number(today.slice(5, 7)) as Month);
    return dashboardOf(app.db, { year, month }, today, app.config.businessTz);
  });
};
