import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AnyEndpoint, Endpoint, FileAnswer, Method } from '../../src/api/common/endpoint';
import type { Action, Grant, ModuleKey, Permissions, Visibility } from '../../src/api/permissions';
import type { Tx } from '../db/client';
import type { AppServices } from '../services';

/** A signed-in member calling a tenant route (server/auth/session.ts reads it from the session). */
export interface AuthContext {
  sessionId: string;
  memberId: string;
  organizationId: string;
  memberName: string;
  department: string;
  role: { id: string; name: string; isOwner: boolean; permissions: Permissions; visibility: Visibility };
  /** Why the organization may only read (src/api/platform/subscription.ts), or null. */
  readOnly: 'cancelled' | 'expired' | null;
  /** The organization's time zone as the session found it: the request's "today" is read in it (server/db/clock.ts). */
  timeZone: string;
}

/** A signed-in platform operator. */
export interface OperatorContext {
  sessionId: string;
  operatorId: string;
  name: string;
  email: string;
}

/**
 * Every route declares, in one place, who may call it. The registry of these definitions is what
 * the app mounts and what the tests enumerate (401 / 403 / 404 for every route).
 */
export type Access =
  | { kind: 'public' }
  /** Any signed-in member: self-service calls (my profile, my notifications). */
  | { kind: 'signedIn' }
  | { kind: 'permission'; module: ModuleKey; action: Action }
  /** Any one of several permissions (a narrow read several kinds of work need: `allowAny`). */
  | { kind: 'anyPermission'; of: readonly Grant[] }
  /** A platform operator (the parent service, `/platform`): never a member of an organization. */
  | { kind: 'operator' };

/** Who may call a tenant route: a member, signed in or with a permission. */
export type MemberAccess = Exclude<Access, { kind: 'public' } | { kind: 'operator' }>;

export const PUBLIC = { kind: 'public' } as const;
export const OPERATOR = { kind: 'operator' } as const;
export const SIGNED_IN = { kind: 'signedIn' } as const;
export const allow = (module: ModuleKey, action: Action) => ({ kind: 'permission', module, action }) as const;
export const allowAny = (grants: readonly Grant[]) => ({ kind: 'anyPermission', of: grants }) as const;

/** The permission a route asks, as the API reference (`x-permission`) and a 403 name it: `vendors.view`, `a.create | b.update`. */
export function permissionName(access: Access): string {
  if (access.kind === 'permission') return `${access.module}.${access.action}`;
  if (access.kind === 'anyPermission') return access.of.map((g) => `${g.module}.${g.action}`).join(' | ');
  return access.kind;
}

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** A file of a `multipart/form-data` request (a route's `multipart`). */
export interface UploadedFile {
  name: string;
  /** The media type the sender declared for it. */
  type: string;
  bytes: Buffer;
}

export { fileAnswer, isFileAnswer, type FileAnswer, type Method } from '../../src/api/common/endpoint';

export interface TenantContext<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The files of a multipart request, in the order sent; empty otherwise. */
  files: UploadedFile[];
  /** The request's transaction, scoped to the caller's organization by row-level security. */
  tx: Tx;
  auth: AuthContext;
  services: AppServices;
  c: Context;
}
export interface PlatformContext<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /**
   * The request's transaction as the platform role: it reads organizations, subscriptions and the
   * few member and role columns the platform answers with, changes subscriptions and creates
   * organizations; nothing else of a tenant's (server/migrate.ts).
   */
  tx: Tx;
  operator: OperatorContext;
  services: AppServices;
  c: Context;
}
export interface PublicContext<P, Q, B, C = undefined> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** What the route's `identify` answered. */
  caller: C;
  services: AppServices;
  c: Context;
}

/** A request body as read (within the route's size limit), for a route's own body parsers. */
export interface RawBody {
  bytes: Uint8Array;
  /** The whole `Content-Type` header (a multipart body's boundary is in it). */
  contentType: string;
  text(): string;
}

