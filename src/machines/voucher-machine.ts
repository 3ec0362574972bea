import { setup } from 'xstate';

/**
 * A vendor voucher's life (SPEC workflow 3): `draft → confirmed → sent`; `void` from any of them.
 *
 * - CONFIRM (`PUT /booking-operations/{operationId}/voucher/{voucherId}` with `status: 'confirmed'`)
 *   needs the vendor's confirmation number: the one the same PUT sends, or the one stored already.
 *   The voucher takes its number from the money kit's `voucher` series here (`assignNumber`):
 *   drafts (prefilled from the tour, thrown away freely) consume no number, and a number once given
 *   is never reused (a voided voucher keeps it), so the series stays gapless.
 * - SEND is the operation's `POST /booking-operations/{id}/send-vouchers`: the voucher's PDF went to
 *   its vendor's email.
 * - VOID (`status: 'void'`, or a cancelled booking's operation) from any state but void. What was
 *   paid on it stays paid (money out is not undone by voiding the paper): the operation's cost
 *   counts a void voucher's payments, not its cost.
 *
 * Tags: `editable` (its fields may change), `payable` (vendor payments may be recorded), `counted`
 * (its cost is the operation's cost and it must be sent and paid before completion: every state
 * but void), `awaitingSend` (confirmed, not yet sent).
 */
export type VoucherEvent = { type: 'CONFIRM'; confirmationNumber?: string } | { type: 'SEND' } | { type: 'VOID' };

export interface VoucherContext {
  /** The vendor's confirmation number as stored (null until the vendor gave one). */
  confirmationNumber: string | null;
}

export const VOUCHER_STATES = ['draft', 'confirmed', 'sent', 'void'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

/** Every event with payloads the guards accept: what path tests replay. */
export const VOUCHER_EVENTS: VoucherEvent[] = [{ type: 'CONFIRM', confirmationNumber: 'CNF-PATH-1' }, { type: 'SEND' }, { type: 'VOID' }];

const voidable = { VOID: { target: 'void' } } as const;

export const voucherMachine = setup({
  types: {
    events: {} as VoucherEvent,
    context: {} as VoucherContext,
    input: {} as Partial<VoucherContext> | undefined,
  },
  guards: {
    hasConfirmationNumber: ({ context, event }) => event.type === 'CONFIRM' && !!(event.confirmationNumber?.trim() || context.confirmationNumber),
  },
  // Named effects the server performs (server/operations/workflow.ts); the machine only names them.
  actions: {
    assignNumber: () => {},
  },
}).createMachine({
  id: 'voucher',
  initial: 'draft',
  context: ({ input }) => ({ confirmationNumber: input?.confirmationNumber ?? null }),
  states: {
    draft: {
      tags: ['editable', 'payable', 'counted'],
      description: 'Being arranged with the vendor: the service, dates and cost may still change.',
      on: { CONFIRM: { guard: 'hasConfirmationNumber', target: 'confirmed', actions: 'assignNumber' }, ...voidable },
    },
    confirmed: {
      tags: ['payable', 'counted', 'awaitingSend'],
      description: 'The vendor confirmed it (its confirmation number is on the voucher); numbered; waiting to be sent.',
      on: { SEND: { target: 'sent' }, ...voidable },
    },
    sent: {
      tags: ['payable', 'counted'],
      description: 'The voucher PDF went to the vendor.',
      on: { ...voidable },
    },
    void: {
      description: 'Cancelled: it costs nothing and is not needed to complete the operation.',
    },
  },
});

/** The 409 message when the machine refuses an event, in words a person can act on. */
export function describeVoucherRefusal(state: string, event: VoucherEvent): string {
  switch (event.type) {
    case 'CONFIRM':
      if (state !== 'draft') return `Only a draft voucher can be confirmed; this one is ${state}`;
      return 'The vendor’s confirmation number is required to confirm a voucher';
    case 'SEND':
      return state === 'draft' ? 'A voucher is sent once it is confirmed' : `Only a confirmed voucher can be sent; this one is ${state}`;
    case 'VOID':
      return 'This voucher is void already';
  }
}
