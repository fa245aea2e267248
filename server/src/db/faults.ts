/** The error and its causes (drizzle wraps the driver's error in `cause`). */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current;
    current = current.cause as typeof current;
  }
}

const codes = (error: unknown) => [...causes(error)].map((e) => (typeof e.code === 'string' ? e.code : undefined));

/**
 * The PostgreSQL error code of a failed query (23505 unique, 23503 foreign key), wherever the driver
 * put it. SQLSTATE classes never start with E, so errno codes (EPIPE) are not taken for one.
 */
export function pgErrorCode(error: unknown): string | undefined {
  return codes(error).find((code) => code !== undefined && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(code));
}

/** Out of disk space: PostgreSQL's 53100 (both engines), or the file system's own ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  return codes(error).some((code) => code === '53100' || code === 'ENOSPC');
}

/** The database refuses writes (a read-only server or transaction): 25006. */
export function isReadOnly(error: unknown): boolean {
  return codes(error).includes('25006');
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENGINE_UNAVAILABLE',
]);
// Class 08 (connection exception); 57P01-57P03: terminated by an administrator, a crash, or the
// server is starting or stopping.
const unavailableSqlStates = /^(08...|57P0[1-3])$/;
// node-postgres reports a lost or unobtainable connection with a plain Error and no code.
const lostConnection =
  /^Connection terminated|not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout/;

/** The database cannot be reached (for now): the call can be tried again once it is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && (networkCodes.has(e.code) || unavailableSqlStates.test(e.code))) return true;
    if (e.code === undefined && typeof e.message === 'string' && lostConnection.test(e.message)) return true;
  }
  return false;
}
