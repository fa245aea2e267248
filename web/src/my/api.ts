import type { MyChangeBody, myPageResponse } from '@dairy/contract';
import type { z } from 'zod';

/*
 * The page's calls (docs/rules.md section 19). The token in the address is the only credential:
 * no cookie is sent (`credentials: 'omit'`), so a staff session in the same browser changes
 * nothing. Answers are read as the wire sends them (rupees, quantities as numbers), without the
 * contract's schemas, which would cost the page more than it is allowed to weigh.
 */

/** GET /api/my/:token as it travels. */
export type PageData = z.input<typeof myPageResponse>;
export type PageChange = PageData['changes'][number];
export type PageConsumption = PageData['consumptions'][number];
export type PageStatement = PageData['statement'];
export type PageMonth = PageData['months'][number];

/** An answer other than 2xx: its status and the server's message. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The page's calls under `/api/my/{token}`, the token the address `/my/{token}` holds. */
const base = () => `/api/my/${location.pathname.split('/')[2] ?? ''}`;

function send(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-requested-with'] = 'fetch';
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base()}${path}`, {
    method,
    headers,
    credentials: 'omit',
    cache: 'no-store',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  return answerOf<T>(await send(method, path, body));
}

async function answerOf<T>(response: Response): Promise<T> {
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new CallError(response.status, typeof answer.message === 'string' ? answer.message : '');
  return answer as T;
}

type StartedWindow = { myPageAnswer?: Promise<Response> | null };

/**
 * The first read of the page, asked for by my-start.js before the scripts ran; taken once. Marked
 * taken either way, so a my-start.js that runs later does not ask again.
 */
function startedRead(): Promise<Response> | undefined {
  const started = (window as StartedWindow).myPageAnswer ?? undefined;
  (window as StartedWindow).myPageAnswer = null;
  return started;
}

export const myApi = {
  page: async () => answerOf<PageData>(await (startedRead()?.catch(() => send('GET', '')) ?? send('GET', ''))),
  addChange: (body: MyChangeBody) => call<{ change: PageChange }>('POST', '/changes', body),
  endChange: (changeId: number, toDate: string) =>
    call<{ change: PageChange }>('PUT', `/changes/${changeId}`, { toDate }),
  deleteChange: (changeId: number) => call<{ deleted: 1 }>('DELETE', `/changes/${changeId}`),
  statement: (month: number, year: number) => call<unknown>('GET', `/statement?month=${month}&year=${year}`),
};
