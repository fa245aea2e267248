import { describe, expect, it } from 'vitest';
import { EngineUnavailableError } from './embedded';
import { isDatabaseUnavailable, isDiskFull, isReadOnly, pgErrorCode } from './faults';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As drizzle reports a failed query: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: …'), { cause });

describe('database faults by their errors', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', wrapped(withCode('ECONNRESET'))],
    ['ended by an administrator (57P01)', wrapped(withCode('57P01', 'terminating connection'))],
    ['the server is starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', wrapped(withCode('08006'))],
    ['a connection lost mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['the embedded engine stopped', wrapped(new EngineUnavailableError('The embedded database stopped.'))],
  ])('%s: the database is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDiskFull(error)).toBe(false);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['division by zero', wrapped(withCode('22012'))],
    ['an error of our own', new Error('Connection details are wrong')],
    ['nothing', undefined],
  ])('%s: not a fault of the database', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDiskFull(error)).toBe(false);
  });

  it('a full disk: PostgreSQL 53100 (both engines) or the file system ENOSPC', () => {
    expect(isDiskFull(wrapped(withCode('53100', 'could not extend file')))).toBe(true);
    expect(isDiskFull(withCode('ENOSPC'))).toBe(true);
  });

  it('a read-only database: 25006', () => {
    expect(isReadOnly(wrapped(withCode('25006')))).toBe(true);
    expect(isReadOnly(wrapped(withCode('23505')))).toBe(false);
  });

  it('the SQLSTATE of a failed query, never an errno code', () => {
    expect(pgErrorCode(wrapped(withCode('23503')))).toBe('23503');
    expect(pgErrorCode(withCode('P0001'))).toBe('P0001');
    expect(pgErrorCode(wrapped(withCode('EPIPE')))).toBeUndefined();
    expect(pgErrorCode(new Error('no code'))).toBeUndefined();
  });
});
