import { inArray, eq, sql, type SQL } from 'drizzle-orm';
import type { CatalogueRef } from '../../src/api/catalogue/regions/contract';
import type { Tx } from '../db/client';
import { regions, destinations, activities, hotels, reviews } from './schema';
import { invalidField } from '../http/errors';

import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { containsPattern } from '../http/list';
import { type SluggedTable, type Use } from '../http/records';
import { usesElsewhere } from './references';

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
export const HOTEL: PlacedTable = {
  table: hotels,
  id: hotels.id,
  name: hotels.name,
  slug: hotels.slug,
  updatedAt: hotels.updatedAt,
  destinationId: hotels.destinationId,
  kind: 'hotel',
  search: (text) => sql`hotel_search(${containsPattern(text)}, ${text})`,
  uses: (id) => usesElsewhere('hotel', id),
};
export const ACTIVITY: PlacedTable = {
  table: activities,
  id: activities.id,
  name: activities.name,
  slug: activities.slug,
  updatedAt: activities.updatedAt,
  destinationId: activities.destinationId,
  kind: 'activity',
  search: (text) => sql`activity_search(${containsPattern(text)})`,
  uses: (id) => usesElsewhere('activity', id),
};

/** The columns that show a record's destination and region (join destinations and regions). */
export const placeColumns = {
  destination: { _id: destinations.id, name: destinations.name, slug: destinations.slug },
  region: { _id: regions.id, name: regions.name, slug: regions.slug },
};
export type Place = { destination: CatalogueRef; region: CatalogueRef };

export const count = (table: PgTable, where: SQL | undefined) => sql`select count(*) from ${table} where ${where}`;

/** What keeps a region or destination from being deleted. */
export const destinationUses = (id: string): Use[] => [
  { one: 'hotel', many: 'hotels', count: count(hotels, eq(hotels.destinationId, id)) },
  { one: 'activity', many: 'activities', count: count(activities, eq(activities.destinationId, id)) },
  { one: 'review', many: 'reviews', count: count(reviews, eq(reviews.destinationId, id)) },
  ...usesElsewhere('destination', id),
];

const inRegion = (column: typeof hotels.destinationId | typeof activities.destinationId, id: string) =>
  sql`${column} in (select ${destinations.id} from ${destinations} where ${destinations.regionId} = ${id})`;

export const regionUses = (id: string): Use[] => [
  { one: 'destination', many: 'destinations', count: count(destinations, eq(destinations.regionId, id)) },
  { one: 'hotel', many: 'hotels', count: count(hotels, inRegion(hotels.destinationId, id)) },
  { one: 'activity', many: 'activities', count: count(activities, inRegion(activities.destinationId, id)) },
  ...usesElsewhere('region', id),
];

/** A catalogue table whose records sit in a destination (and through it in a region): hotels, activities. */
export interface PlacedTable extends SluggedTable {
  destinationId: AnyPgColumn;
  /**
   * The rows a search finds (by name, slug, address or description, destination, country or region, hotels
   * also by amenity): a set-returning function of migration 0005 that reads the trigram index.
   */
  search: (text: string) => SQL;
  /** What keeps a record from being deleted (409 naming them). */
  uses: (id: string) => Use[];
}

/** A placed record's row as read: the table's own columns, its destination and region. */
export type PlacedRow<R> = { record: R } & Place;

/**
 * Regions and destinations named by id must be the organization's. They are locked (`for key
 * share`) until the request ends, so a concurrent delete waits and then sees the use.
 */
export async function assertPlaces(tx: Tx, input: { regions?: string[]; destinations?: string[] }, prefix = '') {
  for (const [field, table] of [
    ['regions', regions],
    ['destinations', destinations],
  ] as const) {
    const ids = input[field];
    if (!ids?.length) continue;
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).for('key share');
    if (found.length !== ids.length) {
      const kind = field === 'regions' ? 'region' : 'destination';
      throw invalidField(`${prefix}${field}`, 'unknownReference', `names a ${kind} that does not exist`, { kind });
    }
  }
}

/** Names of the regions and destinations the records name, in one query each. */
/**
 * {@link placeRefs} in SQL, for a list PostgreSQL writes as JSON (`listPageJson`): `placesCte` reads
 * the regions and destinations a page names once, as a map by id (`places`, beside the page); then
 * `placeRefsJson(ids)` is the JSON array of the places an id array names, `{ _id, name, slug }` each,
 * in the array's order, those not found left out. (One look-up per page: a join per row and array
 * cost a list twice as much.)
 */
export const placesCte = (regionIds: SQL, destinationIds: SQL) => sql`places as (
  select coalesce(jsonb_object_agg(x.id, jsonb_build_object('_id', x.id, 'name', x.name, 'slug', x.slug)), '{}'::jsonb) as m from (
    select id, name, slug from ${regions} where id in (select unnest(${regionIds}) from page)
    union all select id, name, slug from ${destinations} where id in (select unnest(${destinationIds}) from page)) x)`;
export const placeRefsJson = (ids: SQL) =>
  sql`(select coalesce(jsonb_agg(places.m -> u.id::text order by u.n) filter (where places.m ? u.id::text), '[]'::jsonb) from unnest(${ids}) with ordinality as u(id, n))`;

export async function placeRefs(tx: Tx, records: { regions: string[]; destinations: string[] }[]) {
  const load = async (table: typeof regions | typeof destinations, ids: string[]) => {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map<string, CatalogueRef>();
    const rows = await tx.select({ _id: table.id, name: table.name, slug: table.slug }).from(table).where(inArray(table.id, wanted));
    return new Map(rows.map((r) => [r._id, r]));
  };
  const r = await load(
    regions,
    records.flatMap((x) => x.regions),
  );
  const d = await load(
    destinations,
    records.flatMap((x) => x.destinations),
  );
  const pick = (map: Map<string, CatalogueRef>, ids: string[]) => ids.map((id) => map.get(id)).filter((x): x is CatalogueRef => !!x);
  return { regions: (ids: string[]) => pick(r, ids), destinations: (ids: string[]) => pick(d, ids) };
}
