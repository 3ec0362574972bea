import { and, setup } from 'xstate';
import { refundSplitIssues, type RefundSplit } from '../domain/cancellation';
import { statesWithTag } from './workflow';

/**
 * A cancellation (SPEC workflow 4): `requested → approved | rejected`, one open request per booking.
 *
 * - APPROVE (`PATCH /booking-cancellations/{id}/status` with `status: approved`) carries the
 *   refund's split, which must hold against what was paid and the day (`refundSplitIssues`, the
 *   server's context: `paid`, `today`; the server names the field of a bad split in a 400 first,
 *   with the same function), and no payment of the booking may be waiting for verification
 *   (`pending`: money the split cannot know of yet; the server answers 409 `PAYMENTS_PENDING`, the
 *   work queue and the decision screen do not offer it). Its effects, in
 *   the approval's one transaction: the booking CANCELs (group seats go back) and its operation
 *   with its vouchers (`cancelTrip`), and the money is settled (`settleMoney`: what is kept becomes
 *   cancellation income, a refund to process, a numbered credit note).
 * - REJECT needs a comment.
 *
 * The stored `booking_cancellations.status` is the state value. Tags: `open` (the seed's
 * requested list), `decided` (the main list).
 */
export type CancellationEvent = { type: 'APPROVE'; split?: RefundSplit } | { type: 'REJECT'; comment?: string };

export interface CancellationContext {
  /** What the customer paid in money for the booking (a split gives back at most this). */
  paid: number;
  /** The organization's today (a credit note is valid after it). */
  today: string;
  /** What the booking's payments waiting for verification add up to: approval waits for finance to decide them. */
  pending: number;
}

/** Whether payments of the booking wait for verification, which holds the approval back (APPROVE's guard; the server's 409 PAYMENTS_PENDING). */
export const paymentsPending = (context: Pick<CancellationContext, 'pending'>) => context.pending > 0;

export const CANCELLATION_STATES = ['requested', 'approved', 'rejected'] as const;
export type CancellationState = (typeof CANCELLATION_STATES)[number];

/** Every event with a payload the guards accept: what path tests replay. */
export const CANCELLATION_EVENTS: CancellationEvent[] = [
  { type: 'APPROVE', split: { totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 } },
  { type: 'REJECT', comment: 'The customer changed their mind' },
];

export const cancellationMachine = setup({
  types: { events: {} as CancellationEvent, context: {} as CancellationContext, input: {} as Partial<CancellationContext> | undefined },
  guards: {
    nothingPending: ({ context }) => !paymentsPending(context),
    validSplit: ({ context, event }) => event.type === 'APPROVE' && !!event.split && refundSplitIssues(event.split, context.paid, context.today).length === 0,
    commented: ({ event }) => event.type === 'REJECT' && !!event.comment?.trim(),
  },
  // Named effects the server performs (server/cancellations/workflow.ts); the machine only names them.
  actions: {
    cancelTrip: () => {},
    settleMoney: () => {},
  },
}).createMachine({
  id: 'cancellation',
  initial: 'requested',
  context: ({ input }) => ({ paid: input?.paid ?? 0, today: input?.today ?? '1900-01-01', pending: input?.pending ?? 0 }),
  states: {
    requested: {
      tags: ['open'],
      description: 'Waiting for a manager: the quote is what the customer was told.',
      on: {
        APPROVE: { guard: and(['nothingPending', 'validSplit']), target: 'approved', actions: ['cancelTrip', 'settleMoney'] },
        REJECT: { guard: 'commented', target: 'rejected' },
      },
    },
    approved: { tags: ['decided'], type: 'final', description: 'The booking is cancelled; the refund and credit note follow.' },
    rejected: { tags: ['decided'], type: 'final', description: 'The booking goes on as it was.' },
  },
});

export const OPEN_CANCELLATION_STATES = statesWithTag(cancellationMachine, 'open') as CancellationState[];
export const DECIDED_CANCELLATION_STATES = statesWithTag(cancellationMachine, 'decided') as CancellationState[];

export function describeCancellationRefusal(state: string, event: CancellationEvent, context?: Pick<CancellationContext, 'pending'>): string {
  if (state !== 'requested') return `This cancellation is ${state} already`;
  if (event.type === 'APPROVE' && context && paymentsPending(context)) return 'Payments on this booking wait for verification: verify or fail them first';
  return event.type === 'REJECT' ? 'A rejection needs a comment for the person who asked' : 'The refund’s split does not hold against what was paid';
}
