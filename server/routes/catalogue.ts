import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CatalogueRef } from '../../src/api/regions/contract';
import { activities, destinations, hotels, leadQueries, leads, regions, reviews } from '../db/schema';
import type { SluggedTable, Use } from '../http/records';

/** The catalogue's slugged tables, as the shared record helpers (server/http/records.ts) see them. */
export const REGION: SluggedTable = { table: regions, id: regions.id, name: regions.name, slug: regions.slug, updatedAt: regions.updatedAt, kind: 'region' };
export const DESTINATION: SluggedTable = {
  table: destinations,
  id: destinations.id,
  name: destinations.name,
  slug: destinations.slug,
  updatedAt: destinations.updatedAt,
  kind: 'destination',
};
export const HOTEL: SluggedTable = { table: hotels, id: hotels.id, name: hotels.name, slug: hotels.slug, updatedAt: hotels.updatedAt, kind: 'hotel' };
export const ACTIVITY: SluggedTable = {
  table: activities,
  id: activities.id,
  name: activities.name,
  slug: activities.slug,
  updatedAt: activities.updatedAt,
  kind: 'activity',
};

/** The columns that show a record's destination and region (join destinations and regions). */
export const placeColumns = {
  destination: { _id: destinations.id, name: destinations.name, slug: destinations.slug },
  region: { _id: regions.id, name: regions.name, slug: regions.slug },
};
export type Place = { destination: CatalogueRef; region: CatalogueRef };

const count = (table: PgTable, where: SQL | undefined) => sql`select count(*) from ${table} where ${where}`;

/** Leads (and their queries) name regions and destinations in id arrays (GIN-indexed). */
const placeUsedByLeads = (column: 'regions' | 'destinations', id: string): Use[] => [
  { one: 'lead', many: 'leads', count: count(leads, sql`${leads[column]} @> array[${id}]::uuid[]`) },
  { one: 'lead query', many: 'lead queries', count: count(leadQueries, sql`${leadQueries[column]} @> array[${id}]::uuid[]`) },
];

/**
 * What keeps a region or destination from being deleted. Tours and leads join these lists when
 * they arrive.
 */
export const destinationUses = (id: string): Use[] => [
  { one: 'hotel', many: 'hotels', count: count(hotels, eq(hotels.destinationId, id)) },
  { one: 'activity', many: 'activities', count: count(activities, eq(activities.destinationId, id)) },
  { one: 'review', many: 'reviews', count: count(reviews, eq(reviews.destinationId, id)) },
  ...placeUsedByLeads('destinations', id),
];

const inRegion = (column: typeof hotels.destinationId | typeof activities.destinationId, id: string) =>
  sql`${column} in (select ${destinations.id} from ${destinations} where ${destinations.regionId} = ${id})`;

export const regionUses = (id: string): Use[] => [
  { one: 'destination', many: 'destinations', count: count(destinations, eq(destinations.regionId, id)) },
  { one: 'hotel', many: 'hotels', count: count(hotels, inRegion(hotels.destinationId, id)) },
  { one: 'activity', many: 'activities', count: count(activities, inRegion(activities.destinationId, id)) },
  ...placeUsedByLeads('regions', id),
];
