import {
  errorResponses,
  msgResponse,
  staffAddBody,
  staffIdParams,
  staffListResponse,
  staffPasswordBody,
  staffSavedResponse,
  staffTexts,
  staffUpdateBody,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../route-schema';
import { SESSION_COOKIE } from '../auth/auth.plugin';
import { listStaff } from './staff.repo';
import { addStaff, resetPassword, toApi, updateStaff } from './staff.service';

/** The people who sign in (admin only, by the permission table). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/staff', routeSchema('staff', staffListResponse), async () => ({
    rows: (await listStaff(app.db)).map(toApi),
  }));

  app.post(
    '/staff',
    { schema: { tags: ['staff'], body: staffAddBody, response: { 201: staffSavedResponse, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ msg: staffTexts.added, row: await addStaff(app.db, request.body) }),
  );

  app.put(
    '/staff/:userId',
    routeSchema('staff', staffSavedResponse, { params: staffIdParams, body: staffUpdateBody }),
    async (request) => ({
      msg: staffTexts.updated,
      row: await updateStaff(app.db, request.params.userId, request.body),
    }),
  );

  app.post(
    '/staff/:userId/password',
    routeSchema('staff', msgResponse, { params: staffIdParams, body: staffPasswordBody }),
    async (request) => {
      await resetPassword(app.db, request.params.userId, request.body.password, request.cookies[SESSION_COOKIE]);
      return { msg: staffTexts.passwordReset };
    },
  );
};
