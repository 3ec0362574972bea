import { and, arrayOverlaps, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { createHotelInput, hotelImportRow, hotelsQuery, updateHotelInput, type Hotel, type HotelStats, type HotelsQuery } from '../../src/api/hotels/contract';
import { hotelRowsFromCsv } from '../../src/api/hotels/import';
import type { Tx } from '../db/client';
import { destinations, hotels, regions } from '../db/schema';
import { containsPattern, countsBy } from '../http/list';
import { HOTEL, placedRecordFields, placedRecordRoutes, type PlacedRow } from './catalogue';

export function toHotel(row: PlacedRow<typeof hotels.$inferSelect>): Hotel {
  const { stars, address, roomTypes, amenities } = row.record;
  return { ...placedRecordFields(row), stars, address, roomTypes, amenities };
}

function hotelFilters(q: Omit<HotelsQuery, 'filter'>): SQL | undefined {
  const p = q.search ? containsPattern(q.search) : undefined;
  return and(
    p
      ? or(ilike(hotels.name, p), ilike(hotels.slug, p), ilike(hotels.address, p), ilike(destinations.name, p), ilike(regions.name, p), arrayOverlaps(hotels.amenities, [q.search!]))
      : undefined,
    q.regions?.length ? inArray(destinations.regionId, q.regions) : undefined,
    q.destinations?.length ? inArray(hotels.destinationId, q.destinations) : undefined,
    q.stars?.length ? inArray(hotels.stars, q.stars) : undefined,
  );
}

/** The list's header, over the whole organization whatever the filters and page. */
async function hotelStats(tx: Tx): Promise<HotelStats> {
  const byStars = await countsBy(tx, hotels, hotels.stars, ['1', '2', '3', '4', '5'] as const);
  const perDestination = await tx
    .select({ _id: destinations.id, name: destinations.name, slug: destinations.slug, count: sql<number>`count(*)::int` })
    .from(hotels)
    .innerJoin(destinations, eq(destinations.id, hotels.destinationId))
    .groupBy(destinations.id)
    .orderBy(desc(sql`count(*)`), asc(sql`lower(${destinations.name})`));
  return { total: Object.values(byStars).reduce((a, b) => a + b, 0), byStars, byDestination: perDestination };
}

/** The seed's hotel calls: `/hotels`, `/hotels/hotelId/{id}`, `PUT/DELETE /hotels/{id}`, and `POST /hotels/import`. */
export const hotelRoutes = placedRecordRoutes({
  module: 'hotels',
  path: '/hotels',
  itemPath: '/hotels/hotelId/:id',
  target: HOTEL,
  label: 'Hotel',
  toRecord: toHotel,
  query: hotelsQuery,
  filters: hotelFilters,
  sort: { name: sql`lower(${hotels.name})`, stars: hotels.stars, createdAt: hotels.createdAt, updatedAt: hotels.updatedAt },
  stats: hotelStats,
  createInput: createHotelInput,
  updateInput: updateHotelInput,
  importRow: hotelImportRow,
  fromCsv: hotelRowsFromCsv,
  deletedMessage: 'Hotel deleted successfully!',
});
