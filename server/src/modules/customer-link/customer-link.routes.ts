import { customerLinkDeletedResponse, customerLinkParams, customerLinkResponse, errorResponses } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../route-schema';
import { makeLink, removeLink, showLink, shownLink } from './customer-link.service';

/** The office's calls for a customer's page link (docs/rules.md section 19): admins and operators. */
export const customerLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.get(
    '/customer-links/:customerId',
    routeSchema('customerLink', customerLinkResponse, { params: customerLinkParams }),
    async (request) => shownLink(await showLink(app.db, request.params.customerId), publicUrl),
  );

  app.post(
    '/customer-links/:customerId',
    {
      schema: {
        tags: ['customerLink'],
        params: customerLinkParams,
        response: { 201: customerLinkResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const link = await makeLink(app.db, request.params.customerId, request.user?.username);
      return reply.code(201).send(shownLink(link, publicUrl));
    },
  );

  app.delete(
    '/customer-links/:customerId',
    routeSchema('customerLink', customerLinkDeletedResponse, { params: customerLinkParams }),
    async (request) => removeLink(app.db, request.params.customerId),
  );
};
