import * as v from 'valibot';
import { coded } from '../../common/issues';
import { calendarDate, dateRangeQuery, dateSchema, flag, idSchema, intBetween, listAnswerOf, listOf, oneOf, pageQuery, sortBy, withFilter } from '../../common/schemas';
import { MAX_NIGHTS, nightsBetween, planRules, plannedTourEntries, plannedTourFields, tourDaySchema, tourListFilters, updateInputOf } from '../tour-plan';
import { endpoint } from '../../common/endpoint';
import { planEndpoints } from '../plan-endpoints';

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

/** Whether a departure in this status takes bookings: its sales are open and a seat is free (what the server's seat reservation checks, server/tours/seats.ts). */
export const takesBookings = (status: GroupTourStatus) => status !== 'sold-out' && status !== 'closed';

export const MAX_CAPACITY = 1000;

/** A row of the list. */
export const groupTourSchema = v.object({
  /** `totalNights`: from departure to arrival. */
  ...plannedTourEntries,
  departure: calendarDate,
  arrival: calendarDate,
  capacity: v.number(),
  minimumToRun: v.number(),
  seatsTaken: v.number(),
  seatsFree: v.number(),
  status: v.picklist(GROUP_TOUR_STATUSES),
  /** Staff closed the sales (the `closed` status), whatever the seats. */
  salesClosed: v.boolean(),
});
export type GroupTour = v.InferOutput<typeof groupTourSchema>;

/** A day of a departure: its plan and its calendar date. */
export const groupTourDaySchema = v.object({ ...tourDaySchema.entries, date: calendarDate });
export type GroupTourDay = v.InferOutput<typeof groupTourDaySchema>;

/** `GET /group-tours/id/{id}`: the departure with its plan. */
export const groupTourDetailSchema = v.object({ ...groupTourSchema.entries, days: v.array(groupTourDaySchema) });
export type GroupTourDetail = v.InferOutput<typeof groupTourDetailSchema>;

export const groupTourListSchema = listAnswerOf(groupTourSchema);

// ---------- inputs ----------

export const ARRIVAL_BEFORE_DEPARTURE = 'must not be before the departure';
export const TOO_LONG = `must be at most ${MAX_NIGHTS} nights after the departure`;
export const MINIMUM_OVER_CAPACITY = 'must not be more than the capacity';

const groupTourFields = {
  ...plannedTourFields,
  departure: dateSchema,
  arrival: dateSchema,
  capacity: intBetween(1, MAX_CAPACITY),
  minimumToRun: intBetween(1, MAX_CAPACITY),
  salesClosed: v.optional(flag),
};

type Dates = { departure: string; arrival: string };
const nightsOf = (t: Dates) => (t.arrival >= t.departure ? nightsBetween(t.departure, t.arrival) : undefined);

const groupTourObject = v.strictObject(groupTourFields);

/** `POST /group-tours`, and what a `PUT` makes of the stored departure with its changes. */
export const createGroupTourInput = v.pipe(
  groupTourObject,
  v.forward(
    v.check((t) => t.arrival >= t.departure, coded('dateOrder', ARRIVAL_BEFORE_DEPARTURE, { after: 'departure' })),
    ['arrival'],
  ),
  v.forward(
    v.check((t) => t.arrival < t.departure || nightsBetween(t.departure, t.arrival) <= MAX_NIGHTS, coded('tooLarge', TOO_LONG, { max: MAX_NIGHTS })),
    ['arrival'],
  ),
  v.forward(
    v.check(
      (t) => t.minimumToRun <= t.capacity,
      (issue) => coded('tooLarge', MINIMUM_OVER_CAPACITY, { max: (issue.input as { capacity: number }).capacity })(issue),
    ),
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
export const updateGroupTourInput = updateInputOf(groupTourFields);
export type UpdateGroupTourInput = v.InferOutput<typeof updateGroupTourInput>;

// ---------- lists ----------

export const GROUP_TOUR_SORT_FIELDS = ['departure', 'title', 'totalNights', 'seatsFree', 'createdAt', 'updatedAt'] as const;

/** `GET /group-tours`: the seed's filters, and status and departure range. Soonest departure first by default. */
export const groupToursQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(GROUP_TOUR_SORT_FIELDS, 'departure'),
  ...withFilter({
    ...tourListFilters,
    status: listOf(oneOf(GROUP_TOUR_STATUSES)),
    departure: dateRangeQuery,
  }),
});
export type GroupToursQuery = v.InferOutput<typeof groupToursQuery>;

export const MAX_IDS_PER_REQUEST = 100;

/** `GET /group-tours/ids?ids=a,b`: those departures, in the order asked. */
export const groupTourIdsQuery = v.strictObject({
  ids: v.pipe(
    v.union([v.string(), v.array(v.string())], coded('invalidType', 'must be a list of ids', { expected: 'list' })),
    v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean)),
    v.minLength(1, coded('tooFewItems', 'must name at least one id', { min: 1 })),
    v.maxLength(MAX_IDS_PER_REQUEST, coded('tooManyItems', `must name at most ${MAX_IDS_PER_REQUEST} ids`, { max: MAX_IDS_PER_REQUEST })),
    v.array(idSchema),
    v.transform((ids) => [...new Set(ids)]),
  ),
});

export const groupToursByIdsSchema = v.object({ data: v.array(groupTourSchema) });

/** The group tours' calls, declared once: the seed's plan calls (src/api/tours/plan-endpoints.ts), and several departures by id, in the order asked. */
export const groupTourEndpoints = {
  ...planEndpoints('/group-tours', {
    item: groupTourSchema,
    detail: groupTourDetailSchema,
    list: groupTourListSchema,
    query: groupToursQuery,
    create: createGroupTourInput,
    update: updateGroupTourInput,
  }),
  byIds: endpoint({ method: 'GET', path: '/group-tours/ids', query: groupTourIdsQuery, answer: groupToursByIdsSchema }),
};
