import * as v from 'valibot';
import { LOCALES } from '../admin/members/contract';
import { coded } from '../common/issues';
import {
  booleanQuery,
  formMoney,
  itemAnswer,
  listAnswerOf,
  calendarDate,
  clearableText,
  dateRangeQuery,
  dateSchema,
  idSchema,
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
  uuid,
  withFilter,
  MAX_MONEY,
  wholeFromText,
} from '../common/schemas';
import { catalogueRefSchema } from '../catalogue/regions/contract';
import { workflowRequest } from '../common/workflow';
import { PAYMENT_METHODS } from '../finance/contract';
import { MAX_NIGHTS, TRAVELLER_TYPES, memberRefSchema, travellerPricesSchema } from '../tours/tour-plan';
import { BOOKING_STATES, bookingMachine, type BookingContext, type BookingEvent } from '../../machines/booking-machine';
import { PAYMENT_STATES, paymentMachine, type PaymentEvent } from '../../machines/payment-machine';
import { INSTALLMENT_STATUSES, PAYMENT_STATUSES } from '../../domain/installment-plan';
import { documentEndpoints } from '../documents/contract';
import { idParams } from '../common/schemas';
import { endpoint, fileAnswer } from '../common/endpoint';
import { generateInvoiceInput, invoicePreviewSchema, invoiceSchema, invoiceStatsSchema, invoicesQuery } from './invoices';

/**
 * Bookings, their travellers, installment plans and payments (SPEC workflow 2; the seed's
 * "Bookings" and "Payment receipts" calls). Money in integer minor units of the organization's
 * currency, calendar dates `YYYY-MM-DD`. Invoices are in ./invoices.ts.
 */
export { BOOKING_STATES, PAYMENT_STATES, PAYMENT_STATUSES, INSTALLMENT_STATUSES, TRAVELLER_TYPES, PAYMENT_METHODS };

/** How a booking may be paid: money into an account (PAYMENT_METHODS), or a credit note of the same customer (docs/cancellations.md). */
export const BOOKING_PAYMENT_METHODS = [...PAYMENT_METHODS, 'credit-note'] as const;
export type BookingPaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];
export type { PaymentStatus, InstallmentStatus } from '../../domain/installment-plan';

export const TOUR_TYPES = ['customized', 'personalized', 'group'] as const;
export type TourType = (typeof TOUR_TYPES)[number];

/** The largest party one booking takes (a group departure holds at most 1 000 seats). */
export const MAX_PAX = 1000;
/** The most installments a plan may have. */
export const MAX_INSTALLMENTS = 60;

/** A proof of payment: a scan or a photo of the transfer, the cheque, the card slip. */
export const PROOF_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

// ---------- answers ----------

export const travellerSchema = v.object({
  _id: uuid,
  /** Its place in the party (1…pax): travellers are priced by type when the booking is made. */
  position: v.number(),
  /** Null until the traveller is named (the booking is verified only when every one is). */
  name: v.nullable(v.string()),
  type: v.picklist(TRAVELLER_TYPES),
  dateOfBirth: v.nullable(calendarDate),
  passportNumber: v.nullable(v.string()),
  passportExpiry: v.nullable(calendarDate),
  nationality: v.nullable(v.string()),
});
export type Traveller = v.InferOutput<typeof travellerSchema>;

export const installmentSchema = v.object({
  _id: uuid,
  /** Its place in the plan (by due date). */
  position: v.number(),
  dueDate: calendarDate,
  amount: v.number(),
  /** What verified payments have covered of it. */
  paid: v.number(),
  /** What it still lacks. */
  open: v.number(),
  /** Derived: `paid` once covered, `overdue` past its due date (the organization's today) while not, else `pending`. */
  status: v.picklist(INSTALLMENT_STATUSES),
});
export type Installment = v.InferOutput<typeof installmentSchema>;

export const proofSchema = v.object({ fileName: v.string(), contentType: v.picklist(PROOF_TYPES), size: v.number() });

