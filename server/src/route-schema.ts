import { errorResponses } from '@dairy/contract';
import type { z } from 'zod';

/** What a call takes, as its contract schemas. */
interface Input {
  headers?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/**
 * A route's options: its OpenAPI tag, what it takes, what it answers with 200, and the error
 * answers any call may give. The schemas validate the request and the answer.
 */
export function routeSchema<R extends z.ZodType, I extends Input = Record<never, never>>(
  tag: string,
  answer: R,
  input?: I,
) {
  return { schema: { tags: [tag], ...(input as I), response: { 200: answer, ...errorResponses } } };
}

/** `routeSchema` for the calls of one resource, its tag said once. */
export function routeSchemaOf(tag: string) {
  return <R extends z.ZodType, I extends Input = Record<never, never>>(answer: R, input?: I) =>
    routeSchema(tag, answer, input);
}
