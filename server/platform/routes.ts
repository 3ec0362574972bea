import { sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/password';
import { platformOperators } from '../auth/schema';
import { clientAddress, endOperatorSession, startOperatorSession } from '../auth/session';
import { assertNotThrottled, clearFailedLogins, recordFailedLogin } from '../auth/throttle';
import { ApiError } from '../http/errors';
import { OPERATOR, PUBLIC, platformRoute, publicRoute } from '../http/route';
import { platformEndpoints } from '../../src/api/platform/contract';
import { onboardOrganization, renewOwnerInvitation } from './onboarding';
import { organizationById, organizationMembersPage, organizationsPage, subscriptionOf, updateSubscription } from './store';

/**
 * The parent service, under `/platform` (seed "Parent service"): platform operators sign in here
 * and run organizations and their subscriptions. Every route but sign-in and sign-out needs an
 * operator's session; a member's answers 403 (server/app.ts).
 */

/** Operators' failed sign-ins are counted apart from members' with the same email (the address counts for both). */
const throttleKey = (email: string) => `platform:${email}`;

const authRoutes = [
  publicRoute({
    endpoint: platformEndpoints.login,
    access: PUBLIC,
    async handler({ body, services, c }) {
      const { db } = services.database;
      const ip = clientAddress(c, services.config.trustProxy);
      await assertNotThrottled(db, throttleKey(body.email), ip);
      const [operator] = await db
        .select({ id: platformOperators.id, name: platformOperators.name, email: platformOperators.email, passwordHash: platformOperators.passwordHash, isActive: platformOperators.isActive })
        .from(platformOperators)
        .where(sql`lower(${platformOperators.email}) = ${body.email}`);
      // The same answer, in about the same time, for an unknown email, a wrong password and a deactivated operator.
      const valid = await verifyPassword(operator?.passwordHash, body.password);
      if (!operator || !valid || !operator.isActive) {
        await recordFailedLogin(db, throttleKey(body.email), ip);
        throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      }
      await clearFailedLogins(db, throttleKey(body.email), ip);
      await startOperatorSession(c, services, operator.id, { ip });
      return { data: { _id: operator.id, name: operator.name, email: operator.email } };
    },
  }),

  publicRoute({
    endpoint: platformEndpoints.logout,
    access: PUBLIC,
    async handler({ services, c }) {
      await endOperatorSession(c, services);
      return { data: { signedOut: true } };
    },
  }),

  platformRoute({
    endpoint: platformEndpoints.me,
    access: OPERATOR,
    handler: async ({ operator }) => ({ data: { _id: operator.operatorId, name: operator.name, email: operator.email } }),
  }),
];

const organizationRoutes = [
  platformRoute({
    endpoint: platformEndpoints.organizations,
    access: OPERATOR,
    handler: ({ tx, query }) => organizationsPage(tx, query),
  }),

  platformRoute({
    endpoint: platformEndpoints.createOrganization,
    access: OPERATOR,
    handler: async ({ tx, body, services }) => ({ data: await onboardOrganization(tx, body, services.config.publicUrl, services.config.platformSmtp) }),
  }),

  platformRoute({
    endpoint: platformEndpoints.organization,
    access: OPERATOR,
    handler: async ({ tx, params }) => ({ data: await organizationById(tx, params.id) }),
  }),

  platformRoute({
    endpoint: platformEndpoints.subscription,
    access: OPERATOR,
    handler: async ({ tx, params }) => ({ data: await subscriptionOf(tx, params.id) }),
  }),

  platformRoute({
    endpoint: platformEndpoints.updateSubscription,
    access: OPERATOR,
    handler: async ({ tx, params, body }) => ({ data: await updateSubscription(tx, params.id, body) }),
  }),

  platformRoute({
    endpoint: platformEndpoints.members,
    access: OPERATOR,
    handler: ({ tx, params, query }) => organizationMembersPage(tx, params.id, query),
  }),

  platformRoute({
    endpoint: platformEndpoints.invitation,
    access: OPERATOR,
    handler: async ({ tx, params, services }) => ({
      data: await renewOwnerInvitation(tx, params.id, params.memberId, services.config.publicUrl, services.config.platformSmtp),
    }),
  }),
];

export const platformRoutes = [...authRoutes, ...organizationRoutes];
