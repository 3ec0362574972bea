import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  OrganizationsQuery,
  PlatformMember,
  PlatformMembersQuery,
  PlatformOrganization,
  PlatformSubscription,
  UpdateSubscriptionInput,
} from '../../src/api/platform/contract';
import { readOnlyReason, type Plan, type SubscriptionStatus } from '../../src/api/platform/subscription';
import type { ListAnswer } from '../../src/api/common/schemas';
import type { Department } from '../../src/api/admin/members/contract';
import { members, roles, subscriptions } from '../auth/schema';
import type { Tx } from '../db/client';
import { organizations } from '../db/tenancy';
import { notFound } from '../http/errors';
import { containsPattern, listPage } from '../http/list';

/**
 * The platform's reads and writes, in a transaction as the platform role (server/migrate.ts):
 * every column named here is one the role may read; anything else of a tenant's would fail.
 */

/** The organization's own date by the organization clock (server/db/clock.ts). */
const orgToday = sql<string>`to_char(clock_now() at time zone ${organizations.timeZone}, 'YYYY-MM-DD')`;
const activeMembers = sql<number>`(select count(*) from ${members} m where m.organization_id = ${organizations.id} and m.is_active)::int`;

/** What the organization is sold, as the console shows it: the plan, the seats, the subscription's state and end, and whether that leaves it read-only (on its own day). */
const soldTerms = (r: { plan: string; seats: number; status: string; periodEnd: string; today: string }) => ({
  plan: r.plan as Plan,
  seats: r.seats,
  status: r.status as SubscriptionStatus,
  periodEnd: r.periodEnd,
  readOnly: readOnlyReason(r.status, r.periodEnd, r.today) !== null,
});

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  currency: organizations.currency,
  timeZone: organizations.timeZone,
  createdAt: organizations.createdAt,
  plan: subscriptions.plan,
  seats: subscriptions.seats,
  status: subscriptions.status,
  periodEnd: subscriptions.periodEnd,
  activeMembers,
  today: orgToday,
};
const selectOrganizations = (tx: Tx) => tx.select(organizationColumns).from(organizations).innerJoin(subscriptions, eq(subscriptions.organizationId, organizations.id));
type OrganizationRow = Awaited<ReturnType<typeof selectOrganizations>>[number];

const toOrganization = (r: OrganizationRow): PlatformOrganization => ({
  _id: r.id,
  name: r.name,
  currency: r.currency,
  timeZone: r.timeZone,
  ...soldTerms(r),
  activeMembers: r.activeMembers,
  createdAt: r.createdAt,
});

function organizationFilters(q: OrganizationsQuery): SQL | undefined {
  return and(
    q.search ? ilike(organizations.name, containsPattern(q.search)) : undefined,
    q.plan?.length ? inArray(subscriptions.plan, q.plan) : undefined,
    q.status?.length ? inArray(subscriptions.status, q.status) : undefined,
  );
}

const SORTS = {
  // lower(name) walks organizations_name_uq.
  name: sql`lower(${organizations.name})`,
  createdAt: organizations.createdAt,
  periodEnd: subscriptions.periodEnd,
};

/** `GET /organizations`: 10 a page, searched by name, filtered by plan and subscription status. */
export async function organizationsPage(tx: Tx, q: OrganizationsQuery): Promise<ListAnswer<PlatformOrganization>> {
  const where = organizationFilters(q);
  const direction = q.sortOrder === 'desc' ? desc : asc;
  return listPage(q, {
    rows: (limit, offset) =>
      selectOrganizations(tx)
        .where(where)
        .orderBy(direction(SORTS[q.sortBy]), asc(organizations.id))
        .limit(limit)
        .offset(offset),
    toItem: toOrganization,
    count: async () => {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(organizations)
        .innerJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
        .where(where);
      return n;
    },
  });
}

export async function organizationById(tx: Tx, id: string): Promise<PlatformOrganization> {
  const [row] = await selectOrganizations(tx).where(eq(organizations.id, id));
  if (!row) throw notFound('Organization');
  return toOrganization(row);
}

const subscriptionColumns = {
  id: subscriptions.id,
  organizationId: subscriptions.organizationId,
  plan: subscriptions.plan,
  seats: subscriptions.seats,
  status: subscriptions.status,
  periodEnd: subscriptions.periodEnd,
  updatedAt: subscriptions.updatedAt,
  seatsUsed: activeMembers,
  today: orgToday,
};

export async function subscriptionOf(tx: Tx, organizationId: string): Promise<PlatformSubscription> {
  const [r] = await tx
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .where(eq(subscriptions.organizationId, organizationId));
  if (!r) throw notFound('Organization');
  return {
    _id: r.id,
    organizationId: r.organizationId,
    ...soldTerms(r),
    seatsUsed: r.seatsUsed,
    updatedAt: r.updatedAt,
  };
}

/**
 * Changes what the organization is sold. It takes effect with this transaction's commit: every
 * request of the organization reads its subscription as it opens (session_open), and adding a
 * member locks this row (server/admin/member-routes.ts), so a seat count lowered here is the one
 * the next member added is counted against. Lowering seats below the active members is allowed
 * (a downgrade must not need the customer's help): no member is deactivated, and none can be
 * added or reactivated until the organization is within its seats again.
 */
export async function updateSubscription(tx: Tx, organizationId: string, input: UpdateSubscriptionInput): Promise<PlatformSubscription> {
  const changed = await tx
    .update(subscriptions)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(subscriptions.organizationId, organizationId))
    .returning({ id: subscriptions.id });
  if (!changed.length) throw notFound('Organization');
  return subscriptionOf(tx, organizationId);
}

/** `GET /organizations/{id}/members`: who holds a seat; 404 for an organization that does not exist. */
export async function organizationMembersPage(tx: Tx, organizationId: string, q: PlatformMembersQuery): Promise<ListAnswer<PlatformMember>> {
  const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization');
  const where = and(
    eq(members.organizationId, organizationId),
    q.search ? sql`(${ilike(members.name, containsPattern(q.search))} or ${ilike(members.email, containsPattern(q.search))})` : undefined,
    q.isActive === undefined ? undefined : eq(members.isActive, q.isActive),
  );
  const sort = { name: members.name, email: members.email, createdAt: members.createdAt }[q.sortBy];
  const direction = q.sortOrder === 'desc' ? desc : asc;
  return listPage(q, {
    rows: (limit, offset) =>
      tx
        .select({
          id: members.id,
          name: members.name,
          email: members.email,
          department: members.department,
          roleName: roles.name,
          isOwner: roles.isOwner,
          employmentStatus: members.employmentStatus,
          isActive: members.isActive,
          createdAt: members.createdAt,
        })
        .from(members)
        .innerJoin(roles, eq(roles.id, members.roleId))
        .where(where)
        .orderBy(direction(sort), asc(members.id))
        .limit(limit)
        .offset(offset),
    toItem: ({ id, ...m }) => ({ _id: id, ...m, department: m.department as Department, employmentStatus: m.employmentStatus as PlatformMember['employmentStatus'] }),
    count: async () => {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(members).where(where);
      return n;
    },
  });
}
