/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong" or "the code is wrong": the server is down or restarting, a connection was cut, or it
 * refuses new sessions. A request that meets one is answered 503 with Retry-After:
 * nothing was acknowledged, and trying again shortly will work once PostgreSQL is back.
 */

/** Socket-level failures (Node's codes) on the way to the database. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up), 53300 too_many_connections, 57014
 * query_canceled (the pools' statement_timeout: a database too slow to answer in time).
 */
const sqlStates = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres says when a connection ends under a query or cannot be had in time. */
const pgMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  // The pools' query_timeout: the server did not answer at all (stalled, frozen, unreachable).
  /^Query read timeout/,
];

function matches(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (networkCodes.has(code) || sqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return pgMessages.some((pattern) => pattern.test(message));
}

/** True when the error, or one it wraps (`cause`, an AggregateError's `errors`), is an outage. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (matches(e)) return true;
  if (e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** Seconds a client should wait before trying again during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const databaseUnavailableDetail =
  'The service is briefly unavailable (its database cannot be reached). Nothing was saved; please try again in a few seconds.';

/**
 * An append the database may have stored (the store's AppendOutcomeUnknownError: the connection
 * failed after it was sent, or it committed and the wait for the disk failed). Also a 503 with
 * Retry-After, but never "nothing was saved".
 */
export function isAppendOutcomeUnknown(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AppendOutcomeUnknownError';
}

export const appendOutcomeUnknownDetail =
  'The service is briefly unavailable, and it could not confirm that your change was saved: it may have been. Please try again in a few seconds; a retry with the same Idempotency-Key is never saved twice.';
