import { stateIn } from '../db/state-check';
import { sql } from 'drizzle-orm';
import { CREDIT_NOTE_WARNING_DAYS } from '../../src/api/work-queue/contract';
import { addDays } from '../../src/domain/calendar';
import { CANCELLATION_EVENTS, cancellationMachine, type CancellationContext, type CancellationEvent } from '../../src/machines/cancellation-machine';
import { USABLE_CREDIT_NOTE_STATES } from '../../src/machines/credit-note-machine';
import { paymentMachine } from '../../src/machines/payment-machine';
import { REFUND_EVENTS, refundMachine } from '../../src/machines/refund-machine';
import { statesAccepting } from '../../src/machines/workflow';
import { bookingItem, bookingRefSql, bookings, visibleBookingsSql } from '../bookings';
import { type QueueKind } from '../work-queue';
import { bookingCancellations, creditNotes, refunds } from './schema';

/**
 * The cancellations' kinds of work (docs/work-queue.md): requests to decide, refunds to pay out, and
 * credit notes about to expire with something left. Own booking visibility reaches them as it
 * reaches the booking.
 */

const cancellationEvent = (type: CancellationEvent['type']) => CANCELLATION_EVENTS.find((e) => e.type === type)!;

/**
 * A request whose machine awaits APPROVE or REJECT; the approval's split is the approval screen's (or
 * its dialog's). The context is the decision's (`cancellationWorkflow`): what was paid, today, and
 * the booking's payments waiting for verification, which hold APPROVE back (the machine's guard):
 * then the item offers REJECT alone and says why (`cancellationPaymentsPending`).
 */
export const cancellationToDecide: QueueKind<typeof cancellationMachine> = {
  kind: 'cancellationToDecide',
  record: 'cancellation',
  priority: 'high',
  needs: [['cancellations', 'approve']],
  scope: 'bookings',
  machine: cancellationMachine,
  actions: [
    { event: cancellationEvent('APPROVE'), needs: ['cancellations', 'approve'], input: 'split', main: true },
    { event: cancellationEvent('REJECT'), needs: ['cancellations', 'approve'], input: 'comment' },
  ],
  contextOf: (context) => context as CancellationContext,
  source(s) {
    const c = bookingCancellations;
    // What was paid in money, as the decision's context reads it (moneyPaid in ./store.ts).
    const paid = sql`(select coalesce(sum(p.amount), 0) from booking_payments p where p.booking_id = ${c.bookingId} and p.status = 'verified' and p.payment_method <> 'credit-note')`;
    // What waits for verification, as pendingAmountOf reads it (the states the payment machine awaits VERIFY in).
    const pending = sql`(select coalesce(sum(p.amount), 0) from booking_payments p where p.booking_id = ${c.bookingId} and p.status in ${statesAccepting(paymentMachine, 'VERIFY')})`;
    return {
      from: sql`${c} join ${bookings} on ${bookings.id} = ${c.bookingId} cross join lateral (select ${paid} as paid, ${pending} as pending) as money`,
      where: sql`${stateIn(c.status, statesAccepting(cancellationMachine, 'APPROVE'))} and ${visibleBookingsSql(s.auth)}`,
      columns: {
        ...bookingItem(c, { parent: bookings.id }),
        due: { instant: sql`${c.createdAt}` },
        reason: sql`case when money.pending > 0 then 'cancellationPaymentsPending' else 'cancellationToDecide' end`,
        params: sql`jsonb_build_object('reason', ${c.reason}, 'departure', ${bookings.departure}, 'refundable', (${c.quote}->>'refundable')::bigint, 'currency', ${c.currency}, 'pending', money.pending)`,
        context: sql`jsonb_build_object('paid', money.paid, 'today', ${s.today}::text, 'pending', money.pending)`,
      },
    };
  },
};

/** A refund whose machine awaits PROCESS: finance pays it out of the account the approval chose. */
export const refundToProcess: QueueKind<typeof refundMachine> = {
  kind: 'refundToProcess',
  record: 'refund',
  priority: 'high',
  needs: [['account', 'create']],
  scope: 'bookings',
  machine: refundMachine,
  actions: [{ event: REFUND_EVENTS.find((e) => e.type === 'PROCESS')!, needs: ['account', 'create'], input: 'refundedOn', main: true }],
  source(s) {
    const r = refunds;
    return {
      from: sql`${r} join ${bookings} on ${bookings.id} = ${r.bookingId}`,
      where: sql`${stateIn(r.status, statesAccepting(refundMachine, 'PROCESS'))} and ${visibleBookingsSql(s.auth)}`,
      columns: {
        ...bookingItem(r, { parent: bookings.id }),
        due: { day: sql`${r.approvedOn}` },
        params: sql`jsonb_build_object('amount', ${r.amount}, 'currency', ${r.currency}, 'method', ${r.paymentMethod}, 'approvedOn', ${r.approvedOn})`,
      },
    };
  },
};

/**
 * A usable credit note (the machine's `usable` tag) with something left whose last valid day is
 * within {@link CREDIT_NOTE_WARNING_DAYS} days: its seller tells the customer. EXPIRE is the daily
 * job's, so the item has no actions.
 */
export const creditNoteExpiring: QueueKind = {
  kind: 'creditNoteExpiring',
  record: 'creditNote',
  parent: 'booking',
  priority: 'low',
  needs: [['cancellations', 'create']],
  scope: 'bookings',
  source(s) {
    const n = creditNotes;
    return {
      from: sql`${n} join ${bookings} on ${bookings.id} = ${n.bookingId}`,
      where: sql`${stateIn(n.status, USABLE_CREDIT_NOTE_STATES)} and ${n.validUntil} >= ${s.today}::date and ${n.validUntil} <= ${addDays(s.today, CREDIT_NOTE_WARNING_DAYS)}::date
        and ${n.usedAmount} < ${n.amount} and ${visibleBookingsSql(s.auth)}`,
      whose: (m) => sql`${bookings.convertedBy} = ${m}::uuid`,
      columns: {
        ...bookingItem(n, { parent: bookings.id, ref: sql`${n.number}` }),
        due: { day: sql`${n.validUntil}` },
        assignee: sql`${bookings.convertedBy}`,
        params: sql`jsonb_build_object('amount', ${n.amount} - ${n.usedAmount}, 'currency', ${n.currency}, 'booking', ${bookingRefSql})`,
      },
    };
  },
};

export const cancellationQueueKinds = [cancellationToDecide, refundToProcess, creditNoteExpiring];
