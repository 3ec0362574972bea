import * as v from 'valibot';
import { endpoint, fileAnswer } from '../common/endpoint';
import { itemAnswer, listAnswerOf } from '../common/schemas';
import { documentLanguageQuery } from '../documents/contract';
import { LOCALES } from '../admin/members/contract';
import { coded, type ErrorCode } from '../common/issues';
import {
  booleanQuery,
  calendarDate,
  clearableText,
  dateRangeQuery,
  dateSchema,
  idSchema,
  inOrder,
  intBetween,
  listOf,
  money,
  multiline,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  sortOrder,
  timestamp,
  updateOf,
  uuid,
  wholeFromText,
  withFilter,
} from '../common/schemas';
import { routePath } from '../common/paths';
import { workflowRequest } from '../common/workflow';
import { catalogueRefSchema } from '../catalogue/regions/contract';
import { BOOKING_STATES, MAX_PAX, TOUR_TYPES } from '../bookings/contract';
import { PAYMENT_METHODS } from '../finance/contract';
import { MAX_NIGHTS, memberRefSchema } from '../tours/tour-plan';
import { VENDOR_SERVICES } from '../vendors/contract';
import { MISSING_KINDS, MISSING_NEEDS, NEXT_STEPS, NO_VENDOR_SERVICES_REASON_MAX, OPERATION_STATES, operationMachine, type OperationEvent } from '../../machines/operation-machine';
import { VOUCHER_STATES, voucherMachine, type VoucherEvent } from '../../machines/voucher-machine';

/**
 * Booking operations (SPEC workflow 3; the seed's "Booking operations" calls): the trip's vendor
 * vouchers, the payments to vendors, additional expenses and the profit. Money in integer minor
 * units of the booking's currency, calendar dates `YYYY-MM-DD`. Every write answers the operation
 * whole (`{ data: OperationDetail }`), so a screen replaces its cached copy with the answer.
 */
export { OPERATION_STATES, VOUCHER_STATES, NEXT_STEPS, MISSING_NEEDS, VENDOR_SERVICES, PAYMENT_METHODS };
export type { OperationState, NextStep, MissingItem, MissingKind, MissingNeed } from '../../machines/operation-machine';
export { NO_VENDOR_SERVICES_REASON_MAX };
export type { VoucherState } from '../../machines/voucher-machine';

