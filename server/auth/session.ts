import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { effectiveAccess, type Permissions, type Visibility } from '../../src/api/permissions';
import { sessions } from './schema';
import { ApiError } from '../http/errors';
import { isHttps } from '../http/origin';
import type { AppServices } from '../services';
import { hashToken, newToken } from './tokens';
import { TENANT_ROLE, type Db, type Tx } from '../db/client';

export const SESSION_COOKIE = 'sid';
// Touch last_seen_at at most once a minute: idle time-outs need no write per request.
const TOUCH_EVERY_MS = 60_000;

export interface AuthContext {
  sessionId: string;
  memberId: string;
  organizationId: string;
  memberName: string;
  department: string;
  role: { id: string; name: string; isOwner: boolean; permissions: Permissions; visibility: Visibility };
  subscriptionReadOnly: boolean;
}

export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'Unauthorized! Please log in again.');

export function isSubscriptionReadOnly(status: string, periodEnd: string, now = new Date()): boolean {
  return status === 'expired' || status === 'canceled' || periodEnd < now.toISOString().slice(0, 10);
}

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
}

/** The caller's token from the cookie; 401 when there is none. */
export function sessionToken(c: Context): string {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) throw unauthorized();
  return token;
}

/**
 * The caller from a session row: 401 when absent, idle too long or past its absolute end. `touch`
 * says that `last_seen_at` is due to be written ({@link touchSession}).
 */
export function sessionAuth(row: SessionRow | undefined, config: AppServices['config']): { auth: AuthContext; touch: boolean } {
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > config.sessionIdleMs) throw unauthorized();
  return {
    touch: now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS,
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
      subscriptionReadOnly: row.subStatus ? isSubscriptionReadOnly(row.subStatus, row.subPeriodEnd!) : false,
    },
  };
}

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/**
 * The session look-up as SQL text for the first round trip of the request's transaction
 * (`Database.transaction`): session_open() (server/db/migrations/0004_performance.sql) answers the
 * {@link SessionRow} and sets the transaction's organization from it; then the tenant role. One
 * round trip authenticates and scopes the transaction. When no row matches, the organization stays
 * unset and the caller answers 401 (the transaction is rolled back).
 */
export function sessionOpening(token: string): string {
  return `select * from session_open('${hashToken(token)}'); select set_config('role', '${TENANT_ROLE}', true)`;
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

/** A fresh token at every sign-in; the cookie is HttpOnly, SameSite=Lax, Secure over HTTPS. */
export async function startSession(
  c: Context,
  { database, config }: AppServices,
  member: { id: string; organizationId: string },
  meta: { ip: string },
): Promise<void> {
  const token = newToken();
  await database.db.insert(sessions).values({
    organizationId: member.organizationId,
    memberId: member.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.sessionAbsoluteMs).toISOString(),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, config.trustProxy),
    path: '/',
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
}

export async function endSession(c: Context, { database }: AppServices): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    await database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/** Ends every session of the member at once (deactivated, password changed), but `exceptSessionId`. */
export async function revokeMemberSessions(tx: Tx | Db, memberId: string, exceptSessionId?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

