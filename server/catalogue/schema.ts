import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { money } from '../db/money';
import type { RoomType } from '../../src/api/catalogue/hotels/contract';
import { id, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { declareDuplicates } from '../http/errors';

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
    // For composite foreign keys from other areas (a tour's days and lines).
    unique('hotels_org_id_uq').on(t.organizationId, t.id),
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
    pricePerPerson: money('price_per_person').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activities_org_slug_uq').on(t.organizationId, t.slug),
    unique('activities_org_id_uq').on(t.organizationId, t.id),
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
    /** The customized tour reviewed (a composite foreign key to customized_tours, migration 0013: tours are defined after the catalogue). */
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

declareDuplicates({
  regions_org_name_uq: { field: 'name', message: 'A region with this name already exists' },
  regions_org_slug_uq: { field: 'slug', message: 'A region with this slug already exists' },
  destinations_org_name_uq: { field: 'name', message: 'A destination with this name already exists' },
  destinations_org_slug_uq: { field: 'slug', message: 'A destination with this slug already exists' },
  hotels_org_slug_uq: { field: 'slug', message: 'A hotel with this slug already exists' },
  activities_org_slug_uq: { field: 'slug', message: 'An activity with this slug already exists' },
});
