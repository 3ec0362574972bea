import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { can, canAny } from '../src/api/permissions';
import { authenticate, authenticateOperator, sessionAuth, sessionOpening, sessionToken, touchSession, type AuthContext, type OperatorContext, type SessionRow } from './auth/session';
import type { AppServices } from './services';
import type { Tx } from './db/client';
import { rememberTimeZone, rememberTransactionStart, systemClock } from './db/clock';
import { planGenerically } from './db/prepared';
import { ApiError, fromDatabaseError, invalidField, issue } from './http/errors';
import { openApiDocument } from './http/openapi';
import { claimKey, idempotencyKeyOf, rememberAnswer, requestHash } from './http/idempotency';
import { REPLAYED_HEADER } from '../src/api/common/idempotency';
import { logRequestFailure, requestIdFor, type LogEnv } from './log';
import { normalOrigin, serverOrigin } from './http/origin';
import { parseQuery } from './http/query';
import { isStateChanging, permissionName, type PlatformRoute, type PublicRoute, type RouteDef, type TenantRoute, type UploadedFile } from './http/route';
import { validate } from './http/validate';

const DEFAULT_MAX_BODY = 1024 * 1024;

/**
 * Cross-site safety for every state-changing call: the client's header, and no foreign Origin. An
 * Origin is ours only with the same scheme, host and port (`http://office.example` is not
 * `https://office.example`), or when ALLOWED_ORIGINS names it.
 */
function assertSameSite(c: Context, services: AppServices) {
  if (!isStateChanging(c.req.method)) return;
  if (!c.req.header('x-requested-with')) {
    throw new ApiError(403, 'CSRF_REJECTED', 'Request refused: the X-Requested-With header is missing');
  }
  const origin = c.req.header('origin');
  if (origin === undefined) return;
  const theirs = normalOrigin(origin);
  const ours = serverOrigin(c, services.config.trustProxy);
  if (!theirs || (theirs !== ours && !services.config.allowedOrigins.includes(theirs))) {
    throw new ApiError(403, 'CSRF_REJECTED', 'Request refused: it comes from another site');
  }
}

const tooLarge = (max: number) => new ApiError(413, 'BODY_TOO_LARGE', `The request body is larger than ${max} bytes`, undefined, undefined, { max });

async function readBody(c: Context, def: RouteDef): Promise<unknown> {
  const length = Number(c.req.header('content-length') ?? 0);
  const max = def.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (length > max) throw tooLarge(max);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > max) throw tooLarge(max);
  const contentType = c.req.header('content-type') ?? '';
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  let decoded: string | undefined;
  const text = () => (decoded ??= new TextDecoder().decode(bytes));
  if (mediaType !== 'multipart/form-data' && text().trim() === '') return undefined;
  const parse = def.bodyParsers?.[mediaType];
  if (parse) return parse({ bytes, contentType, text });
  // A body is JSON only when it says so: `text/plain` (which a cross-site form may send without
  // asking first) or no type at all is not read as JSON. Multipart forms go through readForm.
  if (mediaType !== 'application/json') {
    const accepted = ['application/json', ...Object.keys(def.bodyParsers ?? {}), ...(def.multipart ? ['multipart/form-data'] : [])].join(', ');
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `The body must be one of: ${accepted}`, undefined, undefined, { accepted });
  }
  try {
    return JSON.parse(text());
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON', [issue('body', 'invalidJson', 'is not valid JSON')]);
  }
}

/** A multipart form: text fields as the body to validate (repeated ones as lists), files apart. */
async function readForm(c: Context, def: RouteDef): Promise<{ raw: unknown; files: UploadedFile[] }> {
  const max = def.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const length = c.req.header('content-length');
  // The size is known before anything is read: a form without one is refused rather than read whole.
  if (length === undefined) throw new ApiError(411, 'LENGTH_REQUIRED', 'A multipart request needs a Content-Length');
  if (Number(length) > max) throw tooLarge(max);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError(400, 'INVALID_FORM', 'The request body is not a valid multipart form', [issue('body', 'invalidForm', 'is not a valid multipart form')]);
  }
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      const had = fields[name];
      fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    } else if (name === def.multipart?.files) {
      files.push({ name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
    } else {
      throw invalidField(name, 'unknownField', 'is not a known field');
    }
  }
  return { raw: fields, files };
}

const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** What an Idempotency-Key's request is: the body, and the files' contents when a form carried some. */
const keyedRequest = (raw: unknown, files: UploadedFile[]) =>
  files.length ? { body: raw, files: files.map((f) => ({ name: f.name, type: f.type, sha256: crypto.createHash('sha256').update(f.bytes).digest('hex') })) } : raw;

const CORS_HEADERS = (def: RouteDef) => ({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': def.method,
  'Access-Control-Allow-Headers': 'Content-Type, X-Lead-Secret',
  'Access-Control-Max-Age': '600',
});

