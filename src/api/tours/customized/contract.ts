import * as v from 'valibot';
import { clearableText, dateRangeQuery, dateSchema, emailSchema, idSchema, intBetween, listOf, moneySchema, noNul, pageQuery, requiredText, sortBy, withFilter } from '../../common/schemas';
import { workflowRequest } from '../../common/workflow';
import type { CatalogueRef } from '../../catalogue/regions/contract';
import type { LeadState, MemberRef } from '../../leads/contract';
import { VENDOR_SERVICES } from '../../vendors/contract';
import { MAX_MARKUP_BASIS_POINTS, PriceOutOfRange, priceTour, type Markup, type PricedTour, type TourTotals } from '../../../domain/tour-pricing';
import { CUSTOMIZED_TOUR_STATES, customizedTourMachine, type CustomizedTourEvent, type CustomizedTourState } from '../../../machines/customized-tour-machine';

export { CUSTOMIZED_TOUR_STATES, MAX_MARKUP_BASIS_POINTS };
export type { CustomizedTourState, TourTotals };

/**
 * Customized tours (the seed's `/customized-tours` calls, SPEC workflow 6 and "Tours"): a tour
 * belongs to a lead (and answers one of its queries), has a day-by-day plan and priced lines whose
 * totals the server computes with `priceTour` (src/domain/tour-pricing.ts) and stores; a total
 * sent by a client is never read.
 */

/** A line is one of the vendors' seven services, a fee, or a discount (a negative line). */
export const TOUR_LINE_KINDS = [...VENDOR_SERVICES, 'fee', 'discount'] as const;
export type TourLineKind = (typeof TOUR_LINE_KINDS)[number];
/** What a line's quantity counts. */
export const PRICING_UNITS = ['perPerson', 'perRoomNight', 'perUnit'] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];
export const MARKUP_TYPES = ['percent', 'amount'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];

export const MAX_TOUR_DAYS = 60;
export const MAX_TOUR_NIGHTS = 120;
export const MAX_TOUR_LINES = 300;
export const MAX_DAY_ACTIVITIES = 12;
export const MAX_LINE_QUANTITY = 100_000;
/** Dates stay within these years (SPEC conventions). */
const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2200-12-31';

// ---------- records ----------

export interface TourLeadRef {
  _id: string;
  name: string;
  status: LeadState;
}

export interface TourDay {
  /** 1, 2, 3… in the plan's order. */
  day: number;
  date: string;
  destination: CatalogueRef;
  hotel: CatalogueRef | null;
  roomType: string | null;
  rooms: number | null;
  activities: CatalogueRef[];
  transfers: string | null;
  meals: Meal[];
  notes: string | null;
}

/** A priced line: what was typed, and what the pricing function made of it (minor units). */
export interface TourLine {
  kind: TourLineKind;
  /** The plan's day it belongs to (1-based), or null for the whole tour. */
  day: number | null;
  description: string;
  hotel: CatalogueRef | null;
  roomType: string | null;
  activity: CatalogueRef | null;
  vendor: { _id: string; name: string } | null;
  quantity: number;
  unit: PricingUnit;
  unitCost: number;
  markupType: MarkupType;
  /** Basis points of the unit cost (`percent`), or minor units per unit (`amount`). */
  markup: number;
  unitMarkup: number;
  unitPrice: number;
  lineCost: number;
  lineSell: number;
}