interface Common<P, Q, B> {
  /** The endpoint's method. */
  method: Method;
  /** The endpoint's pattern: the Hono path under /api, e.g. `/members/memberId/:id`. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 202;
  /** Largest accepted body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Bodies in other formats than JSON, by media type (e.g. `text/csv`, `multipart/form-data`):
   * each turns the raw body into the value `body` validates. Without one, every body is read as
   * JSON; with some, any other declared media type answers 415.
   */
  bodyParsers?: Record<string, (body: RawBody) => unknown>;
  /** The schema of one row of an import body (`{ rows }`): the rows are checked one by one by the import runner. */
  importRow?: v.GenericSchema;
  /**
   * The success answer: its schema, or `fileAnswer(…)` for a file (a PDF, an `.eml`). Documented in
   * the OpenAPI reference; the API tests check every answer against it.
   */
  answers?: v.GenericSchema | FileAnswer;
  /**
   * Also takes `multipart/form-data` (besides JSON): its text fields are the body `body` validates
   * (a field sent twice is a list) and the files of the field `files` reach the handler as `files`
   * (a file in any other field is a 400). `maxBodyBytes` bounds the whole request (413).
   */
  multipart?: { files: string };
  /**
   * Called by other sites (a website's lead form): authenticated by something other than the
   * session cookie, so the same-site check does not apply; answers carry CORS headers for any origin.
   */
  crossSite?: boolean;
  /** The contract's endpoint the route is declared from (its method, path, schemas): the route-paths test and the API reference read it. */
  endpoint: AnyEndpoint;
}

export interface TenantRoute<P = unknown, Q = unknown, B = unknown> extends Common<P, Q, B> {
  access: MemberAccess;
  /**
   * Moves money: honours an `Idempotency-Key` header (server/http/idempotency.ts), so the same
   * request sent again answers the first result instead of taking effect twice.
   */
  idempotent?: boolean;
  /**
   * Every statement of the request is planned generically (`plan_cache_mode`, set by the request's
   * first round trip: server/db/prepared.ts `withGenericPlan`): for reads whose statements are index
   * walks that cost more to plan than to run, planned once per connection (the work queue).
   */
  genericPlans?: boolean;
  handler: (ctx: TenantContext<P, Q, B>) => Promise<unknown>;
}
export interface PublicRoute<P = unknown, Q = unknown, B = unknown, C = undefined> extends Common<P, Q, B> {
  access: { kind: 'public' };
  /**
   * Who is calling, for a route authenticated by something other than the session (a secret in a
   * header): run before the input is read, so a refusal (401, 429) never depends on the input,
   * as for signed-in routes.
   */
  identify?: (c: Context, services: AppServices) => Promise<C>;
  handler: (ctx: PublicContext<P, Q, B, C>) => Promise<unknown>;
}
export interface PlatformRoute<P = unknown, Q = unknown, B = unknown> extends Common<P, Q, B> {
  access: { kind: 'operator' };
  handler: (ctx: PlatformContext<P, Q, B>) => Promise<unknown>;
}
export type RouteDef = TenantRoute<any, any, any> | PublicRoute<any, any, any, any> | PlatformRoute<any, any, any>;

/** What an endpoint declares, which a route declared from it does not repeat. */
type Declared = 'method' | 'path' | 'params' | 'query' | 'body' | 'answers' | 'status' | 'endpoint';
/* eslint-disable @typescript-eslint/no-explicit-any -- the endpoint's schemas, whatever they are */
type ParamsOf<E> = E extends Endpoint<any, any, infer S, any, any, any> ? S : undefined;
type QueryOf<E> = E extends Endpoint<any, any, any, infer S, any, any> ? S : undefined;
type BodyOf<E> = E extends Endpoint<any, any, any, any, infer S, any> ? S : undefined;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A route declared from its contract's endpoint: `route({ endpoint: bookingEndpoints.list, access, handler })`. */
export type EndpointRoute<E extends AnyEndpoint, R> = Omit<R, Declared> & { endpoint: E };

/** The route's method, path, schemas, answer and status, as its endpoint declares them. */
function declaredBy(def: { endpoint: AnyEndpoint }): RouteDef {
  const e = def.endpoint;
  const declared = { method: e.method, path: e.pattern, params: e.params, query: e.query, body: e.body, answers: e.answer, status: e.status };
  const defined = Object.fromEntries(Object.entries(declared).filter(([, x]) => x !== undefined));
  return { ...defined, ...def } as RouteDef;
}

/**
 * Every route is declared from its contract's endpoint (docs/architecture.md "Each endpoint
 * declared once"): the endpoint's schemas infer the handler's params, query and body.
 */
export function route<E extends AnyEndpoint>(def: EndpointRoute<E, TenantRoute<ParamsOf<E>, QueryOf<E>, BodyOf<E>>>): RouteDef {
  return declaredBy(def);
}
export function publicRoute<E extends AnyEndpoint, C = undefined>(def: EndpointRoute<E, PublicRoute<ParamsOf<E>, QueryOf<E>, BodyOf<E>, C>>): RouteDef {
  return declaredBy(def);
}
export function platformRoute<E extends AnyEndpoint>(def: EndpointRoute<E, PlatformRoute<ParamsOf<E>, QueryOf<E>, BodyOf<E>>>): RouteDef {
  return declaredBy(def);
}

export const isStateChanging = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
