import { and, arrayOverlaps, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsFromCsv } from '../../src/api/common/import';
import { idParams, mergeFilter } from '../../src/api/common/schemas';
import {
  HOTEL_CSV_COLUMNS,
  createHotelInput,
  hotelImportRow,
  hotelsQuery,
  updateHotelInput,
  type Hotel,
  type HotelImportRow,
  type HotelStats,
  type HotelsQuery,
} from '../../src/api/hotels/contract';
import type { Tx } from '../db/client';
import { destinations, hotels, regions } from '../db/schema';
import { notFound } from '../http/errors';
import { importRoute } from '../http/import';
import { containsPattern, countRows, countsBy, orderBy, pageOf, totalOver } from '../http/list';
import { assertReference, referenceResolver, sluggedImporter, uniqueSlug } from '../http/records';
import { allow, route } from '../http/route';
import { DESTINATION, HOTEL, placeColumns, type Place } from './catalogue';

const hotelColumns = { h: hotels, ...placeColumns };

export function toHotel({ h, destination, region }: { h: typeof hotels.$inferSelect } & Place): Hotel {
  return {
    _id: h.id,
    name: h.name,
    slug: h.slug,
    stars: h.stars,
    address: h.address,
    roomTypes: h.roomTypes,
    amenities: h.amenities,
    description: h.description,
    destinationId: destination._id,
    destination,
    regionId: region._id,
    region,
    createdAt: h.createdAt,
    updatedAt: h.updatedAt,
  };
}

/** Hotels with their destination and its region (and, for a page, the total beside each row). */
const selectHotels = (tx: Tx) =>
  tx.select(hotelColumns).from(hotels).innerJoin(destinations, eq(destinations.id, hotels.destinationId)).innerJoin(regions, eq(regions.id, destinations.regionId));
const selectHotelPage = (tx: Tx) =>
  tx
    .select({ ...hotelColumns, total_over: totalOver() })
    .from(hotels)
    .innerJoin(destinations, eq(destinations.id, hotels.destinationId))
    .innerJoin(regions, eq(regions.id, destinations.regionId));

async function findHotel(tx: Tx, id: string): Promise<Hotel> {
  const [row] = await selectHotels(tx).where(eq(hotels.id, id));
  if (!row) throw notFound('Hotel');
  return toHotel(row);
}

async function lockHotel(tx: Tx, id: string) {
  const [row] = await tx.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id)).for('update');
  if (!row) throw notFound('Hotel');
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

const HOTEL_SORT = { name: sql`lower(${hotels.name})`, stars: hotels.stars, createdAt: hotels.createdAt, updatedAt: hotels.updatedAt };

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

export const hotelRoutes = [
  route({
    method: 'GET',
    path: '/hotels',
    access: allow('hotels', 'view'),
    query: hotelsQuery,
    async handler({ tx, query }) {
      const where = hotelFilters(mergeFilter(query));
      return pageOf(
        query,
        (limit, offset) =>
          selectHotelPage(tx)
            .where(where)
            .orderBy(orderBy(HOTEL_SORT[query.sortBy], query.sortOrder), asc(hotels.id))
            .limit(limit)
            .offset(offset),
        (r) => toHotel(r),
        () => countRows(tx, selectHotels(tx).where(where)),
        await hotelStats(tx),
      );
    },
  }),

  route({
    method: 'GET',
    path: '/hotels/hotelId/:id',
    access: allow('hotels', 'view'),
    params: idParams,
    async handler({ tx, params }) {
      return { data: await findHotel(tx, params.id) };
    },
  }),

  route({
    method: 'POST',
    path: '/hotels',
    access: allow('hotels', 'create'),
    body: createHotelInput,
    status: 201,
    async handler({ tx, body }) {
      await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
      const slug = body.slug ?? (await uniqueSlug(tx, HOTEL, body.name));
      const [created] = await tx
        .insert(hotels)
        .values({ ...body, slug })
        .returning({ id: hotels.id });
      return { data: await findHotel(tx, created.id) };
    },
  }),

  importRoute({
    path: '/hotels/import',
    module: 'hotels',
    fromCsv: (text) => rowsFromCsv(text, { columns: HOTEL_CSV_COLUMNS, required: ['name', 'destination', 'stars', 'roomTypes'] }),
    importer: sluggedImporter<HotelImportRow>({
      target: HOTEL,
      rowSchema: hotelImportRow,
      async prepare(tx, inputs) {
        const destinationOf = await referenceResolver(tx, DESTINATION, inputs.map((i) => i.destination));
        return ({ destination, ...rest }) => {
          const destinationId = destinationOf(destination);
          return destinationId ? { ...rest, destinationId } : { reject: `destination "${destination}" is not a known destination` };
        };
      },
    }),
  }),

  route({
    method: 'PUT',
    path: '/hotels/:id',
    access: allow('hotels', 'update'),
    params: idParams,
    body: updateHotelInput,
    async handler({ tx, params, body }) {
      await lockHotel(tx, params.id);
      if (body.destinationId) await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
      await tx
        .update(hotels)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(hotels.id, params.id));
      return { data: await findHotel(tx, params.id) };
    },
  }),

  route({
    method: 'DELETE',
    path: '/hotels/:id',
    access: allow('hotels', 'delete'),
    params: idParams,
    async handler({ tx, params }) {
      await lockHotel(tx, params.id);
      const deleted = await findHotel(tx, params.id);
      await tx.delete(hotels).where(eq(hotels.id, params.id));
      return { data: deleted, message: 'Hotel deleted successfully!' };
    },
  }),
];
