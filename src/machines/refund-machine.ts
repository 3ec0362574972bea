import { setup } from 'xstate';

/**
 * A refund of an approved cancellation (SPEC workflow 4): `pending → refunded`. PROCESS
 * (`PUT /refunds/{id}/process`) names the day the money went out (`refundedOn`); its effect posts
 * the money out of the account the approval chose (`payOut`).
 */
export type RefundEvent = { type: 'PROCESS'; refundedOn?: string };

export const REFUND_STATES = ['pending', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_EVENTS: RefundEvent[] = [{ type: 'PROCESS', refundedOn: '2026-01-02' }];

export const refundMachine = setup({
  types: { events: {} as RefundEvent },
  guards: { dated: ({ event }) => !!event.refundedOn },
  actions: { payOut: () => {} },
}).createMachine({
  id: 'refund',
  initial: 'pending',
  states: {
    pending: { tags: ['open'], description: 'Finance is to pay it back.', on: { PROCESS: { guard: 'dated', target: 'refunded', actions: 'payOut' } } },
    refunded: { type: 'final', description: 'Paid back on its day.' },
  },
});

export const describeRefundRefusal = (state: string) => (state === 'refunded' ? 'This refund was processed already' : 'A refund is processed with the day the money went out');
