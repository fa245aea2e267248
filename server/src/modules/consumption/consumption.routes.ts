import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const consumptionRoutes: FastifyPluginAsyncZod = async () => {};
