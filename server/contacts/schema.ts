import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { contacts } from '../leads';
import { declareDuplicates } from '../http/errors';

export const contactGroups = pgTable(
  'contact_groups',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contact_groups_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    organizationId: tenantId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] }), index('contact_group_members_contact_idx').on(t.contactId)],
);

declareDuplicates({ contact_groups_org_name_uq: { field: 'name', message: 'A contact group with this name already exists' } });
