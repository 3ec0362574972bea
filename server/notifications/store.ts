import type { Notification, NotificationMessage } from '../../src/api/notifications/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { notifications } from './schema';

/**
 * Tells a member something in the bell (lead assigned, follow-up due, payment submitted…), in the
 * caller's transaction: it appears only if the change it is about commits.
 */
export async function notify(tx: Tx, memberId: string, n: NotificationInput) {
  await tx.insert(notifications).values({ memberId, type: n.type, title: n.title, body: n.body ?? null, message: n.message, link: n.link });
}

type NotificationInput = { type: Notification['type']; title: string; body?: string | null; message: NotificationMessage; link: string };

/** {@link notify} for each member whose id `memberIds` (a query of one column) selects: one statement, whoever they are. */
export async function notifyEach(tx: Tx, memberIds: SQL | SQLWrapper, n: NotificationInput) {
  const c = (column: { name: string }) => sql.identifier(column.name);
  await tx.execute(sql`insert into ${notifications} (${c(notifications.memberId)}, ${c(notifications.type)}, ${c(notifications.title)}, ${c(notifications.body)}, ${c(notifications.message)}, ${c(notifications.link)})
    select m.id, ${n.type}, ${n.title}, ${n.body ?? null}, ${JSON.stringify(n.message)}::jsonb, ${n.link} from (${memberIds}) as m(id)`);
}
