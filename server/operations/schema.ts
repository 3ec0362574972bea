import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NO_VENDOR_SERVICES_REASON_MAX, operationMachine } from '../../src/machines/operation-machine';
import { voucherMachine } from '../../src/machines/voucher-machine';
import { statesAccepting } from '../../src/machines/workflow';
import { stateCheck, stateIn } from '../db/state-check';
import { money } from '../db/money';
import { id, instant, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { members } from '../auth/schema';
import { bookings } from '../bookings';
import { journalEntries } from '../finance';
import { documentSends } from '../documents';
import { vendorTransactions, vendors } from '../vendors';

/**
 * Booking operations, their vendor vouchers, additional expenses and the payments of both
 * (docs/operations.md). `status` columns hold the operation and voucher machines' states. The sums
 * are kept by the database in the writing transaction (migration `…_operation_rules.sql`): a
 * payment raises its voucher's or expense's `paid_amount` (whose CHECK refuses more than the cost),
 * and every change to a voucher or an expense refreshes its operation's totals and counts, which
 * the board filters, sorts and adds up without reading the vouchers.
 */

export const bookingOperations = pgTable(
  'booking_operations',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    status: text('status').notNull().default('pending'),
    currency: text('currency').notNull(),
    /**
     * The booking's grand total when it was verified, less refunds: the revenue of the trip, kept
     * here so the board adds it up without reading bookings (the cancellations issue lowers it by
     * what it refunds).
     */
    revenue: money('revenue').notNull(),
    /** The tour's cost for the party when the booking was verified (its priced lines); null when it has none. */
    plannedCost: money('planned_cost'),
    /**
     * The trip's dates, the booking's, kept in step with it by the database (…_list_totals_rules.sql):
     * the board orders pending trips first by these on the operations' own index, and adds them up by month.
     */
    departure: date('departure', { mode: 'string' }).notNull(),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    /** Who sold the trip: the booking's `converted_by`, kept in step with it like the dates ("needs me" reads it on the operation). */
    convertedBy: uuid('converted_by').references(() => members.id, { onDelete: 'set null' }),
    /** The member who took the trip in hand: the first to add a voucher, an expense or a payment. */
    assignedTo: uuid('assigned_to').references(() => members.id, { onDelete: 'set null' }),
    // ---- kept by the database (operation_refresh) ----
    /** Σ cost of the vouchers not void, plus what was paid on void ones. */
    vouchersCost: money('vouchers_cost').notNull().default(0),
    /** Σ amount of the additional expenses. */
    expensesCost: money('expenses_cost').notNull().default(0),
    /** Σ paid on vouchers and expenses. */
    paidOut: money('paid_out').notNull().default(0),
    /** Vouchers not void. */
    voucherCount: integer('voucher_count').notNull().default(0),
    draftCount: integer('draft_count').notNull().default(0),
    /** Confirmed, not yet sent. */
    unsentCount: integer('unsent_count').notNull().default(0),
    expenseCount: integer('expense_count').notNull().default(0),
    /** Vouchers (not void) and expenses not fully paid. */
    unpaidCount: integer('unpaid_count').notNull().default(0),
    completedAt: instant('completed_at'),
    completedBy: uuid('completed_by').references(() => members.id, { onDelete: 'set null' }),
    /** The "no vendor services" confirmation it was completed with: why nothing was booked with vendors (docs/operations.md, "Completion"). */
    noVendorServicesReason: text('no_vendor_services_reason'),
    canceledAt: instant('canceled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'booking_operations_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }),
    unique('booking_operations_org_id_uq').on(t.organizationId, t.id),
    // One operation per booking.
    uniqueIndex('booking_operations_booking_uq').on(t.bookingId),
    index('booking_operations_org_status_idx').on(t.organizationId, t.status),
    index('booking_operations_org_created_idx').on(t.organizationId, t.createdAt),
    index('booking_operations_org_assigned_idx').on(t.organizationId, t.assignedTo),
    // The board's order, pending trips first, each group by the trip's dates: walked, never sorted.
    index('booking_operations_board_departure_idx').on(t.organizationId, sql`(${t.status} <> 'pending')`, t.departure, t.id),
    index('booking_operations_board_arrival_idx').on(t.organizationId, sql`(${t.status} <> 'pending')`, t.arrival, t.id),
    // The work queue's operations to complete (docs/work-queue.md): nothing missing, by the trip's end.
    index('booking_operations_to_complete_idx')
      .on(t.organizationId, t.arrival, t.id)
      .where(sql`${stateIn(t.status, statesAccepting(operationMachine, 'COMPLETE'))} and ${t.draftCount} = 0 and ${t.unsentCount} = 0 and ${t.unpaidCount} = 0`),
    check('booking_operations_status_ck', stateCheck(t.status, operationMachine)),
    check('booking_operations_completed_ck', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    // A reason only on a completed operation with no voucher that is not void, within the contract's length.
    check(
      'booking_operations_no_vendor_services_ck',
      sql`${t.noVendorServicesReason} is null or (${t.status} = 'completed' and ${t.voucherCount} = 0 and char_length(${t.noVendorServicesReason}) between 1 and ${sql.raw(String(NO_VENDOR_SERVICES_REASON_MAX))})`,
    ),
    check('booking_operations_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'booking_operations_sums_ck',
      sql`${t.revenue} >= 0 and coalesce(${t.plannedCost}, 0) >= 0 and ${t.vouchersCost} >= 0 and ${t.expensesCost} >= 0 and ${t.paidOut} between 0 and ${t.vouchersCost} + ${t.expensesCost}`,
    ),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    organizationId: tenantId(),
    operationId: uuid('operation_id').notNull(),
    /** `VCH-2026-0001` from the money kit's series, taken by CONFIRM; kept when voided. */
    number: text('number'),
    status: text('status').notNull().default('draft'),
    serviceType: text('service_type').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    serviceStartDate: date('service_start_date', { mode: 'string' }).notNull(),
    serviceEndDate: date('service_end_date', { mode: 'string' }).notNull(),
    description: text('description'),
    pax: integer('pax').notNull(),
    cost: money('cost').notNull(),
    /** Σ payments: kept by the database, never written by code. */
    paidAmount: money('paid_amount').notNull().default(0),
    /** What the vendor is expected to give back if the trip is cancelled (operations enters it; none by default). */
    vendorRefundExpected: money('vendor_refund_expected').notNull().default(0),
    /** Σ refunds the vendor gave back (vendor_refunds): kept by the database. */
    vendorRefunded: money('vendor_refunded').notNull().default(0),
    currency: text('currency').notNull(),
    confirmationNumber: text('confirmation_number'),
    /** The tour line it was prefilled from (its position in the tour's priced lines). */
    tourLineId: text('tour_line_id'),
    sentAt: instant('sent_at'),
    sentTo: text('sent_to'),
    sendId: uuid('send_id'),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'vouchers_operation_fk', columns: [t.organizationId, t.operationId], foreignColumns: [bookingOperations.organizationId, bookingOperations.id] }),
    foreignKey({ name: 'vouchers_send_fk', columns: [t.organizationId, t.sendId], foreignColumns: [documentSends.organizationId, documentSends.id] }),
    unique('vouchers_org_id_uq').on(t.organizationId, t.id),
    uniqueIndex('vouchers_org_number_uq').on(t.organizationId, t.number),
    index('vouchers_operation_idx').on(t.operationId, t.createdAt),
    // The work queue's vouchers to confirm, send and pay (docs/work-queue.md): by state, then service start.
    index('vouchers_org_status_start_idx').on(t.organizationId, t.status, t.serviceStartDate, t.id),
    index('vouchers_vendor_idx').on(t.vendorId),
    check('vouchers_status_ck', stateCheck(t.status, voucherMachine)),
    check('vouchers_service_ck', sql`${t.serviceType} in ('hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others')`),
    check('vouchers_dates_ck', sql`${t.serviceEndDate} >= ${t.serviceStartDate}`),
    check('vouchers_pax_ck', sql`${t.pax} between 1 and 1000`),
    // Never more paid than the cost: the database's word, whatever the code does.
    check('vouchers_amounts_ck', sql`${t.cost} >= 0 and ${t.paidAmount} between 0 and ${t.cost}`),
    // A confirmed or sent voucher has its number and the vendor's confirmation; a sent one its send.
    check('vouchers_confirmed_ck', sql`${t.status} not in ('confirmed', 'sent') or (${t.number} is not null and ${t.confirmationNumber} is not null)`),
    check('vouchers_sent_ck', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
    check('vouchers_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const additionalExpenses = pgTable(
  'additional_expenses',
  {
    id: id(),
    organizationId: tenantId(),
    operationId: uuid('operation_id').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    /** Σ payments: kept by the database. */
    paidAmount: money('paid_amount').notNull().default(0),
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'additional_expenses_operation_fk', columns: [t.organizationId, t.operationId], foreignColumns: [bookingOperations.organizationId, bookingOperations.id] }),
    unique('additional_expenses_org_id_uq').on(t.organizationId, t.id),
    index('additional_expenses_operation_idx').on(t.operationId, t.createdAt),
    index('additional_expenses_vendor_idx').on(t.vendorId),
    check('additional_expenses_category_ck', sql`${t.category} in ('guide', 'transport', 'meals', 'tickets', 'tips', 'visa', 'insurance', 'other')`),
    check('additional_expenses_amounts_ck', sql`${t.amount} >= 0 and ${t.paidAmount} between 0 and ${t.amount}`),
    check('additional_expenses_currency_ck', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * A payment to a vendor for a voucher or an additional expense (exactly one): written once, never
 * changed (a mistake is another record). Its journal entry and vendor transaction are written in
 * the same transaction.
 */
export const operationPayments = pgTable(
  'operation_payments',
  {
    id: id(),
    organizationId: tenantId(),
    operationId: uuid('operation_id').notNull(),
    voucherId: uuid('voucher_id'),
    expenseId: uuid('expense_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    notes: text('notes'),
    entryId: uuid('entry_id').notNull(),
    vendorTransactionId: uuid('vendor_transaction_id').references(() => vendorTransactions.id),
    paidBy: uuid('paid_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'operation_payments_operation_fk', columns: [t.organizationId, t.operationId], foreignColumns: [bookingOperations.organizationId, bookingOperations.id] }),
    foreignKey({ name: 'operation_payments_voucher_fk', columns: [t.organizationId, t.voucherId], foreignColumns: [vouchers.organizationId, vouchers.id] }),
    foreignKey({ name: 'operation_payments_expense_fk', columns: [t.organizationId, t.expenseId], foreignColumns: [additionalExpenses.organizationId, additionalExpenses.id] }),
    foreignKey({ name: 'operation_payments_entry_fk', columns: [t.organizationId, t.entryId], foreignColumns: [journalEntries.organizationId, journalEntries.id] }),
    uniqueIndex('operation_payments_entry_uq').on(t.entryId),
    index('operation_payments_voucher_idx').on(t.voucherId),
    index('operation_payments_expense_idx').on(t.expenseId),
    index('operation_payments_operation_idx').on(t.operationId),
    check('operation_payments_target_ck', sql`(${t.voucherId} is null) <> (${t.expenseId} is null)`),
    check('operation_payments_amount_ck', sql`${t.amount} > 0`),
    check('operation_payments_method_ck', sql`${t.paymentMethod} in ('cash', 'bank-transfer', 'card', 'cheque', 'online')`),
  ],
);

// ---------- kept totals (docs/performance.md "Stats in constant time"; see bookingTotals) ----------

/**
 * The board's seven stats: how many operations, their revenue and expense, by their booking's
 * departure month, state and the signs of their counts (0 or 1 each, named as the operation's own
 * columns, so the board's next step and "vouchers sent" read the same in both: nextStepSql).
 */
const progressSigns = () => ({
  voucherCount: integer('voucher_count').notNull(),
  draftCount: integer('draft_count').notNull(),
  unsentCount: integer('unsent_count').notNull(),
  expenseCount: integer('expense_count').notNull(),
  unpaidCount: integer('unpaid_count').notNull(),
});

export const operationTotals = pgTable(
  'operation_totals',
  {
    id: id(),
    organizationId: tenantId(),
    departureMonth: date('departure_month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    ...progressSigns(),
    n: integer('n').notNull(),
    revenue: money('revenue').notNull(),
    expense: money('expense').notNull(),
  },
  (t) => [index('operation_totals_group_idx').on(t.organizationId, t.departureMonth, t.status)],
);

/**
 * "Needs me" (the caller's operations: taken in hand by them or sold by them): the same totals per
 * member, an operation counted once for each of its (one or two) members.
 */
export const operationMemberTotals = pgTable(
  'operation_member_totals',
  {
    id: id(),
    organizationId: tenantId(),
    memberId: uuid('member_id').notNull(),
    status: text('status').notNull(),
    ...progressSigns(),
    n: integer('n').notNull(),
    revenue: money('revenue').notNull(),
    expense: money('expense').notNull(),
  },
  (t) => [index('operation_member_totals_group_idx').on(t.organizationId, t.memberId, t.status)],
);

/**
 * Money a vendor gave back for a voucher of a cancelled trip (issue 29): it settles what the vendor
 * was expected to refund (the journal's `vendor-refunds-due`) and is an incoming vendor transaction.
 * The voucher's `vendor_refunded` is their sum, kept by the database, never above what was paid.
 */
export const vendorRefunds = pgTable(
  'vendor_refunds',
  {
    id: id(),
    organizationId: tenantId(),
    operationId: uuid('operation_id').notNull(),
    voucherId: uuid('voucher_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    entryId: uuid('entry_id').notNull(),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'vendor_refunds_voucher_fk', columns: [t.organizationId, t.voucherId], foreignColumns: [vouchers.organizationId, vouchers.id] }),
    index('vendor_refunds_voucher_idx').on(t.voucherId),
    check('vendor_refunds_amount_ck', sql`${t.amount} > 0`),
    check('vendor_refunds_method_ck', sql`${t.paymentMethod} in ('cash', 'bank-transfer', 'card', 'cheque', 'online')`),
  ],
);
