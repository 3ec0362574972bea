import { endpoint } from '../../common/endpoint';
import * as v from 'valibot';
import { coded, type IssueCode, type IssueParams } from '../../common/issues';
import {
  calendarDate,
  clearableText,
  dateRangeQuery,
  dateSchema,
  deletedAnswer,
  idList,
  idParams,
  idSchema,
  intBetween,
  itemAnswer,
  listAnswerOf,
  listOf,
  MAX_MONEY,
  multiline,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  sortOrder,
  timestamp,
  uuid,
  wholeFromText,
  withFilter,
} from '../../common/schemas';
import { workflowRequest } from '../../common/workflow';
import type { SendDocumentFields } from '../../documents/contract';
import { catalogueRefSchema } from '../../catalogue/regions/contract';
import { LEAD_STATES, memberRefSchema } from '../../leads/contract';
import { dayAnswerEntries, issueAt, lineAnswerEntries, lineInputEntries, mealsInput, nightsBetween, ROOM_TYPE_NEEDS_HOTEL } from '../tour-plan';
import { MAX_MARKUP_BASIS_POINTS, PriceOutOfRange, priceTourLines } from '../../../domain/tour-pricing';
import { CUSTOMIZED_TOUR_STATES, customizedTourMachine, type CustomizedTourEvent, type CustomizedTourState } from '../../../machines/customized-tour-machine';
import { documentEndpoints } from '../../documents/contract';

export { CUSTOMIZED_TOUR_STATES };
export type { CustomizedTourState };

/**
 * Customized tours (the seed's `/customized-tours` calls, SPEC workflow 6 and "Tours"): a tour
 * belongs to a lead (and answers one of its queries), has a day-by-day plan and priced lines whose
 * totals the server computes with `priceTourLines` (src/domain/tour-pricing.ts) and stores; a total
 * sent by a client is never read. A line has the personalized tour line's shape (kinds, units,
 * markups: src/api/tours/tour-plan.ts), so a personalized tour's lines start a tour as they are.
 */

export const MAX_TOUR_DAYS = 60;
export const MAX_TOUR_NIGHTS = 120;
export const MAX_TOUR_LINES = 300;
export const MAX_DAY_ACTIVITIES = 12;
export const MAX_LINE_QUANTITY = 100_000;
export const MAX_PAX = 99;

// ---------- answers ----------

export const tourLeadRefSchema = v.object({ _id: uuid, name: v.string(), status: v.picklist(LEAD_STATES) });
export type TourLeadRef = v.InferOutput<typeof tourLeadRefSchema>;

/** The tour's figures (src/domain/tour-pricing.ts `TourTotals`), minor units of the tour's currency. */
export const tourTotalsSchema = v.object({
  cost: v.number(),
  sell: v.number(),
  margin: v.number(),
  /** The margin in basis points of the price; null when the price is not positive. */
  marginBasisPoints: v.nullable(v.number()),
  pax: v.number(),
  /** The largest share of the price when split evenly between the travellers. */
  pricePerPerson: v.nullable(v.number()),
});
export type TourTotals = v.InferOutput<typeof tourTotalsSchema>;

/** A customized tour's day has its date, and the rooms its party takes. */
export const tourDaySchema = v.object({ ...dayAnswerEntries(catalogueRefSchema), date: calendarDate, rooms: v.nullable(v.number()) });
export type TourDay = v.InferOutput<typeof tourDaySchema>;

/** A priced line: what was typed, and what the pricing function made of it (minor units). */
export const tourLineSchema = v.object({
  ...lineAnswerEntries(catalogueRefSchema),
  unitMarkup: v.number(),
  unitPrice: v.number(),
  lineCost: v.number(),
  lineSell: v.number(),
});
export type TourLine = v.InferOutput<typeof tourLineSchema>;

