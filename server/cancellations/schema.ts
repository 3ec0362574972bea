import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cancellationMachine } from '../../src/machines/cancellation-machine';
import { creditNoteMachine } from '../../src/machines/credit-note-machine';
import { refundMachine } from '../../src/machines/refund-machine';
import type { CancellationQuote } from '../../src/domain/cancellation';
import { members } from '../auth/schema';
import { bookings } from '../bookings';
import { money } from '../db/money';
import { stateCheck } from '../db/state-check';
import { createdAt, id, instant, tenantId, updatedAt } from '../db/tenancy';

/** One line of a cancellation's conversation (the seed's `comments` list): the request's, the decision's, and any between. */
export interface CancellationComment {
  text: string;
  by: { _id: string; name: string } | null;
  at: string;
  kind: 'request' | 'comment' | 'approval' | 'rejection';
}

/**
 * A booking's cancellation (SPEC workflow 4; the seed's `booking-cancellations`): requested with the
 * quote staff read then, decided by a manager. `status` is the cancellation machine's state. One open
 * request per booking (a partial unique index). An approval's split is held together by a CHECK:
 * money back plus credit note is the total refund.
 */
export const bookingCancellations = pgTable(
  'booking_cancellations',
  {
    id: id(),
    organizationId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    comments: jsonb('comments').$type<CancellationComment[]>().notNull().default(sql`'[]'::jsonb`),
    /** The quote when it was requested (what the customer was told). */
    quote: jsonb('quote').$type<CancellationQuote>().notNull(),
    requestedBy: uuid('requested_by').references(() => members.id, { onDelete: 'set null' }),
    refundType: text('refund_type'),
    totalRefundAmount: money('total_refund_amount'),
    /** The money account the money back is paid from (`money:bank-transfer`). */
    refundSource: text('refund_source'),
    sourceAccountAmount: money('source_account_amount'),
    creditNoteAmount: money('credit_note_amount'),
    validUntil: date('valid_until', { mode: 'string' }),
    /** What the organization kept (cancellation income) at approval. */
    keptAmount: money('kept_amount'),
    currency: text('currency').notNull(),
    decidedBy: uuid('decided_by').references(() => members.id, { onDelete: 'set null' }),
    decidedAt: instant('decided_at'),
    entryId: uuid('entry_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'booking_cancellations_booking_fk', columns: [t.organizationId, t.bookingId], foreignColumns: [bookings.organizationId, bookings.id] }),
    uniqueIndex('booking_cancellations_open_uq').on(t.bookingId).where(sql`${t.status} = 'requested'`),
    index('booking_cancellations_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    check('booking_cancellations_status_ck', stateCheck(t.status, cancellationMachine)),
    check('booking_cancellations_refund_type_ck', sql`${t.refundType} is null or ${t.refundType} in ('full', 'partial')`),
    check(
      'booking_cancellations_split_ck',
      sql`(${t.status} = 'approved') = (${t.totalRefundAmount} is not null)
          and (${t.totalRefundAmount} is null or (${t.sourceAccountAmount} + ${t.creditNoteAmount} = ${t.totalRefundAmount}
               and ${t.sourceAccountAmount} >= 0 and ${t.creditNoteAmount} >= 0
               and (${t.sourceAccountAmount} = 0 or ${t.refundSource} is not null)
               and (${t.creditNoteAmount} = 0 or ${t.validUntil} is not null)))`,
    ),
  ],
);

/**
 * A credit note (SPEC workflow 4): issued by an approved cancellation for part of what was paid,
 * numbered from the series (`CN-2026-0001`), a liability in the journal until it pays a later
 * booking of the same customer (its contact) or expires at `validUntil`. `used_amount` is the sum of
 * its redemptions, kept by the database (0030_cancellations_rules.sql), never above the amount.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    organizationId: tenantId(),
    number: text('number').notNull(),
    /** The cancellation that issued it, and the booking it came from. */
    cancellationId: uuid('cancellation_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    /** The customer: the contact behind the booking's lead (a later booking of any of their leads may use it). */
    contactId: uuid('contact_id'),
    leadId: uuid('lead_id').notNull(),
    amount: money('amount').notNull(),
    usedAmount: money('used_amount').notNull().default(0),
    currency: text('currency').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('issued'),
    entryId: uuid('entry_id').notNull(),
    /** The entry that took what was left to income when it expired. */
    expiryEntryId: uuid('expiry_entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('credit_notes_org_id_uq').on(t.organizationId, t.id),
    uniqueIndex('credit_notes_org_number_uq').on(t.organizationId, t.number),
    uniqueIndex('credit_notes_cancellation_uq').on(t.cancellationId),
    index('credit_notes_org_contact_idx').on(t.organizationId, t.contactId),
    index('credit_notes_org_valid_idx').on(t.organizationId, t.status, t.validUntil),
    check('credit_notes_amount_ck', sql`${t.amount} > 0 and ${t.usedAmount} between 0 and ${t.amount}`),
    check('credit_notes_valid_ck', sql`${t.validUntil} > ${t.issuedOn}`),
    check('credit_notes_status_ck', stateCheck(t.status, creditNoteMachine)),
  ],
);

/** A credit note used as a payment of a booking (`amount` > 0), or a use given back when that booking is cancelled (< 0). */
export const creditNoteRedemptions = pgTable(
  'credit_note_redemptions',
  {
    id: id(),
    organizationId: tenantId(),
    creditNoteId: uuid('credit_note_id').notNull(),
    /** The booking payment it made (or gave back). */
    paymentId: uuid('payment_id').notNull(),
    amount: money('amount').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'credit_note_redemptions_note_fk', columns: [t.organizationId, t.creditNoteId], foreignColumns: [creditNotes.organizationId, creditNotes.id] }),
    index('credit_note_redemptions_note_idx').on(t.creditNoteId),
    index('credit_note_redemptions_payment_idx').on(t.paymentId),
    check('credit_note_redemptions_amount_ck', sql`${t.amount} <> 0`),
  ],
);

/** Money an approved cancellation gives back from an account (`pending → refunded`, SPEC workflow 4). */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    organizationId: tenantId(),
    cancellationId: uuid('cancellation_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The money account it is paid from, by its method (`bank-transfer`). */
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull().default('pending'),
    /** The day the cancellation was approved (the organization's): the money goes out on it or after. */
    approvedOn: date('approved_on', { mode: 'string' }).notNull(),
    refundedOn: date('refunded_on', { mode: 'string' }),
    reference: text('reference'),
    entryId: uuid('entry_id'),
    processedBy: uuid('processed_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_cancellation_uq').on(t.cancellationId),
    index('refunds_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    check('refunds_amount_ck', sql`${t.amount} > 0`),
    check('refunds_status_ck', stateCheck(t.status, refundMachine)),
    check('refunds_method_ck', sql`${t.paymentMethod} in ('cash', 'bank-transfer', 'card', 'cheque', 'online')`),
    check('refunds_refunded_ck', sql`(${t.status} = 'refunded') = (${t.refundedOn} is not null and ${t.entryId} is not null)`),
    check('refunds_refunded_on_ck', sql`${t.refundedOn} is null or ${t.refundedOn} >= ${t.approvedOn}`),
  ],
);
