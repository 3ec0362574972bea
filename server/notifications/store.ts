import type { Notification, NotificationMessage } from '../../src/api/notifications/contract';
import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { notifications } from './schema';

/**
 * Tells a member something in the bell (lead assigned, follow-up due, payment submitted…), in the
 * caller's transaction: it appears only if the change it is about commits.
 */
export async function notify(tx: Tx, memberId: string, n: NotificationInput) {
  await tx.insert(notifications).values({ memberId, type: n.type, title: n.title, body: n.body ?? null, message: n.message, link: n.link, recordId: n.recordId ?? null });
}

type NotificationInput = {
  type: Notification['type'];
  title: string;
  body?: string | null;
  message: NotificationMessage;
  link: string;
  /** The record whose work it asks for: {@link resolveNotifications} reads it once that work is done. */
  recordId?: string;
};

/** {@link notify} for each member whose id `memberIds` (a query of one column) selects: one statement, whoever they are. */
export async function notifyEach(tx: Tx, memberIds: SQL | SQLWrapper, n: NotificationInput) {
  const c = (column: { name: string }) => sql.identifier(column.name);
  await tx.execute(sql`insert into ${notifications} (${c(notifications.memberId)}, ${c(notifications.type)}, ${c(notifications.title)}, ${c(notifications.body)}, ${c(notifications.message)}, ${c(notifications.link)}, ${c(notifications.recordId)})
    select m.id, ${n.type}, ${n.title}, ${n.body ?? null}, ${JSON.stringify(n.message)}::jsonb, ${n.link}, ${n.recordId ?? null}::uuid from (${memberIds}) as m(id)`);
}

/**
 * The work a notification asked for is done (a payment verified or failed, a cancellation decided,
 * a follow-up answered), by whoever did it: the notifications of `type` about `recordId` are read
 * for every recipient, in the caller's transaction. The bell lists unread notifications only, so
 * they leave every recipient's bell with the work; nobody is sent to work that is gone.
 */
export async function resolveNotifications(tx: Tx, type: Notification['type'], recordId: string) {
  await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recordId, recordId), isNull(notifications.readAt), eq(notifications.type, type)));
}
