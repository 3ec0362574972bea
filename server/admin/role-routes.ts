import { eq, sql } from 'drizzle-orm';
import { roleEndpoints, type Role } from '../../src/api/admin/roles/contract';
import { effectiveAccess } from '../../src/api/permissions';
import { roles } from '../auth/schema';
import { assertWithinOwnAccess } from './delegation';
import { ApiError, conflict, notFound } from '../http/errors';
import { listPage } from '../http/list';
import { allow, route } from '../http/route';

// Qualified names: inside a subquery Drizzle would print bare column names, and role_id = id would compare members with themselves.
const memberCount = sql<number>`(select count(*)::int from "members" m where m.role_id = "roles"."id")`;

function toRole(row: typeof roles.$inferSelect & { memberCount?: number }): Role {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    isOwner: row.isOwner,
    ...effectiveAccess(row),
    version: row.version,
    memberCount: row.memberCount,
  };
}

export const roleRoutes = [
  route({
    endpoint: roleEndpoints.list,
    access: allow('roles', 'view'),
    async handler({ tx, query }) {
      // The Owner role first, then by name: the screen selects the first role after fetching.
      return listPage(query, {
        rows: (limit, offset) => tx.select({ role: roles, memberCount }).from(roles).orderBy(sql`${roles.isOwner} desc`, roles.name).limit(limit).offset(offset),
        toItem: (r) => toRole({ ...r.role, memberCount: r.memberCount }),
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(roles))[0].n,
      });
    },
  }),

  route({
    endpoint: roleEndpoints.create,
    access: allow('roles', 'create'),
    async handler({ tx, body, auth }) {
      assertWithinOwnAccess(auth, { isOwner: false, permissions: body.permissions, visibility: body.visibility }, 'create this role');
      const [row] = await tx.insert(roles).values({ ...body, description: body.description ?? null }).returning();
      return { data: toRole({ ...row, memberCount: 0 }) };
    },
  }),

  route({
    endpoint: roleEndpoints.update,
    access: allow('roles', 'update'),
    async handler({ tx, body, auth }) {
      const { _id, version, ...changes } = body;
      const [current] = await tx.select().from(roles).where(eq(roles.id, _id)).for('update');
      if (!current) throw notFound('Role');
      assertWithinOwnAccess(auth, current, 'change this role');
      assertWithinOwnAccess(
        auth,
        { isOwner: current.isOwner, permissions: changes.permissions ?? current.permissions, visibility: changes.visibility ?? current.visibility },
        'give this role these rights',
      );
      if (version !== undefined && version !== current.version) {
        throw new ApiError(412, 'STALE_VERSION', `The role was changed by someone else (version ${current.version}); reload it and try again`, undefined, undefined, { version: current.version });
      }
      if (current.isOwner && (changes.permissions || changes.visibility)) {
        throw conflict('The Owner role always has every permission and cannot be changed', 'OWNER_ROLE_LOCKED');
      }
      const [row] = await tx
        .update(roles)
        .set({ ...changes, version: sql`${roles.version} + 1`, updatedAt: sql`now()` })
        .where(eq(roles.id, _id))
        .returning({ role: roles, memberCount });
      return { data: toRole({ ...row.role, memberCount: row.memberCount }) };
    },
  }),
];
