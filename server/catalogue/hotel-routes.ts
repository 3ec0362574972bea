import { sql } from 'drizzle-orm';
import { hotelEndpoints, hotelPaths, hotelImportRow, type Hotel, type HotelStats } from '../../src/api/catalogue/hotels/contract';
import { hotelRowsFromCsv } from '../../src/api/catalogue/hotels/import';
import { hotels } from './schema';
import { cellCounts, placedRecordFields, placedRecordRoutes, type PlaceCell } from './placed-routes';
import { HOTEL, type PlacedRow } from './store';

export function toHotel(row: PlacedRow<typeof hotels.$inferSelect>): Hotel {
  const { stars, address, roomTypes, amenities } = row.record;
  return { ...placedRecordFields(row), stars, address, roomTypes, amenities };
}

const byName = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/** The list's header, over the whole organization whatever the filters and page, from its counted cells. */
function hotelStats(cells: PlaceCell[]): HotelStats {
  const byStars = cellCounts(cells, (c) => c.facets[0], ['1', '2', '3', '4', '5'] as const);
  const perDestination = new Map<string, HotelStats['byDestination'][number]>();
  for (const { destination, n } of cells) {
    const entry = perDestination.get(destination._id) ?? { ...destination, count: 0 };
    entry.count += n;
    perDestination.set(destination._id, entry);
  }
  const byDestination = [...perDestination.values()].filter((d) => d.count > 0).sort((x, y) => y.count - x.count || byName(x.name, y.name));
  return { total: Object.values(byStars).reduce((a, b) => a + b, 0), byStars, byDestination };
}

/** The seed's hotel calls: `/hotels`, `/hotels/hotelId/{id}`, `PUT/DELETE /hotels/{id}`, and `POST /hotels/import`. */
export const hotelRoutes = placedRecordRoutes({
  module: 'hotels',
  paths: hotelPaths,
  endpoints: hotelEndpoints,
  target: HOTEL,
  label: 'Hotel',
  toRecord: toHotel,
  recordJson: (col) => sql`'stars', ${col('stars')}, 'address', ${col('address')}, 'roomTypes', ${col('room_types')}, 'amenities', ${col('amenities')}`,
  facets: [{ column: hotels.stars, chosen: (q) => q.stars }],
  sort: { name: sql`lower(${hotels.name})`, stars: hotels.stars, createdAt: hotels.createdAt, updatedAt: hotels.updatedAt },
  stats: hotelStats,
  importRow: hotelImportRow,
  fromCsv: hotelRowsFromCsv,
  deletedMessage: 'Hotel deleted successfully!',
});
