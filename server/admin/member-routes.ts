import { itemAnswer, listAnswerOf } from '../../src/api/common/schemas';
import { and, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  createMemberInput,
  memberIdParams,
  memberSchema,
  membersQuery,
  updateMeInput,
  updateMemberInput,
  updatePreferencesInput,
  EXIT_BEFORE_JOINING,
  type MembersQuery,
} from '../../src/api/admin/members/contract';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeMemberSessions } from '../auth/session';
import type { Tx } from '../db/client';
import { members, roles, subscriptions } from '../auth/schema';
import { conflict, invalidField, notFound } from '../http/errors';
import { containsPattern, listAnswer, orderBy, pageOffset } from '../http/list';
import { SIGNED_IN, allow, route } from '../http/route';
import { findMember, memberColumns, toMember } from './store';


async function assertRoleExists(tx: Tx, roleId: string) {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw invalidField('roleId', 'unknownReference', 'is not a role of this organization', { kind: 'role' });
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
    method: 'GET',
    path: '/members',
    answers: listAnswerOf(memberSchema),
    access: allow('members', 'view'),
    query: membersQuery,
    async handler({ tx, query }) {
      const where = memberFilters(query);
      const rows = await tx
        .select(memberColumns)
        .from(members)
        .leftJoin(roles, eq(roles.id, members.roleId))
        .where(where)
        .orderBy(orderBy(SORT_COLUMNS[query.sortBy], query.sortOrder), members.id)
        .limit(query.limit)
        .offset(pageOffset(query));
      return listAnswer(query, rows, toMember, async () => {
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(members).where(where);
        return n;
      });
    },
  }),

  route({
    method: 'GET',
    path: '/members/memberId/:id',
    answers: itemAnswer(memberSchema),
    access: allow('members', 'view'),
    params: memberIdParams,
    handler: async ({ tx, params }) => ({ data: await findMember(tx, params.id) }),
  }),

  route({
    method: 'POST',
    path: '/members',
    answers: itemAnswer(memberSchema),
    access: allow('members', 'create'),
    body: createMemberInput,
    status: 201,
    async handler({ tx, body }) {
      await assertRoleExists(tx, body.roleId);
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
    method: 'PUT',
    path: '/members/memberId/:id',
    answers: itemAnswer(memberSchema),
    access: allow('members', 'update'),
    params: memberIdParams,
    body: updateMemberInput,
    async handler({ tx, params, body, auth }) {
      const [current] = await tx.select().from(members).where(eq(members.id, params.id)).for('update');
      if (!current) throw notFound('Member');
      const { password, ...fields } = body;
      // Exiting the company ends access; the two fields never disagree.
      const isActive = fields.employmentStatus === 'exited' ? false : (fields.isActive ?? current.isActive);
      if (params.id === auth.memberId && (!isActive || (fields.roleId && fields.roleId !== current.roleId))) {
        throw conflict('You cannot deactivate yourself or change your own role', 'SELF_CHANGE');
      }
      if (fields.roleId) await assertRoleExists(tx, fields.roleId);
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
      if (!isActive || password) await revokeMemberSessions(tx, params.id);
      return { data: await findMember(tx, params.id) };
    },
  }),

  route({
    method: 'PUT',
    path: '/members/me',
    answers: itemAnswer(memberSchema),
    access: SIGNED_IN,
    body: updateMeInput,
    async handler({ tx, body, auth }) {
      const { currentPassword, newPassword, ...fields } = body;
      let passwordHash: string | undefined;
      if (newPassword) {
        const [me] = await tx.select({ hash: members.passwordHash }).from(members).where(eq(members.id, auth.memberId));
        if (!(await verifyPassword(me?.hash, currentPassword ?? ''))) {
          throw invalidField('currentPassword', 'wrongPassword', 'is not your current password');
        }
        passwordHash = await hashPassword(newPassword);
      }
      await tx
        .update(members)
        .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
        .where(eq(members.id, auth.memberId));
      return { data: await findMember(tx, auth.memberId) };
    },
  }),

  route({
    method: 'PUT',
    path: '/members/me/preferences',
    answers: itemAnswer(memberSchema),
    access: SIGNED_IN,
    body: updatePreferencesInput,
    async handler({ tx, body, auth }) {
      await tx
        .update(members)
        .set({ preferences: sql`${members.preferences} || ${JSON.stringify(body)}::jsonb`, updatedAt: sql`now()` })
        .where(eq(members.id, auth.memberId));
      return { data: await findMember(tx, auth.memberId) };
    },
  }),
];
