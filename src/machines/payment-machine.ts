import { setup } from 'xstate';

/**
 * A customer's payment towards a booking (SPEC workflow 2): `submitted → verified | failed`.
 *
 * - VERIFY (finance saw the money arrive) allocates it to the installments oldest-due first
 *   (`allocateToInstallments`), issues its receipt number (`issueReceipt`) and posts the journal
 *   entry, the method's money account ← customer deposits (`postJournalEntry`), in that order: the
 *   number is taken last but one, and the entry carries it.
 * - FAIL (the money never came: a bounced cheque, a refused card) needs a reason (`recordFailure`).
 *
 * Both ends are final: a verified payment is undone by a refund, a failed one recorded anew. The
 * stored `booking_payments.status` is the state value.
 */
export type PaymentEvent = { type: 'VERIFY' } | { type: 'FAIL'; reason?: string };

export const PAYMENT_STATES = ['submitted', 'verified', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Every event, with payloads the guards accept: what path tests replay. */
export const PAYMENT_EVENTS: PaymentEvent[] = [{ type: 'VERIFY' }, { type: 'FAIL', reason: 'The cheque bounced' }];

export const paymentMachine = setup({
  types: { events: {} as PaymentEvent },
  guards: {
    hasReason: ({ event }) => event.type === 'FAIL' && !!event.reason?.trim(),
  },
  actions: {
    allocateToInstallments: () => {},
    issueReceipt: () => {},
    postJournalEntry: () => {},
    recordFailure: () => {},
  },
}).createMachine({
  id: 'payment',
  initial: 'submitted',
  states: {
    submitted: {
      tags: ['pending'],
      description: 'Recorded by staff; finance has yet to see the money arrive.',
      on: {
        VERIFY: { target: 'verified', actions: ['allocateToInstallments', 'issueReceipt', 'postJournalEntry'] },
        FAIL: { guard: 'hasReason', target: 'failed', actions: 'recordFailure' },
      },
    },
    verified: {
      tags: ['received'],
      description: 'The money arrived: allocated to installments, receipted and in the journal.',
    },
    failed: {
      description: 'The money never came; kept with the reason.',
    },
  },
});

/** The 409 message when the machine refuses an event. */
export function describePaymentRefusal(state: string, event: PaymentEvent): string {
  if (event.type === 'FAIL' && state === 'submitted') return 'A reason is required to mark a payment failed';
  const verb = event.type === 'VERIFY' ? 'verified' : 'marked failed';
  return `A ${state} payment cannot be ${verb}`;
}
