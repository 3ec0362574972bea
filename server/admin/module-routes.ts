import { eq, sql } from 'drizzle-orm';
import { moduleEndpoints, type AppModule } from '../../src/api/admin/modules/contract';
import { appModules } from './schema';
import { ApiError, issue, notFound } from '../http/errors';
import { listPage } from '../http/list';
import { SIGNED_IN, allow, route } from '../http/route';

const toModule = (row: typeof appModules.$inferSelect): AppModule => ({
  _id: row.id,
  key: row.key as AppModule['key'],
  name: row.name,
  icon: row.icon,
  order: row.position,
  isActive: row.isActive,
});

export const moduleRoutes = [
  route({
    // Every member reads the modules: they are the menu. The client shows those the role may view.
    endpoint: moduleEndpoints.list,
    access: SIGNED_IN,
    async handler({ tx, query }) {
      return listPage(query, {
        rows: (limit, offset) => tx.select({ module: appModules }).from(appModules).orderBy(appModules.position, appModules.name).limit(limit).offset(offset),
        toItem: (r) => toModule(r.module),
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(appModules))[0].n,
      });
    },
  }),

  route({
    endpoint: moduleEndpoints.create,
    access: allow('modules', 'create'),
    async handler({ tx, body }) {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${appModules.position}) + 1, 0)::int` }).from(appModules);
      const [row] = await tx.insert(appModules).values({ ...body, position: next }).returning();
      return { data: toModule(row) };
    },
  }),

  route({
    endpoint: moduleEndpoints.update,
    access: allow('modules', 'update'),
    async handler({ tx, body }) {
      const { _id, ...changes } = body;
      const [row] = await tx
        .update(appModules)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(appModules.id, _id))
        .returning();
      if (!row) throw notFound('Module');
      return { data: toModule(row) };
    },
  }),

  route({
    endpoint: moduleEndpoints.reorder,
    access: allow('modules', 'update'),
    async handler({ tx, body }) {
      // Lock the organization's modules, always in id order (no deadlock), so reorders apply one after the other.
      const existing = await tx.select({ id: appModules.id }).from(appModules).orderBy(appModules.id).for('update');
      const known = new Set(existing.map((m) => m.id));
      if (!body.order.every((id) => known.has(id))) throw notFound('Module');
      if (body.order.length !== known.size) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid body: order must list every module of the organization exactly once', [
          issue('order', 'invalidFormat', 'must list every module of the organization exactly once'),
        ]);
      }
      await tx.execute(sql`
        update ${appModules} set position = o.pos - 1, updated_at = now()
        from unnest(${`{${body.order.join(',')}}`}::uuid[]) with ordinality as o(id, pos)
        where ${appModules.id} = o.id`);
      const rows = await tx.select().from(appModules).orderBy(appModules.position);
      return { data: rows.map(toModule) };
    },
  }),
];
