import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { NotificationMessage } from '../../src/api/notifications/contract';
import { id, instant, createdAt, tenantId } from '../db/tenancy';
import { members } from '../auth/schema';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: tenantId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** The key and values the reader's language words it from (null: title and body only). */
    message: jsonb('message').$type<NotificationMessage>(),
    link: text('link'),
    /**
     * The record whose work the notification asks for (a payment to verify, a cancellation to
     * decide, a follow-up due), when there is one: the work done, its notifications are read for
     * every recipient (`resolveNotifications`).
     */
    recordId: uuid('record_id'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_member_unread_idx').on(t.memberId, t.createdAt).where(sql`${t.readAt} is null`),
    // A record's unread notifications, found when its work is done (as small as the unread ones).
    index('notifications_record_unread_idx').on(t.recordId).where(sql`${t.readAt} is null`),
  ],
);
