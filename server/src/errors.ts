import { STALE_RECORD } from '@dairy/contract';

/** An error whose message a person may read: 400, 404 or 409 (docs/rules.md section 2). */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, path?: string) =>
  new AppError(400, message, path ? [{ path, message }] : undefined);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const staleRecord = () => new AppError(409, STALE_RECORD);

/** What a lookup found, or a 404 with `message` when it found nothing. */
export async function orNotFound<T>(lookup: Promise<T | undefined>, message: string): Promise<T> {
  const found = await lookup;
  if (found === undefined) throw notFound(message);
  return found;
}
