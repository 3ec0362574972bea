import { eq, sql } from 'drizzle-orm';
import { authEndpoints, type AuthState } from '../../src/api/admin/auth/contract';
import { effectiveAccess } from '../../src/api/permissions';
import { verifyPassword, hashPassword } from '../auth/password';
import { clientAddress, endSession, revokeMemberSessions, startSession } from '../auth/session';
import { rateLimit } from '../http/rate-limit';
import { findInvitation, useInvitation } from './invitations';
import { readOnlyReason } from '../../src/api/platform/subscription';
import { daysBetween } from '../../src/domain/calendar';
import { todayIn } from '../db/clock';
import { assertNotThrottled, clearFailedLogins, recordFailedLogin } from '../auth/throttle';
import { databaseReachable, type Tx } from '../db/client';
import { members, roles, subscriptions } from '../auth/schema';
import { ApiError, databaseUnavailable } from '../http/errors';
import { PUBLIC, SIGNED_IN, publicRoute, route } from '../http/route';
import { findMember, currentOrganization, toOrganization } from './store';

export async function loadAuthState(tx: Tx, memberId: string): Promise<AuthState> {
  const member = await findMember(tx, memberId);
  const [role] = await tx.select().from(roles).where(eq(roles.id, member.roleId));
  const [sub] = await tx.select().from(subscriptions).limit(1);
  const [{ seatsUsed }] = await tx.select({ seatsUsed: sql<number>`count(*)::int` }).from(members).where(eq(members.isActive, true));
  const organization = await currentOrganization(tx);
  const today = await todayIn(tx, organization.timeZone);
  return {
    member,
    organization: toOrganization(organization),
    subscription: {
      _id: sub.id,
      plan: sub.plan as AuthState['subscription']['plan'],
      seats: sub.seats,
      seatsUsed,
      status: sub.status as AuthState['subscription']['status'],
      periodEnd: sub.periodEnd,
      daysLeft: daysBetween(today, sub.periodEnd),
      readOnly: readOnlyReason(sub.status, sub.periodEnd, today) !== null,
    },
    role: {
      _id: role.id,
      name: role.name,
      isOwner: role.isOwner,
      ...effectiveAccess(role),
    },
  };
}

/** Invitation look-ups and uses from one address: tokens cannot be guessed, but each use hashes a password. */
const INVITATION_CALLS_PER_MINUTE = 20;

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');

export const authRoutes = [
  // For a load balancer or a monitor: 200 while the database answers, else 503 DATABASE_UNAVAILABLE
  // with Retry-After (the server itself stays up and answers it).
  publicRoute({
    endpoint: authEndpoints.health,
    access: PUBLIC,
    async handler({ services }) {
      if (!(await databaseReachable(services.database))) throw databaseUnavailable();
      return { status: 'ok' as const, database: 'reachable' as const };
    },
  }),

  publicRoute({
    endpoint: authEndpoints.login,
    access: PUBLIC,
    async handler({ body, services, c }) {
      const { db } = services.database;
      const ip = clientAddress(c, services.config.trustProxy);
      await assertNotThrottled(db, body.email, ip);
      // An email is unique within an organization only, so it may name members of several: the
      // one this password opens, and if it opens more than one, the one signed into last.
      // Across organizations, before one is known: the `login_candidates` function (server/migrate.ts).
      const candidates = (
        await db.execute<{ id: string; organization_id: string; password_hash: string; is_active: boolean }>(sql`select * from login_candidates(${body.email})`)
      ).rows.map((m) => ({ id: m.id, organizationId: m.organization_id, passwordHash: m.password_hash, isActive: m.is_active }));
      // Unknown email, wrong password and deactivated member all get the same answer, in about the
      // same time: an unknown email is checked against a dummy hash, several members' in parallel.
      const valid = candidates.length
        ? await Promise.all(candidates.map((m) => verifyPassword(m.passwordHash, body.password)))
        : [await verifyPassword(undefined, body.password)];
      const member = candidates.find((m, i) => valid[i] && m.isActive);
      if (!member) {
        await recordFailedLogin(db, body.email, ip);
        throw invalidCredentials();
      }
      await clearFailedLogins(db, body.email, ip);
      await startSession(c, services, member, { ip });
      return { data: await services.database.withTenant(member.organizationId, (tx) => loadAuthState(tx, member.id)) };
    },
  }),

  publicRoute({
    endpoint: authEndpoints.logout,
    access: PUBLIC,
    async handler({ services, c }) {
      await endSession(c, services);
      return { data: { signedOut: true } };
    },
  }),

  route({
    endpoint: authEndpoints.me,
    access: SIGNED_IN,
    handler: async ({ tx, auth }) => ({ data: await loadAuthState(tx, auth.memberId) }),
  }),

  publicRoute({
    endpoint: authEndpoints.invitation,
    access: PUBLIC,
    async handler({ body, services, c }) {
      await rateLimit(services.database.db, `invitation:${clientAddress(c, services.config.trustProxy)}`, INVITATION_CALLS_PER_MINUTE);
      const { name, email, organization, expiresAt } = await findInvitation(services.database.db, body.token);
      return { data: { name, email, organization, expiresAt } };
    },
  }),

  /** The invited member sets a password and is signed in; the link works once. */
  publicRoute({
    endpoint: authEndpoints.acceptInvitation,
    access: PUBLIC,
    async handler({ body, services, c }) {
      const { database } = services;
      const ip = clientAddress(c, services.config.trustProxy);
      await rateLimit(database.db, `invitation:${ip}`, INVITATION_CALLS_PER_MINUTE);
      const invitation = await findInvitation(database.db, body.token);
      const passwordHash = await hashPassword(body.password);
      await database.withTenant(invitation.organizationId, async (tx) => {
        await useInvitation(tx, invitation.id);
        await tx.update(members).set({ passwordHash, updatedAt: sql`now()` }).where(eq(members.id, invitation.memberId));
        await revokeMemberSessions(tx, invitation.memberId);
      });
      const member = { id: invitation.memberId, organizationId: invitation.organizationId };
      await startSession(c, services, member, { ip });
      return { data: await database.withTenant(member.organizationId, (tx) => loadAuthState(tx, member.id)) };
    },
  }),
];
