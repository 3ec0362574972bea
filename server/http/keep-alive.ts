import type { Server } from 'node:http';

/**
 * How long the server keeps an idle connection open for the client's next request. Node's 5 s
 * default races clients that reuse a connection near that age (their write meets the server's
 * close: EPIPE, a request lost before it was read); a minute outlasts the idle timeouts of the
 * proxies and load balancers commonly in front (60 s), as their documentation asks of a backend.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Applies {@link KEEP_ALIVE_MS} to a listening server (its headers' time-out just above, as Node requires). */
export function keepConnections(server: unknown): void {
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/**
 * Stops taking connections and resolves once the open ones are done. Idle kept connections close
 * now; one still answering a request finishes it, and whatever is left after `graceMs` (a
 * connection that went idle after the close began and would otherwise wait out
 * {@link KEEP_ALIVE_MS}) is closed then.
 */
export function stopServing(server: unknown, graceMs: number): Promise<void> {
  const http = server as Server;
  return new Promise<void>((resolve) => {
    http.close(() => {
      clearTimeout(timer);
      resolve();
    });
    http.closeIdleConnections();
    const timer = setTimeout(() => http.closeAllConnections(), graceMs);
    timer.unref();
  });
}
