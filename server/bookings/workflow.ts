import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { moneyAccount, systemMemo, type PaymentMethod } from '../../src/api/finance/contract';
import { allocateOldestFirst } from '../../src/domain/installment-plan';
import { bookingMachine, describeBookingRefusal, type BookingEvent } from '../../src/machines/booking-machine';
import { describePaymentRefusal, paymentMachine, type PaymentEvent } from '../../src/machines/payment-machine';
import { statesWithTag } from '../../src/machines/workflow';
import type { Tx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { postEntry, nextNumber } from '../finance';
import { conflict, notFound } from '../http/errors';
import { resolveNotifications } from '../notifications';

import { releaseSeats } from '../tours';
import { applyEvent, applyEventTo, rowWorkflow, type Saves, type Workflow } from '../workflow/apply-event';
import { bookingInstallments, bookingPayments, bookingTravellers, bookings, paymentAllocations } from './schema';
import { BOOKING_RECORD, PAYMENT_RECORD, bookingContext, bookingRef, logBookingEvent, type BookingRow, type PaymentRow } from './store';

/**
 * The booking and payment machines' server side (docs/workflows.md): the facts their guards read,
 * their named effects, and the calls other areas make (the daily job completes a booking, an
 * invoice invoices it, an approved cancellation cancels it).
 */

/** States in which money is collected and reminders go out (the machine's `collecting` tag). */
export const COLLECTING_STATES = statesWithTag(bookingMachine, 'collecting');
/** States whose travellers may still change. */
export const TRAVELLERS_EDITABLE_STATES = statesWithTag(bookingMachine, 'travellersEditable');
/** Trips that took place: the completed bookings list. */
export const DELIVERED_STATES = statesWithTag(bookingMachine, 'delivered');

// ---------- booking ----------

export const bookingWorkflow = rowWorkflow({
  machine: bookingMachine,
  table: bookings,
  recordName: BOOKING_RECORD,
  contextOf: bookingContext,
  refusal: describeBookingRefusal,
  // `startOperation` (a verified booking opens its operation, in VERIFY's transaction) is provided
  // by the operations area (server/operations/index.ts), which is built on bookings.
  effects: {
    async releaseSeats({ tx, row }) {
      if (row.tourType === 'group') await releaseSeats(tx, row.tourId, row.pax);
    },
  },
});

/** Applies a booking event and writes its line in the timeline. */
export async function applyBookingEvent(tx: Tx, row: BookingRow, event: BookingEvent, actorId: string | null, data: Record<string, unknown> = {}) {
  const applied = await applyEventTo(tx, bookingWorkflow, row, event);
  await logBookingEvent(tx, row.id, 'status', { from: row.status, to: applied.to.value, ...data }, actorId);
  return applied;
}

async function lockBooking(tx: Tx, id: string): Promise<BookingRow> {
  const row = await bookingWorkflow.lock(tx, id);
  if (!row) throw notFound(BOOKING_RECORD);
  return row;
}

/**
 * The daily job's COMPLETE (SPEC workflow 2): a verified booking whose arrival is before the
 * organization's `today` becomes completed; the machine refuses otherwise (409).
 */
export async function completeBooking(tx: Tx, bookingId: string, today: string) {
  return applyBookingEvent(tx, await lockBooking(tx, bookingId), { type: 'COMPLETE', today }, null, { today });
}

/**
 * What an approved cancellation calls (the cancellations issue), in its own transaction: CANCEL
 * naming the cancellation; a group booking's seats go back. Refused (409) for an invoiced or a
 * cancelled booking.
 */
export async function cancelBooking(tx: Tx, bookingId: string, cancellationId: string, actorId: string | null) {
  return applyBookingEvent(tx, await lockBooking(tx, bookingId), { type: 'CANCEL', cancellationId }, actorId, { cancellationId });
}


// ---------- payment ----------

/** What a decision writes besides the state: each effect of the transition returns its part. */
interface Decision extends Saves {
  receiptNumber?: string;
  entryId?: string;
  failReason?: string;
}

/**
 * The payment machine's server side for one decision by `actorId`. The booking is locked before
 * the payment (the order every write to a booking's money takes: submitting locks the booking and
 * inserts), so verifications of one booking's payments queue and each allocates against what the
 * previous one left.
 */
export function paymentWorkflow(actorId: string | null): Workflow<typeof paymentMachine, PaymentRow, Decision> {
  return {
    machine: paymentMachine,
    recordName: PAYMENT_RECORD,
    refusal: (state, event) => describePaymentRefusal(state, event as PaymentEvent),
    async lock(tx, id) {
      const [ref] = await tx.select({ bookingId: bookingPayments.bookingId }).from(bookingPayments).where(eq(bookingPayments.id, id));
      if (!ref) return undefined;
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, ref.bookingId)).for('update');
      const [row] = await tx.select().from(bookingPayments).where(eq(bookingPayments.id, id)).for('update');
      return row;
    },
    stateOf: (row) => row.status,
    effects: {
      async allocateToInstallments({ tx, row }) {
        const installments = await tx
          .select()
          .from(bookingInstallments)
          .where(eq(bookingInstallments.bookingId, row.bookingId))
          .orderBy(asc(bookingInstallments.dueDate), asc(bookingInstallments.position));
        let parts;
        try {
          parts = allocateOldestFirst(
            installments.map((i) => ({ id: i.id, dueDate: i.dueDate, position: i.position, amount: i.amount, paid: i.paidAmount })),
            row.amount,
          );
        } catch {
          // Submission keeps payments within the balance; only a booking whose total changed since gets here.
          throw conflict('The payment is more than the booking still owes', 'PAYMENT_EXCEEDS_BALANCE', { amount: row.amount });
        }
        if (parts.length) await tx.insert(paymentAllocations).values(parts.map((p) => ({ paymentId: row.id, installmentId: p.installmentId, amount: p.amount })));
      },
      async issueReceipt({ tx, row }) {
        return { receiptNumber: await nextNumber(tx, 'receipt', row.paidOn) };
      },
      async postJournalEntry({ tx, row, saved }) {
        // A trip already completed had its revenue recognised, what was still owed as a receivable:
        // money for it settles that first, the rest is held as the customer's deposit.
        const booking = await receivableOf(tx, row.bookingId);
        const owed = Math.min(row.amount, booking.owed);
        const { id } = await postEntry(tx, {
          date: row.paidOn,
          source: { type: 'booking-payment', id: row.id, reference: saved.receiptNumber },
          memo: systemMemo('bookingPayment', { booking: bookingRef(booking.number) }),
          postedBy: actorId,
          lines: [
            // Money into its account, or a credit note's liability used (docs/cancellations.md).
            { account: row.paymentMethod === 'credit-note' ? 'credit-notes' : moneyAccount(row.paymentMethod as PaymentMethod), debit: row.amount },
            ...(owed > 0 ? [{ account: 'accounts-receivable', credit: owed } as const] : []),
            ...(row.amount > owed ? [{ account: 'customer-deposits', credit: row.amount - owed } as const] : []),
          ],
        });
        return { entryId: id };
      },
      async recordFailure({ event }) {
        if (event.type === 'FAIL') return { failReason: event.reason!.trim() };
      },
    },
    async saveState(tx, row, to, _event, d) {
      await tx
        .update(bookingPayments)
        .set({
          status: to.value as string,
          receiptNumber: d.receiptNumber ?? null,
          entryId: d.entryId ?? null,
          failReason: d.failReason ?? null,
          decidedBy: actorId,
          decidedAt: sql`now()`,
          // The booking is locked (see `lock`): the next place in the order its payments were allocated.
          verifiedSeq: to.value === 'verified' ? sql`(select coalesce(max(verified_seq), 0) + 1 from booking_payments where booking_id = ${row.bookingId})` : null,
        })
        .where(and(eq(bookingPayments.id, row.id), eq(bookingPayments.status, 'submitted')));
      await logBookingEvent(tx, row.bookingId, to.value === 'verified' ? 'paymentVerified' : 'paymentFailed', { paymentId: row.id, amount: row.amount, receiptNumber: d.receiptNumber ?? null, reason: d.failReason ?? null }, actorId);
      // Decided, by whoever: "payment to verify" leaves every verifier's bell (docs/bookings.md).
      await resolveNotifications(tx, 'payment-submitted', row.id);
    },
  };
}