/** 403 unless the caller may use the route (and, for a state-changing call, the subscription allows writes). */
function admit(def: RouteDef, auth: AuthContext): AuthContext {
  if (def.access.kind === 'permission') {
    const { module, action } = def.access;
    if (!can(auth.role.permissions, module, action)) {
      throw new ApiError(403, 'FORBIDDEN', `You do not have the permission ${module}.${action}`, undefined, undefined, { module, action });
    }
  }
  if (def.access.kind === 'anyPermission' && !canAny(auth.role.permissions, def.access.of)) {
    throw new ApiError(403, 'FORBIDDEN', `You do not have any of the permissions ${permissionName(def.access)}`, undefined, undefined, { anyOf: def.access.of.map((g) => `${g.module}.${g.action}`) });
  }
  if (def.access.kind === 'permission' || def.access.kind === 'anyPermission') {
    if (auth.readOnly && isStateChanging(def.method)) {
      throw auth.readOnly === 'cancelled'
        ? new ApiError(403, 'SUBSCRIPTION_CANCELLED', 'The subscription was cancelled: the organization is read-only until it is renewed')
        : new ApiError(403, 'SUBSCRIPTION_READ_ONLY', 'The subscription has expired: the organization is read-only until it is renewed');
    }
  }
  return auth;
}

/**
 * The platform operator calling a platform route: 401 without an operator's session, 403 when the
 * caller is signed in as a member instead (an organization's member never uses the parent service).
 */
async function admitOperator(c: Context, services: AppServices): Promise<OperatorContext> {
  try {
    return await authenticateOperator(c, services);
  } catch (noOperator) {
    const member = await authenticate(c, services).catch(() => undefined);
    if (member) throw new ApiError(403, 'PLATFORM_ONLY', 'Only platform operators may use the platform service');
    throw noOperator;
  }
}