const tourHeaderEntries = {
  _id: uuid,
  title: v.string(),
  lead: tourLeadRefSchema,
  queryId: v.nullable(uuid),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  departure: calendarDate,
  arrival: calendarDate,
  totalNights: v.number(),
  adults: v.number(),
  children: v.number(),
  infants: v.number(),
  pointOfContact: v.nullable(memberRefSchema),
  /** ISO 4217: the organization's, when the tour was created. */
  currency: v.string(),
  totals: tourTotalsSchema,
  /** The draft's version number, or the version sent last. */
  version: v.number(),
};

/** A row of the list. */
export const customizedTourSchema = v.object({
  ...tourHeaderEntries,
  status: v.picklist(CUSTOMIZED_TOUR_STATES),
  /** Bumped by every save: `PUT` may send it back to refuse overwriting someone else's change (412). */
  revision: v.number(),
  bookingId: v.nullable(uuid),
  bookedVersion: v.nullable(v.number()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CustomizedTour = v.InferOutput<typeof customizedTourSchema>;

export const tourVersionSummarySchema = v.object({
  version: v.number(),
  sentAt: timestamp,
  sentBy: v.nullable(memberRefSchema),
  to: v.nullable(v.string()),
  cc: v.array(v.string()),
  subject: v.nullable(v.string()),
  totalSell: v.number(),
});
export type TourVersionSummary = v.InferOutput<typeof tourVersionSummarySchema>;

const planEntries = { notes: v.nullable(v.string()), days: v.array(tourDaySchema), lines: v.array(tourLineSchema) };

/** `GET /customized-tours/{id}`: the tour with its plan, priced lines and sent versions (newest first). */
export const customizedTourDetailSchema = v.object({ ...customizedTourSchema.entries, ...planEntries, versions: v.array(tourVersionSummarySchema) });
export type CustomizedTourDetail = v.InferOutput<typeof customizedTourDetailSchema>;

/** What a sent version froze: the tour as the customer was sent it (its plan, not its life). */
export const tourSnapshotSchema = v.object({ ...tourHeaderEntries, ...planEntries });
export type TourSnapshot = v.InferOutput<typeof tourSnapshotSchema>;

/** `GET /customized-tours/{id}/versions/{version}`: one sent version, exactly as it was sent. */
export const tourVersionSchema = v.object({ ...tourVersionSummarySchema.entries, message: v.nullable(v.string()), tour: tourSnapshotSchema });
export type TourVersion = v.InferOutput<typeof tourVersionSchema>;

/** `GET /customized-tours/settings`: the organization's defaults a builder starts from. */
export const tourBuilderSettingsSchema = v.object({
  /** A new line's markup (Configurations → customized tours → default markup). */
  defaultMarkupBasisPoints: v.number(),
  quoteValidityDays: v.number(),
  /** The itinerary email's message (Configurations → customized tours), with `{{name}}`, `{{title}}`, `{{organization}}` to fill; null: the language's standard text. */
  emailMessage: v.nullable(v.string()),
});
export type TourBuilderSettings = v.InferOutput<typeof tourBuilderSettingsSchema>;

export const customizedTourStatsSchema = v.object({
  /** Tours matching every filter but `status`, per status (every status present). */
  byStatus: v.object(Object.fromEntries(CUSTOMIZED_TOUR_STATES.map((k) => [k, v.number()])) as Record<CustomizedTourState, v.NumberSchema<undefined>>),
  total: v.number(),
});
export type CustomizedTourStats = v.InferOutput<typeof customizedTourStatsSchema>;

export const customizedTourListSchema = listAnswerOf(customizedTourSchema, customizedTourStatsSchema);

// ---------- inputs ----------


export const tourDayInput = v.pipe(
  v.strictObject({
    date: dateSchema,
    destinationId: idSchema,
    hotelId: v.optional(v.nullable(idSchema)),
    roomType: clearableText(80),
    rooms: v.optional(v.nullable(intBetween(1, 50))),
    activityIds: v.optional(idList(MAX_DAY_ACTIVITIES, 'must be a list of activity ids'), []),
    transfers: clearableText(500),
    meals: v.optional(mealsInput, []),
    notes: clearableText(2000, multiline),
  }),
  v.forward(
    v.check((d) => !d.hotelId || !!d.roomType, coded('required', 'is required with a hotel')),
    ['roomType'],
  ),
  v.forward(
    v.check((d) => !!d.hotelId || (!d.roomType && !d.rooms), coded('required', ROOM_TYPE_NEEDS_HOTEL)),
    ['hotelId'],
  ),
  // One room unless said.
  v.transform((d) => ({ ...d, hotelId: d.hotelId ?? null, roomType: d.roomType ?? null, rooms: d.hotelId ? (d.rooms ?? 1) : null, transfers: d.transfers ?? null, notes: d.notes ?? null })),
);
export type TourDayInput = v.InferOutput<typeof tourDayInput>;
export type TourDayFields = v.InferInput<typeof tourDayInput>;

export const tourLineInput = v.pipe(
  v.strictObject(lineInputEntries(MAX_TOUR_DAYS, MAX_LINE_QUANTITY)),
  v.forward(
    v.check((l) => l.markupType !== 'percent' || l.markup <= MAX_MARKUP_BASIS_POINTS, coded('tooLarge', 'must be at most 1000 %', { max: MAX_MARKUP_BASIS_POINTS })),
    ['markup'],
  ),
  v.forward(
    v.check((l) => l.kind !== 'discount' || l.unitCost === 0, coded('tooLarge', 'must be 0 for a discount (the discount is its markup)', { max: 0 })),
    ['unitCost'],
  ),
  v.forward(
    v.check((l) => l.kind !== 'discount' || l.markupType === 'amount', coded('oneOf', 'must be an amount for a discount', { values: ['amount'] })),
    ['markupType'],
  ),
  v.forward(
    v.check((l) => !l.hotelId || l.kind === 'hotels', coded('oneOf', 'must be hotels for a hotel room', { values: ['hotels'] })),
    ['kind'],
  ),
  v.forward(
    v.check((l) => !l.activityId || l.kind === 'activities', coded('oneOf', 'must be activities for an activity', { values: ['activities'] })),
    ['kind'],
  ),
  v.forward(
    v.check((l) => !l.roomType || !!l.hotelId, coded('required', ROOM_TYPE_NEEDS_HOTEL)),
    ['hotelId'],
  ),
  v.transform((l) => ({ ...l, dayNumber: l.dayNumber ?? null, hotelId: l.hotelId ?? null, roomType: l.roomType ?? null, activityId: l.activityId ?? null, vendorId: l.vendorId ?? null })),
);
export type TourLineInput = v.InferOutput<typeof tourLineInput>;
export type TourLineFields = v.InferInput<typeof tourLineInput>;

const planFields = {
  title: requiredText(200),
  queryId: v.optional(v.nullable(idSchema), null),
  regions: v.optional(idList(50), []),
  destinations: v.optional(idList(50), []),
  departure: dateSchema,
  arrival: dateSchema,
  adults: intBetween(1, MAX_PAX),
  children: v.optional(intBetween(0, MAX_PAX), 0),
  infants: v.optional(intBetween(0, MAX_PAX), 0),
  pointOfContact: v.optional(v.nullable(idSchema), null),
  notes: clearableText(4000, multiline),
  days: v.pipe(
    v.array(tourDayInput, coded('invalidType', 'must be a list of days', { expected: 'list' })),
    v.maxLength(MAX_TOUR_DAYS, coded('tooManyItems', `must have at most ${MAX_TOUR_DAYS} days`, { max: MAX_TOUR_DAYS })),
  ),
  lines: v.pipe(
    v.array(tourLineInput, coded('invalidType', 'must be a list of lines', { expected: 'list' })),
    v.maxLength(MAX_TOUR_LINES, coded('tooManyItems', `must have at most ${MAX_TOUR_LINES} lines`, { max: MAX_TOUR_LINES })),
  ),
};

type AddIssue = Parameters<typeof issueAt>[5];
const add = (addIssue: unknown) => addIssue as AddIssue;

/** Days in order, and (given the tour's dates) within them. */
function checkDays(addIssue: AddIssue, input: unknown, days: { date: string }[], range?: { departure: string; arrival: string }) {
  days.forEach((d, i) => {
    if (range && (d.date < range.departure || d.date > range.arrival)) {
      issueAt(input, ['days', i, 'date'], 'dateOutOfRange', `must be within the tour's dates (${range.departure} to ${range.arrival})`, { min: range.departure, max: range.arrival }, addIssue);
    } else if (i > 0 && d.date <= days[i - 1].date) {
      issueAt(input, ['days', i, 'date'], 'dateOrder', "must be after the previous day's date", { after: 'previousDay' }, addIssue);
    }
  });
}

type PlanShape = { departure: string; arrival: string; adults: number; children: number; infants: number; days: { date: string }[]; lines: TourLineInput[] };

/** The rules that span fields of a tour: dates in order, days within them, lines on existing days, a price that can be stored. */
const planRules = <T extends PlanShape>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const tour = dataset.value;
    const issue = (keys: (string | number)[], code: IssueCode, message: string, params: IssueParams = {}) => issueAt(tour, keys, code, message, params, add(addIssue));
    if (tour.arrival < tour.departure) return issue(['arrival'], 'dateOrder', 'must not be before departure', { after: 'departure' });
    if (nightsBetween(tour.departure, tour.arrival) > MAX_TOUR_NIGHTS) return issue(['arrival'], 'tooLarge', `must be at most ${MAX_TOUR_NIGHTS} nights after departure`, { max: MAX_TOUR_NIGHTS });
    checkDays(add(addIssue), tour, tour.days, tour);
    tour.lines.forEach((l, i) => {
      if (l.dayNumber !== null && l.dayNumber > tour.days.length) {
        issue(['lines', i, 'dayNumber'], 'tooLarge', tour.days.length ? `must be within the tour's ${tour.days.length} days` : 'needs a day in the plan', { max: tour.days.length });
      }
    });
    try {
      const { totals } = priceTourLines(tour.lines, tour.adults + tour.children + tour.infants);
      if (totals.sell < 0) issue(['lines'], 'tooSmall', 'must not discount more than the price', { min: 0 });
    } catch (error) {
      if (!(error instanceof PriceOutOfRange)) throw error;
      issue(['lines'], 'tooLarge', 'add up to more than can be stored', { max: MAX_MONEY });
    }
  });

/** `POST /customized-tours`: a new draft for a lead (one the caller may see). */
export const createTourInput = v.pipe(v.strictObject({ leadId: idSchema, ...planFields }), planRules());
export type CreateTourInput = v.InferOutput<typeof createTourInput>;
export type CreateTourFields = v.InferInput<typeof createTourInput>;

const revisionInput = v.optional(intBetween(1, 2_147_483_647));

/** `PUT /customized-tours`: the whole plan of a draft, `_id` naming it (the seed's path has no id); `revision` refuses a stale save (412). */
export const updateTourInput = v.pipe(v.strictObject({ _id: idSchema, revision: revisionInput, ...planFields }), planRules());
export type UpdateTourInput = v.InferOutput<typeof updateTourInput>;
export type UpdateTourFields = v.InferInput<typeof updateTourInput>;

/**
 * `PUT /customized-tours/booked`: a booked tour's plan (days, notes), never its price or its dates;
 * the days stay within the booked dates (checked by the server, which knows them).
 */
export const updateBookedTourInput = v.pipe(
  v.strictObject({ _id: idSchema, revision: revisionInput, days: planFields.days, notes: planFields.notes }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed) checkDays(add(addIssue), dataset.value, dataset.value.days);
  }),
);
export type UpdateBookedTourInput = v.InferOutput<typeof updateBookedTourInput>;
export type UpdateBookedTourFields = v.InferInput<typeof updateBookedTourInput>;

