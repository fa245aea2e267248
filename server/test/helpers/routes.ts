import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { loadConfig } from '../../src/config';
import { apiModules } from '../../src/modules';

export interface ApiRoute {
  method: string;
  url: string;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/**
 * Every /api route with the contract schemas it validates its query and body with, read by
 * registering the modules on a bare Fastify (their handlers never run), so a test can walk them all.
 */
export async function apiRoutes(): Promise<ApiRoute[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', loadConfig({}));
  app.decorate('db', {} as never);
  app.decorate('label', (text: string) => text);
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as { querystring?: z.ZodType; body?: z.ZodType };
    for (const method of methods)
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, querystring: schema.querystring, body: schema.body });
  });
  for (const module of apiModules) await app.register(module, { prefix: '/api' });
  await app.ready();
  await app.close();
  return routes;
}

/** The fields of an object schema, through the wrappers (refinements, pipes, codecs) around it. */
export function fieldsOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current: unknown = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const candidate = current as { shape?: Record<string, z.ZodType>; _zod?: { def?: Record<string, unknown> } };
    if (candidate.shape) return candidate.shape;
    const def = candidate._zod?.def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return {};
}
