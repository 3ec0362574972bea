import * as v from 'valibot';
import { IMPORT_MAX_ROWS, importInput, listFromText } from '../common/import';
import {
  clearableText,
  dateRangeQuery,
  dateSchema,
  emailSchema,
  idSchema,
  intBetween,
  listOf,
  moneySchema,
  noNul,
  pageQuery,
  requiredText,
  sortBy,
  updateOf,
  withFilter,
} from '../common/schemas';
import type { CatalogueRef } from '../catalogue/regions/contract';
import { LEAD_STATES, leadMachine, type LeadEvent, type LeadState } from '../../machines/lead-machine';
import { workflowRequest } from '../common/workflow';
import { LEAD_SOURCES, type LeadSource } from './constants';

export { LEAD_SOURCES, LEAD_STATES };
export type { LeadSource, LeadState };

/** Seed section 9: the leads table shows 20 rows a page; the API's default stays 50. */
export const LEAD_TABLE_PAGE_SIZE = 20;

/** SPEC workflow 1. */
export const FOLLOW_UP_TYPES = ['today', 'missed', 'upcoming', 'todayAndMissed'] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];
export const FOLLOW_UP_OUTCOMES = ['reached', 'no-answer', 'rescheduled', 'not-interested'] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

export interface MemberRef {
  _id: string;
  name: string;
}

