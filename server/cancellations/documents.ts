import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../src/api/admin/members/contract';
import type { PaymentMethod } from '../../src/api/finance/contract';
import { DECIDED_CANCELLATION_STATES } from '../../src/machines/cancellation-machine';
import type { AuthContext } from '../auth/session';
import { BOOKING_SEND_RECORD, bookingRef, bookings, logBookingEvent, visibleBookings, type BookingRow } from '../bookings';
import { organizationTimeZone } from '../db/clock';
import type { Tx } from '../db/client';
import {
  cancellationConfirmationTemplate,
  creditNoteTemplate,
  documentPdfRoute,
  documentSendRoute,
  fill,
  type CancellationConfirmationData,
  type CreditNoteData,
  type RecordDocument,
} from '../documents';
import { conflict, notFound } from '../http/errors';
import { allow, type RouteDef } from '../http/route';
import { dateIn } from '../../src/domain/calendar';
import { creditNoteById } from './credit';
import { bookingCancellations, creditNotes, refunds } from './schema';
import { CANCELLATION_RECORD, latestDecisionOf, visibleBooking } from './store';
import { cancellationPaths } from '../../src/api/cancellations/contract';
import { creditPaths } from '../../src/api/finance/credit/contract';

/**
 * A cancellation's customer documents (docs/cancellations.md, docs/documents.md): the confirmation
 * of the decision (`GET /booking-cancellations/{id}/pdf`), the credit note
 * (`GET /credit-notes/{id}/pdf`), both in the booking's language unless another is asked for, and
 * `POST /bookings/{id}/send-cancellation`, which sends the booking's latest decision with its
 * credit note through the outbox and the queue, as a send of the booking.
 */
export const CANCELLATION_DOCUMENT = 'cancellation-confirmation';

type CancellationRow = typeof bookingCancellations.$inferSelect;

const customerOf = (b: BookingRow) => ({ name: b.customerName, email: b.customerEmail, phone: b.customerPhone });

/** The confirmation of a decided cancellation (409 while it waits for its decision), as the customer reads it. */
async function confirmationData(tx: Tx, c: CancellationRow, booking: BookingRow): Promise<{ data: CancellationConfirmationData; creditNoteId: string | null }> {
  if (!DECIDED_CANCELLATION_STATES.includes(c.status as never) || !c.decidedAt) {
    throw conflict('A cancellation has its confirmation once it is decided', 'CANCELLATION_NOT_DECIDED', { status: c.status });
  }
  const zone = await organizationTimeZone(tx);
  const common = {
    bookingNumber: bookingRef(booking.number),
    customer: customerOf(booking),
    tourTitle: booking.tourTitle,
    departure: booking.departure,
    arrival: booking.arrival,
    requestedOn: dateIn(new Date(c.createdAt), zone),
    reason: c.reason,
    currency: c.currency,
  };
  const decidedOn = dateIn(new Date(c.decidedAt), zone);
  if (c.totalRefundAmount === null) {
    const said = c.comments.filter((x) => x.kind === 'rejection').at(-1);
    return { data: { ...common, decision: { kind: 'rejected', decidedOn, comment: said?.text ?? '' } }, creditNoteId: null };
  }
  const [refund] = await tx.select().from(refunds).where(eq(refunds.cancellationId, c.id));
  const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.cancellationId, c.id));
  // Credit notes that had paid this booking took their amounts back when it was cancelled.
  const { rows: returned } = await tx.execute<{ number: string; amount: string }>(sql`
    select n.number, sum(-r.amount)::text as amount
    from credit_note_redemptions r join booking_payments p on p.id = r.payment_id join credit_notes n on n.id = r.credit_note_id
    where p.booking_id = ${booking.id} and r.amount < 0
    group by n.number order by n.number`);
  const total = c.totalRefundAmount;
  const kept = c.keptAmount ?? 0;
  const data: CancellationConfirmationData = {
    ...common,
    decision: {
      kind: 'approved',
      decidedOn,
      paid: kept + total,
      kept,
      totalRefund: total,
      refund: refund ? { amount: refund.amount, method: refund.paymentMethod as PaymentMethod, paidOn: refund.refundedOn } : null,
      creditNote: note ? { number: note.number, amount: note.amount, validUntil: note.validUntil } : null,
      creditReturned: returned.map((r) => ({ number: r.number, amount: Number(r.amount) })),
    },
  };
  return { data, creditNoteId: note?.id ?? null };
}

