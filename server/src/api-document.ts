import { errorBody } from '@dairy/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from './modules/auth/auth.plugin';
import { changesData } from './plugins/request-guard';

/** The security scheme of the session cookie, as the document names it. */
const SESSION = 'session';

/** The words of a path after /api, `{name}` and `:name` as "by name": `/api/colony/update/{code}` → colony, update, by, code. */
function pathWords(url: string): string[] {
  return url
    .replace(/^\/api\//, '')
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) => {
      const param = /^(?::|\{)(\w+)\}?$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[-_.]/);
    })
    .filter((word) => word !== '');
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A call's name for a generated client, from its method and path, so it is unique as they are:
 * `GET /api/colony/update/{code}` → `getColonyUpdateByCode`.
 */
export function operationIdOf(method: string, url: string): string {
  return method.toLowerCase() + pathWords(url).map(capitalized).join('');
}

/** A summary for a call that declares none: `GET /api/colony/update/{code}` → "Get colony update by code". */
export function summaryOf(method: string, url: string): string {
  return [capitalized(method.toLowerCase()), ...pathWords(url)].join(' ');
}

/** A route that answers without a staff session: sign-in (`public`), health, config and the customer's page (`anonymous`). */
const isPublic = (config: FastifyContextConfig | undefined) => Boolean(config?.public || config?.anonymous);

/**
 * What the document says of a call beyond its schemas, from its route: its name and summary
 * (the route's own summary when it gives one), whether it needs the session cookie, and the
 * refusals every call of its kind may get before its handler runs (docs/architecture.md, request
 * flow): 401 without a session, 403 for a call that changes data without the guard header.
 */
function describeOperation(route: RouteOptions, url: string, schema: FastifySchema & Record<string, unknown>) {
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const config = route.config as FastifyContextConfig | undefined;
  const signedIn = !isPublic(config);
  const refusal = z.toJSONSchema(errorBody, { target: 'openapi-3.0' });
  const refusals = {
    ...(signedIn ? { 401: refusal } : {}),
    ...(changesData(method, config) ? { 403: refusal } : {}),
  };
  return {
    ...schema,
    operationId: operationIdOf(method, url),
    summary: schema.summary ?? summaryOf(method, url),
    security: signedIn ? [{ [SESSION]: [] }] : [],
    ...(schema.response ? { response: { ...refusals, ...(schema.response as object) } } : {}),
  };
}

/** The OpenAPI document at /api/openapi.json (and /api/docs/json) and its browsable page at /api/docs. */
export async function registerApiDocument(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dairy back-office API',
        version: '1.0.0',
        description: "The calls of the dairy's back office and of the customer's page.",
      },
      // The document describes the server that serves it, wherever that is.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          [SESSION]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie that POST /api/auth/login and /api/auth/setup set.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const described = (schema as { hide?: boolean }).hide
        ? schema
        : describeOperation(input.route, url, schema as FastifySchema & Record<string, unknown>);
      return { schema: described, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // As for the app: served over plain HTTP on a LAN too, where upgraded requests would fail.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { docExpansion: 'list' },
  });
  // Like every /api call but config, health and sign-in, the API description needs a session.
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