/** A payment towards a booking; once verified it is a receipt. */
export const paymentSchema = v.object({
  _id: uuid,
  bookingId: uuid,
  amount: v.number(),
  currency: v.string(),
  paymentMethod: v.picklist(BOOKING_PAYMENT_METHODS),
  /** The credit note it used, when paid with one. */
  creditNote: v.nullable(v.object({ _id: uuid, number: v.string() })),
  /** The day the customer paid. */
  paidOn: calendarDate,
  reference: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  /** The payment machine's state. */
  status: v.picklist(PAYMENT_STATES),
  isVerified: v.boolean(),
  /** `RCT-2026-0001` once verified. */
  receiptNumber: v.nullable(v.string()),
  failReason: v.nullable(v.string()),
  proof: v.nullable(proofSchema),
  /** What it paid of which installment (once verified). */
  allocations: v.array(v.object({ installmentId: uuid, amount: v.number() })),
  submittedBy: v.nullable(memberRefSchema),
  decidedBy: v.nullable(memberRefSchema),
  decidedAt: v.nullable(timestamp),
  createdAt: timestamp,
});
export type Payment = v.InferOutput<typeof paymentSchema>;

export const tourRefSchema = v.object({
  _id: uuid,
  title: v.string(),
  /** The customized tour's version the customer accepted; null for personalized tours and departures. */
  version: v.nullable(v.number()),
});

