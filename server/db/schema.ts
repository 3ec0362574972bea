import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Permissions, Visibility } from '../../src/api/permissions';
import type { Preferences } from '../../src/api/members/contract';
import type { BankDetails } from '../../src/api/vendors/contract';
import type { RoomType } from '../../src/api/hotels/contract';

/**
 * Every tenant table has `organization_id`, defaulted from the request's tenant setting and
 * guarded by a row-level security policy (see tenancy.ts): scoping lives in the database, once.
 */
const tenantId = () =>
  uuid('organization_id')
    .notNull()
    .default(sql`nullif(current_setting('app.org_id', true), '')::uuid`)
    .references(() => organizations.id, { onDelete: 'cascade' });
const id = () => uuid('id').primaryKey().defaultRandom();
/** Instants travel as ISO 8601 UTC strings (SPEC conventions), converted here once. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;
/** PostgreSQL's text of a UTC instant (`2026-11-22 02:33:55.997123+00`) as ISO 8601 without a Date (lists read thousands). */
function isoInstant(value: string | Date): string {
  const utc = typeof value === 'string' ? UTC_TEXT.exec(value) : null;
  if (!utc) return new Date(value).toISOString();
  // Milliseconds, truncated as Date truncates microseconds.
  return `${utc[1]}T${utc[2]}.${((utc[3] ?? '') + '000').slice(0, 3)}Z`;
}
const instant = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: isoInstant,
  toDriver: (value) => value,
});
const createdAt = () => instant('created_at').notNull().default(sql`now()`);
const updatedAt = () => instant('updated_at').notNull().default(sql`now()`);

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  timeZone: text('time_zone').notNull().default('UTC'),
  colorPrimary: text('color_primary').notNull().default('#14b8a6'),
  colorSecondary: text('color_secondary').notNull().default('#3b82f6'),
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  taxRate: integer('tax_rate').notNull().default(0),
  terms: text('terms'),
  secretHash: text('secret_hash').notNull(),
  secretHint: text('secret_hint').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organizationId: tenantId(),
    plan: text('plan').notNull().default('starter'),
    seats: integer('seats').notNull().default(10),
    status: text('status').notNull().default('active'),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_org_uq').on(t.organizationId)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    isOwner: boolean('is_owner').notNull().default(false),
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
    visibility: jsonb('visibility').$type<Visibility>().notNull().default({ leads: 'own', bookings: 'own' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const members = pgTable(
  'members',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    department: text('department').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    employmentStatus: text('employment_status').notNull().default('active'),
    joiningDate: date('joining_date', { mode: 'string' }),
    exitDate: date('exit_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    preferences: jsonb('preferences').$type<Partial<Preferences>>().notNull().default({}),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One login per person across the product: sign-in is by email alone.
    uniqueIndex('members_email_uq').on(sql`lower(${t.email})`),
    index('members_org_name_idx').on(t.organizationId, t.name),
    index('members_org_department_idx').on(t.organizationId, t.department),
    index('members_role_idx').on(t.roleId),
  ],
);

export const appModules = pgTable(
  'modules',
  {
    id: id(),
    organizationId: tenantId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default('pi pi-circle'),
    position: integer('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('modules_org_key_uq').on(t.organizationId, t.key), index('modules_org_position_idx').on(t.organizationId, t.position)],
);

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

export const configurations = pgTable(
  'configurations',
  {
    id: id(),
    organizationId: tenantId(),
    module: text('module').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('configurations_org_module_uq').on(t.organizationId, t.module)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    organizationId: tenantId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().default(sql`now()`),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

/**
 * Suppliers of travel services. `status` is the vendor machine's state (src/machines/vendor-machine.ts);
 * the API shows it as `isActive`.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    /** Some of the 7 service types (hotels, flights, transfers, activities, visa, land-part, others). */
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    contactPerson: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    notes: text('notes'),
    bankDetails: jsonb('bank_details').$type<BankDetails>(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One vendor per name in an organization, whatever the case; also serves the default sort (lower(name)).
    uniqueIndex('vendors_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('vendors_org_status_idx').on(t.organizationId, t.status),
    index('vendors_org_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('vendors_services_idx').using('gin', t.services),
    // `search` (ILIKE '%…%'): pg_trgm, read through vendor_search() (see the performance migration).
    index('vendors_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('vendors_contact_person_trgm_idx').using('gin', t.contactPerson.op('gin_trgm_ops')),
    index('vendors_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('vendors_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    check('vendors_status_ck', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * The vendor list's header (total, active, per service) as running counts, so it costs a few rows
 * instead of a scan of every vendor. Triggers on `vendors` (performance migration) write them in
 * the writing transaction, whatever wrote (routes, import, seed, SQL): one row of deltas per
 * statement, folded with the organization's other unlocked rows. The header is the sum of an
 * organization's rows. Nothing else writes here.
 */
export const vendorStats = pgTable(
  'vendor_stats',
  {
    id: id(),
    organizationId: tenantId(),
    total: integer('total').notNull().default(0),
    active: integer('active').notNull().default(0),
    hotels: integer('hotels').notNull().default(0),
    flights: integer('flights').notNull().default(0),
    transfers: integer('transfers').notNull().default(0),
    activities: integer('activities').notNull().default(0),
    visa: integer('visa').notNull().default(0),
    landPart: integer('land_part').notNull().default(0),
    others: integer('others').notNull().default(0),
  },
  (t) => [index('vendor_stats_org_idx').on(t.organizationId)],
);

/**
 * Money between the organization and a vendor: written by payment code (voucher payments are
 * outgoing; refunds from a vendor incoming). Rows are facts: a mistake is corrected by another row.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: id(),
    organizationId: tenantId(),
    // A vendor with transactions cannot be deleted (the history stays); deactivate it instead.
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    direction: text('direction').notNull(),
    /** Integer minor units of the organization's currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    date: date('date', { mode: 'string' }).notNull(),
    reference: text('reference'),
    description: text('description'),
    /** The record that caused it, e.g. `voucher-payment` and the payment's id. */
    linkedType: text('linked_type'),
    linkedId: uuid('linked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_transactions_vendor_date_idx').on(t.vendorId, t.date, t.id),
    index('vendor_transactions_linked_idx').on(t.linkedType, t.linkedId),
    check('vendor_transactions_direction_ck', sql`${t.direction} in ('incoming', 'outgoing')`),
    check('vendor_transactions_status_ck', sql`${t.status} in ('paid', 'pending')`),
    check('vendor_transactions_amount_ck', sql`${t.amount} >= 0`),
  ],
);

// ---------- catalogue ----------
// Slugs are unique per organization (`<table>_org_slug_uq`). A reference to another catalogue
// record is a composite foreign key with `organization_id`, so the database itself refuses a
// reference to another organization's record (foreign keys are checked without row-level security).
// References are `restrict`: a region or destination still in use cannot be deleted.

export const regions = pgTable(
  'regions',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('regions_org_slug_uq').on(t.organizationId, t.slug),
    uniqueIndex('regions_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    unique('regions_org_id_uq').on(t.organizationId, t.id),
  ],
);

export const destinations = pgTable(
  'destinations',
  {
    id: id(),
    organizationId: tenantId(),
    regionId: uuid('region_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    country: text('country').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('destinations_org_slug_uq').on(t.organizationId, t.slug),
    uniqueIndex('destinations_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    unique('destinations_org_id_uq').on(t.organizationId, t.id),
    index('destinations_region_idx').on(t.regionId),
    index('destinations_org_country_idx').on(t.organizationId, sql`lower(${t.country})`),
    foreignKey({ name: 'destinations_region_fk', columns: [t.organizationId, t.regionId], foreignColumns: [regions.organizationId, regions.id] }).onDelete('restrict'),
  ],
);

/**
 * A record's searchable text in one expression (one trigram index): its fields joined by a line
 * break, which a search box cannot hold, so no match spans two fields. hotel_search() and
 * activity_search() (migration 0005) repeat it.
 */
const searchText = (...columns: AnyPgColumn[]) => sql.join(columns.map((c) => sql`coalesce(${c}, '')`), sql` || E'\\n' || `);

export const hotels = pgTable(
  'hotels',
  {
    id: id(),
    organizationId: tenantId(),
    /** The region is the destination's: read through it, never stored twice. */
    destinationId: uuid('destination_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    stars: integer('stars').notNull(),
    address: text('address'),
    /** Nightly rates in integer minor units of the organization's currency. */
    roomTypes: jsonb('room_types').$type<RoomType[]>().notNull().default([]),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hotels_org_slug_uq').on(t.organizationId, t.slug),
    index('hotels_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('hotels_destination_idx').on(t.destinationId),
    // Per-destination counts of the list header, and counts over the destination join: an index-only scan.
    index('hotels_org_destination_idx').on(t.organizationId, t.destinationId),
    index('hotels_org_stars_idx').on(t.organizationId, t.stars),
    // `search` through hotel_search() (the row-level security note of migration 0004).
    index('hotels_search_trgm_idx').using('gin', sql`(${searchText(t.name, t.slug, t.address)}) gin_trgm_ops`),
    index('hotels_amenities_idx').using('gin', t.amenities),
    check('hotels_stars_ck', sql`${t.stars} between 1 and 5`),
    foreignKey({ name: 'hotels_destination_fk', columns: [t.organizationId, t.destinationId], foreignColumns: [destinations.organizationId, destinations.id] }).onDelete('restrict'),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    organizationId: tenantId(),
    destinationId: uuid('destination_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    difficulty: text('difficulty').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Integer minor units of the organization's currency. */
    pricePerPerson: bigint('price_per_person', { mode: 'number' }).notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activities_org_slug_uq').on(t.organizationId, t.slug),
    index('activities_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('activities_destination_idx').on(t.destinationId),
    // Per-destination counts of the list header, and counts over the destination join: an index-only scan.
    index('activities_org_destination_idx').on(t.organizationId, t.destinationId),
    index('activities_org_category_idx').on(t.organizationId, t.category),
    index('activities_org_difficulty_idx').on(t.organizationId, t.difficulty),
    // The list's other sort keys (a page walks the index instead of sorting every activity).
    index('activities_org_price_idx').on(t.organizationId, t.pricePerPerson),
    index('activities_org_duration_idx').on(t.organizationId, t.durationMinutes),
    index('activities_search_trgm_idx').using('gin', sql`(${searchText(t.name, t.slug, t.description)}) gin_trgm_ops`),
    check('activities_difficulty_ck', sql`${t.difficulty} in ('easy', 'moderate', 'hard')`),
    check('activities_duration_ck', sql`${t.durationMinutes} > 0`),
    check('activities_price_ck', sql`${t.pricePerPerson} >= 0`),
    foreignKey({ name: 'activities_destination_fk', columns: [t.organizationId, t.destinationId], foreignColumns: [destinations.organizationId, destinations.id] }).onDelete('restrict'),
  ],
);

/**
 * Hotels and activities counted per destination and facet (hotels: stars; activities: category and
 * difficulty), kept by statement triggers on those tables (migration 0005), so a list's header and
 * an unsearched list's total read a few hundred cells instead of counting every record. A write
 * appends its change and folds the cells it touched, skipping rows another transaction holds:
 * writers never wait for each other here, and the sum per cell is always right.
 */
export const placeCounts = pgTable(
  'place_counts',
  {
    id: id(),
    organizationId: tenantId(),
    /** The counted table: `hotels` or `activities`. */
    resource: text('resource').notNull(),
    destinationId: uuid('destination_id').notNull(),
    facetA: text('facet_a').notNull().default(''),
    facetB: text('facet_b').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [index('place_counts_cell_idx').on(t.organizationId, t.resource, t.destinationId, t.facetA, t.facetB)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    organizationId: tenantId(),
    customerName: text('customer_name').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    destinationId: uuid('destination_id'),
    /** The tour reviewed; tours arrive in a later issue (no foreign key until then, and not writable yet). */
    tourId: uuid('tour_id'),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_org_created_idx').on(t.organizationId, t.createdAt),
    index('reviews_destination_idx').on(t.destinationId),
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    foreignKey({ name: 'reviews_destination_fk', columns: [t.organizationId, t.destinationId], foreignColumns: [destinations.organizationId, destinations.id] }).onDelete('restrict'),
  ],
);

// ---------- leads and contacts ----------

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

/**
 * The sales pipeline. `status` is the lead machine's state (src/machines/lead-machine.ts);
 * `next_follow_up_at` is the earliest open follow-up, kept in the same transaction as follow-ups
 * change, so the "today and missed" list is one index range. Regions and destinations are id
 * arrays; writes lock the named rows (`for key share`) so a concurrent delete cannot slip between.
 */
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
    index('leads_org_query_date_idx').on(t.organizationId, t.queryDate),
    index('leads_org_created_idx').on(t.organizationId, t.createdAt),
    index('leads_contact_idx').on(t.contactId),
    index('leads_regions_gin').using('gin', t.regions),
    index('leads_destinations_gin').using('gin', t.destinations),
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
    budget: bigint('budget', { mode: 'number' }),
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
    /** When the "follow-up due" notification was written (once). */
    notifiedAt: instant('notified_at'),
  },
  (t) => [
    index('follow_ups_lead_idx').on(t.leadId, t.dueAt),
    index('follow_ups_open_due_idx').on(t.organizationId, t.dueAt).where(sql`${t.respondedAt} is null`),
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

// ---------- infrastructure (not tenant data) ----------

/**
 * The job queue: work to run at `run_at`, claimed with `for update skip locked` in the same
 * transaction as the work, so each job runs once however many servers poll. `key` makes enqueueing
 * idempotent. `org_id` (not `organization_id`: no row-level security here) names the tenant the
 * job runs as.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: instant('done_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_key_uq').on(t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
);

/** Fixed-window request counters (public endpoints), shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: instant('window_start').notNull().default(sql`now()`),
  count: integer('count').notNull().default(0),
});

/** Failed sign-ins per key (account, address, account+address); not tenant data. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: instant('last_failure_at').notNull().default(sql`now()`),
  blockedUntil: instant('blocked_until'),
});
export * from '../finance/schema';
