import { workQueueRecordLink } from '../../src/api/work-queue/contract';
import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PaymentInput } from '../../src/api/bookings/contract';
import { openToPay } from '../../src/domain/balance';
import type { Tx } from '../db/client';
import { activeMember } from '../auth/members';
import { members, roles } from '../auth/schema';
import { conflict, invalidField, moneyParams } from '../http/errors';
import { assertBooksOpen } from '../finance';
import { notifyEach } from '../notifications';
import type { ProofFile } from './proof';
import { bookingPaymentProofs, bookingPayments } from './schema';
import { bookingRef, logBookingEvent, pendingAmountOf, type BookingRow, type PaymentRow } from './store';
import { staffMoney } from '../../src/domain/money';
import { COLLECTING_STATES, decidePayment } from './workflow';
import { creditNoteUse } from './credit-notes';
import { DOCUMENT_STRINGS, type DocumentStrings } from '../documents';

/**
 * `POST /bookings/{id}/payment` on a booking the caller has locked: a payment the customer made,
 * recorded for finance to verify. Refused (409) on a booking that no longer collects money and
 * above the open balance; a payment dated after the organization's today is a 400 on `paidOn`.
 */
export async function submitPayment(
  tx: Tx,
  booking: BookingRow,
  input: PaymentInput,
  o: { actorId: string | null; today: string; proof?: ProofFile; notify?: boolean; /** No money is dated before it (server/finance/dates.ts); the seed's history leaves it out. */ booksStart?: string },
): Promise<PaymentRow> {
  if (!COLLECTING_STATES.includes(booking.status)) throw conflict(`A ${booking.status} booking takes no payments`, 'BOOKING_CLOSED', { status: booking.status });
  if (input.paidOn > o.today) throw invalidField('paidOn', 'inFuture', 'must not be in the future');
  // Money dated in a closed month could never be verified (its entry would be refused).
  await assertBooksOpen(tx, input.paidOn);
  if (o.booksStart && input.paidOn < o.booksStart) throw invalidField('paidOn', 'beforeBooksStart', `must not be before the books start (${o.booksStart})`, { booksStart: o.booksStart });
  // Open to pay: what is owed less what already waits for verification, so verifying every
  // submitted payment can never take the booking past its total.
  const open = openToPay(booking.grandTotal, booking.paidAmount, await pendingAmountOf(tx, booking.id));
  if (input.amount > open) {
    const m = moneyParams(booking.currency, { open, amount: input.amount });
    throw conflict(`The payment is more than the open balance (${m.text.open})`, 'PAYMENT_EXCEEDS_BALANCE', m.params);
  }
  // A credit note pays at once (no money to check): its use is recorded first, naming the payment.
  const id = crypto.randomUUID();
  const credit =
    input.paymentMethod === 'credit-note' && input.creditNoteId
      ? { id: input.creditNoteId, ...(await creditNoteUse().redeem(tx, { creditNoteId: input.creditNoteId, paymentId: id, amount: input.amount, date: input.paidOn, leadId: booking.leadId })) }
      : null;
  const [payment] = await tx
    .insert(bookingPayments)
    .values({
      id,
      creditNoteId: credit?.id ?? null,
      creditNoteNumber: credit?.number ?? null,
      bookingId: booking.id,
      amount: input.amount,
      currency: booking.currency,
      paymentMethod: input.paymentMethod,
      paidOn: input.paidOn,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      submittedBy: o.actorId,
    })
    .returning();
  if (o.proof) await tx.insert(bookingPaymentProofs).values({ paymentId: payment.id, fileName: o.proof.fileName, contentType: o.proof.contentType, size: o.proof.content.length, content: o.proof.content });
  await logBookingEvent(tx, booking.id, 'payment', { paymentId: payment.id, amount: payment.amount, method: payment.paymentMethod }, o.actorId);
  if (credit) {
    await decidePayment(tx, payment.id, { type: 'VERIFY' }, o.actorId);
    return payment;
  }
  if (o.notify !== false) await notifyVerifiers(tx, booking, payment, o.actorId);
  return payment;
}

/** Finance hears of each payment to verify: whoever may verify it (bookings.approve, or the Owner role), but its recorder (one statement). */
async function notifyVerifiers(tx: Tx, booking: BookingRow, payment: PaymentRow, submittedBy: string | null) {
  const verifiers = tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(and(activeMember(), sql`(${roles.isOwner} or coalesce(${roles.permissions}->'bookings', '[]'::jsonb) ? 'approve')`, submittedBy ? ne(members.id, submittedBy) : undefined));
  await notifyEach(tx, verifiers, {
    type: 'payment-submitted',
    title: `Payment to verify: ${booking.customerName} (${bookingRef(booking.number)})`,
    // The English wording for API callers; `message` carries the code for the reader’s language.
    body: `${staffMoney(payment.amount, payment.currency)} by ${DOCUMENT_STRINGS.en.methods[payment.paymentMethod as keyof DocumentStrings['methods']].toLowerCase()}, paid on ${payment.paidOn}`,
    message: {
      key: 'paymentToVerify',
      params: { customer: booking.customerName, ref: bookingRef(booking.number), amount: payment.amount, currency: payment.currency, method: payment.paymentMethod, date: payment.paidOn },
    },
    // The payment's item in the work queue, verified or failed there (docs/work-queue.md).
    link: workQueueRecordLink(payment.id, 'paymentToVerify'),
    // Read for everyone once the payment is verified or failed (paymentWorkflow's saveState).
    recordId: payment.id,
  });
}
