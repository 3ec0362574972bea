import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationEndpoints, type Notification } from '../../src/api/notifications/contract';
import { notifications } from './schema';
import { notFound } from '../http/errors';
import { listPage } from '../http/list';
import { SIGNED_IN, route } from '../http/route';

const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  _id: row.id,
  type: row.type as Notification['type'],
  title: row.title,
  body: row.body,
  message: row.message ?? null,
  link: row.link,
  readAt: row.readAt,
  createdAt: row.createdAt,
});

/** A member's own notifications only: another member's id answers 404. */
export const notificationRoutes = [
  route({
    endpoint: notificationEndpoints.unread,
    access: SIGNED_IN,
    async handler({ tx, query, auth }) {
      const where = and(eq(notifications.memberId, auth.memberId), isNull(notifications.readAt));
      const answer = await listPage(query, {
        rows: (limit, offset) => tx.select({ n: notifications }).from(notifications).where(where).orderBy(desc(notifications.createdAt), notifications.id).limit(limit).offset(offset),
        toItem: (r) => toNotification(r.n),
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where))[0].n,
      });
      return { ...answer, stats: { unread: answer.meta.totalItems } };
    },
  }),

  route({
    endpoint: notificationEndpoints.readAll,
    access: SIGNED_IN,
    async handler({ tx, auth }) {
      const updated = await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.memberId, auth.memberId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return { data: { updated: updated.length } };
    },
  }),

  route({
    endpoint: notificationEndpoints.read,
    access: SIGNED_IN,
    async handler({ tx, params, auth }) {
      const [row] = await tx
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, params.id), eq(notifications.memberId, auth.memberId)))
        .returning();
      if (!row) throw notFound('Notification');
      return { data: toNotification(row) };
    },
  }),
];
