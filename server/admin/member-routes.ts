import { and, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  memberEndpoints,
  EXIT_BEFORE_JOINING,
  type MembersQuery,
} from '../../src/api/admin/members/contract';
import { hashPassword, verifyPassword } from '../auth/password';
import { clientAddress, revokeMemberSessions, type AuthContext } from '../auth/session';
import { assertNotThrottled, recordFailedLogin } from '../auth/throttle';
import type { Tx } from '../db/client';
import { members, roles, subscriptions } from '../auth/schema';
import { conflict, invalidField, notFound } from '../http/errors';
import { containsPattern, listPage, orderBy } from '../http/list';
import { SIGNED_IN, allow, route } from '../http/route';
import { findMember, memberColumns, toMember } from './store';
import { assertWithinOwnAccess, roleGrant } from './delegation';


/** The role to give a member: one of the organization's (else 400), within the caller's own access (else 403). */
async function assertMayAssign(tx: Tx, auth: AuthContext, roleId: string) {
  const grant = await roleGrant(tx, roleId);
  if (!grant) throw invalidField('roleId', 'unknownReference', 'is not a role of this organization', { kind: 'role' });
  assertWithinOwnAccess(auth, grant, 'assign this role');
}

/** Seats on the subscription limit active members (SPEC "People and platform"). */
async function assertSeatAvailable(tx: Tx, exceptMemberId?: string) {
  const [sub] = await tx.select({ seats: subscriptions.seats }).from(subscriptions).for('update');
  const [{ active }] = await tx
    .select({ active: sql<number>`count(*)::int` })
    .from(members)
    .where(and(eq(members.isActive, true), exceptMemberId ? ne(members.id, exceptMemberId) : undefined));
  if (sub && active >= sub.seats) {
    throw conflict(`All ${sub.seats} seats of the subscription are taken: deactivate a member or add seats`, 'SEAT_LIMIT', { seats: sub.seats });
  }
}

function memberFilters(q: MembersQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.search) {
    const p = containsPattern(q.search);
    where.push(or(ilike(members.name, p), ilike(members.email, p), ilike(members.phone, p)));
  }
  if (q.employmentStatus?.length) where.push(inArray(members.employmentStatus, q.employmentStatus));
  if (q.department?.length) where.push(inArray(members.department, q.department));
  if (q.isActive !== undefined) where.push(eq(members.isActive, q.isActive));
  if (q.joiningDate?.from) where.push(gte(members.joiningDate, q.joiningDate.from));
  if (q.joiningDate?.to) where.push(lte(members.joiningDate, q.joiningDate.to));
  if (q.exitDate?.from) where.push(gte(members.exitDate, q.exitDate.from));
  if (q.exitDate?.to) where.push(lte(members.exitDate, q.exitDate.to));
  return and(...where);
}

const SORT_COLUMNS = {
  name: members.name,
  email: members.email,
  joiningDate: members.joiningDate,
  createdAt: members.createdAt,
  department: members.department,
};