const noBody = v.optional(v.strictObject({}, coded('invalidType', 'must be empty', { expected: 'object' })), {});

/** The customized tours' paths, declared once: the server's routes register `.pattern`, the web app calls them. */
export const customizedTourPaths = {
  /** The itinerary: `…/pdf`, `…/sends`, and `…/send`, which is also the tour's SEND. */
  itinerary: documentEndpoints('/customized-tours/:id', idParams),
};

// ---------- the workflow over HTTP ----------

/**
 * SEND: `POST /customized-tours/{id}/send`, the documents area's send (multipart as the seed says, or
 * JSON without files: `sendDocumentInput`): the itinerary PDF is emailed and the tour moves to sent
 * (server/tours/itinerary.ts). Its answer is the email (202, `DocumentSend`), not the tour: read the
 * tour's state from `GET /customized-tours/{id}` (`stateOf` takes the tour).
 */
export const sendTourRequest = workflowRequest({
  machine: customizedTourMachine,
  endpoint: customizedTourPaths.itinerary.send,
  eventOf: (body): CustomizedTourEvent => ({
    type: 'SEND',
    to: body.to.join(', '),
    ...(body.cc.length ? { cc: body.cc } : {}),
    ...(body.subject ? { subject: body.subject } : {}),
    ...(body.message ? { message: body.message } : {}),
  }),
  bodyOf: (event): SendDocumentFields => (event.type === 'SEND' ? { to: event.to ?? '', cc: event.cc ?? [], subject: event.subject, message: event.message } : { to: '' }),
  stateOf: (tour: CustomizedTourDetail) => tour.status,
});

