/** SQLSTATEs that say the connection, not the statement, failed: the server shut down, crashed, is starting, or the link broke. */
const LOST_CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '08000', '08001', '08003', '08004', '08006', '08007', '08P01']);
/** Node's errors for a connection refused, reset or out of reach. */
const LOST_CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** node-postgres's own words for a connection that ended or never came (they carry no code). */
const LOST_CONNECTION_MESSAGE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether an error (or what it wraps: Drizzle wraps the driver's) means the database could not be
 * reached or dropped the connection (a restart, a failover, a network drop, a terminated backend),
 * as opposed to a statement it refused. Such a request answers 503 and can be tried again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (LOST_CONNECTION_STATES.has(e.code) || LOST_CONNECTION_ERRNOS.has(e.code))) return true;
    // A Unix socket whose file is gone: the embedded PostgreSQL is stopped or restarting.
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
    if (typeof e.message === 'string' && LOST_CONNECTION_MESSAGE.test(e.message)) return true;
    // A refused connection to a name with several addresses is an AggregateError of each refusal.
    if (Array.isArray(e.errors) && e.errors.length && e.errors.every((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}