/** A row of the bookings lists. */
export const bookingSchema = v.object({
  _id: uuid,
  /** The booking's reference as people say it: `BK-1042`. */
  ref: v.string(),
  tourType: v.picklist(TOUR_TYPES),
  tour: tourRefSchema,
  lead: v.object({ _id: uuid, name: v.string() }),
  /** The customer as booked (the lead's name, email and phone then). */
  customer: v.object({ name: v.string(), email: v.nullable(v.string()), phone: v.nullable(v.string()) }),
  /** The customer's language (reminders, and the documents' default). */
  language: v.picklist(LOCALES),
  /** The booking machine's state (the seed's `tourStatus` filter). */
  status: v.picklist(BOOKING_STATES),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  departure: calendarDate,
  arrival: calendarDate,
  totalNights: v.number(),
  pax: v.number(),
  grandTotal: v.number(),
  /** What verified payments cover. */
  paid: v.number(),
  /** What is still owed: grand total less paid. */
  balance: v.number(),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  currency: v.string(),
  /** The member credited with the sale: the lead's owner when it was booked, else who booked it. */
  convertedBy: v.nullable(memberRefSchema),
  invoiceGenerated: v.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Booking = v.InferOutput<typeof bookingSchema>;

/** One tier of a cancellation policy, copied onto the booking when it was made. */
export const cancellationTierSchema = v.object({ daysBeforeDeparture: v.number(), feeBasisPoints: v.number() });
export type CancellationTier = v.InferOutput<typeof cancellationTierSchema>;

export const BOOKING_ACTIVITY_TYPES = ['created', 'travellers', 'payment', 'paymentVerified', 'paymentFailed', 'status', 'reminder', 'invoice', 'document'] as const;
export type BookingActivityType = (typeof BOOKING_ACTIVITY_TYPES)[number];

export const bookingActivitySchema = v.object({
  _id: uuid,
  type: v.picklist(BOOKING_ACTIVITY_TYPES),
  data: v.record(v.string(), v.unknown()),
  actor: v.nullable(memberRefSchema),
  createdAt: timestamp,
});
export type BookingActivity = v.InferOutput<typeof bookingActivitySchema>;

/**
 * The booking machine's context as the server's guards read it (`bookingContext`, server/bookings/store.ts),
 * sent with the booking so the screen asks the machine (`snapshotOf(bookingMachine, status, context)`)
 * without working the facts out again.
 */
export const bookingContextSchema: v.GenericSchema<BookingContext> = v.object({
  /** Travellers still without a name (the pax count less the named ones). */
  travellersToName: v.number(),
  /** What verified payments have not yet covered of the first installment. */
  firstInstallmentOpen: v.number(),
  /** The last day of the trip. */
  arrival: calendarDate,
});

/** `GET /bookings/id/{id}`: the booking with its travellers, plan, payments and timeline. */
export const bookingDetailSchema = v.object({
  ...bookingSchema.entries,
  /** The booking machine's context (what its guards read), computed by the server. */
  context: bookingContextSchema,
  /** Price per person by traveller type, as booked (personalized tours and departures). */
  pricePerPerson: v.nullable(travellerPricesSchema),
  travellers: v.array(travellerSchema),
  installments: v.array(installmentSchema),
  payments: v.array(paymentSchema),
  /** Verified payments less the grand total can never be negative; submitted ones wait here. */
  pendingAmount: v.number(),
  cancellationPolicy: v.array(cancellationTierSchema),
  /** The policy's flat fee when it was sold. */
  cancellationFlatFee: v.number(),
  /** The invoice, once issued. */
  invoice: v.nullable(v.object({ _id: uuid, number: v.string(), issuedOn: calendarDate, dueDate: calendarDate, total: v.number() })),
  /** What the tour was when booked (the personalized tour or departure as it was; the customized tour's sent version). */
  tourSnapshot: v.record(v.string(), v.unknown()),
  activity: v.array(bookingActivitySchema),
});
export type BookingDetail = v.InferOutput<typeof bookingDetailSchema>;

// ---------- inputs ----------

/**
 * A stand-in typed where a name belongs ("Traveller 1", "Guest 2", "TBA", "xxx", "1"): it would pass
 * "every traveller is named" while the vendor's rooming list and the tickets still lack the name.
 */
const PLACEHOLDER_WORDS = new Set(['traveller', 'traveler', 'guest', 'passenger', 'pax', 'adult', 'child', 'infant', 'person', 'name', 'tba', 'tbc', 'tbd', 'na', 'nn', 'unknown', 'x', 'xx', 'xxx', 'test']);
export function isPlaceholderName(name: string): boolean {
  const words = name.toLowerCase().normalize('NFKC').replace(/[\p{N}\p{P}\p{S}]+/gu, ' ').split(/\s+/).filter(Boolean);
  // "N/A" and "T.B.A." are one word written with stops.
  return words.every((w) => PLACEHOLDER_WORDS.has(w)) || PLACEHOLDER_WORDS.has(words.join(''));
}

/** A person's name as typed; blank or null leaves the traveller unnamed; a placeholder is refused. */
const travellerName = v.pipe(
  clearableText(120),
  v.check((name) => name == null || !isPlaceholderName(name), coded('placeholderName', "must be the traveller's own name, not a placeholder")),
);
const passportNumber = clearableText(30);
const nationality = clearableText(60);

const travellerFields = {
  name: travellerName,
  type: oneOf(TRAVELLER_TYPES),
  dateOfBirth: v.optional(v.nullable(dateSchema)),
  passportNumber,
  passportExpiry: v.optional(v.nullable(dateSchema)),
  nationality,
};

/** One traveller of a new booking: a type (it sets the price), a name now or later. */
export const travellerInput = v.strictObject(travellerFields);
export type TravellerInput = v.InferOutput<typeof travellerInput>;

export const installmentInput = v.strictObject({ dueDate: dateSchema, amount: money(1) });
export type InstallmentInput = v.InferOutput<typeof installmentInput>;

export const PAX_MISMATCH = (pax: number) => `must list the ${pax} travellers of the pax count (names may come later)`;
export const VERSION_FOR_CUSTOMIZED = 'is required for a customized tour: the version the customer accepted';
export const DEPARTURE_FOR_PERSONALIZED = 'is required for a personalized tour: the day the trip starts';
export const SET_BY_TOUR = 'is set by the tour and cannot be sent';

/**
 * `POST /bookings`: a booking from a tour for a lead. The grand total is the server's, from the
 * tour (never sent); the plan must sum to it. `tourVersion` names the customized tour's sent
 * version (required for them, refused for the others); `departure` starts a personalized tour
 * (personalized tours have no dates; departures and customized tours bring theirs).
 */
export const createBookingInput = v.pipe(
  v.strictObject({
    tourType: oneOf(TOUR_TYPES),
    tourId: idSchema,
    tourVersion: v.optional(intBetween(1, 100_000)),
    leadId: idSchema,
    /** The customer's language: reminders are written in it (English when not said). */
    language: v.optional(oneOf(LOCALES, 'must be a supported language')),
    departure: v.optional(dateSchema),
    pax: intBetween(1, MAX_PAX),
    travellers: v.pipe(
      v.array(travellerInput, coded('invalidType', 'must be a list of travellers', { expected: 'list' })),
      v.maxLength(MAX_PAX, coded('tooManyItems', `must have at most ${MAX_PAX} travellers`, { max: MAX_PAX })),
    ),
    installments: v.pipe(
      v.array(installmentInput, coded('invalidType', 'must be a list of installments', { expected: 'list' })),
      v.maxLength(MAX_INSTALLMENTS, coded('tooManyItems', `must have at most ${MAX_INSTALLMENTS} installments`, { max: MAX_INSTALLMENTS })),
    ),
  }),
  v.forward(
    v.check(
      (b) => b.travellers.length === b.pax,
      (issue) => {
        const { pax, travellers } = issue.input as { pax: number; travellers: unknown[] };
        return coded(travellers.length < pax ? 'tooFewItems' : 'tooManyItems', PAX_MISMATCH(pax), travellers.length < pax ? { min: pax } : { max: pax })(issue);
      },
    ),
    ['travellers'],
  ),
  v.forward(v.check((b) => b.tourType !== 'customized' || b.tourVersion !== undefined, coded('required', VERSION_FOR_CUSTOMIZED, { rule: 'customized' })), ['tourVersion']),
  v.forward(v.check((b) => b.tourType === 'customized' || b.tourVersion === undefined, coded('unknownField', SET_BY_TOUR)), ['tourVersion']),
  v.forward(v.check((b) => b.tourType !== 'personalized' || b.departure !== undefined, coded('required', DEPARTURE_FOR_PERSONALIZED, { rule: 'personalized' })), ['departure']),
  v.forward(v.check((b) => b.tourType === 'personalized' || b.departure === undefined, coded('unknownField', SET_BY_TOUR)), ['departure']),
);
export type CreateBookingInput = v.InferOutput<typeof createBookingInput>;

/**
 * `PUT /bookings/{id}/participant`: one traveller's details. With `_id`, that traveller changes;
 * without, the details fill the first unnamed traveller of the type given ("add a traveller").
 * A type may change only where the price per person is the same (the total never moves).
 */
export const participantInput = v.pipe(
  v.strictObject({
    _id: v.optional(idSchema),
    name: v.optional(requiredText(120)),
    type: v.optional(oneOf(TRAVELLER_TYPES)),
    dateOfBirth: v.optional(v.nullable(dateSchema)),
    passportNumber,
    passportExpiry: v.optional(v.nullable(dateSchema)),
    nationality,
  }),
  v.forward(v.check((b) => !!b._id || !!b.name, coded('required', 'is required to add a traveller', { rule: 'addTraveller' })), ['name']),
  v.forward(v.check((b) => !!b._id || !!b.type, coded('required', 'is required to add a traveller', { rule: 'addTraveller' })), ['type']),
  v.check((b) => Object.keys(b).some((k) => k !== '_id'), coded('noChange', 'must change at least one field')),
);
export type ParticipantInput = v.InferOutput<typeof participantInput>;

/**
 * `POST /bookings/{id}/payment` (JSON, or multipart with the proof file in `proof`): a payment the
 * customer made, recorded for finance to verify. Never more than the open balance (409).
 */
export const paymentInput = v.pipe(
  v.strictObject({
    amount: formMoney,
    paymentMethod: oneOf(BOOKING_PAYMENT_METHODS),
    /** With `paymentMethod: credit-note`: the customer's credit note it uses (verified at once: no money to check). */
    creditNoteId: v.optional(idSchema),
    paidOn: dateSchema,
    reference: clearableText(120),
    notes: clearableText(2000, multiline),
  }),
  v.forward(
    v.check((b) => (b.paymentMethod === 'credit-note') === !!b.creditNoteId, coded('required', 'names the credit note used, and only with the method credit-note')),
    ['creditNoteId'],
  ),
);
export type PaymentInput = v.InferOutput<typeof paymentInput>;

export const failPaymentInput = v.strictObject({ reason: requiredText(500, multiline) });
export const emptyInput = v.optional(v.strictObject({}), {});

/**
 * `GET /bookings/settings`: the plan the booking wizard proposes (Configurations → bookings), for
 * whoever may see bookings; the configurations themselves are for those who may read them.
 */
export const bookingPlanDefaultsSchema = v.object({
  /** The deposit proposed, in percent of the grand total. */
  depositPercent: v.number(),
  /** The balance falls due so many days before the departure. */
  balanceDaysBeforeDeparture: v.number(),
});
export type BookingPlanDefaults = v.InferOutput<typeof bookingPlanDefaultsSchema>;

export const bookingIdParams = v.object({ id: idSchema });
export const paymentParams = v.object({ id: idSchema, paymentId: idSchema });
export const leadBookingsParams = v.object({ leadId: idSchema });

// ---------- lists ----------

const nightsQuery = wholeFromText({ max: MAX_NIGHTS });
const moneyQuery = v.optional(wholeFromText({ max: MAX_MONEY, notWhole: 'must be a whole number of minor units', tooLarge: 'is too large' }));
const paxQuery = wholeFromText({ max: MAX_PAX });

/** The filters every bookings list shares (seed: Booking, Completed bookings, Pending installment). */
const bookingFilters = {
  regions: listOf(idSchema),
  destinations: listOf(idSchema),
  convertedBy: listOf(idSchema),
  departure: dateRangeQuery,
  arrival: dateRangeQuery,
  totalNights: listOf(nightsQuery),
  createdAt: dateRangeQuery,
};

export const BOOKING_SORT_FIELDS = ['createdAt', 'departure', 'arrival', 'grandTotal', 'customerName'] as const;

/** `GET /bookings`: the seed's filters; newest first by default. */
export const bookingsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(BOOKING_SORT_FIELDS, 'createdAt'),
  sortOrder: sortOrder('desc'),
  ...withFilter({
    ...bookingFilters,
    tourType: listOf(oneOf(TOUR_TYPES)),
    /** The booking's state (the seed's name). */
    tourStatus: listOf(oneOf(BOOKING_STATES)),
  }),
});
export type BookingsQuery = v.InferOutput<typeof bookingsQuery>;

