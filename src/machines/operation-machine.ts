import { setup } from 'xstate';

/**
 * A booking operation's life (SPEC workflow 3): `pending → completed | canceled`. The booking's
 * VERIFY creates it `pending`, in the same transaction.
 *
 * - COMPLETE (`PUT /booking-operations/{id}/mark-completed`) only when nothing is missing: every
 *   voucher that is not void is sent and fully paid, every additional expense fully paid. The
 *   server gives the missing list as context (`missing`, the same list the operation's detail
 *   shows as a checklist), and the refusal names each item.
 * - CANCEL is reserved for an approved cancellation (the cancellations issue), naming it.
 *
 * The stored `booking_operations.status` is the state value (the seed's `operationStatus`).
 * Tags: `open` (vouchers, payments and expenses may be added), `closed`.
 */
export type OperationEvent = { type: 'COMPLETE' } | { type: 'CANCEL'; cancellationId?: string };

/** What a voucher or an expense still needs before the operation can complete. */
export const MISSING_NEEDS = ['confirm', 'send', 'pay'] as const;
export type MissingNeed = (typeof MISSING_NEEDS)[number];

/** One line of the completion checklist. */
export interface MissingItem {
  kind: 'voucher' | 'expense';
  _id: string;
  /** How people name it: the voucher's number (or its service and vendor while a draft), the expense's description. */
  label: string;
  needs: MissingNeed[];
  /** What is still owed on it, in minor units (0 when only confirming or sending is missing). */
  owed: number;
}

export interface OperationContext {
  missing: readonly MissingItem[];
}

export const OPERATION_STATES = ['pending', 'completed', 'canceled'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

/** Every event, with payloads the guards accept for an operation about which nothing is missing: what path tests replay. */
export const OPERATION_EVENTS: OperationEvent[] = [{ type: 'COMPLETE' }, { type: 'CANCEL', cancellationId: '00000000-0000-4000-8000-00000000c001' }];

export const operationMachine = setup({
  types: {
    events: {} as OperationEvent,
    context: {} as OperationContext,
    input: {} as Partial<OperationContext> | undefined,
  },
  guards: {
    nothingMissing: ({ context }) => context.missing.length === 0,
    approvedCancellation: ({ event }) => event.type === 'CANCEL' && !!event.cancellationId,
  },
  // Named effects the server performs (server/operations/workflow.ts); the machine only names them.
  actions: {
    /** The trip's revenue and vendor costs reach the profit and loss (docs/finance.md, "Revenue"). */
    recogniseRevenue: () => {},
  },
}).createMachine({
  id: 'operation',
  initial: 'pending',
  context: ({ input }) => ({ missing: input?.missing ?? [] }),
  states: {
    pending: {
      tags: ['open'],
      description: 'The trip is being prepared: vouchers confirmed, sent and paid, expenses paid.',
      on: {
        COMPLETE: { guard: 'nothingMissing', target: 'completed', actions: 'recogniseRevenue' },
        CANCEL: { guard: 'approvedCancellation', target: 'canceled' },
      },
    },
    completed: {
      tags: ['closed'],
      description: 'Every voucher sent and paid, every expense paid: the profit is final.',
    },
    canceled: {
      tags: ['closed'],
      description: 'The booking was cancelled through an approved cancellation.',
    },
  },
});

const NEED_WORDS: Record<MissingNeed, string> = { confirm: 'confirmed', send: 'sent', pay: 'paid' };

/** "voucher VCH-2026-0003 (not sent, not paid)": one checklist line in words. */
export const describeMissing = (item: MissingItem) => `${item.kind} ${item.label} (${item.needs.map((n) => `not ${NEED_WORDS[n]}`).join(', ')})`;

/** The 409 message when the machine refuses an event, naming everything still missing. */
export function describeOperationRefusal(state: string, event: OperationEvent, context?: OperationContext): string {
  switch (event.type) {
    case 'COMPLETE':
      if (state !== 'pending') return `Only a pending operation can be completed; this one is ${state}`;
      return `The operation cannot be completed yet: ${(context?.missing ?? []).map(describeMissing).join('; ')}`;
    case 'CANCEL':
      if (state !== 'pending') return `A ${state} operation cannot be cancelled`;
      return 'An operation is cancelled only through an approved cancellation';
  }
}

/**
 * The operations board's next step for a trip, derived from the machines' states: what the ops
 * lead does next. `addVouchers` when nothing is booked yet (an operation with nothing to book may
 * still be completed: the customer arranged it all).
 */
export const NEXT_STEPS = ['addVouchers', 'confirmVouchers', 'sendVouchers', 'payVendors', 'complete', 'done', 'canceled'] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

/** Counts of one operation's open work (the list computes them in SQL, the detail from its rows). */
export interface OperationProgress {
  status: OperationState;
  /** Vouchers not void. */
  vouchers: number;
  expenses: number;
  /** Vouchers still draft. */
  drafts: number;
  /** Vouchers confirmed, not yet sent. */
  unsent: number;
  /** Vouchers and expenses not fully paid. */
  unpaid: number;
}

export function nextStepOf(p: OperationProgress): NextStep {
  if (p.status === 'completed') return 'done';
  if (p.status === 'canceled') return 'canceled';
  if (p.vouchers === 0 && p.expenses === 0) return 'addVouchers';
  if (p.drafts > 0) return 'confirmVouchers';
  if (p.unsent > 0) return 'sendVouchers';
  if (p.unpaid > 0) return 'payVendors';
  return 'complete';
}
