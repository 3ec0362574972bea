import * as v from 'valibot';
import { intFromText, listFromText } from '../../common/import';
import {
  updateOf,
  clearableText,
  idSchema,
  intBetween,
  listOf,
  moneySchema,
  noNul,
  pageQuery,
  requiredText,
  sortBy,
  withFilter,
} from '../../common/schemas';
import { slugInput } from '../../common/slug';
import type { CatalogueRef } from '../regions/contract';

export interface RoomType {
  name: string;
  /** Price of one night, integer minor units of the organization's currency. */
  nightlyRate: number;
  maxOccupancy: number;
}

export interface Hotel {
  _id: string;
  name: string;
  slug: string;
  /** 1 to 5. */
  stars: number;
  address: string | null;
  roomTypes: RoomType[];
  amenities: string[];
  description: string | null;
  destinationId: string;
  destination: CatalogueRef;
  /** The destination's region. */
  regionId: string;
  region: CatalogueRef;
  createdAt: string;
  updatedAt: string;
}

/** The list's header, over the whole organization whatever the filters and page. */
export interface HotelStats {
  total: number;
  /** Hotels per star rating; keys `1` to `5` are always present. */
  byStars: Record<'1' | '2' | '3' | '4' | '5', number>;
  /** Destinations that have hotels, most hotels first. */
  byDestination: (CatalogueRef & { count: number })[];
}

export const MAX_ROOM_TYPES = 20;
export const MAX_AMENITIES = 50;

export const roomTypeSchema = v.strictObject(
  {
    name: requiredText(80),
    nightlyRate: moneySchema,
    maxOccupancy: intBetween(1, 20),
  },
  'must be a room type with name, nightlyRate and maxOccupancy',
);

const roomTypesSchema = v.pipe(
  v.array(roomTypeSchema, 'must be a list of room types'),
  v.minLength(1, 'must have at least one room type'),
  v.maxLength(MAX_ROOM_TYPES, `must have at most ${MAX_ROOM_TYPES} room types`),
  v.check((list) => new Set(list.map((r) => r.name.toLowerCase())).size === list.length, 'must not name a room type twice'),
);

/** Amenities are kept once each (case aside), in the order given. */
const amenitiesSchema = v.pipe(
  v.array(v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(60, 'must be at most 60 characters'), noNul), 'must be a list of amenities'),
  v.maxLength(MAX_AMENITIES, `must have at most ${MAX_AMENITIES} amenities`),
  v.transform((list) => list.filter((a, i) => list.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i)),
);

const hotelFields = {
  name: requiredText(200),
  slug: slugInput,
  destinationId: idSchema,
  stars: intBetween(1, 5),
  address: clearableText(500),
  roomTypes: roomTypesSchema,
  amenities: v.optional(amenitiesSchema),
  description: clearableText(5000),
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

const starsQuery = v.pipe(v.picklist(['1', '2', '3', '4', '5'], 'must be 1 to 5'), v.transform(Number));

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
  v.string(),
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
  roomTypes: v.pipe(v.union([v.array(v.unknown()), roomTypesFromText], 'must be a list of room types'), roomTypesSchema),
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