/** A row of the list. */
export interface CustomizedTour {
  _id: string;
  title: string;
  status: CustomizedTourState;
  /** The draft's version number, or the version sent last. */
  version: number;
  /** Bumped by every save: `PUT` may send it back to refuse overwriting someone else's change (412). */
  revision: number;
  lead: TourLeadRef;
  queryId: string | null;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  departure: string;
  arrival: string;
  totalNights: number;
  adults: number;
  children: number;
  infants: number;
  pointOfContact: MemberRef | null;
  /** ISO 4217: the organization's, when the tour was created. */
  currency: string;
  totals: TourTotals;
  bookingId: string | null;
  bookedVersion: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TourVersionSummary {
  version: number;
  sentAt: string;
  sentBy: MemberRef | null;
  to: string | null;
  cc: string[];
  subject: string | null;
  totalSell: number;
}

export interface CustomizedTourDetail extends CustomizedTour {
  notes: string | null;
  days: TourDay[];
  lines: TourLine[];
  /** The sent versions, newest first. */
  versions: TourVersionSummary[];
}

/** What a sent version froze: the tour as the customer was sent it. */
export type TourSnapshot = Omit<CustomizedTourDetail, 'status' | 'revision' | 'bookingId' | 'bookedVersion' | 'versions' | 'createdAt' | 'updatedAt'>;

/** `GET /customized-tours/{id}/versions/{version}`: one sent version, exactly as it was sent. */
export interface TourVersion extends TourVersionSummary {
  message: string | null;
  tour: TourSnapshot;
}

/** `GET /customized-tours/settings`: the organization's defaults a builder starts from. */
export interface TourBuilderSettings {
  /** A new line's markup (Configurations → customized tours → default markup). */
  defaultMarkupBasisPoints: number;
  quoteValidityDays: number;
}

export interface CustomizedTourStats {
  /** Tours matching every filter but `status`, per status (every status present). */
  byStatus: Record<CustomizedTourState, number>;
  total: number;
}

// ---------- inputs ----------

const ids = (max: number) =>
  v.optional(
    v.pipe(
      v.array(idSchema, 'must be a list of ids'),
      v.maxLength(max, `must name at most ${max}`),
      v.transform((list) => [...new Set(list)]),
    ),
    [],
  );
const tourDate = v.pipe(
  dateSchema,
  v.check((d) => d >= FIRST_DATE && d <= LAST_DATE, 'must be between 1900 and 2200'),
);

export const tourDayInput = v.pipe(
  v.strictObject({
    date: tourDate,
    destinationId: idSchema,
    hotelId: v.optional(v.nullable(idSchema), null),
    roomType: v.optional(v.nullable(v.pipe(v.string('must be text'), v.trim(), v.maxLength(80, 'must be at most 80 characters'), noNul)), null),
    rooms: v.optional(v.nullable(intBetween(1, 50)), null),
    activities: ids(MAX_DAY_ACTIVITIES),
    transfers: v.optional(clearableText(500), null),
    meals: v.optional(
      v.pipe(
        v.array(v.picklist(MEALS, `must be ${MEALS.join(', ')}`), 'must be a list of meals'),
        v.transform((list) => MEALS.filter((m) => list.includes(m))),
      ),
      [],
    ),
    notes: v.optional(clearableText(2000), null),
  }),
  v.forward(
    v.check((d) => !d.hotelId || !!d.roomType, 'is required with a hotel'),
    ['roomType'],
  ),
  v.forward(
    v.check((d) => !!d.hotelId || (!d.roomType && d.rooms === null), 'needs a hotel'),
    ['roomType'],
  ),
  // One room unless said.
  v.transform((d) => ({ ...d, roomType: d.roomType || null, rooms: d.hotelId ? (d.rooms ?? 1) : null })),
);
export type TourDayInput = v.InferOutput<typeof tourDayInput>;

export const tourLineInput = v.pipe(
  v.strictObject({
    kind: v.picklist(TOUR_LINE_KINDS, `must be one of ${TOUR_LINE_KINDS.join(', ')}`),
    day: v.optional(v.nullable(intBetween(1, MAX_TOUR_DAYS)), null),
    description: requiredText(300),
    hotelId: v.optional(v.nullable(idSchema), null),
    roomType: v.optional(v.nullable(v.pipe(v.string('must be text'), v.trim(), v.maxLength(80, 'must be at most 80 characters'), noNul)), null),
    activityId: v.optional(v.nullable(idSchema), null),
    vendorId: v.optional(v.nullable(idSchema), null),
    quantity: intBetween(1, MAX_LINE_QUANTITY),
    unit: v.picklist(PRICING_UNITS, `must be one of ${PRICING_UNITS.join(', ')}`),
    unitCost: moneySchema,
    markupType: v.optional(v.picklist(MARKUP_TYPES, 'must be percent or amount'), 'percent'),
    markup: v.optional(moneySchema, 0),
  }),
  v.forward(
    v.check((l) => l.markupType !== 'percent' || l.markup <= MAX_MARKUP_BASIS_POINTS, 'must be at most 1000 %'),
    ['markup'],
  ),
  v.forward(
    v.check((l) => l.kind !== 'discount' || l.unitCost === 0, 'must be 0 for a discount (the discount is its markup)'),
    ['unitCost'],
  ),
  v.forward(
    v.check((l) => l.kind !== 'discount' || l.markupType === 'amount', 'must be an amount for a discount'),
    ['markupType'],
  ),
  v.forward(
    v.check((l) => !l.hotelId || l.kind === 'hotels', 'must be hotels for a hotel room'),
    ['kind'],
  ),
  v.forward(
    v.check((l) => !l.activityId || l.kind === 'activities', 'must be activities for an activity'),
    ['kind'],
  ),
  v.forward(
    v.check((l) => !l.roomType || !!l.hotelId, 'needs a hotel'),
    ['roomType'],
  ),
  v.transform((l) => ({ ...l, roomType: l.roomType || null })),
);
export type TourLineInput = v.InferOutput<typeof tourLineInput>;

/** A line's markup as the pricing function takes it. */
export const markupOf = (line: { markupType: MarkupType; markup: number }): Markup =>
  line.markupType === 'percent' ? { basisPoints: line.markup } : { amount: line.markup };

/** The tour's lines priced for `adults + children + infants` travellers. */
export function priceTourLines<L extends { kind: string; quantity: number; unitCost: number; markupType: MarkupType; markup: number }>(lines: readonly L[], pax: number): PricedTour<L & { markup: Markup }> {
  return priceTour(
    lines.map((l) => ({ ...l, markup: markupOf(l) })),
    pax,
  );
}

const planFields = {
  title: requiredText(200),
  queryId: v.optional(v.nullable(idSchema), null),
  regions: ids(50),
  destinations: ids(50),
  departure: tourDate,
  arrival: tourDate,
  adults: intBetween(1, 99),
  children: v.optional(intBetween(0, 99), 0),
  infants: v.optional(intBetween(0, 99), 0),
  pointOfContact: v.optional(v.nullable(idSchema), null),
  notes: v.optional(clearableText(4000), null),
  days: v.pipe(v.array(tourDayInput, 'must be a list of days'), v.maxLength(MAX_TOUR_DAYS, `must have at most ${MAX_TOUR_DAYS} days`)),
  lines: v.pipe(v.array(tourLineInput, 'must be a list of lines'), v.maxLength(MAX_TOUR_LINES, `must have at most ${MAX_TOUR_LINES} lines`)),
};

type PathKey = string | number;
type AddIssue = (info: { message: string; path: [v.IssuePathItem, ...v.IssuePathItem[]] }) => void;
/** Reports an issue at `keys` inside `input` (valibot path items), so the form shows it under that field. */
function issueAt(addIssue: AddIssue, input: unknown, keys: PathKey[], message: string) {
  const path: v.IssuePathItem[] = [];
  let at: unknown = input;
  for (const key of keys) {
    const value = (at as Record<PathKey, unknown> | undefined)?.[key];
    path.push(
      typeof key === 'number'
        ? { type: 'array', origin: 'value', input: at as unknown[], key, value }
        : { type: 'object', origin: 'value', input: at as Record<string, unknown>, key, value },
    );
    at = value;
  }
  addIssue({ message, path: path as [v.IssuePathItem, ...v.IssuePathItem[]] });
}

const nightsBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Days in order and on the plan's dates, lines on its days. */
function checkDays(addIssue: AddIssue, input: unknown, days: { date: string }[], range?: { departure: string; arrival: string }) {
  days.forEach((d, i) => {
    if (range && (d.date < range.departure || d.date > range.arrival)) issueAt(addIssue, input, ['days', i, 'date'], `must be within the tour's dates (${range.departure} to ${range.arrival})`);
    else if (i > 0 && d.date <= days[i - 1].date) issueAt(addIssue, input, ['days', i, 'date'], "must be after the previous day's date");
  });
}

type PlanShape = { departure: string; arrival: string; adults: number; children: number; infants: number; days: { date: string }[]; lines: TourLineInput[] };

/** The rules that span fields of a tour: dates in order, days within them, lines on existing days, a price that can be stored. */
const planRules = <T extends PlanShape>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const tour = dataset.value;
    const add = addIssue as unknown as AddIssue;
    if (tour.arrival < tour.departure) return issueAt(add, tour, ['arrival'], 'must not be before departure');
    if (nightsBetween(tour.departure, tour.arrival) > MAX_TOUR_NIGHTS) return issueAt(add, tour, ['arrival'], `must be at most ${MAX_TOUR_NIGHTS} nights after departure`);
    checkDays(add, tour, tour.days, tour);
    tour.lines.forEach((l, i) => {
      if (l.day !== null && l.day > tour.days.length) issueAt(add, tour, ['lines', i, 'day'], tour.days.length ? `must be one of the tour's ${tour.days.length} days` : 'needs a day in the plan');
    });
    try {
      const { totals } = priceTourLines(tour.lines, tour.adults + tour.children + tour.infants);
      if (totals.sell < 0) issueAt(add, tour, ['lines'], 'must not discount more than the price');
    } catch (error) {
      if (!(error instanceof PriceOutOfRange)) throw error;
      issueAt(add, tour, ['lines'], 'add up to more than can be stored');
    }
  });