// ---------- lists ----------

export const TOUR_SORT_FIELDS = ['createdAt', 'updatedAt', 'departure', 'arrival', 'title', 'totalNights'] as const;
const nightsQuery = wholeFromText({ max: MAX_TOUR_NIGHTS, notWhole: 'must be a whole number of nights' });

const tourFilters = {
  /** Only these tours (a picker showing the names of the ids it holds). */
  ids: listOf(idSchema),
  status: listOf(oneOf(CUSTOMIZED_TOUR_STATES, 'must be a tour status')),
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
  sortOrder: sortOrder('desc'),
  sortBy: sortBy(TOUR_SORT_FIELDS, 'createdAt'),
  ...withFilter(tourFilters),
});
export type ToursQuery = v.InferOutput<typeof toursQuery>;
export type TourFilters = Partial<Pick<ToursQuery, keyof typeof tourFilters>>;

export const tourLeadParams = v.object({ leadId: idSchema });
export const tourVersionParams = v.object({
  id: idSchema,
  version: wholeFromText({ min: 1, max: 999_999, notWhole: 'must be a version number' }),
});

// ---------- copying ----------

type CopySource = Pick<CustomizedTourDetail, 'title' | 'lead' | 'queryId' | 'regions' | 'destinations' | 'departure' | 'arrival' | 'adults' | 'children' | 'infants' | 'pointOfContact' | 'notes' | 'days' | 'lines'>;