/** A row of the leads list (the seed's fields, plus what the detail and filters need). */
export interface Lead {
  _id: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: LeadState;
  /** The next open follow-up's time (ISO 8601 UTC), or null. */
  followUp: string | null;
  assignedTo: MemberRef | null;
  comment: string | null;
  source: LeadSource;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  /** The day the enquiry came in (the list's `query` range filters on it). */
  queryDate: string;
  lostReason: string | null;
  contactId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface QueryComment {
  _id: string;
  text: string;
  author: MemberRef | null;
  createdAt: string;
}

/** A trip enquiry of a lead. Money in minor units. */
export interface LeadQuery {
  _id: string;
  travelFrom: string | null;
  travelTo: string | null;
  adults: number;
  children: number;
  infants: number;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  budget: number | null;
  notes: string | null;
  comments: QueryComment[];
  createdBy: MemberRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface FollowUpResponse {
  outcome: FollowUpOutcome;
  note: string | null;
  respondedBy: MemberRef | null;
  respondedAt: string;
}

export interface FollowUp {
  _id: string;
  dueAt: string;
  note: string | null;
  assignee: MemberRef | null;
  /** Null while open. */
  response: FollowUpResponse | null;
  createdBy: MemberRef | null;
  createdAt: string;
}

export const LEAD_ACTIVITY_TYPES = ['created', 'captured', 'imported', 'details', 'status', 'owner', 'query', 'queryUpdated', 'comment', 'followUp', 'response', 'tourCreated', 'tourSent'] as const;
export type LeadActivityType = (typeof LEAD_ACTIVITY_TYPES)[number];

/** One line of the lead's timeline: what happened, who did it (null: the website or the system), when. */
export interface LeadActivity {
  _id: string;
  type: LeadActivityType;
  /**
   * Per type: `{ from, to, reason }` for status (`tourId` when a sent tour moved it), `{ from, to }`
   * (names) for owner, `{ outcome }` for a response, `{ tourId, title, version, to }` for a tour…
   */
  data: Record<string, unknown>;
  actor: MemberRef | null;
  createdAt: string;
}

export interface LeadDetail extends Lead {
  queries: LeadQuery[];
  followUps: FollowUp[];
  activity: LeadActivity[];
}

export interface LeadStats {
  /** Leads matching every filter but `status`, per status (every status present). */
  byStatus: Record<LeadState, number>;
  total: number;
}

// ---------- inputs ----------

export const phoneSchema = v.pipe(v.string('must be text'), v.trim(), v.regex(/^\+?[0-9 ()./-]{5,30}$/, 'must be a phone number'), v.check((s) => s.replace(/\D/g, '').length >= 5, 'must be a phone number'));
const optionalPhone = v.optional(v.nullable(v.pipe(v.string('must be text'), v.trim(), v.transform((s) => (s === '' ? null : s)), v.nullable(phoneSchema))));
const optionalEmail = v.optional(v.nullable(v.pipe(v.string('must be text'), v.trim(), v.transform((s) => (s === '' ? null : s)), v.nullable(emailSchema))));
const ids = (max = 50) => v.optional(v.pipe(v.array(idSchema, 'must be a list of ids'), v.maxLength(max, `must name at most ${max}`), v.transform((list) => [...new Set(list)])));
/** An instant: ISO 8601 with a time zone (`2026-11-22T09:00:00Z`, `…+04:00`), stored as UTC. */
export const instantSchema = v.pipe(
  v.string('must be a date and time'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be a date and time like 2026-11-22T09:00:00Z'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'must be a real date and time'),
  v.transform((s) => new Date(s).toISOString()),
);

const pax = (min: number) => v.optional(intBetween(min, 99));

const queryFields = {
  travelFrom: v.optional(v.nullable(dateSchema)),
  travelTo: v.optional(v.nullable(dateSchema)),
  adults: pax(1),
  children: pax(0),
  infants: pax(0),
  regions: ids(),
  destinations: ids(),
  budget: v.optional(v.nullable(moneySchema)),
  notes: clearableText(4000),
};
/** Messages of the rules that span two fields (shown under the second). */
export const REACHABLE = 'is required when there is no email';
export const DATES_IN_ORDER = 'must not be before the first travel day';
type Dates = { travelFrom?: string | null; travelTo?: string | null };
const datesInOrder = <T extends Dates>() =>
  v.forward<T, v.CheckIssue<T>, [never]>(
    v.check((q) => !q.travelFrom || !q.travelTo || q.travelFrom <= q.travelTo, DATES_IN_ORDER),
    ['travelTo'] as never,
  );

/** `POST /leads/{id}/query`: a trip enquiry. */
export const createQueryInput = v.pipe(v.strictObject(queryFields), datesInOrder());
export type CreateQueryInput = v.InferOutput<typeof createQueryInput>;
/** `PUT /leads/{id}/query`: `queryId` names the enquiry; the fields given change. */
export const updateQueryInput = v.pipe(
  v.strictObject({ queryId: idSchema, ...queryFields }),
  v.check((b) => Object.keys(b).length > 1, 'must change at least one field'),
  datesInOrder(),
);
export type UpdateQueryInput = v.InferOutput<typeof updateQueryInput>;

export const commentInput = v.strictObject({ text: requiredText(4000) });

const leadFields = {
  name: requiredText(200),
  phone: optionalPhone,
  email: optionalEmail,
  source: v.optional(v.picklist(LEAD_SOURCES, `must be one of ${LEAD_SOURCES.join(', ')}`)),
  comment: clearableText(4000),
  regions: ids(),
  destinations: ids(),
  queryDate: v.optional(dateSchema),
};
type Reach = { phone?: string | null; email?: string | null };
/** A lead must be reachable: a phone number or an email address (reported on `phone`). */
const reachable = <T extends Reach>() =>
  v.forward<T, v.CheckIssue<T>, [never]>(
    v.check((b) => !!b.phone || !!b.email, REACHABLE),
    ['phone'] as never,
  );

/** `POST /leads`. Without `assignedTo` a sales member creating it owns it. `followUp` schedules the first follow-up. */
export const createLeadInput = v.pipe(
  v.strictObject({
    ...leadFields,
    assignedTo: v.optional(v.nullable(idSchema)),
    followUp: v.optional(v.nullable(instantSchema)),
    query: v.optional(createQueryInput),
  }),
  reachable(),
);
export type CreateLeadInput = v.InferOutput<typeof createLeadInput>;

/** `PUT /leads/details/{id}`: contact details only; status, owner, queries and follow-ups have their own calls. */
export const updateLeadInput = updateOf({ ...leadFields, name: v.optional(leadFields.name) });
export type UpdateLeadInput = v.InferOutput<typeof updateLeadInput>;

/**
 * What `PUT /leads/{id}/status` may ask for: a state, or `reopened` (REOPEN, which lands in
 * `contacted`). One value per event, so every event has its own call.
 */
export const LEAD_STATUS_TARGETS = [...LEAD_STATES, 'reopened'] as const;
export type LeadStatusTarget = (typeof LEAD_STATUS_TARGETS)[number];

/**
 * `PUT /leads/{id}/status`: the state wanted, or `reopened` for a lost lead; the lead machine
 * decides (409 when it refuses). `lost` needs a reason.
 */
export const leadStatusInput = v.pipe(
  v.strictObject({
    status: v.picklist(LEAD_STATUS_TARGETS, `must be one of ${LEAD_STATUS_TARGETS.join(', ')}`),
    reason: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(1000, 'must be at most 1000 characters'), noNul)),
  }),
  v.forward(
    v.check((b) => b.status !== 'lost' || !!b.reason, 'is required to mark a lead lost'),
    ['reason'],
  ),
);
export type LeadStatusInput = v.InferOutput<typeof leadStatusInput>;

/** The status each event asks for (`new`: none, nothing leads back there). */
const STATUS_OF: Record<LeadEvent['type'], Exclude<LeadStatusTarget, 'new'>> = { CONTACT: 'contacted', QUALIFY: 'qualified', QUOTE: 'quoted', WIN: 'won', LOSE: 'lost', REOPEN: 'reopened' };
const EVENT_OF = Object.fromEntries(Object.entries(STATUS_OF).map(([event, status]) => [status, event])) as Record<Exclude<LeadStatusTarget, 'new'>, LeadEvent['type']>;

/**
 * The lead pipeline over HTTP: `PUT /leads/{id}/status` with `{ status, reason }`. `won` asks for
 * WIN without a booking, which the machine refuses: a lead is won only when a booking is created
 * for it (the bookings module calls `markLeadWon` on the server).
 */
export const leadStatusRequest = workflowRequest({
  machine: leadMachine,
  method: 'PUT',
  path: '/leads/:id/status',
  body: leadStatusInput,
  eventOf: ({ status, reason }): LeadEvent | undefined => (status === 'new' ? undefined : status === 'lost' ? { type: 'LOSE', reason } : ({ type: EVENT_OF[status] } as LeadEvent)),
  bodyOf: (event): LeadStatusInput => (event.type === 'LOSE' ? { status: 'lost', reason: event.reason } : { status: STATUS_OF[event.type] }),
  stateOf: (lead: LeadDetail) => lead.status,
  noEvent: ({ status }) => `A lead cannot be marked ${status} again`,
});

/** The 409 message when the lead machine refuses an event, in the words of the status call. */
export function describeLeadRefusal(state: string, event: LeadEvent): string {
  if (event.type === 'WIN' && state === 'quoted') return 'A lead is won only when a booking is created for it';
  if (event.type === 'LOSE' && state !== 'lost' && state !== 'won') return 'A reason is required to mark a lead lost';
  if (event.type === 'REOPEN') return `Only a lost lead can be reopened; this one is ${state}`;
  return `A ${state} lead cannot be marked ${STATUS_OF[event.type]}`;
}

/** `PUT /leads/{id}/owner`: an active member of the sales department. */
export const leadOwnerInput = v.strictObject({ assignedTo: idSchema });

/** `POST /leads/{id}/followup`. Without `assignee`, the lead's owner (or the caller). */
export const followUpInput = v.strictObject({
  dueAt: instantSchema,
  note: clearableText(2000),
  assignee: v.optional(idSchema),
});
export type FollowUpInput = v.InferOutput<typeof followUpInput>;

/** `POST /leads/{id}/followup/response`: closes an open follow-up, optionally scheduling the next. */
export const followUpResponseInput = v.pipe(
  v.strictObject({
    followUpId: idSchema,
    outcome: v.picklist(FOLLOW_UP_OUTCOMES, `must be one of ${FOLLOW_UP_OUTCOMES.join(', ')}`),
    note: clearableText(2000),
    nextFollowUp: v.optional(v.nullable(v.strictObject({ dueAt: instantSchema, note: clearableText(2000) }))),
  }),
  v.forward(
    v.check((b) => b.outcome !== 'rescheduled' || !!b.nextFollowUp, 'is required when the follow-up is rescheduled'),
    ['nextFollowUp'],
  ),
);
export type FollowUpResponseInput = v.InferOutput<typeof followUpResponseInput>;

// ---------- lists ----------

export const LEAD_SORT_FIELDS = ['followUp', 'createdAt', 'updatedAt', 'name', 'queryDate', 'status'] as const;

const followUpsFilter = v.optional(
  v.strictObject(
    {
      enabled: v.optional(v.pipe(v.picklist(['true', 'false'], 'must be true or false'), v.transform((s) => s === 'true')), 'false'),
      type: v.optional(v.picklist(FOLLOW_UP_TYPES, `must be one of ${FOLLOW_UP_TYPES.join(', ')}`), 'todayAndMissed'),
    },
    'must be an object with enabled and type',
  ),
);

const leadFilters = {
  /** Only these leads (a picker showing the names of the ids it holds). */
  ids: listOf(idSchema),
  /** The enquiry day (`queryDate`) from/to. */
  query: dateRangeQuery,
  status: listOf(v.picklist(LEAD_STATES, 'must be a lead status')),
  /** Owners' ids; `unassigned` for leads without one. */
  assignedTo: listOf(v.union([idSchema, v.literal('unassigned')], 'must be a member id or unassigned')),
  source: listOf(v.picklist(LEAD_SOURCES, 'must be a lead source')),
  regions: listOf(idSchema),
  destinations: listOf(idSchema),
  followups: followUpsFilter,
};

/** `GET /leads` (and the selection list): the seed's filters, ascending by the next follow-up by default. */
export const leadsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(LEAD_SORT_FIELDS, 'followUp'),
  ...withFilter(leadFilters),
});
export type LeadsQuery = v.InferOutput<typeof leadsQuery>;
export type LeadFilters = Partial<Pick<LeadsQuery, keyof typeof leadFilters>>;

