import {
  errorBody,
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
import { SESSION_COOKIE } from '../auth/auth.plugin';
import { listStaff } from './staff.repo';
import { addStaff, resetPassword, toApi, updateStaff } from './staff.service';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const tags = ['staff'];

/** The people who sign in (admin only, by the permission table). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/staff', { schema: { tags, response: { 200: staffListResponse } } }, async () => ({
    rows: (await listStaff(app.db)).map(toApi),
  }));

  app.post(
    '/staff',
    { schema: { tags, body: staffAddBody, response: { 201: staffSavedResponse, ...errors } } },
    async (request, reply) =>
      reply.code(201).send({ msg: staffTexts.added, row: await addStaff(app.db, request.body) }),
  );

  app.put(
    '/staff/:userId',
    {
      schema: { tags, params: staffIdParams, body: staffUpdateBody, response: { 200: staffSavedResponse, ...errors } },
    },
    async (request) => ({
      msg: staffTexts.updated,
      row: await updateStaff(app.db, request.params.userId, request.body),
    }),
  );

  app.post(
    '/staff/:userId/password',
    { schema: { tags, params: staffIdParams, body: staffPasswordBody, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      await resetPassword(app.db, request.params.userId, request.body.password, request.cookies[SESSION_COOKIE]);
      return { msg: staffTexts.passwordReset };
    },
  );
};