/** `GET /bookings/completed`: trips that took place (completed or invoiced); arrival, latest first. */
export const completedBookingsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(BOOKING_SORT_FIELDS, 'arrival'),
  sortOrder: sortOrder('desc'),
  ...withFilter({
    ...bookingFilters,
    paymentStatus: listOf(oneOf(PAYMENT_STATUSES)),
    invoiceGenerated: booleanQuery,
    minGrandTotal: moneyQuery,
    maxGrandTotal: moneyQuery,
    pax: listOf(paxQuery),
  }),
});
export type CompletedBookingsQuery = v.InferOutput<typeof completedBookingsQuery>;

/** A row of `GET /bookings/installments/pending`: an installment still owed, with its booking. */
export const pendingInstallmentSchema = v.object({
  ...installmentSchema.entries,
  booking: v.object({
    _id: uuid,
    ref: v.string(),
    customerName: v.string(),
    tourTitle: v.string(),
    status: v.picklist(BOOKING_STATES),
    departure: calendarDate,
    arrival: calendarDate,
    convertedBy: v.nullable(memberRefSchema),
  }),
  currency: v.string(),
});
export type PendingInstallment = v.InferOutput<typeof pendingInstallmentSchema>;

/** `GET /bookings/installments/pending`: installments still owed, soonest due first. */
export const pendingInstallmentsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(['dueDate'] as const, 'dueDate'),
  ...withFilter({
    ...bookingFilters,
    dueDate: dateRangeQuery,
    /** `pending` or `overdue` (a paid installment is not pending). */
    status: listOf(oneOf(['pending', 'overdue'] as const)),
  }),
});
export type PendingInstallmentsQuery = v.InferOutput<typeof pendingInstallmentsQuery>;

