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
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_member_unread_idx').on(t.memberId, t.createdAt).where(sql`${t.readAt} is null`)],
);
