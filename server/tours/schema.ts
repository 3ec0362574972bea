import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '../db/money';
import type { TourSnapshot } from '../../src/api/tours/customized/contract';
import { members } from '../auth/schema';
import { activities, destinations, hotels } from '../catalogue';
import { customizedTourMachine } from '../../src/machines/customized-tour-machine';
import { stateCheck } from '../db/state-check';
import { createdAt, id, instant, tenantId, updatedAt } from '../db/tenancy';
import { leadQueries, leads } from '../leads';
import { vendors } from '../vendors';

/**
 * Customized tours (docs/tours.md). A tour row holds the plan's header and the totals the server
 * computed with the pricing function; its days and priced lines are rows of their own (catalogue
 * references are composite foreign keys with the organization, `restrict`: a hotel, activity or
 * destination a tour uses cannot disappear under it). A sent version is a frozen copy of the whole
 * tour as answered (`snapshot`), which never changes (a trigger refuses updates, migration 0013).
 * What Drizzle cannot say lives in that custom migration: the line pricing rules as CHECKs, and the
 * tour's totals equal to the sums of its lines, checked at commit.
 */

export const customizedTours = pgTable(
  'customized_tours',
  {
    id: id(),
    organizationId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'restrict' }),
    /** The enquiry of the lead this tour answers. */
    queryId: uuid('query_id').references(() => leadQueries.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The customized tour machine's state (src/machines/customized-tour-machine.ts). */
    status: text('status').notNull().default('draft'),
    /** The draft's version number, or the version sent last. */
    version: integer('version').notNull().default(1),
    /** Bumped by every save of the plan: a stale `PUT` (another revision) answers 412. */
    revision: integer('revision').notNull().default(1),
    regions: uuid('regions').array().notNull().default(sql`'{}'::uuid[]`),
    destinations: uuid('destinations').array().notNull().default(sql`'{}'::uuid[]`),
    departure: date('departure', { mode: 'string' }).notNull(),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    /** Derived: never typed by anyone. */
    totalNights: integer('total_nights')
      .notNull()
      .generatedAlwaysAs(sql`arrival - departure`),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    pointOfContact: uuid('point_of_contact').references(() => members.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** ISO 4217, the organization's when the tour was created; its lines carry the same. */
    currency: text('currency').notNull(),
    totalCost: money('total_cost').notNull().default(0),
    totalSell: money('total_sell').notNull().default(0),
    /** The booking created from it (bookings issue) and the version the customer accepted. */
    bookingId: uuid('booking_id'),
    bookedVersion: integer('booked_version'),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customized_tours_org_id_uq').on(t.organizationId, t.id),
    unique('customized_tours_org_id_currency_uq').on(t.organizationId, t.id, t.currency),
    uniqueIndex('customized_tours_booking_uq').on(t.bookingId),
    index('customized_tours_lead_idx').on(t.leadId, t.createdAt),
    index('customized_tours_org_created_idx').on(t.organizationId, t.createdAt),
    index('customized_tours_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('customized_tours_org_departure_idx').on(t.organizationId, t.departure),
    index('customized_tours_org_arrival_idx').on(t.organizationId, t.arrival),
    index('customized_tours_org_status_idx').on(t.organizationId, t.status),
    index('customized_tours_org_contact_idx').on(t.organizationId, t.pointOfContact),
    index('customized_tours_regions_gin').using('gin', t.regions),
    index('customized_tours_destinations_gin').using('gin', t.destinations),
    check('customized_tours_dates_ck', sql`${t.departure} <= ${t.arrival} and ${t.departure} >= '1900-01-01' and ${t.arrival} <= '2200-12-31'`),
    check('customized_tours_pax_ck', sql`${t.adults} >= 1 and ${t.children} >= 0 and ${t.infants} >= 0`),
    check('customized_tours_version_ck', sql`${t.version} >= 1 and ${t.revision} >= 1`),
    check('customized_tours_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('customized_tours_booking_ck', sql`(${t.bookingId} is null) = (${t.bookedVersion} is null)`),
    check('customized_tours_status_ck', stateCheck(t.status, customizedTourMachine)),
  ],
);

/** The day-by-day plan, in order (`position` 1, 2, 3…). */
export const customizedTourDays = pgTable(
  'customized_tour_days',
  {
    id: id(),
    organizationId: tenantId(),
    tourId: uuid('tour_id').notNull(),
    position: integer('position').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    destinationId: uuid('destination_id').notNull(),
    hotelId: uuid('hotel_id'),
    roomType: text('room_type'),
    rooms: integer('rooms'),
    /** Activity ids (GIN-indexed: "is this activity used?"); writes lock the named rows (`for key share`). */
    activities: uuid('activities').array().notNull().default(sql`'{}'::uuid[]`),
    transfers: text('transfers'),
    meals: text('meals').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
  },
  (t) => [
    uniqueIndex('customized_tour_days_position_uq').on(t.tourId, t.position),
    uniqueIndex('customized_tour_days_date_uq').on(t.tourId, t.date),
    index('customized_tour_days_destination_idx').on(t.destinationId),
    index('customized_tour_days_hotel_idx').on(t.hotelId),
    index('customized_tour_days_activities_gin').using('gin', t.activities),
    foreignKey({ name: 'customized_tour_days_tour_fk', columns: [t.organizationId, t.tourId], foreignColumns: [customizedTours.organizationId, customizedTours.id] }).onDelete('cascade'),
    foreignKey({ name: 'customized_tour_days_destination_fk', columns: [t.organizationId, t.destinationId], foreignColumns: [destinations.organizationId, destinations.id] }).onDelete('restrict'),
    foreignKey({ name: 'customized_tour_days_hotel_fk', columns: [t.organizationId, t.hotelId], foreignColumns: [hotels.organizationId, hotels.id] }).onDelete('restrict'),
    check('customized_tour_days_position_ck', sql`${t.position} >= 1`),
    check('customized_tour_days_hotel_ck', sql`(${t.hotelId} is null and ${t.roomType} is null and ${t.rooms} is null) or (${t.hotelId} is not null and ${t.roomType} is not null and ${t.rooms} >= 1)`),
  ],
);

/**
 * The priced lines, in order. `unit_price`, `line_cost` and `line_sell` are what the pricing
 * function computed; the CHECKs of migration 0013 hold them to its rules.
 */
export const customizedTourLines = pgTable(
  'customized_tour_lines',
  {
    id: id(),
    organizationId: tenantId(),
    tourId: uuid('tour_id').notNull(),
    currency: text('currency').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    /** The plan's day (1-based position), or null for the whole tour. */
    day: integer('day'),
    description: text('description').notNull(),
    hotelId: uuid('hotel_id'),
    roomType: text('room_type'),
    activityId: uuid('activity_id'),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    unitCost: money('unit_cost').notNull(),
    markupType: text('markup_type').notNull(),
    markup: money('markup').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineCost: money('line_cost').notNull(),
    lineSell: money('line_sell').notNull(),
  },
  (t) => [
    uniqueIndex('customized_tour_lines_position_uq').on(t.tourId, t.position),
    index('customized_tour_lines_hotel_idx').on(t.hotelId),
    index('customized_tour_lines_activity_idx').on(t.activityId),
    index('customized_tour_lines_vendor_idx').on(t.vendorId),
    // The tour's own currency (one foreign key for the tour and its currency).
    foreignKey({
      name: 'customized_tour_lines_tour_fk',
      columns: [t.organizationId, t.tourId, t.currency],
      foreignColumns: [customizedTours.organizationId, customizedTours.id, customizedTours.currency],
    }).onDelete('cascade'),
    foreignKey({ name: 'customized_tour_lines_hotel_fk', columns: [t.organizationId, t.hotelId], foreignColumns: [hotels.organizationId, hotels.id] }).onDelete('restrict'),
    foreignKey({ name: 'customized_tour_lines_activity_fk', columns: [t.organizationId, t.activityId], foreignColumns: [activities.organizationId, activities.id] }).onDelete('restrict'),
    check('customized_tour_lines_position_ck', sql`${t.position} >= 1 and (${t.day} is null or ${t.day} >= 1)`),
  ],
);

/** What the customer was sent: one row per sent version, its snapshot never changed. */
export const customizedTourVersions = pgTable(
  'customized_tour_versions',
  {
    id: id(),
    organizationId: tenantId(),
    tourId: uuid('tour_id').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<TourSnapshot>().notNull(),
    totalSell: money('total_sell').notNull(),
    currency: text('currency').notNull(),
    sentAt: instant('sent_at').notNull().default(sql`now()`),
    sentBy: uuid('sent_by').references(() => members.id, { onDelete: 'set null' }),
    sentTo: text('sent_to'),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject'),
    message: text('message'),
  },
  (t) => [
    uniqueIndex('customized_tour_versions_uq').on(t.tourId, t.version),
    foreignKey({ name: 'customized_tour_versions_tour_fk', columns: [t.organizationId, t.tourId], foreignColumns: [customizedTours.organizationId, customizedTours.id] }).onDelete('cascade'),
    check('customized_tour_versions_version_ck', sql`${t.version} >= 1`),
  ],
);