/**
 * What the pending installments the filters select add up to (docs/bookings.md): how many, what is
 * still owed on them (minor units of the organization's currency), and how much of it is overdue on
 * the organization's today. `pendingCount` counts those not yet due.
 */
export const pendingInstallmentStatsSchema = v.object({
  totalCount: v.number(),
  pendingCount: v.number(),
  overdueCount: v.number(),
  openAmount: v.number(),
  overdueAmount: v.number(),
});
export type PendingInstallmentStats = v.InferOutput<typeof pendingInstallmentStatsSchema>;

// ---------- payment receipts ----------

/** A row of `GET /payment-receipts`: the seed's fields (`date` is the day paid) and the booking. */
export const paymentReceiptSchema = v.object({
  ...paymentSchema.entries,
  date: calendarDate,
  booking: v.object({ _id: uuid, ref: v.string(), customerName: v.string() }),
});
export type PaymentReceipt = v.InferOutput<typeof paymentReceiptSchema>;

/** The ten stats of the seed, over the receipts the filters select (docs/bookings.md defines each). */
export const receiptStatsSchema = v.object({
  totalReceipts: v.number(),
  totalAmount: v.number(),
  verifiedCount: v.number(),
  pendingCount: v.number(),
  successfulCount: v.number(),
  failedCount: v.number(),
  thisMonthAmount: v.number(),
  /** Basis points against last month; null when last month had nothing. */
  monthlyGrowth: v.nullable(v.number()),
  /** Basis points. */
  verificationRate: v.number(),
  /** Basis points. */
  successRate: v.number(),
});
export type ReceiptStats = v.InferOutput<typeof receiptStatsSchema>;