export const memberRoutes = [
  route({
    endpoint: memberEndpoints.list,
    access: allow('members', 'view'),
    async handler({ tx, query }) {
      const where = memberFilters(query);
      return listPage(query, {
        rows: (limit, offset) =>
          tx
            .select(memberColumns)
            .from(members)
            .leftJoin(roles, eq(roles.id, members.roleId))
            .where(where)
            .orderBy(orderBy(SORT_COLUMNS[query.sortBy], query.sortOrder), members.id)
            .limit(limit)
            .offset(offset),
        toItem: toMember,
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(members).where(where))[0].n,
      });
    },
  }),

  route({
    endpoint: memberEndpoints.byId,
    access: allow('members', 'view'),
    handler: async ({ tx, params }) => ({ data: await findMember(tx, params.id) }),
  }),

  route({
    endpoint: memberEndpoints.create,
    access: allow('members', 'create'),
    async handler({ tx, body, auth }) {
      await assertMayAssign(tx, auth, body.roleId);
      const isActive = body.employmentStatus !== 'exited';
      if (isActive) await assertSeatAvailable(tx);
      const { password, ...fields } = body;
      const [created] = await tx
        .insert(members)
        .values({ ...fields, isActive, passwordHash: await hashPassword(password) })
        .returning({ id: members.id });
      return { data: await findMember(tx, created.id) };
    },
  }),

  route({
    endpoint: memberEndpoints.update,
    access: allow('members', 'update'),
    async handler({ tx, params, body, auth }) {
      const [current] = await tx.select().from(members).where(eq(members.id, params.id)).for('update');
      if (!current) throw notFound('Member');
      assertWithinOwnAccess(auth, (await roleGrant(tx, current.roleId))!, 'change this member');
      const { password, ...fields } = body;
      // Exiting the company ends access; the two fields never disagree.
      const isActive = fields.employmentStatus === 'exited' ? false : (fields.isActive ?? current.isActive);
      if (params.id === auth.memberId && (!isActive || (fields.roleId && fields.roleId !== current.roleId))) {
        throw conflict('You cannot deactivate yourself or change your own role', 'SELF_CHANGE');
      }
      if (fields.roleId && fields.roleId !== current.roleId) await assertMayAssign(tx, auth, fields.roleId);
      if (isActive && !current.isActive) await assertSeatAvailable(tx, params.id);
      const exitDate = fields.exitDate !== undefined ? fields.exitDate : current.exitDate;
      const joiningDate = fields.joiningDate !== undefined ? fields.joiningDate : current.joiningDate;
      if (exitDate && joiningDate && exitDate < joiningDate) {
        throw invalidField('exitDate', 'dateOrder', EXIT_BEFORE_JOINING, { after: 'joiningDate' });
      }
      await tx
        .update(members)
        .set({
          ...fields,
          isActive,
          ...(password ? { passwordHash: await hashPassword(password) } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(members.id, params.id));
      // Someone resetting their own password here keeps the session they do it from.
      if (!isActive || password) await revokeMemberSessions(tx, params.id, params.id === auth.memberId ? auth.sessionId : undefined);
      return { data: await findMember(tx, params.id) };
    },
  }),

  route({
    endpoint: memberEndpoints.me,
    access: SIGNED_IN,
    async handler({ tx, body, auth, services, c }) {
      const { currentPassword, newPassword, ...fields } = body;
      let passwordHash: string | undefined;
      if (newPassword) {
        // Guessing the current password here is guessing a sign-in: the same counters, the same delays.
        const ip = clientAddress(c, services.config.trustProxy);
        const [me] = await tx.select({ hash: members.passwordHash, email: members.email }).from(members).where(eq(members.id, auth.memberId));
        const email = me.email.toLowerCase();
        await assertNotThrottled(tx, email, ip);
        if (!(await verifyPassword(me.hash, currentPassword ?? ''))) {
          await recordFailedLogin(tx, email, ip);
          // Answered, not thrown: the failure just counted must be committed with the transaction.
          const wrong = invalidField('currentPassword', 'wrongPassword', 'is not your current password');
          return c.json(wrong.body(), wrong.status);
        }
        passwordHash = await hashPassword(newPassword);
      }
      await tx
        .update(members)
        .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
        .where(eq(members.id, auth.memberId));
      // Whoever else holds a session (a stolen cookie, a forgotten computer) is signed out; this one stays.
      if (passwordHash) await revokeMemberSessions(tx, auth.memberId, auth.sessionId);
      return { data: await findMember(tx, auth.memberId) };
    },
  }),

  route({
    endpoint: memberEndpoints.preferences,
    access: SIGNED_IN,
    async handler({ tx, body, auth }) {
      await tx
        .update(members)
        .set({ preferences: sql`${members.preferences} || ${JSON.stringify(body)}::jsonb`, updatedAt: sql`now()` })
        .where(eq(members.id, auth.memberId));
      return { data: await findMember(tx, auth.memberId) };
    },
  }),
];