/** `POST /customized-tours`: a new draft for a lead (one the caller may see). */
export const createTourInput = v.pipe(v.strictObject({ leadId: idSchema, ...planFields }), planRules());
export type CreateTourInput = v.InferOutput<typeof createTourInput>;
export type CreateTourFields = v.InferInput<typeof createTourInput>;

/** `PUT /customized-tours`: the whole plan of a draft, `_id` naming it (the seed's path has no id); `revision` refuses a stale save (412). */
export const updateTourInput = v.pipe(v.strictObject({ _id: idSchema, revision: v.optional(intBetween(1, 2_147_483_647)), ...planFields }), planRules());
export type UpdateTourInput = v.InferOutput<typeof updateTourInput>;

/**
 * `PUT /customized-tours/booked`: a booked tour's plan (days, notes), never its price or its dates;
 * the days stay within the booked dates (checked by the server, which knows them).
 */
export const updateBookedTourInput = v.pipe(
  v.strictObject({
    _id: idSchema,
    revision: v.optional(intBetween(1, 2_147_483_647)),
    days: planFields.days,
    notes: planFields.notes,
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed) checkDays(addIssue as unknown as AddIssue, dataset.value, dataset.value.days);
  }),
);
export type UpdateBookedTourInput = v.InferOutput<typeof updateBookedTourInput>;

