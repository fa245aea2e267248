import type { ErrorBody } from '@dairy/contract';
import type { z } from 'zod';
import { answerWithoutServer, isKeptRead, rememberAnswer, serverAnswered } from './offline-reads';

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's own
 * message and per-field problems. `serverMessage` is empty when the answer carried no message, so
 * a screen can show the spec's fallback text; `message` always describes the failure.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage = '',
    readonly errors: ErrorBody['errors'] = [],
  ) {
    super(
      serverMessage ||
        (status ? `Request failed (${status})` : 'The server cannot be reached. Check the connection and try again.'),
    );
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

let onUnauthorized: () => void = () => {};
/** The app's sign-in state listens here: any 401 sends the person back to sign-in. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** Extra request headers of one call, e.g. `{ 'Idempotency-Key': newIdempotencyKey() }`. */
interface CallOptions {
  headers?: Record<string, string>;
}

/** Sends one call: the guard header that lets a call change data, and JSON for every call but a GET. */
function send(method: string, path: string, options: { body?: unknown } & CallOptions): Promise<Response> {
  return fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...options.headers,
      'X-Requested-With': 'fetch',
      // Every call but a GET is JSON, with a body or without one (spec: "JSON content type, no body").
      ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** How long a GET started early waits for its screen: later, the screen asks afresh. */
const EARLY_FOR_MS = 10_000;
/** GETs started before the first render (app/early-calls.ts), each taken once by the first call for its path. */
const early = new Map<string, { at: number; response: Promise<Response>; copy: Promise<Response> }>();

/**
 * Starts a GET now, while the app's code is still starting, so that the first screen's answers
 * are on their way before React asks for them (docs/performance.md, "The first screen").
 */
export function startEarly(path: string) {
  const response = headStart(path) ?? send('GET', path, {});
  // Copied before the call that takes it reads it, for `earlyAnswer`.
  const copy = response.then((answer) => answer.clone());
  // A failure is seen by the call that takes it; unhandled until then, it would be reported twice.
  copy.catch(() => {});
  early.set(path, { at: Date.now(), response, copy });
}

type StartedWindow = { officeStart?: { at: number; calls: Record<string, Promise<Response>> } | null };

/**
 * The same GET as asked for by web/public/office-start.js before the app's code ran, taken once;
 * one older than EARLY_FOR_MS is asked again. Marked taken either way, so a start script that runs
 * later asks nothing.
 */
function headStart(path: string): Promise<Response> | undefined {
  const started = (window as StartedWindow).officeStart;
  if (started === undefined) (window as StartedWindow).officeStart = null;
  const response = started?.calls[path];
  if (!response || Date.now() - started.at >= EARLY_FOR_MS) return undefined;
  delete started.calls[path];
  return response;
}

/** The JSON answer of a GET started early, read without taking it from the screen that will ask for it. */
export async function earlyAnswer(path: string): Promise<unknown> {
  const started = early.get(path);
  const answer = await started?.copy;
  return answer?.ok ? answer.json() : undefined;
}

/** Forgets GETs started early: after signing in or out, their answers were for someone else. */
export function forgetEarly() {
  early.clear();
  (window as StartedWindow).officeStart = null;
}

function takeEarly(method: string, path: string): Promise<Response> | undefined {
  const started = method === 'GET' ? early.get(path) : undefined;
  if (!started) return undefined;
  early.delete(path);
  return Date.now() - started.at < EARLY_FOR_MS ? started.response : undefined;
}

/**
 * The one place that talks to the server: JSON in and out, the guard header that lets a call
 * change data, errors turned into ApiError, and 401 handled once. The answer is decoded by the
 * `response` schema of the contract (money in paise, months 1-12), as the server encoded it.
 */
async function request<T>(
  method: string,
  url: string,
  options: { query?: Query; body?: unknown; response: z.ZodType } & CallOptions,
): Promise<T> {
  const path = withQuery(url, options.query);
  const kept = method === 'GET' && isKeptRead(path);
  let response: Response;
  try {
    response = await (takeEarly(method, path) ?? send(method, path, options));
  } catch {
    // No signal: a read the collector's screens make answers what it last showed (docs/rules.md section 20).
    const text = kept ? await answerWithoutServer(path) : undefined;
    if (text === undefined) throw new ApiError(0);
    const data: unknown = JSON.parse(text);
    return options.response.parse(data) as T;
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (kept && response.ok) await rememberAnswer(path, text, Boolean((data as { user?: unknown } | undefined)?.user));
  else serverAnswered();
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ErrorBody>;
    if (response.status === 401 && !url.startsWith('/auth/')) onUnauthorized();
    const message = typeof body.message === 'string' ? body.message.trim() : '';
    throw new ApiError(response.status, message, Array.isArray(body.errors) ? body.errors : []);
  }
  return options.response.parse(data) as T;
}

/**
 * Calls as the contract describes them: `response` decodes the answer. Values sent are on the
 * wire already: a form's own values, or `z.encode(schema, value)` where the wire differs (months).
 */
export const call = {
  get: <S extends z.ZodType>(url: string, response: S, query?: Query) =>
    request<z.output<S>>('GET', url, { query, response }),
  /** A GET that changes data (kept as GET by the spec). */
  getAction: <S extends z.ZodType>(url: string, response: S) => request<z.output<S>>('GET', url, { response }),
  post: <S extends z.ZodType>(url: string, response: S, body?: unknown, options?: CallOptions) =>
    request<z.output<S>>('POST', url, { ...options, body, response }),
  put: <S extends z.ZodType>(url: string, response: S, body?: unknown, options?: CallOptions) =>
    request<z.output<S>>('PUT', url, { ...options, body, response }),
  patch: <S extends z.ZodType>(url: string, response: S, body?: unknown, options?: CallOptions) =>
    request<z.output<S>>('PATCH', url, { ...options, body, response }),
  delete: <S extends z.ZodType>(url: string, response: S, body?: unknown, options?: CallOptions) =>
    request<z.output<S>>('DELETE', url, { ...options, body, response }),
};

/**
 * A new random key for a call that records money (`Idempotency-Key`). `crypto.randomUUID` exists
 * only on https and localhost; served over plain HTTP on a LAN, the key is built from
 * `crypto.getRandomValues` in the same UUID v4 form.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The most rows one list call gives: a screen reading its whole list (an export) asks this many at a time. */
const WHOLE_LIST_PAGE_SIZE = 1000;

/** A page of a list call: `offset` is the page number, from 1. */
export type PageWindow = { limit: number; offset: number };

/** Every page of a list call with the same filters, in order: the whole list behind a paged screen. */
export async function everyPage<P extends { totalPages: number }, R>(
  fetchPage: (window: PageWindow) => Promise<P>,
  rowsOf: (page: P) => readonly R[],
): Promise<R[]> {
  const rows: R[] = [];
  for (let offset = 1; ; offset++) {
    const page = await fetchPage({ limit: WHOLE_LIST_PAGE_SIZE, offset });
    rows.push(...rowsOf(page));
    if (offset >= page.totalPages) return rows;
  }
}
