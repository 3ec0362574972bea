import type { Notification, NotificationMessage } from '../../src/api/notifications/contract';
import type { Tx } from '../db/client';
import { notifications } from './schema';

/**
 * Tells a member something in the bell (lead assigned, follow-up due, payment submitted…), in the
 * caller's transaction: it appears only if the change it is about commits.
 */
export async function notify(tx: Tx, memberId: string, n: { type: Notification['type']; title: string; body?: string | null; message: NotificationMessage; link: string }) {
  await tx.insert(notifications).values({ memberId, type: n.type, title: n.title, body: n.body ?? null, message: n.message, link: n.link });
}
