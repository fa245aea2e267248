import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const transactionRoutes: FastifyPluginAsyncZod = async () => {};