/**
 * `GET /leads/members`: the active members a lead screen may choose from (owners are those of
 * the sales department), for anyone who may view leads; listing members in general needs more.
 */
export interface LeadMember {
  _id: string;
  name: string;
  department: string;
}

/** A row of the lead selection picker (tours, bookings). */
export interface LeadOption {
  _id: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: LeadState;
}

export const leadIdParams = v.object({ id: idSchema });
export const leadQueryParams = v.object({ id: idSchema, queryId: idSchema });

// ---------- import ----------

export const leadImportInput = importInput(IMPORT_MAX_ROWS);
/** One import row: a lead (regions and destinations by id, slug or name; `assignedTo` by member id or email). */
export const leadImportRow = v.pipe(
  v.strictObject({
    ...leadFields,
    regions: v.optional(listFromText(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'))), v.maxLength(50, 'must name at most 50')))),
    destinations: v.optional(listFromText(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'))), v.maxLength(50, 'must name at most 50')))),
    assignedTo: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(254)))),
    followUp: v.optional(v.nullable(instantSchema)),
  }),
  reachable(),
);
export type LeadImportRow = v.InferOutput<typeof leadImportRow>;

export const LEAD_CSV_COLUMNS: Record<string, string> = {
  name: 'name',
  fullname: 'name',
  phone: 'phone',
  mobile: 'phone',
  email: 'email',
  source: 'source',
  comment: 'comment',
  comments: 'comment',
  notes: 'comment',
  regions: 'regions',
  destinations: 'destinations',
  assignedto: 'assignedTo',
  owner: 'assignedTo',
  followup: 'followUp',
  querydate: 'queryDate',
};

// ---------- public capture ----------

/** The header that carries the organization's lead-capture secret. */
export const LEAD_SECRET_HEADER = 'x-lead-secret';

/** `POST /public/leads`: what a website form sends. */
export const capturedLeadInput = v.pipe(
  v.strictObject({
    name: requiredText(200),
    phone: optionalPhone,
    email: optionalEmail,
    message: clearableText(4000),
    travelFrom: v.optional(v.nullable(dateSchema)),
    travelTo: v.optional(v.nullable(dateSchema)),
    adults: pax(1),
    children: pax(0),
    /** Destination names or slugs the visitor picked; unknown ones are kept in the message. */
    destinations: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(200))), v.maxLength(20))),
  }),
  reachable(),
  datesInOrder(),
);
export type CapturedLeadInput = v.InferOutput<typeof capturedLeadInput>;