function mount(api: Hono<LogEnv>, prefix: string, def: RouteDef, services: AppServices) {
  const { database, config } = services;
  if (def.crossSite) {
    // The browser's preflight before a cross-site call (a website's form): any origin may call.
    api.options(def.path, (c) => c.body(null, 204, CORS_HEADERS(def)));
  }
  api.on(def.method, def.path, async (c) => {
    c.set('route', prefix + def.path);
    if (def.crossSite) for (const [k, v] of Object.entries(CORS_HEADERS(def))) c.header(k, v);
    else assertSameSite(c, services);
    // Who is calling comes before what they sent: 401 and 403 never depend on the input, so the
    // input is validated only once the caller is admitted.
    const params = () => (def.params ? validate(def.params, c.req.param(), 'params') : undefined);
    const query = () => (def.query ? validate(def.query, parseQuery(new URL(c.req.url).searchParams), 'query') : undefined);
    const body = async () => (def.body ? validate(def.body, await readBody(c, def), 'body') : undefined);
    /**
     * A member's request in one transaction whose first round trip reads the session and scopes the
     * transaction to the caller's organization (server/auth/session.ts sessionOpening); the session's
     * last use is touched after it, on the pool, so a request never holds two connections at once (a
     * failed touch is tried again at the next request and never fails this one).
     */
    const asMember = async (work: (tx: Tx, auth: AuthContext) => Promise<unknown>) => {
      let touch: string | undefined;
      try {
        const genericPlans = (def as TenantRoute).genericPlans ?? false;
        return await database.transaction(sessionOpening(sessionToken(c), { genericPlans }), async (tx, [session, scoped]) => {
          const found = sessionAuth(session.rows[0] as SessionRow | undefined, config);
          rememberTimeZone(tx, found.auth.timeZone);
          if (genericPlans) planGenerically(tx);
          rememberTransactionStart(tx, (scoped.rows[0] as { now?: string } | undefined)?.now);
          if (found.touch) touch = found.auth.sessionId;
          return work(tx, admit(def, found.auth));
        }, { nameStatements: isStateChanging(def.method) });
      } finally {
        if (touch) await touchSession(database.db, touch).catch(() => {});
      }
    };
    let result: unknown;
    if (def.access.kind === 'public') {
      const pub = def as PublicRoute<unknown, unknown, unknown, unknown>;
      const caller = pub.identify ? await pub.identify(c, services) : undefined;
      result = await pub.handler({ params: params(), query: query(), body: await body(), caller, services, c });
    } else if (def.access.kind === 'operator') {
      const operator = await admitOperator(c, services);
      const input = { params: params(), query: query(), body: await body() };
      result = await database.asPlatform((tx) => (def as PlatformRoute).handler({ ...input, tx, operator, services, c }));
    } else if (!def.body) {
      // No body to wait for: one round trip opens the transaction, reads the session and makes the
      // transaction the caller's organization's (server/auth/session.ts sessionOpening).
      result = await asMember((tx, auth) => (def as TenantRoute).handler({ params: params(), query: query(), body: undefined, files: [], tx, auth, services, c }));
    } else {
      // A body is read before the transaction starts, so a slow upload holds no connection; then
      // the same one round trip as above. What the body's reading refused (too large, not JSON, a
      // bad form) is answered only once the caller is admitted: 401 and 403 never depend on the input.
      const read = await (def.multipart && isMultipart(c) ? readForm(c, def) : readBody(c, def).then((raw) => ({ raw, files: [] as UploadedFile[] }))).then(
        (ok) => ({ ok }),
        (refused: unknown) => ({ refused }),
      );
      const tenant = def as TenantRoute;
      result = await asMember(async (tx, auth) => {
        if ('refused' in read) throw read.refused;
        const { raw, files } = read.ok;
        const input = { params: params(), query: query(), body: validate(def.body, raw, 'body'), files };
        const key = tenant.idempotent ? idempotencyKeyOf(c) : undefined;
        if (!key) return tenant.handler({ ...input, tx, auth, services, c });
        const claim = await claimKey(tx, key, requestHash(def.method, new URL(c.req.url).pathname, keyedRequest(raw, files)), config.idempotencyWaitMs);
        if (claim.kind === 'replay') return c.json(claim.body as object, claim.status as 200, { [REPLAYED_HEADER]: 'true' });
        const answer = await tenant.handler({ ...input, tx, auth, services, c });
        await rememberAnswer(tx, key, def.status ?? 200, answer);
        return answer;
      });
    }
    if (result instanceof Response) return result;
    return c.json(result as object, def.status ?? 200);
  });
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // PrimeReact positions overlays with inline styles.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The interactive API reference (Scalar's standalone script, served from the installed package: no
 * CDN). It fits the app's CSP as it is: scripts from this origin only, its styles inline (allowed
 * already for PrimeReact), no fonts, telemetry or AI helper from elsewhere (turned off here, and the
 * CSP's `connect-src 'self'` would refuse them anyway); its try-it client calls this origin.
 */
const REFERENCE_SCRIPT = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Travel back office API</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${JSON.stringify({ withDefaultFonts: false, showDeveloperTools: 'never', agent: { disabled: true }, telemetry: false, metaData: { title: 'Travel back office API' } })}'></script>
    <script src="/api/docs/reference.js"></script>
  </body>
</html>`;

function mountReference(app: Hono<LogEnv>, registry: { api: RouteDef[]; platform: RouteDef[] }) {
  let spec: object | undefined;
  let script: string | undefined;
  app.get('/api/openapi.json', (c) => c.json((spec ??= openApiDocument(registry))));
  app.get('/api/docs', (c) => c.html(REFERENCE_PAGE));
  app.get('/api/docs/reference.js', (c) => {
    script ??= fs.readFileSync(REFERENCE_SCRIPT, 'utf8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
}

/** Powerful browser features the app never uses: no page of ours (or injected into it) may ask for them. */
const PERMISSIONS_POLICY = Object.fromEntries(
  ['accelerometer', 'autoplay', 'camera', 'displayCapture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'publickeyCredentialsGet', 'serial', 'usb', 'xrSpatialTracking'].map((f) => [f, [] as string[]]),
);

export function createApp(services: AppServices, registry: { api: RouteDef[]; platform: RouteDef[] }): Hono<LogEnv> {
  // Only a test moves the day: anywhere else a clock other than the system's is a mistake.
  if (services.clock !== systemClock && services.config.env !== 'test') throw new Error('a settable clock runs only under a test configuration');
  const app = new Hono<LogEnv>();
  // Every answer names its request, and the error log names it too: a user's report can be found.
  app.use('*', async (c, next) => {
    const id = requestIdFor(services.config.trustProxy ? c.req.header('x-request-id') : undefined);
    c.set('requestId', id);
    await next();
    // On the answer's own headers, as secureHeaders does: c.header() after the answer is made
    // rebuilds it in @hono/node-server from its first headers, dropping what was set meanwhile.
    c.res.headers.set('X-Request-Id', id);
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: CSP,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: 'max-age=15552000; includeSubDomains',
      permissionsPolicy: PERMISSIONS_POLICY,
    }),
  );

  app.onError((caught, c) => {
    const err = fromDatabaseError(caught) ?? caught;
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(err.body(), err.status);
    }
    logRequestFailure(c, err);
    return c.json({ message: 'An unexpected error occurred.', code: 'INTERNAL' }, 500);
  });

  mountReference(app, registry);
  for (const [prefix, routes] of [
    ['/api', registry.api],
    ['/platform', registry.platform],
  ] as const) {
    const sub = new Hono<LogEnv>();
    // API answers carry members' and customers' data: no browser or proxy keeps a copy, unless a
    // route deliberately says otherwise with its own Cache-Control.
    sub.use('*', async (c, next) => {
      await next();
      if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
    });
    for (const def of routes) mount(sub, prefix, def, services);
    sub.all('*', (c) => c.json({ message: `No route ${c.req.method} ${new URL(c.req.url).pathname}`, code: 'NOT_FOUND' }, 404));
    app.route(prefix, sub);
  }

  const dist = services.config.webDist;
  if (dist && fs.existsSync(path.join(dist, 'index.html'))) {
    const root = path.relative(process.cwd(), dist) || '.';
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('*', serveStatic({ root }));
    // A file the build does not have is missing, not a page of the app (a stale or mistyped chunk
    // must fail loudly, not load HTML as a script).
    app.get('/assets/*', (c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    // History fallback: any other page path is the single-page app.
    const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    });
  }
  app.notFound((c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
  return app;
}
