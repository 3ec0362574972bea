import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { effectiveAccess, type Permissions, type Visibility } from '../../src/api/permissions';
import type { AuthContext, OperatorContext } from '../http/route';
import { readOnlyReason } from '../../src/api/platform/subscription';
import { platformOperators, platformSessions, sessions } from './schema';
import { ApiError } from '../http/errors';
import { isHttps } from '../http/origin';
import type { AppServices } from '../services';
import { hashToken, newToken } from './tokens';
import { TENANT_ROLE, type Db, type Tx } from '../db/client';
import { NOW_ISO_TEXT } from '../db/clock';

/**
 * Members' and platform operators' sessions follow the same rules, written once here: 256-bit
 * tokens of which only the SHA-256 is stored, idle and absolute time-outs, `last_seen_at` touched
 * at most once a minute, and an HttpOnly, SameSite=Lax cookie, Secure over HTTPS. They differ in
 * their table and their cookie: an operator's cookie has its own name and is sent only to
 * `/platform`, so neither kind of session ever stands for the other.
 */
export const SESSION_COOKIE = 'sid';
export const OPERATOR_COOKIE = 'psid';
interface CookieKind {
  name: string;
  path: string;
}
const MEMBER_SESSION: CookieKind = { name: SESSION_COOKIE, path: '/' };
const OPERATOR_SESSION: CookieKind = { name: OPERATOR_COOKIE, path: '/platform' };

// Touch last_seen_at at most once a minute: idle time-outs need no write per request.
const TOUCH_EVERY_MS = 60_000;

export type { AuthContext, OperatorContext } from '../http/route';

export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'Unauthorized! Please log in again.');

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** A row of session_open(): the session, its member, role and subscription. */
export interface SessionRow {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  memberId: string;
  memberName: string;
  department: string;
  organizationId: string;
  roleId: string;
  roleName: string;
  isOwner: boolean;
  permissions: Permissions;
  visibility: Visibility;
  subStatus: string | null;
  subPeriodEnd: string | null;
  /** The organization's date by its clock and time zone (server/db/clock.ts). */
  orgToday: string;
  /** The organization's time zone (IANA), remembered for the request's transaction (`rememberTimeZone`). */
  orgTimeZone: string;
}

/** The caller's token from the cookie; 401 when there is none. */
export function sessionToken(c: Context, kind: CookieKind = MEMBER_SESSION): string {
  const token = getCookie(c, kind.name);
  if (!token || token.length > 100) throw unauthorized();
  return token;
}

/**
 * Whether a session found is still alive (401 when absent, idle too long or past its absolute
 * end), and whether its `last_seen_at` is due to be written.
 */
function liveSession<R extends { lastSeenAt: Date; expiresAt: Date }>(row: R | undefined, config: AppServices['config']): { row: R; touch: boolean } {
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > config.sessionIdleMs) throw unauthorized();
  return { row, touch: now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS };
}

/**
 * The caller from a session row: 401 when absent, idle too long or past its absolute end. `touch`
 * says that `last_seen_at` is due to be written ({@link touchSession}).
 */
export function sessionAuth(found: SessionRow | undefined, config: AppServices['config']): { auth: AuthContext; touch: boolean } {
  const { row, touch } = liveSession(found, config);
  return {
    touch,
    auth: {
      sessionId: row.sessionId,
      memberId: row.memberId,
      organizationId: row.organizationId,
      memberName: row.memberName,
      department: row.department,
      role: {
        id: row.roleId,
        name: row.roleName,
        isOwner: row.isOwner,
        ...effectiveAccess(row),
      },
      readOnly: row.subStatus ? readOnlyReason(row.subStatus, row.subPeriodEnd!, row.orgToday) : null,
      timeZone: row.orgTimeZone,
    },
  };
}

/** Sessions are written outside any organization's transaction, through security-definer functions (server/migrate.ts). */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.execute(sql`select session_touch(${sessionId})`);
}

/**
 * The session look-up as SQL text for the first round trip of the request's transaction
 * (`Database.transaction`): session_open() (server/db/migrations/0004_performance.sql, as 0017_organization_clock.sql and 0034_session_time_zone.sql redefined it) answers the
 * {@link SessionRow} and sets the transaction's organization from it; then the tenant role. One
 * round trip authenticates and scopes the transaction. When no row matches, the organization stays
 * unset and the caller answers 401 (the transaction is rolled back). The second statement also
 * answers the transaction's `now()` (server/db/clock.ts `rememberTransactionStart`), and with
 * `genericPlans` makes every statement of the transaction planned generically (a route's
 * `genericPlans`: server/db/prepared.ts `withGenericPlan`).
 */
