import { eq, sql } from 'drizzle-orm';
import type { CancellationStatusInput } from '../../src/api/cancellations/contract';
import { refundSplitIssues, refundTypeOf } from '../../src/domain/cancellation';
import { systemMemo, type PaymentMethod } from '../../src/api/finance/contract';
import { cancellationMachine, describeCancellationRefusal, paymentsPending, type CancellationEvent } from '../../src/machines/cancellation-machine';
import type { AuthContext } from '../auth/session';
import { bookingRef, bookings, cancelBooking, pendingAmountOf } from '../bookings';
import type { Tx } from '../db/client';
import { assertBooksOpen, postEntry, type LineInput } from '../finance';
import { ApiError, conflict, issue } from '../http/errors';
import { leads } from '../leads';
import { resolveNotifications } from '../notifications';
import { cancelTripOperation } from '../operations';
import { applyEventTo, rowWorkflow } from '../workflow/apply-event';
import { createRefund, issueCreditNote, reinstateCreditNotes } from './credit';
import { bookingCancellations, type CancellationComment } from './schema';
import { CANCELLATION_RECORD, moneyPaid } from './store';

/**
 * The cancellation machine's server side (SPEC workflow 4): the decision, in one transaction. An
 * approval cancels the booking (group seats go back) and its operation with its vouchers
 * (`cancelTrip`), then settles the money (`settleMoney`): one journal entry in which what was paid
 * and is not given back becomes cancellation income, the credit note part becomes the credit notes'
 * liability (with any credit-note payment of the booking, which goes back to its note), the money
 * back stays a deposit until the refund is processed, and what was paid to vendors stops being
 * prepaid (owed back by them as expected, a cost otherwise).
 */
type Row = typeof bookingCancellations.$inferSelect;

interface Decision {
  auth: AuthContext;
  today: string;
  body: CancellationStatusInput;
}

export function cancellationWorkflow(d: Decision) {
  const vendorLines: LineInput[] = [];
  return rowWorkflow({
    machine: cancellationMachine,
    table: bookingCancellations,
    recordName: CANCELLATION_RECORD,
    contextOf: async (tx, row) => ({ paid: await moneyPaid(tx, row.bookingId), today: d.today, pending: await pendingAmountOf(tx, row.bookingId) }),
    refusal: (state, event, context) => describeCancellationRefusal(state, event as CancellationEvent, context),
    effects: {
      async cancelTrip({ tx, row }) {
        await cancelBooking(tx, row.bookingId, row.id, d.auth.memberId);
        vendorLines.push(...(await cancelTripOperation(tx, row.bookingId, row.id, d.auth.memberId)));
        return {};
      },
      async settleMoney({ tx, row }) {
        const b = d.body;
        const paid = await moneyPaid(tx, row.bookingId);
        const total = b.totalRefundAmount ?? 0;
        const back = b.sourceAccountAmount ?? 0;
        const credit = b.creditNoteAmount ?? 0;
        const kept = paid - total;
        const [booking] = await tx
          .select({ number: bookings.number, leadId: bookings.leadId, currency: bookings.currency, contactId: leads.contactId })
          .from(bookings)
          .innerJoin(leads, eq(leads.id, bookings.leadId))
          .where(eq(bookings.id, row.bookingId));
        await assertBooksOpen(tx, d.today);
        const reinstated = await reinstateCreditNotes(tx, row.bookingId, d.today, d.auth.memberId);
        const lines: LineInput[] = [];
        if (kept + credit + reinstated > 0) lines.push({ account: 'customer-deposits', debit: kept + credit + reinstated });
        if (kept > 0) lines.push({ account: 'cancellation-income', credit: kept });
        if (credit + reinstated > 0) lines.push({ account: 'credit-notes', credit: credit + reinstated });
        lines.push(...vendorLines);
        const ref = bookingRef(booking.number);
        const entry = lines.length >= 2 ? await postEntry(tx, { date: d.today, source: { type: 'cancellation', id: row.id, reference: ref }, memo: systemMemo('cancellation', { cancellation: ref }), postedBy: d.auth.memberId, lines }) : null;
        if (back > 0) await createRefund(tx, { cancellationId: row.id, bookingId: row.bookingId, amount: back, currency: booking.currency, paymentMethod: b.refundSource!.slice('money:'.length) as PaymentMethod, approvedOn: d.today });
        if (credit > 0) {
          await issueCreditNote(tx, {
            cancellationId: row.id,
            bookingId: row.bookingId,
            leadId: booking.leadId,
            contactId: booking.contactId,
            amount: credit,
            currency: booking.currency,
            issuedOn: d.today,
            validUntil: b.validUntil!,
            entryId: entry!.id,
          });
        }
        return {
          refundType: refundTypeOf(total, paid),
          totalRefundAmount: total,
          refundSource: back > 0 ? b.refundSource! : null,
          sourceAccountAmount: back,
          creditNoteAmount: credit,
          validUntil: credit > 0 ? b.validUntil! : null,
          keptAmount: kept,
          entryId: entry?.id ?? null,
        };
      },
    },
  });
}

