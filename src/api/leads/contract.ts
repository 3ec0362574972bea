import { endpoint } from '../common/endpoint';
import { itemAnswer, listAnswerOf } from '../common/schemas';
import * as v from 'valibot';
import { importEndpoint, listFromText } from '../common/import';
import { coded } from '../common/issues';
import {
  calendarDate,
  clearableEmail,
  clearablePhone,
  clearableText,
  dateRangeQuery,
  dateSchema,
  idList,
  idSchema,
  inOrder,
  instantSchema,
  intBetween,
  listOf,
  moneySchema,
  multiline,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  trimmedText,
  timestamp,
  updateOf,
  uuid,
  withFilter,
} from '../common/schemas';
import { catalogueRefSchema } from '../catalogue/regions/contract';
import { LEAD_STATES, leadMachine, type LeadEvent, type LeadState } from '../../machines/lead-machine';
import { workflowRequest } from '../common/workflow';
import { LEAD_SOURCES, type LeadSource } from './constants';

export { LEAD_SOURCES, LEAD_STATES, instantSchema };
export type { LeadSource, LeadState };

/** Seed section 9: the leads table shows 20 rows a page; the API's default stays 50. */
export const LEAD_TABLE_PAGE_SIZE = 20;

/** SPEC workflow 1. */
export const FOLLOW_UP_TYPES = ['today', 'missed', 'upcoming', 'todayAndMissed'] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];
export const FOLLOW_UP_OUTCOMES = ['reached', 'no-answer', 'rescheduled', 'not-interested'] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

export const memberRefSchema = v.object({ _id: uuid, name: v.string() });
export type MemberRef = v.InferOutput<typeof memberRefSchema>;

