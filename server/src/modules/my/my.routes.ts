import {
  errorResponses,
  myChangeBody,
  myChangeDeletedResponse,
  myChangeEndBody,
  myChangeParams,
  myChangeSavedResponse,
  myPageResponse,
  myStatement,
  myStatementQuery,
  myTokenParams,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../route-schema';
import { registerTokenAccess } from './my.access';
import { addPageChange, customerPage, customerPageStatement, deletePageChange, endPageChange } from './my.service';

/*
 * The customer's page calls (docs/rules.md section 19): no sign-in, the token in the path is the
 * credential. `anonymous`: the staff session is not even looked up, so a signed-in browser's cookie
 * neither widens nor narrows what a token reaches.
 */
const config = { anonymous: true } as const;

export const myRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerTokenAccess(app);
  const clock = () => ({ now: app.now(), timeZone: app.config.businessTz });
  const { productLabel } = app.config;

  app.get(
    '/my/:token',
    {
      ...routeSchema('customerPage', myPageResponse, { params: myTokenParams }),
      config: { ...config, opensPage: true },
    },
    async (request) => customerPage(app.db, request.pageCustomerId, clock(), productLabel),
  );

  app.get(
    '/my/:token/statement',
    { ...routeSchema('customerPage', myStatement, { params: myTokenParams, querystring: myStatementQuery }), config },
    async (request) => customerPageStatement(app.db, request.pageCustomerId, request.query, clock(), productLabel),
  );

  app.post(
    '/my/:token/changes',
    {
      schema: {
        tags: ['customerPage'],
        params: myTokenParams,
        body: myChangeBody,
        response: { 201: myChangeSavedResponse, ...errorResponses },
      },
      config,
    },
    async (request, reply) =>
      reply.code(201).send(await addPageChange(app.db, request.pageCustomerId, request.body, clock())),
  );

  app.put(
    '/my/:token/changes/:changeId',
    {
      ...routeSchema('customerPage', myChangeSavedResponse, { params: myChangeParams, body: myChangeEndBody }),
      config,
    },
    async (request) =>
      endPageChange(app.db, request.pageCustomerId, request.params.changeId, request.body.toDate ?? null, clock()),
  );

  app.delete(
    '/my/:token/changes/:changeId',
    { ...routeSchema('customerPage', myChangeDeletedResponse, { params: myChangeParams }), config },
    async (request) => deletePageChange(app.db, request.pageCustomerId, request.params.changeId, clock()),
  );
};