export const RECEIPT_SORT_FIELDS = ['date', 'amount', 'createdAt'] as const;

/** `GET /payment-receipts`: the seed's filters (`status`, `paymentMethod` lists, amounts, `dateRange`, `isVerified`); newest first. */
export const paymentReceiptsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(RECEIPT_SORT_FIELDS, 'date'),
  sortOrder: sortOrder('desc'),
  ...withFilter({
    paymentMethod: listOf(oneOf(BOOKING_PAYMENT_METHODS)),
    status: listOf(oneOf(PAYMENT_STATES)),
    minAmount: moneyQuery,
    maxAmount: moneyQuery,
    dateRange: dateRangeQuery,
    isVerified: booleanQuery,
  }),
});
export type PaymentReceiptsQuery = v.InferOutput<typeof paymentReceiptsQuery>;

/** The answer of `POST /bookings/{id}/payment/reminder`: what was said to whom. */
export const reminderSchema = v.object({
  _id: uuid,
  to: v.string(),
  balance: v.number(),
  nextInstallment: v.nullable(v.object({ _id: uuid, dueDate: calendarDate, open: v.number() })),
  createdAt: timestamp,
});
export type Reminder = v.InferOutput<typeof reminderSchema>;


// ---------- endpoints ----------

/** The bookings' calls, declared once: the server's routes, the web app's calls and the API reference read them. */
export const bookingEndpoints = {
  list: endpoint({ method: 'GET', path: '/bookings', query: bookingsQuery, answer: listAnswerOf(bookingSchema) }),
  create: endpoint({ method: 'POST', path: '/bookings', body: createBookingInput, answer: itemAnswer(bookingDetailSchema), status: 201 }),
  settings: endpoint({ method: 'GET', path: '/bookings/settings', answer: itemAnswer(bookingPlanDefaultsSchema) }),
  completed: endpoint({ method: 'GET', path: '/bookings/completed', query: completedBookingsQuery, answer: listAnswerOf(bookingSchema) }),
  pendingInstallments: endpoint({ method: 'GET', path: '/bookings/installments/pending', query: pendingInstallmentsQuery, answer: listAnswerOf(pendingInstallmentSchema, pendingInstallmentStatsSchema) }),
  byId: endpoint({ method: 'GET', path: '/bookings/id/:id', params: bookingIdParams, answer: itemAnswer(bookingDetailSchema) }),
  byLead: endpoint({ method: 'GET', path: '/bookings/lead/:leadId', params: leadBookingsParams, answer: itemAnswer(v.array(bookingSchema)) }),
  verify: endpoint({ method: 'PUT', path: '/bookings/:id/verify', params: bookingIdParams, body: emptyInput, answer: itemAnswer(bookingDetailSchema) }),
  participant: endpoint({ method: 'PUT', path: '/bookings/:id/participant', params: bookingIdParams, body: participantInput, answer: itemAnswer(bookingDetailSchema) }),
  reminder: endpoint({ method: 'POST', path: '/bookings/:id/payment/reminder', params: bookingIdParams, body: emptyInput, answer: itemAnswer(reminderSchema), status: 201 }),
  /** JSON, or multipart with the proof file in `proof`. */
  recordPayment: endpoint({ method: 'POST', path: '/bookings/:id/payment', params: bookingIdParams, body: paymentInput, answer: itemAnswer(paymentSchema), status: 201 }),
  verifyPayment: endpoint({ method: 'PUT', path: '/bookings/:id/payment/:paymentId/verify', params: paymentParams, body: emptyInput, answer: itemAnswer(paymentSchema) }),
  failPayment: endpoint({ method: 'PUT', path: '/bookings/:id/payment/:paymentId/fail', params: paymentParams, body: failPaymentInput, answer: itemAnswer(paymentSchema) }),
  proof: endpoint({ method: 'GET', path: '/bookings/:id/payment/:paymentId/proof', params: paymentParams, answer: fileAnswer(...PROOF_TYPES) }),
  receipts: endpoint({ method: 'GET', path: '/payment-receipts', query: paymentReceiptsQuery, answer: listAnswerOf(paymentReceiptSchema, receiptStatsSchema) }),
  invoices: endpoint({ method: 'GET', path: '/booking-invoices', query: invoicesQuery, answer: listAnswerOf(invoiceSchema, invoiceStatsSchema) }),
  generateInvoice: endpoint({ method: 'POST', path: '/booking-invoices/generate', body: generateInvoiceInput, answer: itemAnswer(invoiceSchema), status: 201 }),
  /** The bookings' documents: its confirmation, a payment's receipt, its invoice (each `…/pdf`, `…/sends`, `…/send`). */
  confirmation: documentEndpoints('/bookings/:id', idParams),
  receipt: documentEndpoints('/bookings/:id/payment-receipt/:paymentId', paymentParams),
  invoice: documentEndpoints('/booking-invoices/:id', idParams),
  invoicePreview: endpoint({ method: 'GET', path: '/bookings/:id/invoice-preview', params: bookingIdParams, answer: itemAnswer(invoicePreviewSchema) }),
};