/** A row of the leads list (the seed's fields, plus what the detail and filters need). */
export const leadSchema = v.object({
  _id: uuid,
  name: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  status: v.picklist(LEAD_STATES),
  /** The next open follow-up's time (ISO 8601 UTC), or null. */
  followUp: v.nullable(timestamp),
  assignedTo: v.nullable(memberRefSchema),
  comment: v.nullable(v.string()),
  source: v.picklist(LEAD_SOURCES),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  /** The day the enquiry came in (the list's `query` range filters on it). */
  queryDate: calendarDate,
  lostReason: v.nullable(v.string()),
  contactId: v.nullable(uuid),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Lead = v.InferOutput<typeof leadSchema>;

export const queryCommentSchema = v.object({ _id: uuid, text: v.string(), author: v.nullable(memberRefSchema), createdAt: timestamp });
export type QueryComment = v.InferOutput<typeof queryCommentSchema>;

/** A trip enquiry of a lead. Money in minor units. */
export const leadQuerySchema = v.object({
  _id: uuid,
  travelFrom: v.nullable(calendarDate),
  travelTo: v.nullable(calendarDate),
  adults: v.number(),
  children: v.number(),
  infants: v.number(),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  budget: v.nullable(v.number()),
  notes: v.nullable(v.string()),
  comments: v.array(queryCommentSchema),
  createdBy: v.nullable(memberRefSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type LeadQuery = v.InferOutput<typeof leadQuerySchema>;

export const followUpResponseSchema = v.object({
  outcome: v.picklist(FOLLOW_UP_OUTCOMES),
  note: v.nullable(v.string()),
  respondedBy: v.nullable(memberRefSchema),
  respondedAt: timestamp,
});
export type FollowUpResponse = v.InferOutput<typeof followUpResponseSchema>;

export const followUpSchema = v.object({
  _id: uuid,
  dueAt: timestamp,
  note: v.nullable(v.string()),
  assignee: v.nullable(memberRefSchema),
  /** Null while open. */
  response: v.nullable(followUpResponseSchema),
  createdBy: v.nullable(memberRefSchema),
  createdAt: timestamp,
});
export type FollowUp = v.InferOutput<typeof followUpSchema>;

export const LEAD_ACTIVITY_TYPES = ['created', 'captured', 'imported', 'details', 'status', 'owner', 'query', 'queryUpdated', 'comment', 'followUp', 'response', 'tourCreated', 'tourSent'] as const;
export type LeadActivityType = (typeof LEAD_ACTIVITY_TYPES)[number];

/** One line of the lead's timeline: what happened, who did it (null: the website or the system), when. */
export const leadActivitySchema = v.object({
  _id: uuid,
  type: v.picklist(LEAD_ACTIVITY_TYPES),
  /**
   * Per type: `{ from, to, reason }` for status (`tourId` when a sent tour moved it), `{ from, to }`
   * (names) for owner, `{ outcome }` for a response, `{ tourId, title, version, to }` for a tour…
   */
  data: v.record(v.string(), v.unknown()),
  actor: v.nullable(memberRefSchema),
  createdAt: timestamp,
});
export type LeadActivity = v.InferOutput<typeof leadActivitySchema>;

export const leadDetailSchema = v.object({
  ...leadSchema.entries,
  queries: v.array(leadQuerySchema),
  followUps: v.array(followUpSchema),
  activity: v.array(leadActivitySchema),
});
export type LeadDetail = v.InferOutput<typeof leadDetailSchema>;

export const leadStatsSchema = v.object({
  /** Leads matching every filter but `status`, per status (every status present). */
  byStatus: v.object(Object.fromEntries(LEAD_STATES.map((k) => [k, v.number()])) as Record<LeadState, v.NumberSchema<undefined>>),
  total: v.number(),
});
export type LeadStats = v.InferOutput<typeof leadStatsSchema>;

// ---------- inputs ----------

const optionalPhone = clearablePhone;
const optionalEmail = clearableEmail;
const ids = (max = 50) => v.optional(idList(max));

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
  notes: clearableText(4000, multiline),
};
/** Messages of the rules that span two fields (shown under the second). */
export const REACHABLE = 'is required when there is no email';
export const DATES_IN_ORDER = 'must not be before the first travel day';
type Dates = { travelFrom?: string | null; travelTo?: string | null };
const datesInOrder = <T extends Dates>() =>
  v.forward<T, v.CheckIssue<T>, [never]>(
    v.check((q) => inOrder(q.travelFrom, q.travelTo), coded('dateOrder', DATES_IN_ORDER, { after: 'travelFrom' })),
    ['travelTo'] as never,
  );

/** `POST /leads/{id}/query`: a trip enquiry. */
export const createQueryInput = v.pipe(v.strictObject(queryFields), datesInOrder());
export type CreateQueryInput = v.InferOutput<typeof createQueryInput>;
/** `PUT /leads/{id}/query`: `queryId` names the enquiry; the fields given change. */
export const updateQueryInput = v.pipe(
  v.strictObject({ queryId: idSchema, ...queryFields }),
  v.check((b) => Object.keys(b).length > 1, coded('noChange', 'must change at least one field')),
  datesInOrder(),
);
export type UpdateQueryInput = v.InferOutput<typeof updateQueryInput>;

export const commentInput = v.strictObject({ text: requiredText(4000, multiline) });

const leadFields = {
  name: requiredText(200),
  phone: optionalPhone,
  email: optionalEmail,
  source: v.optional(oneOf(LEAD_SOURCES)),
  comment: clearableText(4000, multiline),
  regions: ids(),
  destinations: ids(),
  queryDate: v.optional(dateSchema),
};
type Reach = { phone?: string | null; email?: string | null };
/** A lead must be reachable: a phone number or an email address (reported on `phone`). */
const reachable = <T extends Reach>() =>
  v.forward<T, v.CheckIssue<T>, [never]>(
    v.check((b) => !!b.phone || !!b.email, coded('phoneOrEmail', REACHABLE)),
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

/**
 * The enquiry day is not after today on the organization's clocks. The server checks it with its
 * own clock; a form adds this rule with the day it shows as today.
 */
export const NOT_IN_FUTURE = 'must not be in the future';
export const enquiryNotAfter = <T extends { queryDate?: string }>(today: string) =>
  v.forward<T, v.CheckIssue<T>, [never]>(
    v.check((b) => !b.queryDate || b.queryDate <= today, coded('inFuture', NOT_IN_FUTURE)),
    ['queryDate'] as never,
  );

/**
 * A follow-up is for now or later, with a few minutes' grace for clocks and slow forms: the server
 * refuses an earlier one (400 `inPast` on its field), and the forms check the same rule when they
 * are sent, so the member reads it under the field before anything goes.
 */
export const FOLLOW_UP_GRACE_MS = 10 * 60_000;
export const NOT_IN_PAST = 'must not be in the past';
export const isPastFollowUp = (dueAt: string, now: number = Date.now()) => Date.parse(dueAt) < now - FOLLOW_UP_GRACE_MS;
/** The rule as a form's check of the follow-up time at `path` in its body (`['nextFollowUp', 'dueAt']`), read when the form is sent. */
export const followUpNotPast = <T extends Record<string, unknown>>(dueAtOf: (body: T) => string | null | undefined, path: string[]) =>
  v.forward<T, v.CheckIssue<T>, [never]>(
    v.check((body) => {
      const dueAt = dueAtOf(body);
      return !dueAt || !isPastFollowUp(dueAt);
    }, coded('inPast', NOT_IN_PAST)),
    path as never,
  );

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
    status: oneOf(LEAD_STATUS_TARGETS),
    reason: v.optional(trimmedText(1000, true)),
  }),
  v.forward(
    v.check((b) => b.status !== 'lost' || !!b.reason, coded('required', 'is required to mark a lead lost', { rule: 'lost' })),
    ['reason'],
  ),
);
export type LeadStatusInput = v.InferOutput<typeof leadStatusInput>;

/** The status each event asks for (`new`: none, nothing leads back there). */
const STATUS_OF: Record<LeadEvent['type'], Exclude<LeadStatusTarget, 'new'>> = { CONTACT: 'contacted', QUALIFY: 'qualified', QUOTE: 'quoted', WIN: 'won', LOSE: 'lost', REOPEN: 'reopened' };
const EVENT_OF = Object.fromEntries(Object.entries(STATUS_OF).map(([event, status]) => [status, event])) as Record<Exclude<LeadStatusTarget, 'new'>, LeadEvent['type']>;

/** The leads' CSV import (its routes are built by `importRoute`). */
export const leadPaths = { import: importEndpoint('/leads/import') };

/** The 409 message when the lead machine refuses an event, in the words of the status call. */
export function describeLeadRefusal(state: string, event: LeadEvent): string {
  if (event.type === 'WIN' && state === 'quoted') return 'A lead is won only when a booking is created for it';
  if (event.type === 'LOSE' && state !== 'lost' && state !== 'won') return 'A reason is required to mark a lead lost';
  if (event.type === 'REOPEN') return `Only a lost or won lead can be reopened; this one is ${state}`;
  return `A ${state} lead cannot be marked ${STATUS_OF[event.type]}`;
}

/** `PUT /leads/{id}/owner`: an active member of the sales department. */
export const leadOwnerInput = v.strictObject({ assignedTo: idSchema });

/** `POST /leads/{id}/followup`. Without `assignee`, the lead's owner (or the caller). */
export const followUpInput = v.strictObject({
  dueAt: instantSchema,
  note: clearableText(2000, multiline),
  assignee: v.optional(idSchema),
});
export type FollowUpInput = v.InferOutput<typeof followUpInput>;

/** `POST /leads/{id}/followup/response`: closes an open follow-up, optionally scheduling the next. */
export const followUpResponseInput = v.pipe(
  v.strictObject({
    followUpId: idSchema,
    outcome: oneOf(FOLLOW_UP_OUTCOMES),
    note: clearableText(2000, multiline),
    nextFollowUp: v.optional(v.nullable(v.strictObject({ dueAt: instantSchema, note: clearableText(2000, multiline) }))),
  }),
  v.forward(
    v.check((b) => b.outcome !== 'rescheduled' || !!b.nextFollowUp, coded('required', 'is required when the follow-up is rescheduled', { rule: 'rescheduled' })),
    ['nextFollowUp'],
  ),
);
export type FollowUpResponseInput = v.InferOutput<typeof followUpResponseInput>;

// ---------- lists ----------

export const LEAD_SORT_FIELDS = ['followUp', 'createdAt', 'updatedAt', 'name', 'queryDate', 'status'] as const;

const followUpsFilter = v.optional(
  v.strictObject(
    {
      enabled: v.optional(v.pipe(oneOf(['true', 'false'], 'must be true or false'), v.transform((s) => s === 'true')), 'false'),
      type: v.optional(oneOf(FOLLOW_UP_TYPES), 'todayAndMissed'),
      /** Only this member's follow-ups (each lead's earliest open one of theirs): what their start page counts. */
      assignee: v.optional(idSchema),
    },
    coded('invalidType', 'must be an object with enabled and type', { expected: 'object' }),
  ),
);

const leadFilters = {
  /** Only these leads (a picker showing the names of the ids it holds). */
  ids: listOf(idSchema),
  /** The enquiry day (`queryDate`) from/to. */
  query: dateRangeQuery,
  status: listOf(oneOf(LEAD_STATES, 'must be a lead status')),
  /** Owners' ids; `unassigned` for leads without one. */
  assignedTo: listOf(v.union([idSchema, v.literal('unassigned')], coded('invalidId', 'must be a member id or unassigned'))),
  source: listOf(oneOf(LEAD_SOURCES, 'must be a lead source')),
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
export const leadMemberSchema = v.object({ _id: uuid, name: v.string(), department: v.string() });
export type LeadMember = v.InferOutput<typeof leadMemberSchema>;

/** A row of the lead selection picker (tours, bookings). */
export const leadOptionSchema = v.object({ _id: uuid, name: v.string(), phone: v.nullable(v.string()), email: v.nullable(v.string()), status: v.picklist(LEAD_STATES) });
export type LeadOption = v.InferOutput<typeof leadOptionSchema>;

export const leadIdParams = v.object({ id: idSchema });
export const leadQueryParams = v.object({ id: idSchema, queryId: idSchema });

// ---------- import ----------

/** Regions or destinations named by id, slug or name (an import file's cells). */
const placeNames = v.pipe(v.array(requiredText(200)), v.maxLength(50, coded('tooManyItems', 'must name at most 50', { max: 50 })));

/** One import row: a lead (regions and destinations by id, slug or name; `assignedTo` by member id or email). */
export const leadImportRow = v.pipe(
  v.strictObject({
    ...leadFields,
    regions: v.optional(listFromText(placeNames)),
    destinations: v.optional(listFromText(placeNames)),
    assignedTo: v.optional(v.nullable(trimmedText(254))),
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
    message: clearableText(4000, multiline),
    travelFrom: v.optional(v.nullable(dateSchema)),
    travelTo: v.optional(v.nullable(dateSchema)),
    adults: pax(1),
    children: pax(0),
    /** Destination names or slugs the visitor picked; unknown ones are kept in the message. */
    destinations: v.optional(v.pipe(v.array(requiredText(200)), v.maxLength(20, coded('tooManyItems', 'must name at most 20', { max: 20 })))),
  }),
  reachable(),
  datesInOrder(),
);
export type CapturedLeadInput = v.InferOutput<typeof capturedLeadInput>;
/** What the website form gets back: the lead that has the enquiry. */
export const capturedLeadAnswer = v.object({ data: v.object({ _id: uuid, received: v.boolean() }) });

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const leadEndpoints = {
  list: endpoint({ method: 'GET', path: '/leads', query: leadsQuery, answer: listAnswerOf(leadSchema, leadStatsSchema) }),
  selection: endpoint({ method: 'GET', path: '/leads/selection', query: leadsQuery, answer: listAnswerOf(leadOptionSchema) }),
  members: endpoint({ method: 'GET', path: '/leads/members', answer: itemAnswer(v.array(leadMemberSchema)) }),
  create: endpoint({ method: 'POST', path: '/leads', body: createLeadInput, answer: itemAnswer(leadDetailSchema), status: 201 }),
  byId: endpoint({ method: 'GET', path: '/leads/:id', params: leadIdParams, answer: itemAnswer(leadDetailSchema) }),
  details: endpoint({ method: 'PUT', path: '/leads/details/:id', params: leadIdParams, body: updateLeadInput, answer: itemAnswer(leadDetailSchema) }),
  status: endpoint({ method: 'PUT', path: '/leads/:id/status', params: leadIdParams, body: leadStatusInput, answer: itemAnswer(leadDetailSchema) }),
  owner: endpoint({ method: 'PUT', path: '/leads/:id/owner', params: leadIdParams, body: leadOwnerInput, answer: itemAnswer(leadDetailSchema) }),
  addQuery: endpoint({ method: 'POST', path: '/leads/:id/query', params: leadIdParams, body: createQueryInput, answer: itemAnswer(leadDetailSchema), status: 201 }),
  updateQuery: endpoint({ method: 'PUT', path: '/leads/:id/query', params: leadIdParams, body: updateQueryInput, answer: itemAnswer(leadDetailSchema) }),
  queryComment: endpoint({ method: 'POST', path: '/leads/:id/query/:queryId/comment', params: leadQueryParams, body: commentInput, answer: itemAnswer(leadDetailSchema), status: 201 }),
  followUp: endpoint({ method: 'POST', path: '/leads/:id/followup', params: leadIdParams, body: followUpInput, answer: itemAnswer(leadDetailSchema), status: 201 }),
  followUpResponse: endpoint({ method: 'POST', path: '/leads/:id/followup/response', params: leadIdParams, body: followUpResponseInput, answer: itemAnswer(leadDetailSchema) }),
  capture: endpoint({ method: 'POST', path: '/public/leads', body: capturedLeadInput, answer: capturedLeadAnswer, status: 201 }),
};

/**
 * The lead pipeline over HTTP: `PUT /leads/{id}/status` with `{ status, reason }`. `won` asks for
 * WIN without a booking, which the machine refuses: a lead is won only when a booking is created
 * for it (the bookings module calls `markLeadWon` on the server).
 */
export const leadStatusRequest = workflowRequest({
  machine: leadMachine,
  endpoint: leadEndpoints.status,
  eventOf: ({ status, reason }): LeadEvent | undefined => (status === 'new' ? undefined : status === 'lost' ? { type: 'LOSE', reason } : ({ type: EVENT_OF[status] } as LeadEvent)),
  bodyOf: (event): LeadStatusInput => (event.type === 'LOSE' ? { status: 'lost', reason: event.reason } : { status: STATUS_OF[event.type] }),
  stateOf: (lead: LeadDetail) => lead.status,
  noEvent: ({ status }) => `A lead cannot be marked ${status} again`,
});