/** A day as answered, as the create and update calls take it. */
export const dayFields = (d: TourDay): TourDayFields => ({
  date: d.date,
  destinationId: d.destination._id,
  hotelId: d.hotel?._id ?? null,
  roomType: d.roomType,
  rooms: d.rooms,
  activityIds: d.activities.map((a) => a._id),
  transfers: d.transfers,
  meals: d.meals,
  notes: d.notes,
});

/** A line as answered, as the create and update calls take it (the figures the server computes left out). */
export const lineFields = (l: Pick<TourLine, 'kind' | 'dayNumber' | 'description' | 'hotel' | 'roomType' | 'activity' | 'vendor' | 'quantity' | 'unit' | 'unitCost' | 'markupType' | 'markup'>): TourLineFields => ({
  kind: l.kind,
  dayNumber: l.dayNumber,
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
});

/**
 * A tour as the create call takes it, for a lead: what copying sends (the same days and lines,
 * at the prices it had, as a new draft). The query is the source's only for the same lead.
 */
export function copyInput(tour: CopySource, leadId: string, title = tour.title): CreateTourFields {
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
    days: tour.days.map(dayFields),
    lines: tour.lines.map(lineFields),
  };
}

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const customizedTourEndpoints = {
  list: endpoint({ method: 'GET', path: '/customized-tours', query: toursQuery, answer: customizedTourListSchema }),
  settings: endpoint({ method: 'GET', path: '/customized-tours/settings', answer: itemAnswer(tourBuilderSettingsSchema) }),
  create: endpoint({ method: 'POST', path: '/customized-tours', body: createTourInput, answer: itemAnswer(customizedTourDetailSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/customized-tours', body: updateTourInput, answer: itemAnswer(customizedTourDetailSchema) }),
  updateBooked: endpoint({ method: 'PUT', path: '/customized-tours/booked', body: updateBookedTourInput, answer: itemAnswer(customizedTourDetailSchema) }),
  byLead: endpoint({ method: 'GET', path: '/customized-tours/lead/:leadId', params: tourLeadParams, answer: v.object({ data: v.array(customizedTourSchema) }) }),
  byBooking: endpoint({ method: 'GET', path: '/customized-tours/booking/:id', params: idParams, answer: itemAnswer(customizedTourDetailSchema) }),
  version: endpoint({ method: 'GET', path: '/customized-tours/:id/versions/:version', params: tourVersionParams, answer: itemAnswer(tourVersionSchema) }),
  byId: endpoint({ method: 'GET', path: '/customized-tours/:id', params: idParams, answer: itemAnswer(customizedTourDetailSchema) }),
  revise: endpoint({ method: 'PUT', path: '/customized-tours/:id/revise', params: idParams, body: noBody, answer: itemAnswer(customizedTourDetailSchema) }),
  publish: endpoint({ method: 'PUT', path: '/customized-tours/booked/publish/:id', params: idParams, body: noBody, answer: itemAnswer(customizedTourDetailSchema) }),
  revert: endpoint({ method: 'PUT', path: '/customized-tours/booked/revert/:id', params: idParams, body: noBody, answer: itemAnswer(customizedTourDetailSchema) }),
  remove: endpoint({ method: 'DELETE', path: '/customized-tours/:id', params: idParams, answer: deletedAnswer(customizedTourSchema) }),
};

const plainRequest = (endpoint: typeof customizedTourEndpoints.revise | typeof customizedTourEndpoints.publish | typeof customizedTourEndpoints.revert, type: 'REVISE' | 'PUBLISH' | 'REVERT') =>
  workflowRequest({
    machine: customizedTourMachine,
    endpoint,
    eventOf: (): CustomizedTourEvent => ({ type }),
    bodyOf: () => ({}),
    stateOf: (tour: CustomizedTourDetail) => tour.status,
  });

/** REVISE: `PUT /customized-tours/{id}/revise` (not a seed call: the seed has no way back from sent). */
export const reviseTourRequest = plainRequest(customizedTourEndpoints.revise, 'REVISE');
/** PUBLISH: the seed's `PUT /customized-tours/booked/publish/{id}`. */
export const publishTourRequest = plainRequest(customizedTourEndpoints.publish, 'PUBLISH');
/** REVERT: the seed's `PUT /customized-tours/booked/revert/{id}` (published → booked; booked → draft while unpaid). */
export const revertTourRequest = plainRequest(customizedTourEndpoints.revert, 'REVERT');

/** The call each event a person may send goes through (BOOK has none: a booking does it). */
export const TOUR_EVENT_REQUESTS = { SEND: sendTourRequest, REVISE: reviseTourRequest, PUBLISH: publishTourRequest, REVERT: revertTourRequest } as const;
