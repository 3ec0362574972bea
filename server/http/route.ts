import type { Context } from 'hono';
import type * as v from 'valibot';
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

/** A success answer that is a file rather than JSON: the media types it may have. */
export interface FileAnswer {
  file: readonly [string, ...string[]];
}
export const fileAnswer = (...mediaTypes: [string, ...string[]]): FileAnswer => ({ file: mediaTypes });
export const isFileAnswer = (answers: v.GenericSchema | FileAnswer | undefined): answers is FileAnswer => !!answers && 'file' in answers;

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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request body as read (within the route's size limit), for a route's own body parsers. */
export interface RawBody {
  bytes: Uint8Array;
  /** The whole `Content-Type` header (a multipart body's boundary is in it). */
  contentType: string;
  text(): string;
}

interface Common<P, Q, B> {
  method: Method;
  /** Hono path under /api, e.g. `/members/memberId/:id`. */
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
}

export interface TenantRoute<P = unknown, Q = unknown, B = unknown> extends Common<P, Q, B> {
  access: MemberAccess;
  /**
   * Moves money: honours an `Idempotency-Key` header (server/http/idempotency.ts), so the same
   * request sent again answers the first result instead of taking effect twice.
   */
  idempotent?: boolean;
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

/** A route's params, query or body schema (none: undefined). */
type Schema = v.GenericSchema | undefined;

/** Typed helpers: the schemas given infer the handler's params, query and body. */
export const route = <P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(def: TenantRoute<P, Q, B>) => def as RouteDef;
export const publicRoute = <P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined, C = undefined>(def: PublicRoute<P, Q, B, C>) =>
  def as RouteDef;
export const platformRoute = <P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(def: PlatformRoute<P, Q, B>) => def as RouteDef;

export const isStateChanging = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
