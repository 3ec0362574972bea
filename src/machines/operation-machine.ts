import { setup } from 'xstate';

/**
 * A booking operation's life (SPEC workflow 3): `pending → completed | canceled`. The booking's
 * VERIFY creates it `pending`, in the same transaction.
 *
 * - COMPLETE (`PUT /booking-operations/{id}/mark-completed`) only when nothing is missing: every
 *   voucher that is not void is sent and fully paid, every additional expense fully paid, and the
 *   vendor services the tour plans are booked: when its priced lines cost something (a planned
 *   cost above zero), at least one voucher that is not void (`servicesUnbooked`). The server
 *   gives the missing list as context (`missing`, the same list the operation's detail shows as a
 *   checklist) with the count of vouchers not void, and the refusal names each item.
 * - COMPLETE with `noVendorServices: { reason }` is the explicit "no vendor services" confirmation:
 *   it stands in for the unbooked services (only for them: everything else must still be sent and
 *   paid), and only when there is truly no voucher; the reason is recorded on the operation.
 * - CANCEL is reserved for an approved cancellation (the cancellations issue), naming it.
 *
 * The stored `booking_operations.status` is the state value (the seed's `operationStatus`).
 * Tags: `open` (vouchers, payments and expenses may be added), `closed`.
 */
export type OperationEvent = { type: 'COMPLETE'; noVendorServices?: { reason: string } } | { type: 'CANCEL'; cancellationId?: string };

/** The longest "no vendor services" reason (characters, once trimmed). */
export const NO_VENDOR_SERVICES_REASON_MAX = 500;

/** A "no vendor services" reason the machine accepts: not blank once trimmed, not longer than the maximum. */
export const isNoVendorServicesReason = (reason: unknown): reason is string =>
  typeof reason === 'string' && reason.trim().length > 0 && reason.trim().length <= NO_VENDOR_SERVICES_REASON_MAX;

/** What a checklist item still needs before the operation can complete (`book`: the tour's vendor services). */
export const MISSING_NEEDS = ['book', 'confirm', 'send', 'pay'] as const;
export type MissingNeed = (typeof MISSING_NEEDS)[number];

export const MISSING_KINDS = ['services', 'voucher', 'expense'] as const;
export type MissingKind = (typeof MISSING_KINDS)[number];

/** One line of the completion checklist. */
export interface MissingItem {
  /** `services`: the tour plans vendor services and none is booked (its `_id` is the operation's). */
  kind: MissingKind;
  _id: string;
  /** How people name it: the voucher's number (or its service and vendor while a draft), the expense's description; `vendor services`. */
  label: string;
  needs: MissingNeed[];
  /** What is still owed on it, in minor units (0 when only booking, confirming or sending is missing). */
  owed: number;
}

export interface OperationContext {
  missing: readonly MissingItem[];
  /** Vouchers that are not void: a "no vendor services" completion needs none. */
  vouchers: number;
}

/**
 * The tour plans vendor services and none is booked: its priced lines cost something for the
 * party (the planned cost fixed at VERIFY is above zero; a group departure has none) and the
 * operation has no voucher that is not void. What adds the checklist's `services` line.
 */
export const servicesUnbooked = (o: { vouchers: number; plannedCost: number | null }) => o.vouchers === 0 && (o.plannedCost ?? 0) > 0;

/** The checklist's `services` line of an operation (`_id`: the operation's). */
export const servicesItem = (operationId: string): MissingItem => ({ kind: 'services', _id: operationId, label: 'vendor services', needs: ['book'], owed: 0 });

export const OPERATION_STATES = ['pending', 'completed', 'canceled'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

/** Every event, with payloads the guards accept for an operation about which nothing is missing: what path tests replay. */
export const OPERATION_EVENTS: OperationEvent[] = [
  { type: 'COMPLETE' },
  { type: 'COMPLETE', noVendorServices: { reason: 'The customer booked every service himself' } },
  { type: 'CANCEL', cancellationId: '00000000-0000-4000-8000-00000000c001' },
];

/**
 * COMPLETE's rule. Without a reason: nothing is missing. With `noVendorServices`: a reason the
 * machine accepts, no voucher that is not void, and nothing missing but the unbooked services.
 */
export function completionAllowed(context: OperationContext, event: Extract<OperationEvent, { type: 'COMPLETE' }>): boolean {
  if (!event.noVendorServices) return context.missing.length === 0;
  return isNoVendorServicesReason(event.noVendorServices.reason) && context.vouchers === 0 && context.missing.every((m) => m.kind === 'services');
}

export const operationMachine = setup({
  types: {
    events: {} as OperationEvent,
    context: {} as OperationContext,
    input: {} as Partial<OperationContext> | undefined,
  },
  guards: {
    completionAllowed: ({ context, event }) => event.type === 'COMPLETE' && completionAllowed(context, event),
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
  context: ({ input }) => ({ missing: input?.missing ?? [], vouchers: input?.vouchers ?? 0 }),
  states: {
    pending: {
      tags: ['open'],
      description: 'The trip is being prepared: vouchers confirmed, sent and paid, expenses paid.',
      on: {
        COMPLETE: { guard: 'completionAllowed', target: 'completed', actions: 'recogniseRevenue' },
        CANCEL: { guard: 'approvedCancellation', target: 'canceled' },
      },
    },
    completed: {
      tags: ['closed'],
      description: 'Every voucher sent and paid, every expense paid (or no vendor services, with the reason recorded): the profit is final.',
    },
    canceled: {
      tags: ['closed'],
      description: 'The booking was cancelled through an approved cancellation.',
    },
  },
});

const NEED_WORDS: Record<MissingNeed, string> = { book: 'booked', confirm: 'confirmed', send: 'sent', pay: 'paid' };

/** "voucher VCH-2026-0003 (not sent, not paid)": one checklist line in words. */
export const describeMissing = (item: MissingItem) =>
  item.kind === 'services'
    ? 'vendor services (none booked: the tour plans them; add their vouchers, or complete with a "no vendor services" reason)'
    : `${item.kind} ${item.label} (${item.needs.map((n) => `not ${NEED_WORDS[n]}`).join(', ')})`;

/** The 409 message when the machine refuses an event, naming everything still missing. */
export function describeOperationRefusal(state: string, event: OperationEvent, context?: OperationContext): string {
  switch (event.type) {
    case 'COMPLETE':
      if (state !== 'pending') return `Only a pending operation can be completed; this one is ${state}`;
      if (event.noVendorServices) {
        if (!isNoVendorServicesReason(event.noVendorServices.reason)) return `noVendorServices.reason is required (at most ${NO_VENDOR_SERVICES_REASON_MAX} characters)`;
        if ((context?.vouchers ?? 0) > 0) return `Vendor services are booked on this operation (${context?.vouchers} voucher${context?.vouchers === 1 ? '' : 's'}): complete it without "no vendor services"`;
        return `The operation cannot be completed yet: ${(context?.missing ?? []).filter((m) => m.kind !== 'services').map(describeMissing).join('; ')}`;
      }
      return `The operation cannot be completed yet: ${(context?.missing ?? []).map(describeMissing).join('; ')}`;
    case 'CANCEL':
      if (state !== 'pending') return `A ${state} operation cannot be cancelled`;
      return 'An operation is cancelled only through an approved cancellation';
  }
}

/**
 * The operations board's next step for a trip, derived from the machines' states: what the ops
 * lead does next. `addVouchers` when nothing is booked yet (an operation whose tour plans no vendor
 * service may still be completed; one whose tour plans some, with a "no vendor services" reason).
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
