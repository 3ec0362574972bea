import * as v from 'valibot';
import { calendarDate, dateRangeQuery, dateSchema, idParams, itemAnswer, listAnswerOf, listOf, oneOf, optionalText, pageQuery, sortOrder, timestamp, uuid } from '../../common/schemas';
import { CREDIT_NOTE_STATES } from '../../../machines/credit-note-machine';
import { REFUND_STATES, refundMachine, type RefundEvent } from '../../../machines/refund-machine';
import { workflowRequest } from '../../common/workflow';
import { PAYMENT_METHODS } from '../contract';
import { endpoint } from '../../common/endpoint';
import { pdfEndpoint } from '../../documents/contract';

/**
 * Credit notes and refunds (SPEC workflow 4; the seed stubs them, "API not implemented": this
 * product implements them): what an approved cancellation gives back, as money from an account or
 * as credit on a later booking of the same customer. Page size 50 (the seed's).
 */
export const CREDIT_PAGE_SIZE = 50;

const amount = v.pipe(v.number(), v.integer());
const ref = v.object({ _id: uuid, ref: v.string() });

export const creditNoteSchema = v.object({
  _id: uuid,
  /** `CN-2026-0001`. */
  number: v.string(),
  status: v.picklist(CREDIT_NOTE_STATES),
  amount,
  usedAmount: amount,
  /** What it may still pay (0 once used up or expired). */
  remaining: amount,
  currency: v.string(),
  issuedOn: calendarDate,
  validUntil: calendarDate,
  /** The cancelled booking it came from, and its customer. */
  booking: ref,
  customer: v.string(),
  leadId: uuid,
  contactId: v.nullable(uuid),
  cancellationId: uuid,
  /** The bookings it paid (a negative amount: a use given back when that booking was cancelled). */
  redemptions: v.array(v.object({ _id: uuid, booking: ref, paymentId: uuid, amount, date: calendarDate })),
  refundedOn: v.nullable(calendarDate),
  createdAt: timestamp,
});
export type CreditNote = v.InferOutput<typeof creditNoteSchema>;

export const refundSchema = v.object({
  _id: uuid,
  status: v.picklist(REFUND_STATES),
  amount,
  currency: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  /** The day the cancellation was approved: the money goes out on it or after. */
  approvedOn: calendarDate,
  /** The day the money went out (the seed's `refundedOn`). */
  refundedOn: v.nullable(calendarDate),
  reference: v.nullable(v.string()),
  booking: ref,
  customer: v.string(),
  cancellationId: uuid,
  processedBy: v.nullable(v.object({ _id: uuid, name: v.string() })),
  createdAt: timestamp,
});
export type Refund = v.InferOutput<typeof refundSchema>;

export const creditNotesQuery = v.strictObject({
  ...pageQuery(CREDIT_PAGE_SIZE),
  sortOrder: sortOrder('desc'),
  status: listOf(oneOf(CREDIT_NOTE_STATES)),
  /** The notes a customer may use: their contact's. */
  contact: v.optional(v.pipe(v.string(), v.uuid())),
  lead: v.optional(v.pipe(v.string(), v.uuid())),
  validUntil: dateRangeQuery,
});
export type CreditNotesQuery = v.InferOutput<typeof creditNotesQuery>;

export const refundsQuery = v.strictObject({
  ...pageQuery(CREDIT_PAGE_SIZE),
  sortOrder: sortOrder('desc'),
  status: listOf(oneOf(REFUND_STATES)),
  paymentMethod: listOf(oneOf(PAYMENT_METHODS)),
  createdAt: dateRangeQuery,
});
export type RefundsQuery = v.InferOutput<typeof refundsQuery>;

/** `PUT /refunds/{id}/process`: the money went out on `refundedOn` (not after today). */
export const processRefundInput = v.strictObject({ refundedOn: dateSchema, reference: optionalText(120) });
export type ProcessRefundInput = v.InferOutput<typeof processRefundInput>;

/** The credit note's PDF (served by server/cancellations/documents.ts); every other call is an endpoint (`creditEndpoints`, below). */
export const creditPaths = {
  /** The credit note as a PDF (in the booking's language or `lang`). */
  creditNotePdf: pdfEndpoint('/credit-notes/:id/pdf', idParams),
} as const;

/** Credit notes' and refunds' calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const creditEndpoints = {
  creditNotes: endpoint({ method: 'GET', path: '/credit-notes', query: creditNotesQuery, answer: listAnswerOf(creditNoteSchema) }),
  creditNote: endpoint({ method: 'GET', path: '/credit-notes/:id', params: idParams, answer: itemAnswer(creditNoteSchema) }),
  refunds: endpoint({ method: 'GET', path: '/refunds', query: refundsQuery, answer: listAnswerOf(refundSchema) }),
  /** The money went out (`processRefundRequest`: PROCESS). */
  process: endpoint({ method: 'PUT', path: '/refunds/:id/process', params: idParams, body: processRefundInput, answer: itemAnswer(refundSchema) }),
};

/** `PUT /refunds/{id}/process` → PROCESS, naming the day the money went out. */
export const processRefundRequest = workflowRequest({
  machine: refundMachine,
  endpoint: creditEndpoints.process,
  eventOf: (body): RefundEvent => ({ type: 'PROCESS', refundedOn: body.refundedOn }),
  bodyOf: (event) => ({ refundedOn: event.refundedOn ?? '' }),
  stateOf: (refund: Refund) => refund.status,
});