/** A credit note as its customer reads it: what it was, what it paid, what is left. */
async function creditNoteData(tx: Tx, auth: AuthContext, id: string): Promise<{ data: CreditNoteData; booking: BookingRow }> {
  const note = await creditNoteById(tx, auth, id);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, note.booking._id));
  return {
    booking,
    data: {
      number: note.number,
      status: note.status,
      customer: customerOf(booking),
      currency: note.currency,
      amount: note.amount,
      used: note.usedAmount,
      remaining: note.remaining,
      issuedOn: note.issuedOn,
      validUntil: note.validUntil,
      from: { bookingNumber: note.booking.ref, tourTitle: booking.tourTitle, departure: booking.departure, arrival: booking.arrival },
      uses: note.redemptions.map((r) => ({ date: r.date, bookingNumber: r.booking.ref, amount: r.amount })),
    },
  };
}

/** The confirmation as a record's document, carrying its credit note along when there is one. */
async function confirmationDocument(tx: Tx, auth: AuthContext, c: CancellationRow, booking: BookingRow, recordType: string, recordId: string): Promise<RecordDocument<CancellationConfirmationData>> {
  const { data, creditNoteId } = await confirmationData(tx, c, booking);
  const number = bookingRef(booking.number);
  const also = creditNoteId ? [{ template: creditNoteTemplate, data: (await creditNoteData(tx, auth, creditNoteId)).data }] : [];
  return {
    recordType,
    recordId,
    recordLabel: number,
    template: cancellationConfirmationTemplate,
    data,
    lang: booking.language as Locale,
    also,
    email: (s, organization) => ({
      subject: fill(s.email.cancellationSubject, { number, organization }),
      message: fill(s.email.cancellationMessage, { number, organization, name: booking.customerName }),
    }),
  };
}

/** A cancellation the caller may see (own booking visibility), with its booking; 404 otherwise. */
async function visibleCancellation(tx: Tx, auth: AuthContext, id: string): Promise<{ c: CancellationRow; booking: BookingRow }> {
  const [row] = await tx
    .select({ c: bookingCancellations, booking: bookings })
    .from(bookingCancellations)
    .innerJoin(bookings, eq(bookings.id, bookingCancellations.bookingId))
    .where(and(eq(bookingCancellations.id, id), visibleBookings(auth)));
  if (!row) throw notFound(CANCELLATION_RECORD);
  return row;
}

/** The booking's latest decided cancellation, the one its customer is told of; 409 when none is decided. */
async function latestDecision(tx: Tx, bookingId: string): Promise<CancellationRow> {
  const c = await latestDecisionOf(tx, bookingId);
  if (!c) throw conflict('This booking has no decided cancellation to send', 'CANCELLATION_NOT_DECIDED', {});
  return c;
}

export const cancellationDocumentRoutes: RouteDef[] = [
  documentPdfRoute({
    endpoint: cancellationPaths.pdf,
    access: allow('cancellations', 'view'),
    async load(tx, { id }, auth) {
      const { c, booking } = await visibleCancellation(tx, auth, id);
      return confirmationDocument(tx, auth, c, booking, 'booking-cancellation', c.id);
    },
  }),
  documentPdfRoute({
    endpoint: creditPaths.creditNotePdf,
    access: allow('cancellations', 'view'),
    async load(tx, { id }, auth) {
      const { data, booking } = await creditNoteData(tx, auth, id);
      return {
        recordType: 'credit-note',
        recordId: id,
        recordLabel: data.number,
        template: creditNoteTemplate,
        data,
        lang: booking.language as Locale,
        // Sent only with its cancellation's confirmation (send-cancellation): the words of that email.
        email: (s, organization) => ({
          subject: fill(s.email.cancellationSubject, { number: data.from.bookingNumber, organization }),
          message: fill(s.email.cancellationMessage, { number: data.from.bookingNumber, organization, name: data.customer.name }),
        }),
      };
    },
  }),
  documentSendRoute({
    endpoint: cancellationPaths.send,
    access: allow('bookings', 'update'),
    async load(tx, { id }, auth) {
      const booking = await visibleBooking(tx, auth, id);
      return confirmationDocument(tx, auth, await latestDecision(tx, booking.id), booking, BOOKING_SEND_RECORD, booking.id);
    },
    async afterSend(tx, { id }, send, auth) {
      await logBookingEvent(tx, id, 'document', { document: send.document, sendId: send._id, to: send.to }, auth.memberId);
    },
  }),
];