/** What an additional expense of a trip is for. */
export const EXPENSE_CATEGORIES = ['guide', 'transport', 'meals', 'tickets', 'tips', 'visa', 'insurance', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** Where a payment's money went: the seed's vendor transaction `linkedType`s and the journal's source types. */
export const VOUCHER_PAYMENT = 'voucher-payment';
export const EXPENSE_PAYMENT = 'expense-payment';

/** The refusals of this area (src/api/common/issues.ts ERROR_CODES, translated in the web app). */
export const OPERATION_ERRORS = {
  /** 409: the vendor is inactive (the vendor machine's `bookable` tag). */
  vendorNotBookable: 'VENDOR_NOT_BOOKABLE',
  /** 409: the vendor does not offer the voucher's service type. */
  vendorServiceMismatch: 'VENDOR_SERVICE_MISMATCH',
  /** 409: a payment above what is still owed on the voucher or expense. */
  paymentExceedsOwed: 'PAYMENT_EXCEEDS_OWED',
  /** 409: a voucher's cost or an expense's amount lowered below what was paid on it. */
  belowPaid: 'BELOW_PAID',
  /** 409: paying a void voucher. */
  voucherNotPayable: 'VOUCHER_NOT_PAYABLE',
  /** 409: changing the fields of a voucher that is no longer a draft. */
  voucherNotEditable: 'VOUCHER_NOT_EDITABLE',
  /** 409: send-vouchers with vendors that have no email (params.vendors names them); nothing was sent. */
  vendorEmailMissing: 'VENDOR_EMAIL_MISSING',
  /** 409: send-vouchers with no confirmed voucher. */
  nothingToSend: 'NOTHING_TO_SEND',
  /** 409: a write to a completed or cancelled operation. */
  operationClosed: 'OPERATION_CLOSED',
  /** 409: mark-completed while something is missing (params: `missing` lines, `voucherIds`, `expenseIds`, `services`). */
  operationIncomplete: 'OPERATION_INCOMPLETE',
  /** 409: mark-completed with "no vendor services" on an operation that has vouchers (params: `vouchers`). */
  vendorServicesBooked: 'VENDOR_SERVICES_BOOKED',
  /** 409: prefilling from a tour whose priced lines name no vendor. */
  nothingToPrefill: 'NOTHING_TO_PREFILL',
} as const satisfies Record<string, ErrorCode>;

// ---------- answers ----------

/** A payment to a vendor (of a voucher or an additional expense). */
export const vendorPaymentSchema = v.object({
  _id: uuid,
  amount: v.number(),
  currency: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  paidOn: calendarDate,
  reference: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  /** The journal entry it posted (vendor costs ← the money account of the method). */
  journalEntryId: uuid,
  /** The vendor transaction it wrote (null for an expense without a vendor). */
  vendorTransactionId: v.nullable(uuid),
  paidBy: v.nullable(memberRefSchema),
  createdAt: timestamp,
});
export type VendorPayment = v.InferOutput<typeof vendorPaymentSchema>;

export const vendorRefSchema = v.object({ _id: uuid, name: v.string(), email: v.nullable(v.string()), isActive: v.boolean() });
export type VendorRef = v.InferOutput<typeof vendorRefSchema>;

export const voucherSchema = v.object({
  _id: uuid,
  operationId: uuid,
  /** `VCH-2026-0001`, from the money kit's gapless series, given when the voucher is confirmed; null while a draft. */
  number: v.nullable(v.string()),
  /** The voucher machine's state. */
  status: v.picklist(VOUCHER_STATES),
  serviceType: v.picklist(VENDOR_SERVICES),
  vendor: vendorRefSchema,
  serviceStartDate: calendarDate,
  serviceEndDate: calendarDate,
  description: v.nullable(v.string()),
  pax: v.number(),
  /** What the vendor charges; never the selling price. */
  cost: v.number(),
  paid: v.number(),
  /** Cost less paid (0 for a void voucher: nothing more is paid on it). */
  owed: v.number(),
  /** What the vendor is expected to give back if the trip is cancelled (entered by operations; 0 by default). */
  vendorRefundExpected: v.number(),
  /** What the vendor gave back for this voucher after the trip was cancelled. */
  vendorRefunded: v.number(),
  currency: v.string(),
  confirmationNumber: v.nullable(v.string()),
  /** The tour line it was prefilled from, if it was. */
  tourLineId: v.nullable(v.string()),
  sentAt: v.nullable(timestamp),
  /** Where its PDF went last. */
  sentTo: v.nullable(v.string()),
  payments: v.array(vendorPaymentSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Voucher = v.InferOutput<typeof voucherSchema>;

export const additionalExpenseSchema = v.object({
  _id: uuid,
  operationId: uuid,
  description: v.string(),
  category: v.picklist(EXPENSE_CATEGORIES),
  amount: v.number(),
  paid: v.number(),
  owed: v.number(),
  currency: v.string(),
  /** The day it was incurred. */
  date: calendarDate,
  vendor: v.nullable(v.object({ _id: uuid, name: v.string() })),
  payments: v.array(vendorPaymentSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdditionalExpense = v.InferOutput<typeof additionalExpenseSchema>;

/**
 * Profit of one operation (docs/operations.md): revenue is the booking's grand total less refunds
 * (`refunds` is 0 until the cancellations issue records refunds); the expense is the vouchers'
 * cost (a void voucher counts what was paid on it) plus the additional expenses; planned is the
 * tour's cost (its priced lines' costs for the party) beside it.
 */
export const profitSchema = v.object({
  revenue: v.number(),
  refunds: v.number(),
  vouchers: v.number(),
  expenses: v.number(),
  /** vouchers + expenses. */
  totalExpense: v.number(),
  /** revenue − totalExpense. */
  profit: v.number(),
  /** What has been paid out to vendors and for expenses so far. */
  paidOut: v.number(),
  /** Null when the tour has no priced lines (a group departure). */
  plannedCost: v.nullable(v.number()),
  /** revenue − plannedCost; null with it. */
  plannedProfit: v.nullable(v.number()),
});
export type Profit = v.InferOutput<typeof profitSchema>;

export const missingItemSchema = v.object({
  /** `services`: the tour plans vendor services and none is booked (`_id` is the operation's). */
  kind: v.picklist(MISSING_KINDS),
  _id: uuid,
  label: v.string(),
  needs: v.array(v.picklist(MISSING_NEEDS)),
  owed: v.number(),
});

/** The booking as the operation shows it. */
export const operationBookingSchema = v.object({
  _id: uuid,
  ref: v.string(),
  status: v.picklist(BOOKING_STATES),
  tourType: v.picklist(TOUR_TYPES),
  tour: v.object({ _id: uuid, title: v.string() }),
  customerName: v.string(),
  departure: calendarDate,
  arrival: calendarDate,
  totalNights: v.number(),
  pax: v.number(),
  grandTotal: v.number(),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  convertedBy: v.nullable(memberRefSchema),
});

/** Counts of the open work, from which the board's next step is derived (`nextStepOf`). */
export const progressSchema = v.object({
  /** Vouchers not void. */
  vouchers: v.number(),
  drafts: v.number(),
  /** Confirmed, not yet sent. */
  unsent: v.number(),
  expenses: v.number(),
  /** Vouchers (not void) and expenses not fully paid. */
  unpaid: v.number(),
});

/** A row of `GET /booking-operations` (the operations board). */
export const operationSchema = v.object({
  _id: uuid,
  bookingId: uuid,
  /** The operation machine's state (the seed's `operationStatus`). */
  status: v.picklist(OPERATION_STATES),
  booking: operationBookingSchema,
  currency: v.string(),
  /** Every voucher that is not void is sent (and there is at least one): the seed's `vouchersSent`. */
  vouchersSent: v.boolean(),
  progress: progressSchema,
  /** What the ops lead does next (derived from the machines' states). */
  nextStep: v.picklist(NEXT_STEPS),
  profit: profitSchema,
  /** Who took the trip in hand: the first member to add a voucher, an expense or a payment. */
  assignedTo: v.nullable(memberRefSchema),
  completedAt: v.nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Operation = v.InferOutput<typeof operationSchema>;

/** `GET /booking-operations/operationId/{id}`, `…/bookingId/{id}` and every write's answer. */
export const operationDetailSchema = v.object({
  ...operationSchema.entries,
  vouchers: v.array(voucherSchema),
  additionalExpenses: v.array(additionalExpenseSchema),
  /** The travellers' names (unnamed ones are not listed), as the vouchers show them. */
  travellers: v.array(v.string()),
  /** What still stands between the operation and COMPLETE: the checklist; empty when it can complete. */
  missing: v.array(missingItemSchema),
  /** Who completed it (null until then, or when that member is gone). */
  completedBy: v.nullable(memberRefSchema),
  /** The "no vendor services" confirmation it was completed with: why nothing was booked with vendors. */
  noVendorServices: v.nullable(v.object({ reason: v.string() })),
});
export type OperationDetail = v.InferOutput<typeof operationDetailSchema>;

/** A tour line a voucher cannot be prefilled from: it names no vendor (a voucher always has one), for operations to book by hand. */
export const lineToAssignSchema = v.object({
  /** Its position in the tour's priced lines (1-based). */
  tourLineId: v.string(),
  serviceType: v.picklist(VENDOR_SERVICES),
  description: v.string(),
  serviceStartDate: calendarDate,
  serviceEndDate: calendarDate,
  /** Its cost for the party, minor units. */
  cost: v.number(),
});
export type LineToAssign = v.InferOutput<typeof lineToAssignSchema>;

/**
 * `POST …/vouchers/from-tour`: the operation with its new drafts (one per vendor and service, stays
 * by date range), and the service lines that name no vendor, left to assign.
 */
export const prefillAnswerSchema = v.object({ data: operationDetailSchema, toAssign: v.array(lineToAssignSchema) });
export type PrefillAnswer = v.InferOutput<typeof prefillAnswerSchema>;

/** The seed's seven stats, over every operation the filters select (all pages). */
export const operationStatsSchema = v.object({
  total: v.number(),
  completed: v.number(),
  pending: v.number(),
  canceled: v.number(),
  totalRevenue: v.number(),
  totalExpense: v.number(),
  totalProfit: v.number(),
});
export type OperationStats = v.InferOutput<typeof operationStatsSchema>;

// ---------- inputs ----------

export const DATES_OUT_OF_TRIP = (departure: string, arrival: string) => `must be within the trip (${departure} to ${arrival})`;
const END_BEFORE_START = 'must not be before serviceStartDate';

const voucherFields = {
  serviceType: oneOf(VENDOR_SERVICES, 'must be a known service type'),
  vendorId: idSchema,
  serviceStartDate: dateSchema,
  serviceEndDate: dateSchema,
  description: clearableText(2000, multiline),
  pax: intBetween(1, MAX_PAX),
  cost: money(0),
  confirmationNumber: clearableText(60),
};

/**
 * `POST /booking-operations/{operationId}/vouchers`: a draft voucher. The vendor must be the
 * organization's (404), active and offer the service type (409); the dates within the trip (400).
 */
export const createVoucherInput = v.pipe(
  v.strictObject(voucherFields),
  v.forward(
    v.check((b) => inOrder(b.serviceStartDate, b.serviceEndDate), coded('dateOrder', END_BEFORE_START, { after: 'serviceStartDate' })),
    ['serviceEndDate'],
  ),
);
export type CreateVoucherInput = v.InferOutput<typeof createVoucherInput>;

/** The voucher events a PUT may ask for (SEND is the operation's send-vouchers call). */
export const VOUCHER_PUT_STATUSES = ['confirmed', 'void'] as const;

/**
 * `PUT /booking-operations/{operationId}/voucher/{voucherId}`: the fields given change (a draft's
 * only: 409 `VOUCHER_NOT_EDITABLE` after), and `status` asks the voucher machine for CONFIRM
 * (`confirmed`, with the confirmation number in the same body or stored) or VOID (`void`).
 */
export const updateVoucherInput = v.pipe(
  updateOf({
    serviceType: v.optional(voucherFields.serviceType),
    vendorId: v.optional(voucherFields.vendorId),
    serviceStartDate: v.optional(voucherFields.serviceStartDate),
    serviceEndDate: v.optional(voucherFields.serviceEndDate),
    description: voucherFields.description,
    pax: v.optional(voucherFields.pax),
    cost: v.optional(voucherFields.cost),
    confirmationNumber: voucherFields.confirmationNumber,
    /** Changes while the voucher is not void (the cancellation's terms with the vendor), never above its cost. */
    vendorRefundExpected: v.optional(money(0)),
    status: v.optional(oneOf(VOUCHER_PUT_STATUSES, 'must be confirmed or void')),
  }),
  v.forward(
    v.check((b) => inOrder(b.serviceStartDate, b.serviceEndDate), coded('dateOrder', END_BEFORE_START, { after: 'serviceStartDate' })),
    ['serviceEndDate'],
  ),
);
export type UpdateVoucherInput = v.InferOutput<typeof updateVoucherInput>;

/**
 * A payment to a vendor (`POST …/voucher/{voucherId}/payment`, `POST …/additional-expense/{expenseId}/payment`;
 * `Idempotency-Key`): partial or whole, never above what is still owed (409).
 */
export const vendorPaymentInput = v.strictObject({
  amount: money(1),
  paymentMethod: oneOf(PAYMENT_METHODS),
  paidOn: dateSchema,
  reference: clearableText(120),
  notes: clearableText(2000, multiline),
});
export type VendorPaymentInput = v.InferOutput<typeof vendorPaymentInput>;

/**
 * `POST /booking-operations/{operationId}/voucher/{voucherId}/vendor-refund` (`Idempotency-Key`):
 * money a vendor gave back for a void voucher of a cancelled trip, never more than was paid and not
 * given back yet (409 `VENDOR_REFUND_EXCEEDS_PAID`); an incoming vendor transaction.
 */
export const vendorRefundInput = v.strictObject({
  amount: money(1),
  paymentMethod: oneOf(PAYMENT_METHODS),
  receivedOn: dateSchema,
  reference: clearableText(120),
});
export type VendorRefundInput = v.InferOutput<typeof vendorRefundInput>;

const expenseFields = {
  description: requiredText(500),
  category: oneOf(EXPENSE_CATEGORIES),
  amount: money(0),
  /** The day it was incurred (the organization's today when not sent). */
  date: v.optional(dateSchema),
  /** Optional: an expense paid to a vendor is also the vendor's transaction. */
  vendorId: v.optional(v.nullable(idSchema)),
};

/** `POST /booking-operations/{operationId}/additional-expenses`. */
export const createExpenseInput = v.strictObject(expenseFields);
export type CreateExpenseInput = v.InferOutput<typeof createExpenseInput>;

/** `PUT /booking-operations/{operationId}/additional-expense/{expenseId}`: never below what was paid (409). */
export const updateExpenseInput = updateOf({
  description: v.optional(expenseFields.description),
  category: v.optional(expenseFields.category),
  amount: v.optional(expenseFields.amount),
  date: expenseFields.date,
  vendorId: expenseFields.vendorId,
});
export type UpdateExpenseInput = v.InferOutput<typeof updateExpenseInput>;

/**
 * `POST /booking-operations/{id}/send-vouchers`: every confirmed voucher (or those named) goes to its
 * vendor's email as a PDF in `language` (English when not said). A vendor without an email is a
 * 409 naming them before anything is sent.
 */
export const sendVouchersInput = v.optional(
  v.strictObject({
    voucherIds: v.optional(
      v.pipe(
        v.array(idSchema, coded('invalidType', 'must be a list of ids', { expected: 'list' })),
        v.maxLength(100, coded('tooManyItems', 'must name at most 100', { max: 100 })),
      ),
    ),
    language: v.optional(oneOf(LOCALES, 'must be a supported language')),
  }),
  {},
);
export type SendVouchersInput = v.InferOutput<typeof sendVouchersInput>;

export const emptyInput = v.optional(v.strictObject({}), {});

/** `GET …/voucher/{voucherId}/pdf?lang=` (English when not said): the documents' query. */
export { documentLanguageQuery as voucherPdfQuery } from '../documents/contract';

export const operationIdParams = v.object({ id: idSchema });
export const bookingIdParams = v.object({ id: idSchema });
export const voucherParams = v.object({ operationId: idSchema, id: idSchema });
export const expenseParams = v.object({ operationId: idSchema, expenseId: idSchema });

// ---------- workflows ----------

/** The operation's paths the client and the tests call. */
export const operationPaths = {
  list: routePath('/booking-operations'),
  byId: routePath('/booking-operations/operationId/:id'),
  byBooking: routePath('/booking-operations/bookingId/:id'),
  vouchers: routePath('/booking-operations/:id/vouchers'),
  /** Draft vouchers from the tour's priced lines (one per vendor and service, stays by date range; lines already prefilled skipped). */
  prefill: routePath('/booking-operations/:id/vouchers/from-tour'),
  voucher: routePath('/booking-operations/:operationId/voucher/:id'),
  voucherPayment: routePath('/booking-operations/:operationId/voucher/:id/payment'),
  vendorRefund: routePath('/booking-operations/:operationId/voucher/:id/vendor-refund'),
  voucherPdf: routePath('/booking-operations/:operationId/voucher/:id/pdf'),
  sendVouchers: routePath('/booking-operations/:id/send-vouchers'),
  markCompleted: routePath('/booking-operations/:id/mark-completed'),
  expenses: routePath('/booking-operations/:id/additional-expenses'),
  expense: routePath('/booking-operations/:operationId/additional-expense/:expenseId'),
  expensePayment: routePath('/booking-operations/:operationId/additional-expense/:expenseId/payment'),
};

/** An operation as answered by its calls: the operation with its vouchers and expenses. */
const detail = itemAnswer(operationDetailSchema);

/**
 * `PUT /booking-operations/{operationId}/voucher/{voucherId}` with `status` → CONFIRM or VOID; a
 * body without `status` only changes fields. SEND has its own call (`sendVouchersPath`).
 */
export const voucherRequest = workflowRequest({
  machine: voucherMachine,
  endpoint: endpoint({ method: 'PUT', path: operationPaths.voucher, params: voucherParams, body: updateVoucherInput, answer: detail }),
  eventOf: (body): VoucherEvent | undefined =>
    body.status === 'confirmed' ? { type: 'CONFIRM', confirmationNumber: body.confirmationNumber ?? undefined } : body.status === 'void' ? { type: 'VOID' } : undefined,
  bodyOf: (event): UpdateVoucherInput => {
    if (event.type === 'CONFIRM') return { status: 'confirmed', ...(event.confirmationNumber ? { confirmationNumber: event.confirmationNumber } : {}) };
    if (event.type === 'VOID') return { status: 'void' };
    throw new Error('SEND is POST /booking-operations/{id}/send-vouchers, not a voucher PUT');
  },
  stateOf: (voucher: Voucher) => voucher.status,
});

/**
 * `PUT /booking-operations/{id}/mark-completed`: `{}`, or `{ noVendorServices: { reason } }` to
 * complete an operation whose tour plans vendor services that were not booked (why, in words).
 */
export const completeOperationInput = v.optional(
  v.strictObject({
    noVendorServices: v.optional(v.strictObject({ reason: requiredText(NO_VENDOR_SERVICES_REASON_MAX, multiline) })),
  }),
  {},
);
export type CompleteOperationInput = v.InferOutput<typeof completeOperationInput>;

/** `PUT /booking-operations/{id}/mark-completed` → COMPLETE (409 `OPERATION_INCOMPLETE` naming what is missing). */
export const completeOperationRequest = workflowRequest({
  machine: operationMachine,
  endpoint: endpoint({ method: 'PUT', path: operationPaths.markCompleted, params: operationIdParams, body: completeOperationInput, answer: detail }),
  eventOf: (body): OperationEvent => (body?.noVendorServices ? { type: 'COMPLETE', noVendorServices: { reason: body.noVendorServices.reason } } : { type: 'COMPLETE' }),
  bodyOf: (event): CompleteOperationInput => (event.type === 'COMPLETE' && event.noVendorServices ? { noVendorServices: { reason: event.noVendorServices.reason } } : {}),
  stateOf: (operation: Operation) => operation.status,
});

// ---------- lists ----------

const nightsQuery = wholeFromText({ max: MAX_NIGHTS });

export const OPERATION_SORT_FIELDS = ['departure', 'arrival', 'createdAt', 'profit'] as const;

/**
 * `GET /booking-operations`: the seed's filters, departing soonest first by default. `needsMe`
 * keeps the pending operations of the caller: the booking's `convertedBy` or the operation's
 * `assignedTo` is the caller (docs/operations.md). `nextStep` filters the board's columns.
 * `search` matches the booking's reference or the customer's name.
 */
export const operationsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(OPERATION_SORT_FIELDS, 'departure'),
  sortOrder: sortOrder('asc'),
  ...withFilter({
    arrival: dateRangeQuery,
    departure: dateRangeQuery,
    convertedBy: listOf(idSchema),
    totalNights: listOf(nightsQuery),
    regions: listOf(idSchema),
    destinations: listOf(idSchema),
    createdAt: dateRangeQuery,
    operationStatus: listOf(oneOf(OPERATION_STATES)),
    vouchersSent: booleanQuery,
    needsMe: booleanQuery,
    nextStep: listOf(oneOf(NEXT_STEPS)),
  }),
});
export type OperationsQuery = v.InferOutput<typeof operationsQuery>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const operationEndpoints = {
  list: endpoint({ method: 'GET', path: operationPaths.list, query: operationsQuery, answer: listAnswerOf(operationSchema, operationStatsSchema) }),
  byId: endpoint({ method: 'GET', path: operationPaths.byId, params: operationIdParams, answer: detail }),
  byBooking: endpoint({ method: 'GET', path: operationPaths.byBooking, params: bookingIdParams, answer: detail }),
  vouchers: endpoint({ method: 'POST', path: operationPaths.vouchers, params: operationIdParams, body: createVoucherInput, answer: detail, status: 201 }),
  prefill: endpoint({ method: 'POST', path: operationPaths.prefill, params: operationIdParams, body: emptyInput, answer: prefillAnswerSchema, status: 201 }),
  voucherPayment: endpoint({ method: 'POST', path: operationPaths.voucherPayment, params: voucherParams, body: vendorPaymentInput, answer: detail, status: 201 }),
  vendorRefund: endpoint({ method: 'POST', path: operationPaths.vendorRefund, params: voucherParams, body: vendorRefundInput, answer: detail, status: 201 }),
  voucherPdf: endpoint({ method: 'GET', path: operationPaths.voucherPdf, params: voucherParams, query: documentLanguageQuery, answer: fileAnswer('application/pdf') }),
  /** A voucher's fields, or CONFIRM / VOID (`voucherRequest`). */
  voucher: voucherRequest.endpoint,
  /** COMPLETE (`completeOperationRequest`). */
  markCompleted: completeOperationRequest.endpoint,
  sendVouchers: endpoint({ method: 'POST', path: operationPaths.sendVouchers, params: operationIdParams, body: sendVouchersInput, answer: detail }),
  expenses: endpoint({ method: 'POST', path: operationPaths.expenses, params: operationIdParams, body: createExpenseInput, answer: detail, status: 201 }),
  expense: endpoint({ method: 'PUT', path: operationPaths.expense, params: expenseParams, body: updateExpenseInput, answer: detail }),
  expensePayment: endpoint({ method: 'POST', path: operationPaths.expensePayment, params: expenseParams, body: vendorPaymentInput, answer: detail, status: 201 }),
};
