import { withProductLabel } from '@dairy/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { noteDiskFull } from '../db/client';
import { isDatabaseUnavailable, isDiskFull, isReadOnly, pgErrorCode } from '../db/faults';
import { AppError } from '../errors';

type Problem = { path: string; message: string };

const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const DISK_FULL_MESSAGE = 'The disk is full: nothing was saved.';

/** The database is away (a dropped connection, a restart, a stopped engine): a call to try again. */
function unavailableMessage(method: string): string {
  return method === 'GET' || method === 'HEAD'
    ? 'The database cannot be reached. Try again in a moment.'
    : 'The database cannot be reached: nothing was saved. Try again in a moment.';
}

/**
 * The one error handler: 400 with the spec's text and `errors`, 404, 409, 415, 503 while the
 * database is away, 507 on a full disk, and a bare 500 that hides internals. Texts carrying
 * `{product}` get the configured label.
 */
export function registerErrorHandler(app: FastifyInstance, productLabel: string) {
  const label = (text: string) => withProductLabel(text, productLabel);

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems: Problem[] = [];
      const seen = new Set<string>();
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (seen.has(path)) continue; // the first problem of a field is the one to show
        seen.add(path);
        problems.push({ path, message: label(issue.message ?? 'Invalid value') });
      }
      return reply.code(400).send({ message: problems[0]?.message ?? 'Invalid request', errors: problems });
    }
    if (error instanceof AppError) {
      const errors = error.errors?.map((e) => ({ path: e.path, message: label(e.message) }));
      return reply.code(error.statusCode).send({ message: label(error.message), ...(errors ? { errors } : {}) });
    }
    // Database faults can strike before any handler (the session check): their `{ message }`
    // is sent as it is, not through the route's own schema for that status (/health has a 503).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .serializer(JSON.stringify)
        .send({ message: unavailableMessage(request.method) });
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      noteDiskFull(request.server.db);
      return reply.code(507).serializer(JSON.stringify).send({ message: DISK_FULL_MESSAGE });
    }
    if (isReadOnly(error)) {
      request.log.error({ err: error }, 'database is read-only');
      return reply
        .code(503)
        .serializer(JSON.stringify)
        .send({ message: 'The database is read-only: nothing was saved.' });
    }
    const pgCode = pgErrorCode(error);
    if (pgCode === '23505') return reply.code(409).send({ message: 'This record already exists.' });
    if (pgCode === '23503') return reply.code(409).send({ message: 'This record is in use.' });
    // Class 22 (data exception): a value the schemas let through but PostgreSQL cannot take.
    if (pgCode?.startsWith('22')) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.code(400).send({ message: 'A value is out of range or not valid.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: 'Only JSON bodies are accepted (Content-Type: application/json).' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: 'The body is too large.' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The body is not valid JSON.'
          : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  // PostgreSQL text cannot hold NUL: refuse it in the address here and in a body below.
  app.addHook('preValidation', async (request, reply) => {
    if (request.url.includes('%00')) return reply.code(400).send({ message: NUL_MESSAGE });
  });

  // JSON bodies only; an empty JSON body (the spec's bodiless POSTs) reads as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (text.includes('\\u0000')) return done(Object.assign(new Error(NUL_MESSAGE), { statusCode: 400 }), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });
  app.removeContentTypeParser('text/plain');
}
