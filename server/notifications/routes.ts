import * as v from 'valibot';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationPaths, notificationSchema, unreadNotificationsQuery, type Notification } from '../../src/api/notifications/contract';
import { idParams, itemAnswer, listAnswerOf } from '../../src/api/common/schemas';
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
    method: 'GET',
    path: notificationPaths.unread.pattern,
    answers: v.object({ ...listAnswerOf(notificationSchema).entries, stats: v.object({ unread: v.number() }) }),
    access: SIGNED_IN,
    query: unreadNotificationsQuery,
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
    method: 'PUT',
    path: notificationPaths.readAll.pattern,
    answers: itemAnswer(v.object({ updated: v.number() })),
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
    method: 'PUT',
    path: notificationPaths.read.pattern,
    answers: itemAnswer(notificationSchema),
    access: SIGNED_IN,
    params: idParams,
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
