import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { leadMachine, OPEN_LEAD_STATES } from '../../src/machines/lead-machine';
import { stateCheck, stateIn } from '../db/state-check';
import { money } from '../db/money';
import { id, instant, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { members } from '../auth/schema';

/**
 * A contact: the person behind leads and bookings, once per phone (digits only) or email (lower
 * case). Created with its leads (./contacts.ts); the contacts area lists them and keeps their groups.
 */
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

/**
 * Where the organization's lead rotation stands (Configurations → leads → auto-assign round robin):
 * the sales member who got the last lead nobody else owned. One row per organization, locked while
 * a lead is given out, so two leads arriving together go to two people.
 */
export const leadRotation = pgTable(
  'lead_rotation',
  {
    id: id(),
    organizationId: tenantId(),
    lastMemberId: uuid('last_member_id'),
  },
  (t) => [uniqueIndex('lead_rotation_org_uq').on(t.organizationId)],
);

/**
 * The sales pipeline. `status` is the lead machine's state (src/machines/lead-machine.ts);
 * `next_follow_up_at` is the earliest open follow-up, kept in the same transaction as follow-ups
 * change, so the "today and missed" list is one index range. Regions and destinations are id
 * arrays; writes lock the named rows (`for key share`) so a concurrent delete cannot slip between.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    organizationId: tenantId(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    status: text('status').notNull().default('new'),
    source: text('source').notNull(),
    comment: text('comment'),
    regions: uuid('regions').array().notNull().default(sql`'{}'::uuid[]`),
    destinations: uuid('destinations').array().notNull().default(sql`'{}'::uuid[]`),
    queryDate: date('query_date', { mode: 'string' }).notNull(),
    assignedTo: uuid('assigned_to').references(() => members.id, { onDelete: 'set null' }),
    lostReason: text('lost_reason'),
    nextFollowUpAt: instant('next_follow_up_at'),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_org_follow_up_idx').on(t.organizationId, t.nextFollowUpAt),
    index('leads_org_assigned_follow_up_idx').on(t.organizationId, t.assignedTo, t.nextFollowUpAt),
    index('leads_org_status_idx').on(t.organizationId, t.status),
    // The work queue's leads to assign (docs/work-queue.md): open leads nobody owns, the oldest first.
    index('leads_to_assign_idx').on(t.organizationId, t.createdAt, t.id).where(sql`${t.assignedTo} is null and ${stateIn(t.status, OPEN_LEAD_STATES)}`),
    index('leads_org_query_date_idx').on(t.organizationId, t.queryDate),
    index('leads_org_created_idx').on(t.organizationId, t.createdAt),
    index('leads_contact_idx').on(t.contactId),
    index('leads_regions_gin').using('gin', t.regions),
    index('leads_destinations_gin').using('gin', t.destinations),
    check('leads_status_ck', stateCheck(t.status, leadMachine)),
  ],
);

export const leadQueries = pgTable(
  'lead_queries',
  {
    id: id(),
    organizationId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    travelFrom: date('travel_from', { mode: 'string' }),
    travelTo: date('travel_to', { mode: 'string' }),
    adults: integer('adults').notNull().default(1),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    regions: uuid('regions').array().notNull().default(sql`'{}'::uuid[]`),
    destinations: uuid('destinations').array().notNull().default(sql`'{}'::uuid[]`),
    /** Integer minor units. */
    budget: money('budget'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lead_queries_lead_idx').on(t.leadId, t.createdAt),
    index('lead_queries_regions_gin').using('gin', t.regions),
    index('lead_queries_destinations_gin').using('gin', t.destinations),
    check('lead_queries_dates_ck', sql`${t.travelFrom} is null or ${t.travelTo} is null or ${t.travelFrom} <= ${t.travelTo}`),
    check('lead_queries_budget_ck', sql`${t.budget} is null or ${t.budget} >= 0`),
  ],
);

export const leadQueryComments = pgTable(
  'lead_query_comments',
  {
    id: id(),
    organizationId: tenantId(),
    queryId: uuid('query_id')
      .notNull()
      .references(() => leadQueries.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorId: uuid('author_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_query_comments_query_idx').on(t.queryId, t.createdAt)],
);

/** A scheduled call back; open until a response closes it. */
export const followUps = pgTable(
  'follow_ups',
  {
    id: id(),
    organizationId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    dueAt: instant('due_at').notNull(),
    note: text('note'),
    assigneeId: uuid('assignee_id').references(() => members.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    outcome: text('outcome'),
    responseNote: text('response_note'),
    respondedBy: uuid('responded_by').references(() => members.id, { onDelete: 'set null' }),
    respondedAt: instant('responded_at'),
    /**
     * Open, on an open lead, and its lead's earliest open follow-up for its assignee (by due, then
     * id): the work queue's follow-up due (server/leads/queue.ts), kept by the database
     * (`follow_ups_queue_refresh`, migration 0049) in the transaction that writes the follow-ups or
     * the lead's state.
     */
    inQueue: boolean('in_queue').notNull().default(false),
    /** When the "follow-up due" notification was written (once). */
    notifiedAt: instant('notified_at'),
  },
  (t) => [
    index('follow_ups_lead_idx').on(t.leadId, t.dueAt),
    index('follow_ups_open_due_idx').on(t.organizationId, t.dueAt).where(sql`${t.respondedAt} is null`),
    // A person's open follow-ups by due (the work queue's followUpDue is personal).
    index('follow_ups_open_assignee_due_idx').on(t.organizationId, t.assigneeId, t.dueAt, t.id).where(sql`${t.respondedAt} is null`),
    /** A person's follow-ups in the work queue, in due order (followUpDue's rows, walked and counted). */
    index('follow_ups_queue_idx').on(t.organizationId, t.assigneeId, t.dueAt, t.leadId).where(sql`${t.inQueue}`),
  ],
);

/** The lead's timeline: everything that happened to it and who did it. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: id(),
    organizationId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);
