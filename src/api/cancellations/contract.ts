import * as v from 'valibot';
import { calendarDate, dateRangeQuery, dateSchema, idParams, idSchema, itemAnswer, listAnswerOf, listOf, money, oneOf, optionalText, pageQuery, requiredText, sortOrder, timestamp, uuid } from '../common/schemas';
import { CANCELLATION_STATES, cancellationMachine, type CancellationEvent } from '../../machines/cancellation-machine';
import { PAYMENT_METHODS, moneyAccount } from '../finance/contract';
import { LOCALES } from '../admin/members/contract';
import { workflowRequest } from '../common/workflow';
import { endpoint } from '../common/endpoint';
import { pdfEndpoint, sendEndpoint } from '../documents/contract';

/**
 * Booking cancellations (SPEC workflow 4; the seed's `booking-cancellations` calls): a quote before
 * any request, one open request per booking, the decision that splits the refund between money back
 * and a credit note. Page size 50 (the seed's).
 */
export const CANCELLATIONS_PAGE_SIZE = 50;
export const REFUND_TYPES = ['full', 'partial'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

/** The money accounts a refund may be paid from, by key (`money:bank-transfer`). */
export const REFUND_SOURCES = PAYMENT_METHODS.map(moneyAccount) as unknown as readonly ['money:cash', 'money:bank-transfer', 'money:card', 'money:cheque', 'money:online'];

const amount = v.pipe(v.number(), v.integer());

export const tierSchema = v.object({ daysBeforeDeparture: v.number(), feeBasisPoints: v.number() });
export const quoteSchema = v.object({
  paid: amount,
  fee: amount,
  refundable: amount,
  kept: amount,
  tier: v.nullable(tierSchema),
  daysBeforeDeparture: v.number(),
  asOf: calendarDate,
  flatFee: amount,
  /** Each voucher that is not void: what was paid to its vendor and what the vendor is expected to give back. */
  vendorSide: v.array(v.object({ voucherId: uuid, number: v.nullable(v.string()), vendor: v.nullable(v.string()), paid: amount, refundExpected: amount, loss: amount })),
  vendorPaid: amount,
  vendorRefundExpected: amount,
  costToOrganization: amount,
});
export type QuoteAnswer = v.InferOutput<typeof quoteSchema>;

export const commentSchema = v.object({
  text: v.string(),
  by: v.nullable(v.object({ _id: uuid, name: v.string() })),
  at: timestamp,
  kind: v.picklist(['request', 'comment', 'approval', 'rejection']),
});

export const cancellationSchema = v.object({
  _id: uuid,
  status: v.picklist(CANCELLATION_STATES),
  booking: v.object({ _id: uuid, ref: v.string(), customer: v.string(), tourTitle: v.string(), departure: calendarDate, status: v.string(), leadId: uuid }),
  reason: v.string(),
  comments: v.array(commentSchema),
  /** The quote when it was requested. */
  quote: quoteSchema,
  refundType: v.nullable(v.picklist(REFUND_TYPES)),
  totalRefundAmount: v.nullable(amount),
  refundSource: v.nullable(v.picklist(REFUND_SOURCES)),
  sourceAccountAmount: v.nullable(amount),
  creditNoteAmount: v.nullable(amount),
  validUntil: v.nullable(calendarDate),
  /** What the organization kept (cancellation income), once approved. */
  keptAmount: v.nullable(amount),
  currency: v.string(),
  requestedBy: v.nullable(v.object({ _id: uuid, name: v.string() })),
  decidedBy: v.nullable(v.object({ _id: uuid, name: v.string() })),
  decidedAt: v.nullable(timestamp),
  refund: v.nullable(v.object({ _id: uuid, status: v.string(), amount, refundedOn: v.nullable(calendarDate) })),
  creditNote: v.nullable(v.object({ _id: uuid, number: v.string(), status: v.string(), amount, usedAmount: amount, validUntil: calendarDate })),
  createdAt: timestamp,
});
export type Cancellation = v.InferOutput<typeof cancellationSchema>;

/** A request's detail: the quote as it stands today beside the one it was requested with. */
export const cancellationDetailSchema = v.object({
  ...cancellationSchema.entries,
  currentQuote: v.nullable(quoteSchema),
  /** What the booking's payments waiting for verification add up to while the request is open (0 otherwise): they hold the approval back (the machine's `pending`). */
  pendingPayments: amount,
  /**
   * For the customer's documents: the booking's language and the customer's address (what a send
   * starts from), and whether this is the decision `send-cancellation` sends (the booking's latest
   * decided cancellation; an earlier one's page only opens its PDFs).
   */
  documents: v.object({ language: v.picklist(LOCALES), email: v.nullable(v.string()), latestDecision: v.boolean() }),
});
export type CancellationDetail = v.InferOutput<typeof cancellationDetailSchema>;

/** `POST /booking-cancellations/cancel`. */
export const cancelInput = v.strictObject({ bookingId: idSchema, reason: requiredText(1000, { multiline: true }), comments: optionalText(2000, { multiline: true }) });
export type CancelInput = v.InferOutput<typeof cancelInput>;

/**
 * `PATCH /booking-cancellations/{id}/status` (the seed's body): `approved` with the refund's split,
 * or `rejected` with a comment. `quotedPaid` is what the approver read: when the money paid has
 * changed since, the approval is refused (409 `QUOTE_CHANGED`) for them to read the new quote.
 */
export const cancellationStatusInput = v.strictObject({
  status: oneOf(['approved', 'rejected'] as const),
  comments: optionalText(2000, { multiline: true }),
  totalRefundAmount: v.optional(money(0)),
  refundSource: v.optional(oneOf(REFUND_SOURCES, 'must be a money account')),
  sourceAccountAmount: v.optional(money(0)),
  creditNoteAmount: v.optional(money(0)),
  validUntil: v.optional(dateSchema),
  quotedPaid: v.optional(money(0)),
});
export type CancellationStatusInput = v.InferOutput<typeof cancellationStatusInput>;

/**
 * The paths of the cancellation's documents (served by server/cancellations/documents.ts): the
 * confirmation's PDF and its send. Every other call is an endpoint (`cancellationEndpoints`, below).
 */
export const cancellationPaths = {
  /** The cancellation confirmation (PDF, in the booking's language or `lang`). */
  pdf: pdfEndpoint('/booking-cancellations/:id/pdf', idParams),
  /** The seed's `POST /bookings/{id}/send-cancellation` (multipart: to, cc, subject, message, attachments; the confirmation attached). */
  send: sendEndpoint('/bookings/:id/send-cancellation', idParams),
} as const;

export const cancellationsQuery = v.strictObject({
  ...pageQuery(CANCELLATIONS_PAGE_SIZE),
  sortOrder: sortOrder('desc'),
  status: listOf(oneOf(CANCELLATION_STATES)),
  refundType: listOf(oneOf(REFUND_TYPES)),
  createdAt: dateRangeQuery,
});
export type CancellationsQuery = v.InferOutput<typeof cancellationsQuery>;

/** The organization's policy (Configurations → Cancellations): tiers by days before departure, and a flat fee. */
export const policySchema = v.object({ tiers: v.array(tierSchema), flatFee: amount });
export const bookingIdParams = v.object({ id: idSchema });

/** The cancellations' calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const cancellationEndpoints = {
  quote: endpoint({ method: 'GET', path: '/bookings/:id/cancellation-quote', params: bookingIdParams, answer: itemAnswer(quoteSchema) }),
  ofBooking: endpoint({ method: 'GET', path: '/bookings/:id/cancellations', params: bookingIdParams, answer: itemAnswer(v.array(cancellationSchema)) }),
  request: endpoint({ method: 'POST', path: '/booking-cancellations/cancel', body: cancelInput, answer: itemAnswer(cancellationDetailSchema), status: 201 }),
  /** The decided (approved and rejected). */
  decided: endpoint({ method: 'GET', path: '/booking-cancellations', query: cancellationsQuery, answer: listAnswerOf(cancellationSchema) }),
  /** Waiting for a decision. */
  requested: endpoint({ method: 'GET', path: '/booking-cancellations/requests', query: cancellationsQuery, answer: listAnswerOf(cancellationSchema) }),
  byId: endpoint({ method: 'GET', path: '/booking-cancellations/id/:id', params: idParams, answer: itemAnswer(cancellationDetailSchema) }),
  /** One waiting for a decision (404 once decided). */
  requestById: endpoint({ method: 'GET', path: '/booking-cancellations/requests/:id', params: idParams, answer: itemAnswer(cancellationDetailSchema) }),
  /** The decision (`cancellationStatusRequest`: APPROVE or REJECT). */
  status: endpoint({ method: 'PATCH', path: '/booking-cancellations/:id/status', params: idParams, body: cancellationStatusInput, answer: itemAnswer(cancellationDetailSchema) }),
};

