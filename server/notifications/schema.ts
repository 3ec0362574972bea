import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    link: text('link'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_member_unread_idx').on(t.memberId, t.createdAt).where(sql`${t.readAt} is null`)],
);
