import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { money } from '../db/money';
import { id, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { members } from '../auth/schema';
import { activities, destinations, hotels } from '../catalogue';
import { vendors } from '../vendors';

/**
 * Personalized tours and group tours (departures): the tables of the two kinds whose plan is theirs
 * (server/tours/plan.ts), not a lead's. Table names are the product's (`personalized_tours`,
 * `group_tours`…). Regions and destinations are id arrays
 * (GIN-indexed for the seed's any/all filters); writes lock the named catalogue rows (`for key
 * share`) so a concurrent delete waits and then sees the use. Days and priced lines are rows
 * referencing the catalogue with `restrict`, so even a race cannot orphan them. Money in integer
 * minor units with the currency on the row.
 */

const uuids = (name: string) => uuid(name).array().notNull().default(sql`'{}'::uuid[]`);
const texts = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** Columns both kinds of tour have: what it is, where, who answers for it, what a person pays. */
const tourColumns = () => ({
  id: id(),
  organizationId: tenantId(),
  title: text('title').notNull(),
  description: text('description'),
  regions: uuids('regions'),
  destinations: uuids('destinations'),
  pointOfContact: uuid('point_of_contact').references(() => members.id, { onDelete: 'set null' }),
  priceAdult: money('price_adult').notNull(),
  priceChild: money('price_child').notNull(),
  priceInfant: money('price_infant').notNull(),
  currency: text('currency').notNull(),
  createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

type TourTable = { organizationId: AnyPgColumn; priceAdult: AnyPgColumn; priceChild: AnyPgColumn; priceInfant: AnyPgColumn; currency: AnyPgColumn };
const tourChecks = (name: string, t: TourTable) => [
  check(`${name}_prices_ck`, sql`${t.priceAdult} >= 0 and ${t.priceChild} >= 0 and ${t.priceInfant} >= 0`),
  check(`${name}_currency_ck`, sql`${t.currency} ~ '^[A-Z]{3}$'`),
];

/** One day of a plan: the day's number (1 = departure day), where, where to sleep, what to do. */
const dayColumns = () => ({
  id: id(),
  organizationId: tenantId(),
  dayNumber: integer('day_number').notNull(),
  destinationId: uuid('destination_id').notNull(),
  hotelId: uuid('hotel_id').references(() => hotels.id, { onDelete: 'restrict' }),
  roomType: text('room_type'),
  activityIds: uuids('activity_ids'),
  transfers: text('transfers'),
  meals: texts('meals'),
  notes: text('notes'),
});
type DayTable = { organizationId: AnyPgColumn; destinationId: AnyPgColumn; dayNumber: AnyPgColumn; hotelId: AnyPgColumn; activityIds: AnyPgColumn; roomType: AnyPgColumn; meals: AnyPgColumn };
const dayConstraints = (name: string, t: DayTable) => [
  index(`${name}_destination_idx`).on(t.destinationId),
  index(`${name}_hotel_idx`).on(t.hotelId),
  index(`${name}_activities_gin`).using('gin', t.activityIds),
  check(`${name}_day_ck`, sql`${t.dayNumber} between 1 and 366`),
  check(`${name}_room_ck`, sql`${t.roomType} is null or ${t.hotelId} is not null`),
  check(`${name}_meals_ck`, sql`${t.meals} <@ array['breakfast', 'lunch', 'dinner']::text[]`),
  foreignKey({ name: `${name}_destination_fk`, columns: [t.organizationId, t.destinationId], foreignColumns: [destinations.organizationId, destinations.id] }).onDelete('restrict'),
];

export const personalizedTours = pgTable(
  'personalized_tours',
  {
    ...tourColumns(),
    totalNights: integer('total_nights').notNull(),
    inclusions: texts('inclusions'),
    exclusions: texts('exclusions'),
    isPublished: boolean('is_published').notNull().default(false),
  },
  (t) => [
    index('personalized_tours_org_title_idx').on(t.organizationId, sql`lower(${t.title})`),
    index('personalized_tours_org_nights_idx').on(t.organizationId, t.totalNights),
    index('personalized_tours_org_contact_idx').on(t.organizationId, t.pointOfContact),
    index('personalized_tours_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('personalized_tours_regions_gin').using('gin', t.regions),
    index('personalized_tours_destinations_gin').using('gin', t.destinations),
    check('personalized_tours_nights_ck', sql`${t.totalNights} between 0 and 365`),
    ...tourChecks('personalized_tours', t),
  ],
);

export const personalizedTourDays = pgTable(
  'personalized_tour_days',
  {
    ...dayColumns(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => personalizedTours.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('personalized_tour_days_day_uq').on(t.tourId, t.dayNumber), ...dayConstraints('personalized_tour_days', t)],
);

/**
 * A personalized tour's priced lines, in the customized tour's shape: kind, day, description, catalogue item
 * (a hotel room or an activity), vendor, quantity × unit cost, markup in basis points or an amount
 * per unit. A vendor is a suggestion: deleting it clears it here.
 */
export const personalizedTourLines = pgTable(
  'personalized_tour_lines',
  {
    id: id(),
    organizationId: tenantId(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => personalizedTours.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    dayNumber: integer('day_number'),
    description: text('description').notNull(),
    hotelId: uuid('hotel_id').references(() => hotels.id, { onDelete: 'restrict' }),
    roomType: text('room_type'),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'restrict' }),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    unitCost: money('unit_cost').notNull(),
    markupType: text('markup_type').notNull(),
    markup: money('markup').notNull(),
  },
  (t) => [
    unique('personalized_tour_lines_position_uq').on(t.tourId, t.position),
    index('personalized_tour_lines_hotel_idx').on(t.hotelId),
    index('personalized_tour_lines_activity_idx').on(t.activityId),
    index('personalized_tour_lines_vendor_idx').on(t.vendorId),
    check('personalized_tour_lines_kind_ck', sql`${t.kind} in ('hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others', 'fee', 'discount')`),
    check('personalized_tour_lines_unit_ck', sql`${t.unit} in ('per-person', 'per-room-night', 'per-unit')`),
    check('personalized_tour_lines_amounts_ck', sql`${t.quantity} > 0 and ${t.unitCost} >= 0 and ${t.markup} >= 0`),
    check('personalized_tour_lines_markup_ck', sql`${t.markupType} = 'amount' or (${t.markupType} = 'percent' and ${t.markup} <= 100000)`),
    check('personalized_tour_lines_item_ck', sql`${t.hotelId} is null or ${t.activityId} is null`),
    check('personalized_tour_lines_day_ck', sql`${t.dayNumber} is null or ${t.dayNumber} between 1 and 366`),
  ],
);

/**
 * A fixed departure. `seats_taken` moves only through reserveSeats/releaseSeats
 * (server/tours/seats.ts): a conditional update, and behind it the CHECK that it stays between 0
 * and the capacity, so no code path and no raw SQL oversells. The status is the database's: staff
 * close the sales (`sales_closed`); the rest follows from the seats, in a generated column.
 */
export const groupTours = pgTable(
  'group_tours',
  {
    ...tourColumns(),
    departure: date('departure', { mode: 'string' }).notNull(),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    totalNights: integer('total_nights')
      .notNull()
      .generatedAlwaysAs(sql`arrival - departure`),
    capacity: integer('capacity').notNull(),
    minimumToRun: integer('minimum_to_run').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    salesClosed: boolean('sales_closed').notNull().default(false),
    status: text('status')
      .notNull()
      .generatedAlwaysAs(
        sql`case when sales_closed then 'closed' when seats_taken >= capacity then 'sold-out' when seats_taken >= minimum_to_run then 'guaranteed' else 'open' end`,
      ),
  },
  (t) => [
    index('group_tours_org_departure_idx').on(t.organizationId, t.departure),
    index('group_tours_org_status_idx').on(t.organizationId, t.status, t.departure),
    index('group_tours_org_title_idx').on(t.organizationId, sql`lower(${t.title})`),
    index('group_tours_org_nights_idx').on(t.organizationId, t.totalNights),
    index('group_tours_org_contact_idx').on(t.organizationId, t.pointOfContact),
    index('group_tours_regions_gin').using('gin', t.regions),
    index('group_tours_destinations_gin').using('gin', t.destinations),
    check('group_tours_dates_ck', sql`${t.arrival} >= ${t.departure} and ${t.arrival} - ${t.departure} <= 365`),
    check('group_tours_capacity_ck', sql`${t.capacity} between 1 and 1000`),
    check('group_tours_minimum_ck', sql`${t.minimumToRun} between 1 and ${t.capacity}`),
    check('group_tours_seats_ck', sql`${t.seatsTaken} between 0 and ${t.capacity}`),
    ...tourChecks('group_tours', t),
  ],
);

export const groupTourDays = pgTable(
  'group_tour_days',
  {
    ...dayColumns(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => groupTours.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('group_tour_days_day_uq').on(t.tourId, t.dayNumber), ...dayConstraints('group_tour_days', t)],
);
