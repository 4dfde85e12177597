/**
 * Tells a dependency outage (PostgreSQL or Redis unreachable, a connection dropped, the server
 * shutting down) from any other failure: an outage answers HTTP 503 so monitoring and load
 * balancers see it, anything else 500. Either way the caller gets a generic message and the
 * request id; the detail goes only to the log.
 */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
const pgOutage = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const outageMessages = [
  /Connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Connection is closed/i,
  /enableOfflineQueue/i,
  /Reached the max retries per request/i,
  /Stream isn't writeable/i,
];

export function isDependencyOutage(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown; originalError?: unknown };
  if (typeof e.code === 'string' && (networkCodes.has(e.code) || pgOutage.test(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && outageMessages.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDependencyOutage(x, depth + 1))) return true;
  return isDependencyOutage(e.cause, depth + 1) || isDependencyOutage(e.originalError, depth + 1);
}

/** The HTTP status of a server-side failure. */
export function failureStatus(err: unknown): 500 | 503 {
  return isDependencyOutage(err) ? 503 : 500;
}