// ---------- workflows ----------

/** `PUT /bookings/{id}/verify` → VERIFY. */
export const verifyBookingRequest = workflowRequest({
  machine: bookingMachine,
  endpoint: bookingEndpoints.verify,
  eventOf: (): BookingEvent => ({ type: 'VERIFY' }),
  bodyOf: () => ({}),
  stateOf: (booking: Booking) => booking.status,
});

/** `PUT /bookings/{bookingId}/payment/{paymentId}/verify` → VERIFY. */
export const verifyPaymentRequest = workflowRequest({
  machine: paymentMachine,
  endpoint: bookingEndpoints.verifyPayment,
  eventOf: (): PaymentEvent => ({ type: 'VERIFY' }),
  bodyOf: () => ({}),
  stateOf: (payment: Payment) => payment.status,
});

/** `PUT /bookings/{id}/payment/{paymentId}/fail` with a reason → FAIL. */
export const failPaymentRequest = workflowRequest({
  machine: paymentMachine,
  endpoint: bookingEndpoints.failPayment,
  eventOf: ({ reason }): PaymentEvent => ({ type: 'FAIL', reason }),
  bodyOf: (event) => ({ reason: event.type === 'FAIL' ? (event.reason ?? '') : '' }),
  stateOf: (payment: Payment) => payment.status,
});

/** The payment call that sends an event (the seed has one path per event). */
export const paymentRequestFor = (event: PaymentEvent) => (event.type === 'FAIL' ? failPaymentRequest : verifyPaymentRequest);
