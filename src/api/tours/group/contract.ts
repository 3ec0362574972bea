import * as v from 'valibot';
import { clearableText, dateRangeQuery, dateSchema, idSchema, intBetween, listOf, pageQuery, requiredText, sortBy, withFilter } from '../../common/schemas';
import type { CatalogueRef } from '../../catalogue/regions/contract';
import {
  MAX_NIGHTS,
  daysInput,
  idList,
  nightsBetween,
  planRules,
  tourListFilters,
  travellerPricesInput,
  type MemberRef,
  type TourDay,
  type TravellerPrices,
} from '../package-plan';

/**
 * Group tours: fixed departures with a seat capacity and a minimum to run (seed "Group tours" calls).
 * Seats are taken and given back only by bookings (server/tours/seats.ts); the database refuses
 * more seats than the capacity.
 */

/**
 * A departure's status: `closed` when staff closed its sales (stored, `salesClosed`); otherwise
 * derived from its seats by the database: `sold-out` with no seat free, `guaranteed` once the
 * minimum to run is reached, else `open`.
 */
export const GROUP_TOUR_STATUSES = ['open', 'guaranteed', 'sold-out', 'closed'] as const;
export type GroupTourStatus = (typeof GROUP_TOUR_STATUSES)[number];

export const MAX_CAPACITY = 1000;

/** A row of the list. */
export interface GroupTour {
  _id: string;
  title: string;
  description: string | null;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  departure: string;
  arrival: string;
  /** Nights from departure to arrival. */
  totalNights: number;
  pointOfContact: MemberRef | null;
  pricePerPerson: TravellerPrices;
  currency: string;
  capacity: number;
  minimumToRun: number;
  seatsTaken: number;
  seatsFree: number;
  status: GroupTourStatus;
  /** Staff closed the sales (the `closed` status), whatever the seats. */
  salesClosed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A day of a departure: its plan and its calendar date. */
export interface GroupTourDay extends TourDay {
  date: string;
}

/** `GET /group-tours/id/{id}`: the departure with its plan. */
export interface GroupTourDetail extends GroupTour {
  days: GroupTourDay[];
}

// ---------- inputs ----------

export const ARRIVAL_BEFORE_DEPARTURE = 'must not be before the departure';
export const TOO_LONG = `must be at most ${MAX_NIGHTS} nights after the departure`;
export const MINIMUM_OVER_CAPACITY = 'must not be more than the capacity';

const groupTourFields = {
  title: requiredText(200),
  description: clearableText(4000),
  regions: idList(),
  destinations: idList(),
  departure: dateSchema,
  arrival: dateSchema,
  pointOfContact: v.optional(v.nullable(idSchema)),
  days: v.optional(daysInput),
  pricePerPerson: travellerPricesInput,
  capacity: intBetween(1, MAX_CAPACITY),
  minimumToRun: intBetween(1, MAX_CAPACITY),
  salesClosed: v.optional(v.boolean('must be true or false')),
};

type Dates = { departure: string; arrival: string };
const nightsOf = (t: Dates) => (t.arrival >= t.departure ? nightsBetween(t.departure, t.arrival) : undefined);

const groupTourObject = v.strictObject(groupTourFields);

/** `POST /group-tours`, and what a `PUT` makes of the stored departure with its changes. */
export const createGroupTourInput = v.pipe(
  groupTourObject,
  v.forward(
    v.check((t) => t.arrival >= t.departure, ARRIVAL_BEFORE_DEPARTURE),
    ['arrival'],
  ),
  v.forward(
    v.check((t) => t.arrival < t.departure || nightsBetween(t.departure, t.arrival) <= MAX_NIGHTS, TOO_LONG),
    ['arrival'],
  ),
  v.forward(
    v.check((t) => t.minimumToRun <= t.capacity, MINIMUM_OVER_CAPACITY),
    ['minimumToRun'],
  ),
  planRules<v.InferOutput<typeof groupTourObject>>(nightsOf),
);
export type CreateGroupTourInput = v.InferOutput<typeof createGroupTourInput>;

/**
 * `PUT /group-tours` (the seed's path has no id): `_id` names the departure; the fields given
 * replace the stored ones (`days` as a whole), and the result must be a valid departure whose
 * capacity holds the seats already taken. Seats themselves change only through bookings.
 */
export const updateGroupTourInput = v.pipe(
  v.strictObject({
    _id: idSchema,
    ...groupTourFields,
    title: v.optional(groupTourFields.title),
    departure: v.optional(groupTourFields.departure),
    arrival: v.optional(groupTourFields.arrival),
    pricePerPerson: v.optional(groupTourFields.pricePerPerson),
    capacity: v.optional(groupTourFields.capacity),
    minimumToRun: v.optional(groupTourFields.minimumToRun),
  }),
  v.check((b) => Object.keys(b).length > 1, 'must change at least one field'),
);
export type UpdateGroupTourInput = v.InferOutput<typeof updateGroupTourInput>;

// ---------- lists ----------

export const GROUP_TOUR_SORT_FIELDS = ['departure', 'title', 'totalNights', 'seatsFree', 'createdAt', 'updatedAt'] as const;

/** `GET /group-tours`: the seed's filters, and status and departure range. Soonest departure first by default. */
export const groupToursQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(GROUP_TOUR_SORT_FIELDS, 'departure'),
  ...withFilter({
    ...tourListFilters,
    status: listOf(v.picklist(GROUP_TOUR_STATUSES, `must be one of ${GROUP_TOUR_STATUSES.join(', ')}`)),
    departure: dateRangeQuery,
  }),
});
export type GroupToursQuery = v.InferOutput<typeof groupToursQuery>;

export const MAX_IDS_PER_REQUEST = 100;

/** `GET /group-tours/ids?ids=a,b`: those departures, in the order asked. */
export const groupTourIdsQuery = v.strictObject({
  ids: v.pipe(
    v.union([v.string(), v.array(v.string())], 'must be a list of ids'),
    v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean)),
    v.minLength(1, 'must name at least one id'),
    v.maxLength(MAX_IDS_PER_REQUEST, `must name at most ${MAX_IDS_PER_REQUEST} ids`),
    v.array(idSchema),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