/** `POST /customized-tours/{id}/send`: who it goes to and what is said (the PDF and the mail are the documents issue's). */
export const sendTourInput = v.optional(
  v.strictObject({
    to: v.optional(emailSchema),
    cc: v.optional(v.pipe(v.array(emailSchema, 'must be a list of email addresses'), v.maxLength(10, 'must name at most 10'))),
    subject: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(200, 'must be at most 200 characters'), noNul)),
    message: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(5000, 'must be at most 5000 characters'), noNul)),
  }),
  {},
);
export type SendTourInput = v.InferOutput<typeof sendTourInput>;

const noBody = v.optional(v.strictObject({}, 'must be empty'), {});

// ---------- the workflow over HTTP ----------

const sendOf = (body: SendTourInput): CustomizedTourEvent => ({
  type: 'SEND',
  ...(body.to ? { to: body.to } : {}),
  ...(body.cc?.length ? { cc: body.cc } : {}),
  ...(body.subject ? { subject: body.subject } : {}),
  ...(body.message ? { message: body.message } : {}),
});

/** SEND: `POST /customized-tours/{id}/send` with what the customer is sent. */
export const sendTourRequest = workflowRequest({
  machine: customizedTourMachine,
  method: 'POST',
  path: '/customized-tours/:id/send',
  body: sendTourInput,
  eventOf: sendOf,
  bodyOf: (event): SendTourInput => (event.type === 'SEND' ? { to: event.to, cc: event.cc, subject: event.subject, message: event.message } : {}),
  stateOf: (tour: CustomizedTourDetail) => tour.status,
});

const plainRequest = (path: string, type: 'REVISE' | 'PUBLISH' | 'REVERT') =>
  workflowRequest({
    machine: customizedTourMachine,
    method: 'PUT',
    path,
    body: noBody,
    eventOf: (): CustomizedTourEvent => ({ type }),
    bodyOf: () => ({}),
    stateOf: (tour: CustomizedTourDetail) => tour.status,
  });

