import * as v from 'valibot';
import { booleanQuery, clearableText, idSchema, intBetween, moneySchema, pageQuery, requiredText, sortBy, withFilter } from '../../common/schemas';
import type { CatalogueRef } from '../../catalogue/regions/contract';
import { VENDOR_SERVICES } from '../../vendors/contract';
import {
  MAX_DAYS,
  MAX_NIGHTS,
  daysInput,
  idList,
  planRules,
  textLines,
  tourListFilters,
  travellerPricesInput,
  type MemberRef,
  type Meal,
  type TourDay,
  type TourHotelRef,
  type TravellerPrices,
} from '../package-plan';

/**
 * Personalized tours: reusable packages (seed "Personalized tours" calls). A package has a day plan,
 * priced lines in the customized tour's shape (what "start from a package" copies), inclusions,
 * exclusions, a price per person by traveller type and a published flag.
 */

/** A priced line's kind: the 7 vendor service types, a fee, or a discount (which takes off its amount). */
export const LINE_KINDS = [...VENDOR_SERVICES, 'fee', 'discount'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** What a line's quantity counts. */
export const LINE_UNITS = ['per-person', 'per-room-night', 'per-unit'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];
/** A markup in basis points of the unit cost (1500 = 15 %), or an amount in minor units added to each unit. */
export const MARKUP_TYPES = ['percent', 'amount'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];
/** 1000 % in basis points. */
export const MAX_MARKUP_BASIS_POINTS = 100_000;
export const MAX_LINES = 200;
export const MAX_QUANTITY = 100_000;

/** A priced line as answered: costs and markups in minor units (or basis points). */
export interface PackageLine {
  kind: LineKind;
  /** The plan's day it belongs to; null for the whole tour. */
  dayNumber: number | null;
  description: string;
  hotel: TourHotelRef | null;
  roomType: string | null;
  activity: CatalogueRef | null;
  vendor: { _id: string; name: string } | null;
  quantity: number;
  unit: LineUnit;
  unitCost: number;
  markupType: MarkupType;
  markup: number;
}

/** A row of the list. */
export interface PersonalizedTour {
  _id: string;
  title: string;
  description: string | null;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  totalNights: number;
  pointOfContact: MemberRef | null;
  inclusions: string[];
  exclusions: string[];
  pricePerPerson: TravellerPrices;
  /** The organization's currency when the package was made (ISO 4217). */
  currency: string;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `GET /personalized-tours/id/{id}`: the package with its plan and lines. */
export interface PersonalizedTourDetail extends PersonalizedTour {
  days: TourDay[];
  lines: PackageLine[];
}

// ---------- inputs ----------

export const HOTEL_AND_ACTIVITY = 'names a hotel and an activity: a line is one or the other';

export const packageLineInput = v.pipe(
  v.strictObject({
    kind: v.picklist(LINE_KINDS, `must be one of ${LINE_KINDS.join(', ')}`),
    dayNumber: v.optional(v.nullable(intBetween(1, MAX_DAYS))),
    description: requiredText(300),
    hotelId: v.optional(v.nullable(idSchema)),
    roomType: clearableText(80),
    activityId: v.optional(v.nullable(idSchema)),
    vendorId: v.optional(v.nullable(idSchema)),
    quantity: intBetween(1, MAX_QUANTITY),
    unit: v.picklist(LINE_UNITS, `must be one of ${LINE_UNITS.join(', ')}`),
    unitCost: moneySchema,
    markupType: v.optional(v.picklist(MARKUP_TYPES, 'must be percent or amount'), 'percent'),
    markup: v.optional(moneySchema, 0),
  }),
  v.forward(
    v.check((l) => !l.hotelId || !l.activityId, HOTEL_AND_ACTIVITY),
    ['activityId'],
  ),
  v.forward(
    v.check((l) => !l.roomType || !!l.hotelId, 'needs a hotel'),
    ['roomType'],
  ),
  v.forward(
    v.check((l) => l.markupType !== 'percent' || l.markup <= MAX_MARKUP_BASIS_POINTS, 'must be at most 1000 %'),
    ['markup'],
  ),
);
export type PackageLineInput = v.InferOutput<typeof packageLineInput>;

const personalizedTourFields = {
  title: requiredText(200),
  description: clearableText(4000),
  regions: idList(),
  destinations: idList(),
  totalNights: intBetween(0, MAX_NIGHTS),
  /** A member of the organization (active). */
  pointOfContact: v.optional(v.nullable(idSchema)),
  days: v.optional(daysInput),
  lines: v.optional(v.pipe(v.array(packageLineInput, 'must be a list of lines'), v.maxLength(MAX_LINES, `must have at most ${MAX_LINES} lines`))),
  inclusions: v.optional(textLines()),
  exclusions: v.optional(textLines()),
  pricePerPerson: travellerPricesInput,
  isPublished: v.optional(v.boolean('must be true or false')),
};

const personalizedTourObject = v.strictObject(personalizedTourFields);

/** `POST /personalized-tours`, and what a `PUT` makes of the stored package with its changes. */
export const createPersonalizedTourInput = v.pipe(
  personalizedTourObject,
  planRules<v.InferOutput<typeof personalizedTourObject>>((input) => input.totalNights),
);
export type CreatePersonalizedTourInput = v.InferOutput<typeof createPersonalizedTourInput>;

/**
 * `PUT /personalized-tours` (the seed's path has no id): `_id` names the package; the fields given
 * replace the stored ones (`days` and `lines` as wholes), and the result must be a valid package.
 */
export const updatePersonalizedTourInput = v.pipe(
  v.strictObject({
    _id: idSchema,
    ...personalizedTourFields,
    title: v.optional(personalizedTourFields.title),
    totalNights: v.optional(personalizedTourFields.totalNights),
    pricePerPerson: v.optional(personalizedTourFields.pricePerPerson),
  }),
  v.check((b) => Object.keys(b).length > 1, 'must change at least one field'),
);
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

// ---------- start from a package; what a booking keeps ----------

/**
 * A package's plan and lines in the customized tour's shape (server/tours/packages.ts
 * `packageTemplate`): days by number (day 1 is the tour's departure day, so day N falls on
 * departure + N − 1), catalogue items and vendors by id. Quantities are as the package was costed;
 * the tour adjusts them to its own pax and rooms.
 */
export interface PackageTemplate {
  packageId: string;
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
  lines: {
    kind: LineKind;
    dayNumber: number | null;
    description: string;
    hotelId: string | null;
    roomType: string | null;
    activityId: string | null;
    vendorId: string | null;
    quantity: number;
    unit: LineUnit;
    unitCost: number;
    markupType: MarkupType;
    markup: number;
  }[];
}

/** What a booking copies when it is made from a package: the package whole, as it was then. */
export interface PackageSnapshot extends PersonalizedTourDetail {
  /** When the copy was taken (ISO 8601 UTC). */
  snapshotAt: string;
}