export function sessionOpening(token: string, { genericPlans = false } = {}): string {
  const plans = genericPlans ? `set_config('plan_cache_mode', 'force_generic_plan', true), ` : '';
  return `select * from session_open('${hashToken(token)}'); select set_config('role', '${TENANT_ROLE}', true), ${plans}${NOW_ISO_TEXT} as now`;
}

/** Loads the caller's session; 401 when absent, revoked, idle too long or past its absolute end. */
export async function authenticate(c: Context, { database, config }: AppServices): Promise<AuthContext> {
  const token = sessionToken(c);
  // Outside a transaction, the organization session_open() sets ends with this statement.
  const { rows } = await database.pool.query<SessionRow>('select * from session_open($1)', [hashToken(token)]);
  const { auth, touch } = sessionAuth(rows[0], config);
  if (touch) await touchSession(database.db, auth.sessionId);
  return auth;
}

/** A new session's token in an HttpOnly, SameSite=Lax cookie, Secure over HTTPS; `store` keeps its hash. */
async function openSession(
  c: Context,
  config: AppServices['config'],
  kind: CookieKind,
  store: (row: { tokenHash: string; expiresAt: string; userAgent: string | null }) => Promise<unknown>,
): Promise<void> {
  const token = newToken();
  await store({
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.sessionAbsoluteMs).toISOString(),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  });
  setCookie(c, kind.name, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, config.trustProxy),
    path: kind.path,
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
}

/** A fresh token at every sign-in. */
export async function startSession(
  c: Context,
  { database, config }: AppServices,
  member: { id: string; organizationId: string },
  meta: { ip: string },
): Promise<void> {
  await openSession(c, config, MEMBER_SESSION, (row) =>
    database.db.execute(sql`select session_start(${member.id}, ${member.organizationId}, ${row.tokenHash}, ${row.expiresAt}::timestamptz, ${row.userAgent}, ${meta.ip})`),
  );
}

export async function endSession(c: Context, { database }: AppServices): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await database.db.execute(sql`select session_end(${hashToken(token)})`);
  deleteCookie(c, SESSION_COOKIE, { path: MEMBER_SESSION.path });
}

/** Ends every session of the member at once (deactivated, password changed), but `exceptSessionId`. */
export async function revokeMemberSessions(tx: Tx | Db, memberId: string, exceptSessionId?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

// ---------- platform operators ----------

export async function startOperatorSession(c: Context, { database, config }: AppServices, operatorId: string, meta: { ip: string }): Promise<void> {
  await openSession(c, config, OPERATOR_SESSION, (row) => database.db.insert(platformSessions).values({ operatorId, ip: meta.ip, ...row }));
}

export async function endOperatorSession(c: Context, { database }: AppServices): Promise<void> {
  const token = getCookie(c, OPERATOR_COOKIE);
  if (token) {
    await database.db
      .update(platformSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(platformSessions.tokenHash, hashToken(token)), isNull(platformSessions.revokedAt)));
  }
  deleteCookie(c, OPERATOR_COOKIE, { path: OPERATOR_SESSION.path });
}

/** The signed-in platform operator; 401 when the operator cookie names no live session of an active operator. */
export async function authenticateOperator(c: Context, { database, config }: AppServices): Promise<OperatorContext> {
  const token = sessionToken(c, OPERATOR_SESSION);
  const [found] = await database.db
    .select({
      sessionId: platformSessions.id,
      lastSeenAt: sql<Date>`${platformSessions.lastSeenAt}`.mapWith((x: string | Date) => new Date(x)),
      expiresAt: sql<Date>`${platformSessions.expiresAt}`.mapWith((x: string | Date) => new Date(x)),
      operatorId: platformOperators.id,
      name: platformOperators.name,
      email: platformOperators.email,
    })
    .from(platformSessions)
    .innerJoin(platformOperators, eq(platformOperators.id, platformSessions.operatorId))
    .where(and(eq(platformSessions.tokenHash, hashToken(token)), isNull(platformSessions.revokedAt), eq(platformOperators.isActive, true)));
  const { row, touch } = liveSession(found, config);
  if (touch) await database.db.update(platformSessions).set({ lastSeenAt: sql`now()` }).where(eq(platformSessions.id, row.sessionId));
  return { sessionId: row.sessionId, operatorId: row.operatorId, name: row.name, email: row.email };
}