/** REVISE: `PUT /customized-tours/{id}/revise` (not a seed call: the seed has no way back from sent). */
export const reviseTourRequest = plainRequest('/customized-tours/:id/revise', 'REVISE');
/** PUBLISH: the seed's `PUT /customized-tours/booked/publish/{id}`. */
export const publishTourRequest = plainRequest('/customized-tours/booked/publish/:id', 'PUBLISH');
/** REVERT: the seed's `PUT /customized-tours/booked/revert/{id}` (published → booked; booked → draft while unpaid). */
export const revertTourRequest = plainRequest('/customized-tours/booked/revert/:id', 'REVERT');

/** The call each event a person may send goes through (BOOK has none: a booking does it). */
export const TOUR_EVENT_REQUESTS = { SEND: sendTourRequest, REVISE: reviseTourRequest, PUBLISH: publishTourRequest, REVERT: revertTourRequest } as const;

// ---------- lists ----------

export const TOUR_SORT_FIELDS = ['createdAt', 'updatedAt', 'departure', 'arrival', 'title', 'totalNights'] as const;
const nightsQuery = v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number of nights'), v.transform(Number));

const tourFilters = {
  /** Only these tours (a picker showing the names of the ids it holds). */
  ids: listOf(idSchema),
  status: listOf(v.picklist(CUSTOMIZED_TOUR_STATES, 'must be a tour status')),
  /** Tours in any of these regions / destinations. */
  regions: listOf(idSchema),
  destinations: listOf(idSchema),
  departure: dateRangeQuery,
  arrival: dateRangeQuery,
  /** Tours of exactly these lengths. */
  totalNights: listOf(nightsQuery),
  pointOfContact: listOf(idSchema),
};

/** `GET /customized-tours`: the seed's filters (regions, destinations, departure, arrival, totalNights, pointOfContact), newest first. */
export const toursQuery = v.strictObject({
  ...pageQuery(),
  sortOrder: v.optional(v.picklist(['asc', 'desc'], 'must be asc or desc'), 'desc'),
  sortBy: sortBy(TOUR_SORT_FIELDS, 'createdAt'),
  ...withFilter(tourFilters),
});
export type ToursQuery = v.InferOutput<typeof toursQuery>;
export type TourFilters = Partial<Pick<ToursQuery, keyof typeof tourFilters>>;

export const tourIdParams = v.object({ id: idSchema });
export const tourLeadParams = v.object({ leadId: idSchema });
export const tourVersionParams = v.object({
  id: idSchema,
  version: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a version number'), v.transform(Number), v.minValue(1, 'must be at least 1')),
});

/** `DELETE /customized-tours/{id}` answers the deleted tour and the message the toast shows. */
export interface TourDeleted {
  message: string;
  data: CustomizedTour;
}

// ---------- copying ----------

/**
 * A tour as the create call takes it, for a lead: what copying sends (the same days and lines,
 * at the prices it had, as a new draft). The query is the source's only for the same lead.
 */
export function copyInput(tour: Pick<CustomizedTourDetail, 'title' | 'lead' | 'queryId' | 'regions' | 'destinations' | 'departure' | 'arrival' | 'adults' | 'children' | 'infants' | 'pointOfContact' | 'notes' | 'days' | 'lines'>, leadId: string, title = tour.title): CreateTourFields {
  return {
    leadId,
    title,
    queryId: leadId === tour.lead._id ? tour.queryId : null,
    regions: tour.regions.map((r) => r._id),
    destinations: tour.destinations.map((d) => d._id),
    departure: tour.departure,
    arrival: tour.arrival,
    adults: tour.adults,
    children: tour.children,
    infants: tour.infants,
    pointOfContact: tour.pointOfContact?._id ?? null,
    notes: tour.notes,
    days: tour.days.map((d) => ({
      date: d.date,
      destinationId: d.destination._id,
      hotelId: d.hotel?._id ?? null,
      roomType: d.roomType,
      rooms: d.rooms,
      activities: d.activities.map((a) => a._id),
      transfers: d.transfers,
      meals: d.meals,
      notes: d.notes,
    })),
    lines: tour.lines.map((l) => ({
      kind: l.kind,
      day: l.day,
      description: l.description,
      hotelId: l.hotel?._id ?? null,
      roomType: l.roomType,
      activityId: l.activity?._id ?? null,
      vendorId: l.vendor?._id ?? null,
      quantity: l.quantity,
      unit: l.unit,
      unitCost: l.unitCost,
      markupType: l.markupType,
      markup: l.markup,
    })),
  };
}
