import { auditListResponse, auditQuery } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { routeSchema } from '../../route-schema';
import { auditPage } from './audit.repo';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/audit', routeSchema('audit', auditListResponse, { querystring: auditQuery }), async (request) => {
    const { limit, offset, ...filter } = request.query;
    const { rows, total } = await auditPage(
      app.db,
      { ...filter, timeZone: app.config.businessTz },
      pageWindow(offset, limit),
    );
    return {
      rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      limit,
      page: offset,
      total,
      totalPages: totalPages(total, limit),
    };
  });
};
