import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, type Permissions, type Visibility } from '../../src/api/permissions';
import { members, roles, sessions, subscriptions } from '../db/schema';
import { ApiError } from '../http/errors';
import type { AppServices } from '../services';
import { hashToken, newToken } from './tokens';
import type { Db, Tx } from '../db/client';

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

function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto') === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

/** Loads the caller's session; 401 when absent, revoked, idle too long or past its absolute end. */
export async function authenticate(c: Context, { database, config }: AppServices): Promise<AuthContext> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) throw unauthorized();
  const [row] = await database.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      memberId: members.id,
      memberName: members.name,
      department: members.department,
      organizationId: members.organizationId,
      roleId: roles.id,
      roleName: roles.name,
      isOwner: roles.isOwner,
      permissions: roles.permissions,
      visibility: roles.visibility,
      subStatus: subscriptions.status,
      subPeriodEnd: subscriptions.periodEnd,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, members.organizationId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), eq(members.isActive, true)))
    .limit(1);
  const now = Date.now();
  if (!row || Date.parse(row.expiresAt) <= now || now - Date.parse(row.lastSeenAt) > config.sessionIdleMs) throw unauthorized();
  if (now - Date.parse(row.lastSeenAt) > TOUCH_EVERY_MS) {
    await database.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    memberId: row.memberId,
    organizationId: row.organizationId,
    memberName: row.memberName,
    department: row.department,
    role: {
      id: row.roleId,
      name: row.roleName,
      isOwner: row.isOwner,
      permissions: row.isOwner ? ALL_PERMISSIONS : row.permissions,
      visibility: row.isOwner ? { leads: 'all', bookings: 'all' } : row.visibility,
    },
    subscriptionReadOnly: row.subStatus ? isSubscriptionReadOnly(row.subStatus, row.subPeriodEnd!) : false,
  };
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

/** Deactivating a member ends every session they have, at once. */
export async function revokeMemberSessions(tx: Tx | Db, memberId: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

