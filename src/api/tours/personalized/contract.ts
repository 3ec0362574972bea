import * as v from 'valibot';
import { coded } from '../../common/issues';
import { booleanQuery, flag, intBetween, listAnswerOf, pageQuery, sortBy, withFilter } from '../../common/schemas';
import { MAX_MARKUP_BASIS_POINTS } from '../../../domain/tour-pricing';
import {
  ROOM_TYPE_NEEDS_HOTEL,
  MAX_DAYS,
  MAX_NIGHTS,
  lineAnswerEntries,
  lineInputEntries,
  planRules,
  plannedTourEntries,
  plannedTourFields,
  textLines,
  tourDaySchema,
  tourHotelRefSchema,
  tourListFilters,
  updateInputOf,
  type LineFields,
  type Meal,
  type TravellerPrices,
} from '../tour-plan';
import { idParams } from '../../common/schemas';
import { documentEndpoints } from '../../documents/contract';
import { planEndpoints } from '../plan-endpoints';

/**
 * Personalized tours: the organization's reusable tours (seed "Personalized tours" calls), which
 * customers know as packages. A personalized tour has a day plan, priced lines in the customized
 * tour's shape (what "start from a personalized tour" copies), inclusions, exclusions, a price per
 * person by traveller type and a published flag.
 */

export const MAX_LINES = 200;
export const MAX_QUANTITY = 100_000;

/** A priced line as answered: costs and markups in minor units (or basis points). */
export const personalizedTourLineSchema = v.object(lineAnswerEntries(tourHotelRefSchema));
export type PersonalizedTourLine = v.InferOutput<typeof personalizedTourLineSchema>;

/** A row of the list. */
export const personalizedTourSchema = v.object({
  ...plannedTourEntries,
  inclusions: v.array(v.string()),
  exclusions: v.array(v.string()),
  isPublished: v.boolean(),
});
export type PersonalizedTour = v.InferOutput<typeof personalizedTourSchema>;

/** `GET /personalized-tours/id/{id}`: the personalized tour with its plan and lines. */
export const personalizedTourDetailSchema = v.object({
  ...personalizedTourSchema.entries,
  days: v.array(tourDaySchema),
  lines: v.array(personalizedTourLineSchema),
});
export type PersonalizedTourDetail = v.InferOutput<typeof personalizedTourDetailSchema>;

export const personalizedTourListSchema = listAnswerOf(personalizedTourSchema);

// ---------- inputs ----------

export const HOTEL_AND_ACTIVITY = 'names a hotel and an activity: a line is one or the other';

export const personalizedTourLineInput = v.pipe(
  v.strictObject(lineInputEntries(MAX_DAYS, MAX_QUANTITY)),
  v.forward(
    v.check((l) => !l.hotelId || !l.activityId, coded('invalidFormat', HOTEL_AND_ACTIVITY)),
    ['activityId'],
  ),
  v.forward(
    v.check((l) => !l.roomType || !!l.hotelId, coded('required', ROOM_TYPE_NEEDS_HOTEL)),
    ['hotelId'],
  ),
  v.forward(
    v.check((l) => l.markupType !== 'percent' || l.markup <= MAX_MARKUP_BASIS_POINTS, coded('tooLarge', 'must be at most 1000 %', { max: MAX_MARKUP_BASIS_POINTS })),
    ['markup'],
  ),
);
export type PersonalizedTourLineInput = v.InferOutput<typeof personalizedTourLineInput>;

const personalizedTourFields = {
  ...plannedTourFields,
  totalNights: intBetween(0, MAX_NIGHTS),
  lines: v.optional(
    v.pipe(
      v.array(personalizedTourLineInput, coded('invalidType', 'must be a list of lines', { expected: 'list' })),
      v.maxLength(MAX_LINES, coded('tooManyItems', `must have at most ${MAX_LINES} lines`, { max: MAX_LINES })),
    ),
  ),
  inclusions: v.optional(textLines()),
  exclusions: v.optional(textLines()),
  isPublished: v.optional(flag),
};

const personalizedTourObject = v.strictObject(personalizedTourFields);

/** `POST /personalized-tours`, and what a `PUT` makes of the stored personalized tour with its changes. */
export const createPersonalizedTourInput = v.pipe(
  personalizedTourObject,
  planRules<v.InferOutput<typeof personalizedTourObject>>((input) => input.totalNights),
);
export type CreatePersonalizedTourInput = v.InferOutput<typeof createPersonalizedTourInput>;

/**
 * `PUT /personalized-tours` (the seed's path has no id): `_id` names the personalized tour; the fields
 * given replace the stored ones (`days` and `lines` as wholes), and the result must be a valid one.
 */
export const updatePersonalizedTourInput = updateInputOf(personalizedTourFields);
export type UpdatePersonalizedTourInput = v.InferOutput<typeof updatePersonalizedTourInput>;

// ---------- lists ----------

export const PERSONALIZED_TOUR_SORT_FIELDS = ['title', 'totalNights', 'createdAt', 'updatedAt'] as const;

/** `GET /personalized-tours`: the seed's filters, and `isPublished`. Title ascending by default. */
export const personalizedToursQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(PERSONALIZED_TOUR_SORT_FIELDS, 'title'),
  ...withFilter({ ...tourListFilters, isPublished: booleanQuery }),
});
export type PersonalizedToursQuery = v.InferOutput<typeof personalizedToursQuery>;

// ---------- start from a personalized tour; what a booking keeps ----------

/**
 * A personalized tour's plan and lines in the customized tour's shape (server/tours/personalized.ts
 * `personalizedTemplate`): days by number (day 1 is the tour's departure day, so day N falls on
 * departure + N − 1), catalogue items and vendors by id. Quantities are as the personalized tour
 * was costed; the customized tour adjusts them to its own pax and rooms.
 */
export interface PersonalizedTourTemplate {
  tourId: string;
  title: string;
  totalNights: number;
  regions: string[];
  destinations: string[];
  currency: string;
  pricePerPerson: TravellerPrices;
  inclusions: string[];
  exclusions: string[];
  days: {
    dayNumber: number;
    destinationId: string;
    hotelId: string | null;
    roomType: string | null;
    activityIds: string[];
    transfers: string | null;
    meals: Meal[];
    notes: string | null;
  }[];
  lines: LineFields[];
}

/** What a booking copies when it is made from a personalized tour: the tour whole, as it was then. */
export interface PersonalizedTourSnapshot extends PersonalizedTourDetail {
  /** When the copy was taken (ISO 8601 UTC). */
  snapshotAt: string;
}

/** The personalized tours' paths, declared once: the server's routes register `.pattern`, the web app calls them. */
export const personalizedTourPaths = {
  /** The brochure: `…/pdf`, `…/sends`, `…/send`. */
  brochure: documentEndpoints('/personalized-tours/:id', idParams),
};

/** The personalized tours' calls, declared once: the seed's plan calls (src/api/tours/plan-endpoints.ts). */
export const personalizedTourEndpoints = planEndpoints('/personalized-tours', {
  item: personalizedTourSchema,
  detail: personalizedTourDetailSchema,
  list: personalizedTourListSchema,
  query: personalizedToursQuery,
  create: createPersonalizedTourInput,
  update: updatePersonalizedTourInput,
});
