/**
 * The database cannot be reached right now (PostgreSQL restarting, a backend terminated, the
 * network to it down). Not the caller's fault and not a bug: the HTTP edge answers 503 with
 * Retry-After, and the pool reconnects on the next request. The write that met it was not
 * acknowledged, so the client may retry it.
 */
export class DatabaseUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super('The database is unavailable; try again shortly', { cause });
  }
}

/** Seconds a client should wait before retrying: a PostgreSQL restart takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// SQLSTATE classes and codes that mean "the connection or server is gone", not "your query is
// wrong": 08 connection exception, 57P01–57P03 admin/crash shutdown and "cannot connect now",
// 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function isConnectionLoss(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  // node-postgres reports a socket closed under it, and its own connect timeout, by message only.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
    err.message,
  );
}
