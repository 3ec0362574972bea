import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, tenantId } from '../db/tenancy';

/** A person behind leads and bookings, once per phone (digits only) or email (lower case). */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    phoneKey: text('phone_key'),
    emailKey: text('email_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_org_phone_uq').on(t.organizationId, t.phoneKey).where(sql`${t.phoneKey} is not null`),
    uniqueIndex('contacts_org_email_uq').on(t.organizationId, t.emailKey).where(sql`${t.emailKey} is not null`),
    index('contacts_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

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
