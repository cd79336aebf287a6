/**
 * Errors that mean "a store we depend on is not answering right now" rather than "this request
 * is wrong" or "our code is wrong": a connection pool that waited too long for a free
 * connection, a PostgreSQL that refuses or is shutting down, a Redis whose connection is closed.
 * The caller gets 503 with Retry-After (try again shortly), not 500.
 */

/** Socket-level codes of a store that cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting connections yet:
 * admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of pg's pool and of ioredis (neither sets a code for these). */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg Pool: connectionTimeoutMillis passed
  'Connection terminated', // pg: the server closed the connection mid-query
  // pg: a statement sent on a connection the server ended since the last one (a transaction's next
  // statement during a PostgreSQL fast shutdown), or on one already closed
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection is closed', // ioredis: the connection was ended (disconnect, or reconnection given up)
  "Stream isn't writeable", // ioredis: not connected (yet or again) and the offline queue is off
  'Reached the max retries per request limit', // ioredis: MaxRetriesPerRequestError
];

export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // An error that already carries a 4xx is about the request, whatever its code: a caller that
  // hangs up mid-body is an ECONNRESET too (Fastify's 400), and no store is at fault.
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) {
    return true;
  }
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // AggregateError (net's happy eyeballs) and wrapped errors carry the cause underneath.
  const nested = (error as { errors?: unknown[] }).errors ?? [];
  return [error.cause, ...nested].some((inner) => inner !== error && isDependencyUnavailable(inner));
}

/** How long a caller should wait before trying again, in seconds. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;