/** `PATCH /booking-cancellations/{id}/status` → APPROVE (with the refund's split) or REJECT (with a comment). */
export const cancellationStatusRequest = workflowRequest({
  machine: cancellationMachine,
  endpoint: cancellationEndpoints.status,
  eventOf: (b: CancellationStatusInput): CancellationEvent =>
    b.status === 'approved'
      ? {
          type: 'APPROVE',
          split: {
            totalRefundAmount: b.totalRefundAmount ?? 0,
            sourceAccountAmount: b.sourceAccountAmount ?? 0,
            creditNoteAmount: b.creditNoteAmount ?? 0,
            refundSource: b.refundSource ?? null,
            validUntil: b.validUntil ?? null,
          },
        }
      : { type: 'REJECT', comment: b.comments },
  bodyOf: (e: CancellationEvent): CancellationStatusInput =>
    e.type === 'APPROVE'
      ? {
          status: 'approved',
          totalRefundAmount: e.split?.totalRefundAmount ?? 0,
          sourceAccountAmount: e.split?.sourceAccountAmount ?? 0,
          creditNoteAmount: e.split?.creditNoteAmount ?? 0,
          ...(e.split?.refundSource ? { refundSource: e.split.refundSource as (typeof REFUND_SOURCES)[number] } : {}),
          ...(e.split?.validUntil ? { validUntil: e.split.validUntil } : {}),
        }
      : { status: 'rejected', comments: e.comment },
  stateOf: (c: { status: string }) => c.status,
  noEvent: ({ status }: CancellationStatusInput) => `A cancellation cannot be ${status} again`,
});
