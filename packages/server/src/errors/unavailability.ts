// What a request needs but cannot have right now: the database, the object store, disk space.
// Such a failure is the service's, not the request's, and passes: 503, try again later.

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const fullCodes = new Set(['ENOSPC', 'EDQUOT']);
// PostgreSQL: connection exceptions (class 08), shutting down or starting up, no free connection.
const databaseCodes = /^(08...|57P0[123]|53300)$/;
const lostConnection =
  /^Connection terminated|not queryable|^timeout exceeded when trying to connect/;

function reasonOf(error: { code?: unknown; message?: unknown }): string | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (fullCodes.has(code)) return 'no space left in the file store';
  if (unreachableCodes.has(code)) return `a service it depends on is unreachable (${code})`;
  if (databaseCodes.test(code)) return `the database is unavailable (${code})`;
  if (typeof error.message === 'string' && lostConnection.test(error.message))
    return 'the connection to the database was lost';
  return null;
}

/** Why the error is an outage rather than a fault of the request, or null when it is not one. */
export function unavailabilityOf(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (typeof cause !== 'object') return null;
    const reason = reasonOf(cause);
    if (reason) return reason;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