const receivable = preparedOnce<{ owed: string; number: string }, { booking: string }>(() => {
  const bookingId = sql.placeholder('booking');
  return sql`
    select coalesce(sum(l.debit - l.credit), 0)::text as owed, (select ${bookings.number} from ${bookings} where ${bookings.id} = ${bookingId})::text as number
    from (
      select e.id from journal_entries e where e.source_type = 'revenue-recognition' and e.source_id = ${bookingId}
      union all
      select e.id from booking_payments p join journal_entries e on e.source_type = 'booking-payment' and e.source_id = p.id where p.booking_id = ${bookingId}
    ) e
    join journal_lines l on l.entry_id = e.id
    join accounts a on a.id = l.account_id and a.key = 'accounts-receivable'`;
});

/**
 * What the customer still owes on a booking's receivable: recognised when its trip completed, less
 * the payments that settled it; and the booking's number, for the entry's memo (one round trip).
 */
async function receivableOf(tx: Tx, bookingId: string): Promise<{ owed: number; number: number }> {
  const [row] = await receivable(tx, { booking: bookingId });
  return { owed: Number(row.owed), number: Number(row.number) };
}

/** Verifies or fails a payment outside a request (the seed, tests): the same workflow the routes use. */
export const decidePayment = (tx: Tx, paymentId: string, event: PaymentEvent, actorId: string | null) => applyEvent(tx, paymentWorkflow(actorId), paymentId, event);

/** Travellers still unnamed of a type, first by place (a traveller "added" fills one). */
export async function firstUnnamedTraveller(tx: Tx, bookingId: string, type: string) {
  const [row] = await tx
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.type, type), isNull(bookingTravellers.name)))
    .orderBy(asc(bookingTravellers.position))
    .limit(1);
  return row;
}