/**
 * `PATCH /booking-cancellations/{id}/status`: the decision by the machine, on a cancellation the
 * caller has locked. A bad split is a 400 naming the field (the same rule the machine's guard
 * holds); a quote that changed since the approver read it is a 409 for them to read it again.
 */
export async function decideCancellation(tx: Tx, row: Row, d: Decision) {
  const { body } = d;
  if (body.status === 'approved') {
    // A payment waiting for verification is money the split cannot know of yet: the booking is
    // locked so none is submitted meanwhile, and finance verifies or fails the waiting ones first.
    // The rule is the machine's guard (paymentsPending); it is asked here, before the split's 400s,
    // to answer with its own code and amount.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, row.bookingId)).for('update');
    const pending = await pendingAmountOf(tx, row.bookingId);
    if (paymentsPending({ pending })) throw conflict('Payments on this booking wait for verification: verify or fail them first', 'PAYMENTS_PENDING', { pending });
    const paid = await moneyPaid(tx, row.bookingId);
    if (body.quotedPaid !== undefined && body.quotedPaid !== paid) {
      throw conflict('What was paid changed since the quote was read: read it again before deciding', 'QUOTE_CHANGED', { paid, quotedPaid: body.quotedPaid });
    }
    const split = { totalRefundAmount: body.totalRefundAmount ?? 0, sourceAccountAmount: body.sourceAccountAmount ?? 0, creditNoteAmount: body.creditNoteAmount ?? 0, refundSource: body.refundSource ?? null, validUntil: body.validUntil ?? null };
    if (body.totalRefundAmount === undefined) throw new ApiError(400, 'VALIDATION_FAILED', 'totalRefundAmount is required to approve', [issue('totalRefundAmount', 'required', 'is required to approve')]);
    const problems = refundSplitIssues(split, paid, d.today);
    if (problems.length) throw new ApiError(400, 'VALIDATION_FAILED', problems.map((p) => `${p.path} ${p.message}`).join('; '), problems.map((p) => issue(p.path, p.code, p.message, p.params)));
  } else if (!body.comments?.trim()) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'comments is required to reject', [issue('comments', 'required', 'is required to reject a cancellation')]);
  }
  const event: CancellationEvent =
    body.status === 'approved'
      ? { type: 'APPROVE', split: { totalRefundAmount: body.totalRefundAmount!, sourceAccountAmount: body.sourceAccountAmount ?? 0, creditNoteAmount: body.creditNoteAmount ?? 0, refundSource: body.refundSource ?? null, validUntil: body.validUntil ?? null } }
      : { type: 'REJECT', comment: body.comments };
  const by = { _id: d.auth.memberId, name: d.auth.memberName };
  await applyEventTo(tx, cancellationWorkflow(d), row, event, async ({ tx: t }) => {
    const comment: CancellationComment[] = body.comments ? [{ text: body.comments, by, at: new Date().toISOString(), kind: body.status === 'approved' ? 'approval' : 'rejection' }] : [];
    await t
      .update(bookingCancellations)
      .set({ comments: sql`${bookingCancellations.comments} || ${JSON.stringify(comment)}::jsonb`, decidedBy: d.auth.memberId, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bookingCancellations.id, row.id));
    // Decided, by whoever: "cancellation requested" leaves every approver's bell.
    await resolveNotifications(t, 'cancellation-requested', row.id);
    return {};
  }, { actorId: d.auth.memberId });
}
