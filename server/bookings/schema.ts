import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid, customType } from 'drizzle-orm/pg-core';
import { bookingMachine } from '../../src/machines/booking-machine';
import { paymentMachine } from '../../src/machines/payment-machine';
import { statesAccepting, statesWithTag } from '../../src/machines/workflow';
import { stateCheck, stateIn } from '../db/state-check';
import { money } from '../db/money';
import { id, instant, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { LOCALES } from '../../src/api/admin/members/contract';
import { members } from '../auth/schema';
import { leads } from '../leads';
import { journalEntries } from '../finance';
import { documentSends } from '../documents';

/**
 * Bookings, their travellers, installment plans, payments, allocations, invoices and reminders
 * (docs/bookings.md). `status` columns hold the booking and payment machines' states. What is
 * derived is never stored twice: a booking's and an installment's payment status are read from
 * the amounts and the day. The sums they are read from (`paid_amount`) are kept by the database
 * from the allocations, in the same transaction (migration `…_booking_rules.sql`), and checks stand
 * behind every invariant: allocations never exceed an installment, payments never exceed the
 * total, a plan sums to its total, an issued invoice never changes.
 */
const uuids = (name: string) => uuid(name).array().notNull().default(sql`'{}'::uuid[]`);
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    organizationId: tenantId(),
    /** A number people say (`BK-1042`): one sequence for the product, so it never needs a lock. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    tourType: text('tour_type').notNull(),
    /** The personalized tour, departure or customized tour (no foreign key: the tour types live in three tables). */
    tourId: uuid('tour_id').notNull(),
    /** The customized tour's sent version the customer accepted. */
    tourVersion: integer('tour_version'),
    tourTitle: text('tour_title').notNull(),
    /** The tour as it was when booked (SPEC: a booking keeps the package as it was). */
    tourSnapshot: jsonb('tour_snapshot').$type<Record<string, unknown>>().notNull(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    /** The language the customer is written to in (reminders, and the documents' default): one of the 16. */
    language: text('language').notNull().default('en'),
    /** Credited with the sale; "own" booking visibility is by this member. */
    convertedBy: uuid('converted_by').references(() => members.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pendingVerification'),
    regions: uuids('regions'),
    destinations: uuids('destinations'),
    departure: date('departure', { mode: 'string' }).notNull(),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    totalNights: integer('total_nights')
      .notNull()
      .generatedAlwaysAs(sql`arrival - departure`),
    pax: integer('pax').notNull(),
    priceAdult: money('price_adult'),
    priceChild: money('price_child'),
    priceInfant: money('price_infant'),
    grandTotal: money('grand_total').notNull(),
    /** Σ allocations of verified payments: kept by the database (booking_rules), never written by code. */
    paidAmount: money('paid_amount').notNull().default(0),
    /**
     * The earliest due day of its installments still open (not fully paid), or none: kept by the
     * database (0043_work_queue_installments_rules.sql), never written by code. The work queue's
     * installments overdue walk and count it on one index (docs/work-queue.md).
     */
    firstOpenDue: date('first_open_due', { mode: 'string' }),
    /**
     * The travellers still to name (those listed without a name, and those not listed of its pax),
     * as the booking machine's VERIFY guard reads them: kept by the database
     * (0043_work_queue_installments_rules.sql), never written by code.
     */
    travellersToName: integer('travellers_to_name').notNull().default(0),
    currency: text('currency').notNull(),
    /** The policy's flat fee when the booking was made (docs/cancellations.md). */
    cancellationFlatFee: money('cancellation_flat_fee').notNull().default(0),
    cancellationPolicy: jsonb('cancellation_policy').$type<{ daysBeforeDeparture: number; feeBasisPoints: number }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bookings_org_id_uq').on(t.organizationId, t.id),
    uniqueIndex('bookings_number_uq').on(t.number),
    index('bookings_org_created_idx').on(t.organizationId, t.createdAt),
    index('bookings_org_converted_created_idx').on(t.organizationId, t.convertedBy, t.createdAt),
    index('bookings_org_departure_idx').on(t.organizationId, t.departure),
    index('bookings_org_arrival_idx').on(t.organizationId, t.arrival),
    index('bookings_org_status_arrival_idx').on(t.organizationId, t.status, t.arrival),
    // The work queue's walks (docs/work-queue.md): a kind's rows in its due order, on its machine's states.
    index('bookings_to_invoice_idx').on(t.organizationId, t.arrival, t.id).where(stateIn(t.status, statesAccepting(bookingMachine, 'INVOICE'))),
    // Bookings collecting money with an installment past due: a range on the first open due day, the seller in the index for own visibility.
    index('bookings_installment_due_idx')
      .on(t.organizationId, t.firstOpenDue, t.convertedBy, t.id)
      .where(sql`${stateIn(t.status, statesWithTag(bookingMachine, 'collecting'))} and ${t.firstOpenDue} is not null`),
    index('bookings_to_verify_idx')
      .on(t.organizationId, t.departure, t.id)
      .where(sql`${stateIn(t.status, statesAccepting(bookingMachine, 'VERIFY'))} and ${t.travellersToName} = 0`),
    index('bookings_org_lead_idx').on(t.organizationId, t.leadId),
    index('bookings_tour_idx').on(t.tourId),
    index('bookings_regions_gin').using('gin', t.regions),
    index('bookings_destinations_gin').using('gin', t.destinations),
    check('bookings_tour_type_ck', sql`${t.tourType} in ('customized', 'personalized', 'group')`),
    check('bookings_version_ck', sql`(${t.tourType} = 'customized') = (${t.tourVersion} is not null)`),
    check('bookings_status_ck', stateCheck(t.status, bookingMachine)),
    check('bookings_dates_ck', sql`${t.arrival} >= ${t.departure} and ${t.arrival} - ${t.departure} <= 365`),
    check('bookings_pax_ck', sql`${t.pax} between 1 and 1000`),
    check('bookings_amounts_ck', sql`${t.grandTotal} >= 0 and ${t.paidAmount} between 0 and ${t.grandTotal}`),
    check('bookings_prices_ck', sql`coalesce(${t.priceAdult}, 0) >= 0 and coalesce(${t.priceChild}, 0) >= 0 and coalesce(${t.priceInfant}, 0) >= 0`),
    check('bookings_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('bookings_language_ck', sql`${t.language} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`),
  ],
);

/** The party: pax rows, each with the type it was priced as; named when known. */
export const bookingTravellers = pgTable(
  'booking_travellers',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    position: integer('position').notNull(),
    name: text('name'),
    type: text('type').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    passportNumber: text('passport_number'),
    passportExpiry: date('passport_expiry', { mode: 'string' }),
    nationality: text('nationality'),
  },
  (t) => [
    foreignKey({ name: 'booking_travellers_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }).onDelete('cascade'),
    unique('booking_travellers_position_uq').on(t.bookingId, t.position),
    check('booking_travellers_type_ck', sql`${t.type} in ('adult', 'child', 'infant')`),
  ],
);

/** The plan: what is due when. `paid_amount` is Σ allocations, kept by the database. */
export const bookingInstallments = pgTable(
  'booking_installments',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    position: integer('position').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    paidAmount: money('paid_amount').notNull().default(0),
  },
  (t) => [
    foreignKey({ name: 'booking_installments_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }).onDelete('cascade'),
    unique('booking_installments_position_uq').on(t.bookingId, t.position),
    unique('booking_installments_org_id_uq').on(t.organizationId, t.id),
    // What is still owed, soonest first: the pending installments list and the daily reminders walk
    // it; with the booking and the amounts in the index, the work queue's installments overdue read
    // it alone (an index-only range: server/bookings/queue.ts).
    index('booking_installments_open_due_idx')
      .on(t.organizationId, t.dueDate, t.bookingId, t.amount, t.paidAmount)
      .where(sql`${t.paidAmount} < ${t.amount}`),
    check('booking_installments_amounts_ck', sql`${t.amount} > 0 and ${t.paidAmount} between 0 and ${t.amount}`),
  ],
);

/** A payment the customer made; `status` is the payment machine's state. */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** A payment with a credit note (`paymentMethod: credit-note`): the note, and its number as printed. */
    creditNoteId: uuid('credit_note_id'),
    creditNoteNumber: text('credit_note_number'),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    notes: text('notes'),
    status: text('status').notNull().default('submitted'),
    receiptNumber: text('receipt_number'),
    entryId: uuid('entry_id'),
    failReason: text('fail_reason'),
    submittedBy: uuid('submitted_by').references(() => members.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => members.id, { onDelete: 'set null' }),
    decidedAt: instant('decided_at'),
    /** The order the booking's verified payments were allocated in (1, 2, …): a receipt's balance is what this one left. */
    verifiedSeq: integer('verified_seq'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_payments_booking_seq_uq').on(t.bookingId, t.verifiedSeq),
    check('booking_payments_seq_ck', sql`(${t.status} = 'verified') = (${t.verifiedSeq} is not null)`),
    foreignKey({ name: 'booking_payments_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }),
    foreignKey({ name: 'booking_payments_entry_fk', columns: [t.organizationId, t.entryId], foreignColumns: [journalEntries.organizationId, journalEntries.id] }),
    unique('booking_payments_org_id_uq').on(t.organizationId, t.id),
    uniqueIndex('booking_payments_org_receipt_uq').on(t.organizationId, t.receiptNumber),
    uniqueIndex('booking_payments_entry_uq').on(t.entryId),
    index('booking_payments_booking_idx').on(t.bookingId, t.createdAt),
    // The receipts' page in its order (day paid, then entered): a day's payments are not sorted again (issue 32's curve at 1,000,000).
    index('booking_payments_org_paid_on_idx').on(t.organizationId, t.paidOn, t.createdAt, t.id),
    index('booking_payments_org_status_paid_on_idx').on(t.organizationId, t.status, t.paidOn),
    index('booking_payments_to_verify_idx').on(t.organizationId, t.paidOn, t.id).where(stateIn(t.status, statesAccepting(paymentMachine, 'VERIFY'))),
    check('booking_payments_amount_ck', sql`${t.amount} > 0`),
    check('booking_payments_status_ck', stateCheck(t.status, paymentMachine)),
    check('booking_payments_method_ck', sql`${t.paymentMethod} in ('cash', 'bank-transfer', 'card', 'cheque', 'online', 'credit-note')`),
    // A verified payment has its receipt and its entry; a failed one its reason; a submitted one neither.
    check('booking_payments_verified_ck', sql`(${t.status} = 'verified') = (${t.receiptNumber} is not null and ${t.entryId} is not null)`),
    check('booking_payments_credit_note_ck', sql`(${t.paymentMethod} = 'credit-note') = (${t.creditNoteId} is not null and ${t.creditNoteNumber} is not null)`),
    check('booking_payments_failed_ck', sql`(${t.status} = 'failed') = (${t.failReason} is not null)`),
  ],
);

/** The file a payment came with (a transfer slip, a cheque scan), kept in the database with the payment. */
export const bookingPaymentProofs = pgTable(
  'booking_payment_proofs',
  {
    paymentId: uuid('payment_id').primaryKey(),
    organizationId: tenantId(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    foreignKey({ name: 'booking_payment_proofs_payment_fk', columns: [t.organizationId, t.paymentId], foreignColumns: [bookingPayments.organizationId, bookingPayments.id] }).onDelete('cascade'),
    check('booking_payment_proofs_type_ck', sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg')`),
  ],
);

/** What a verified payment paid of which installment (oldest due first). Written once, never changed. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: id(),
    organizationId: tenantId(),
    paymentId: uuid('payment_id').notNull(),
    installmentId: uuid('installment_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    foreignKey({ name: 'payment_allocations_payment_fk', columns: [t.organizationId, t.paymentId], foreignColumns: [bookingPayments.organizationId, bookingPayments.id] }),
    foreignKey({ name: 'payment_allocations_installment_fk', columns: [t.organizationId, t.installmentId], foreignColumns: [bookingInstallments.organizationId, bookingInstallments.id] }),
    unique('payment_allocations_uq').on(t.paymentId, t.installmentId),
    index('payment_allocations_installment_idx').on(t.installmentId),
    check('payment_allocations_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** An issued invoice: numbered, immutable (booking_rules refuses any change). One per booking. */
export const bookingInvoices = pgTable(
  'booking_invoices',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    lines: jsonb('lines').$type<{ description: string; quantity: number; unitPrice: number; amount: number }[]>().notNull(),
    subtotal: money('subtotal').notNull(),
    taxRate: integer('tax_rate').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    terms: text('terms'),
    issuedBy: uuid('issued_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'booking_invoices_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }),
    uniqueIndex('booking_invoices_booking_uq').on(t.bookingId),
    uniqueIndex('booking_invoices_org_number_uq').on(t.organizationId, t.number),
    index('booking_invoices_org_issued_idx').on(t.organizationId, t.issuedOn),
    index('booking_invoices_org_due_idx').on(t.organizationId, t.dueDate),
    check('booking_invoices_amounts_ck', sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.subtotal} + ${t.tax} = ${t.total}`),
    check('booking_invoices_dates_ck', sql`${t.dueDate} >= ${t.issuedOn}`),
  ],
);

/** The booking's timeline: who did what, when. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'booking_events_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }).onDelete('cascade'),
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

/**
 * Payment reminders sent: once per installment and stage (`before-due`, `overdue`) whatever runs the
 * daily job, however often, on however many servers (the partial unique index); `manual` ones, sent
 * by a person, as often as asked.
 */
export const installmentReminders = pgTable(
  'installment_reminders',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    installmentId: uuid('installment_id'),
    stage: text('stage').notNull(),
    sentTo: text('sent_to').notNull(),
    balance: money('balance').notNull(),
    /** The email (docs/documents.md: queued for the mail server, or kept in the outbox). */
    sendId: uuid('send_id'),
    sentBy: uuid('sent_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'installment_reminders_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }).onDelete('cascade'),
    foreignKey({ name: 'installment_reminders_send_fk', columns: [t.organizationId, t.sendId], foreignColumns: [documentSends.organizationId, documentSends.id] }),
    uniqueIndex('installment_reminders_once_uq')
      .on(t.installmentId, t.stage)
      .where(sql`${t.stage} <> 'manual'`),
    index('installment_reminders_booking_idx').on(t.bookingId),
    /** The week's reminders (the work queue's installments overdue leave out the bookings reminded lately). */
    index('installment_reminders_created_idx').on(t.organizationId, t.createdAt),
    check('installment_reminders_stage_ck', sql`${t.stage} in ('before-due', 'overdue', 'manual')`),
  ],
);

// ---------- kept totals (docs/performance.md "Stats in constant time") ----------
// What the lists' stats and totals add up, kept by triggers in the transaction that changes the rows
// (migration …_list_totals.sql), so a page with its stats reads a few dozen rows however long the
// history. A total is the sum of its group's rows: a writer folds the group's rows no one else holds
// into one, with its own change (`FOR UPDATE SKIP LOCKED`), so writers never wait for each other and
// a group has about as many rows as writers at once. Only the triggers write here (the tenant role
// reads); tests/api/list-totals.test.ts holds every total to a recount after random sequences.

/** The bookings list's totals: how many, by departure month, state and tour type. */
export const bookingTotals = pgTable(
  'booking_totals',
  {
    id: id(),
    organizationId: tenantId(),
    departureMonth: date('departure_month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    tourType: text('tour_type').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('booking_totals_group_idx').on(t.organizationId, t.departureMonth, t.status, t.tourType)],
);

/** The payment receipts' ten stats: how many and how much, by month paid, state and method. */
export const receiptTotals = pgTable(
  'receipt_totals',
  {
    id: id(),
    organizationId: tenantId(),
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    n: integer('n').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('receipt_totals_group_idx').on(t.organizationId, t.month, t.status, t.paymentMethod)],
);

/**
 * The invoices' eleven stats: how many, their totals and what their bookings paid of them, by month
 * issued, month due and whether the booking is settled. "Overdue" depends on the day: an unsettled
 * invoice due in an earlier month is overdue, in a later month pending; those due this month are
 * read from the invoices (one month's, through their due-date index).
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    id: id(),
    organizationId: tenantId(),
    issuedMonth: date('issued_month', { mode: 'string' }).notNull(),
    dueMonth: date('due_month', { mode: 'string' }).notNull(),
    settled: boolean('settled').notNull(),
    n: integer('n').notNull(),
    total: money('total').notNull(),
    paid: money('paid').notNull(),
  },
  (t) => [index('invoice_totals_group_idx').on(t.organizationId, t.issuedMonth, t.dueMonth, t.settled)],
);

/**
 * The unsettled invoices by the day they are due (and month issued): the invoices' stats and the
 * work queue split this month's unsettled invoices at today (overdue before it, pending from it)
 * over these rows, read through their index for one month's days, instead of walking the month's
 * invoices and their bookings. Kept by the same triggers as {@link invoiceTotals}.
 */
export const invoiceDueDayTotals = pgTable(
  'invoice_due_day_totals',
  {
    id: id(),
    organizationId: tenantId(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    issuedMonth: date('issued_month', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
    total: money('total').notNull(),
    paid: money('paid').notNull(),
  },
  (t) => [index('invoice_due_day_totals_group_idx').on(t.organizationId, t.dueDay, t.issuedMonth)],
);
