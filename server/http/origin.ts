import type { Context } from 'hono';

const first = (header: string | undefined) => header?.split(',')[0]?.trim().toLowerCase() || undefined;

/**
 * Whether the browser reached us over HTTPS: a TLS connection to this process, or, behind a proxy
 * we trust (TRUST_PROXY), the scheme the client-facing proxy reports (the first X-Forwarded-Proto).
 * Behind a TLS proxy that is not trusted, nothing tells us; see the README's deployment notes.
 */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = first(c.req.header('x-forwarded-proto'));
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** Scheme, host and port the browser used to reach this server, e.g. `https://office.example` (no default port). */
export function serverOrigin(c: Context, trustProxy: boolean): string {
  const host = (trustProxy && first(c.req.header('x-forwarded-host'))) || c.req.header('host') || new URL(c.req.url).host;
  try {
    return new URL(`${isHttps(c, trustProxy) ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return '';
  }
}

/** An Origin header in the same form as {@link serverOrigin}; '' when it is not an http(s) origin (`null`, garbage). */
export function normalOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : '';
  } catch {
    return '';
  }
}
