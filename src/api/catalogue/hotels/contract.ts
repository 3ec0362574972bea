import * as v from 'valibot';
import { importEndpoint, intFromText, listFromText } from '../../common/import';
import { coded } from '../../common/issues';
import {
  clearableText,
  idSchema,
  intBetween,
  listOf,
  moneySchema,
  multiline,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  storable,
  timestamp,
  updateOf,
  uuid,
  withFilter,
} from '../../common/schemas';
import { slugInput } from '../../common/slug';
import { catalogueRefSchema } from '../regions/contract';
import { placedEndpoints } from '../placed';

export const roomTypeAnswer = v.object({
  name: v.string(),
  /** Price of one night, integer minor units of the organization's currency. */
  nightlyRate: v.number(),
  maxOccupancy: v.number(),
});
export type RoomType = v.InferOutput<typeof roomTypeAnswer>;

export const hotelSchema = v.object({
  _id: uuid,
  name: v.string(),
  slug: v.string(),
  /** 1 to 5. */
  stars: v.number(),
  address: v.nullable(v.string()),
  roomTypes: v.array(roomTypeAnswer),
  amenities: v.array(v.string()),
  description: v.nullable(v.string()),
  destinationId: uuid,
  destination: catalogueRefSchema,
  /** The destination's region. */
  regionId: uuid,
  region: catalogueRefSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Hotel = v.InferOutput<typeof hotelSchema>;

/** The list's header, over the whole organization whatever the filters and page. */
export const hotelStatsSchema = v.object({
  total: v.number(),
  /** Hotels per star rating; keys `1` to `5` are always present. */
  byStars: v.object({ 1: v.number(), 2: v.number(), 3: v.number(), 4: v.number(), 5: v.number() }),
  /** Destinations that have hotels, most hotels first. */
  byDestination: v.array(v.object({ ...catalogueRefSchema.entries, count: v.number() })),
});
export type HotelStats = v.InferOutput<typeof hotelStatsSchema>;

export const MAX_ROOM_TYPES = 20;
export const MAX_AMENITIES = 50;

export const roomTypeSchema = v.strictObject(
  {
    name: requiredText(80),
    nightlyRate: moneySchema,
    maxOccupancy: intBetween(1, 20),
  },
  coded('invalidType', 'must be a room type with name, nightlyRate and maxOccupancy', { expected: 'object' }),
);

const roomTypesSchema = v.pipe(
  v.array(roomTypeSchema, coded('invalidType', 'must be a list of room types', { expected: 'list' })),
  v.minLength(1, coded('tooFewItems', 'must have at least one room type', { min: 1 })),
  v.maxLength(MAX_ROOM_TYPES, coded('tooManyItems', `must have at most ${MAX_ROOM_TYPES} room types`, { max: MAX_ROOM_TYPES })),
  v.check((list) => new Set(list.map((r) => r.name.toLowerCase())).size === list.length, coded('duplicateItems', 'must not name a room type twice')),
);

/** Amenities are kept once each (case aside), in the order given. */
const amenitiesSchema = v.pipe(
  v.array(requiredText(60), coded('invalidType', 'must be a list of amenities', { expected: 'list' })),
  v.maxLength(MAX_AMENITIES, coded('tooManyItems', `must have at most ${MAX_AMENITIES} amenities`, { max: MAX_AMENITIES })),
  v.transform((list) => list.filter((a, i) => list.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i)),
);

const hotelFields = {
  name: requiredText(200),
  slug: slugInput,
  destinationId: idSchema,
  stars: intBetween(1, 5),
  address: clearableText(500, multiline),
  roomTypes: roomTypesSchema,
  amenities: v.optional(amenitiesSchema),
  description: clearableText(5000, multiline),
};

export const createHotelInput = v.strictObject(hotelFields);
export type CreateHotelInput = v.InferOutput<typeof createHotelInput>;

export const updateHotelInput = updateOf({
  ...hotelFields,
  name: v.optional(hotelFields.name),
  destinationId: v.optional(hotelFields.destinationId),
  stars: v.optional(hotelFields.stars),
  roomTypes: v.optional(hotelFields.roomTypes),
});
export type UpdateHotelInput = v.InferOutput<typeof updateHotelInput>;

const starsQuery = v.pipe(oneOf(['1', '2', '3', '4', '5'], 'must be 1 to 5'), v.transform(Number));

export const HOTEL_SORT_FIELDS = ['name', 'stars', 'createdAt', 'updatedAt'] as const;
export const hotelsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(HOTEL_SORT_FIELDS, 'name'),
  ...withFilter({
    regions: listOf(idSchema),
    destinations: listOf(idSchema),
    /** Hotels with any of these star ratings. */
    stars: listOf(starsQuery),
  }),
});
export type HotelsQuery = v.InferOutput<typeof hotelsQuery>;

/**
 * Room types in one CSV cell: `name:nightlyRate:maxOccupancy` separated by `;` or `|`, rates in
 * minor units (`Deluxe King:25000:2; Family Suite:48000:4`).
 */
const roomTypesFromText = v.pipe(
  storable(),
  v.transform((text) =>
    text
      .split(/[;|]/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', rate = '', occupancy = ''] = part.split(':').map((x) => x.trim());
        const num = (x: string) => (/^\d{1,15}$/.test(x) ? Number(x) : x);
        return { name, nightlyRate: num(rate), maxOccupancy: num(occupancy) };
      }),
  ),
);

/** One import row: a create payload whose destination is named by `destination` (id, slug or name). */
export const hotelImportRow = v.strictObject({
  name: hotelFields.name,
  slug: hotelFields.slug,
  destination: requiredText(200),
  stars: intFromText(hotelFields.stars),
  address: hotelFields.address,
  roomTypes: v.pipe(v.union([v.array(v.unknown()), roomTypesFromText], coded('invalidType', 'must be a list of room types', { expected: 'list' })), roomTypesSchema),
  amenities: v.optional(listFromText(amenitiesSchema, 'must be a list of amenities')),
  description: hotelFields.description,
});
export type HotelImportRow = v.InferOutput<typeof hotelImportRow>;

export const HOTEL_CSV_COLUMNS: Record<string, string> = {
  name: 'name',
  hotel: 'name',
  hotelname: 'name',
  slug: 'slug',
  destination: 'destination',
  destinationname: 'destination',
  destinationid: 'destination',
  stars: 'stars',
  address: 'address',
  roomtypes: 'roomTypes',
  rooms: 'roomTypes',
  amenities: 'amenities',
  description: 'description',
};

/** The hotels' CSV import (its routes are built by `importRoute` in `placedRecordRoutes`). */
export const hotelPaths = { import: importEndpoint('/hotels/import') };

/** The hotels' calls, declared once (src/api/catalogue/placed.ts): `GET/POST /hotels`, the seed's `GET /hotels/hotelId/:id`, `PUT/DELETE /hotels/:id`. */
export const hotelEndpoints = placedEndpoints('/hotels', {
  one: 'hotelId',
  schema: hotelSchema,
  statsSchema: hotelStatsSchema,
  query: hotelsQuery,
  createInput: createHotelInput,
  updateInput: updateHotelInput,
});
