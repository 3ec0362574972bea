import { setup } from 'xstate';

/**
 * A booking's life (SPEC workflow 2): `pendingVerification → verified → completed → invoiced`;
 * `canceled` from any state but `invoiced`, only through an approved cancellation.
 *
 * - VERIFY (`PUT /bookings/{id}/verify`) needs every traveller named for the pax count and the
 *   first installment covered by verified payments: facts of the record, given as context by the
 *   server (`travellersToName`, `firstInstallmentOpen`). It starts the trip's operation
 *   (`startOperation`: the booking's operation, docs/operations.md).
 * - COMPLETE is sent by the daily job with the organization's today; the machine accepts it once
 *   the arrival date has passed (`arrived`).
 * - INVOICE is sent when the booking's invoice is issued, naming it.
 * - CANCEL is sent only by an approved cancellation (the cancellations issue), naming it; a group
 *   booking gives its seats back (`releaseSeats`).
 *
 * The stored `bookings.status` is the state value. Tags: `collecting` (payments may be recorded and
 * reminders go out while money is owed), `travellersEditable`, `delivered` (the trip took place:
 * the completed bookings list), `operated` (VERIFY opened its operation, which operations staff
 * work on: the booking's page links to it).
 */
export type BookingEvent =
  | { type: 'VERIFY' }
  | { type: 'COMPLETE'; today?: string }
  | { type: 'INVOICE'; invoiceId?: string }
  | { type: 'CANCEL'; cancellationId?: string };

export interface BookingContext {
  /** Travellers still without a name (the pax count less the named ones). */
  travellersToName: number;
  /** What verified payments have not yet covered of the first installment, in minor units. */
  firstInstallmentOpen: number;
  /** The last day of the trip (`YYYY-MM-DD`). */
  arrival: string;
}

export const BOOKING_STATES = ['pendingVerification', 'verified', 'completed', 'invoiced', 'canceled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Every event, with payloads the guards accept for a booking about which nothing is missing: what path tests replay. */
export const BOOKING_EVENTS: BookingEvent[] = [
  { type: 'VERIFY' },
  { type: 'COMPLETE', today: '2200-12-31' },
  { type: 'INVOICE', invoiceId: '00000000-0000-4000-8000-00000000a001' },
  { type: 'CANCEL', cancellationId: '00000000-0000-4000-8000-00000000c001' },
];

const cancel = { CANCEL: { guard: 'approvedCancellation', target: 'canceled', actions: 'releaseSeats' } } as const;

export const bookingMachine = setup({
  types: {
    events: {} as BookingEvent,
    context: {} as BookingContext,
    input: {} as Partial<BookingContext> | undefined,
  },
  guards: {
    readyToVerify: ({ context }) => context.travellersToName === 0 && context.firstInstallmentOpen === 0,
    arrived: ({ context, event }) => event.type === 'COMPLETE' && !!event.today && context.arrival < event.today,
    hasInvoice: ({ event }) => event.type === 'INVOICE' && !!event.invoiceId,
    approvedCancellation: ({ event }) => event.type === 'CANCEL' && !!event.cancellationId,
  },
  // Named effects the server performs (server/bookings/workflow.ts); the machine only names them.
  actions: {
    startOperation: () => {},
    releaseSeats: () => {},
  },
}).createMachine({
  id: 'booking',
  initial: 'pendingVerification',
  context: ({ input }) => ({ travellersToName: input?.travellersToName ?? 0, firstInstallmentOpen: input?.firstInstallmentOpen ?? 0, arrival: input?.arrival ?? '' }),
  states: {
    pendingVerification: {
      tags: ['collecting', 'travellersEditable'],
      description: 'Booked: travellers are being named and the deposit collected.',
      on: { VERIFY: { guard: 'readyToVerify', target: 'verified', actions: 'startOperation' }, ...cancel },
    },
    verified: {
      tags: ['collecting', 'travellersEditable', 'operated'],
      description: 'Checked: every traveller named, the first installment paid; operations prepares the trip.',
      on: { COMPLETE: { guard: 'arrived', target: 'completed' }, ...cancel },
    },
    completed: {
      tags: ['collecting', 'delivered', 'operated'],
      description: 'The trip is over; it awaits its invoice.',
      on: { INVOICE: { guard: 'hasInvoice', target: 'invoiced' }, ...cancel },
    },
    invoiced: {
      tags: ['collecting', 'delivered', 'operated'],
      description: 'Its invoice is issued; corrections are credit notes.',
    },
    canceled: {
      description: 'Cancelled through an approved cancellation.',
    },
  },
});

/** The 409 message when the machine refuses an event, in words a person can act on. */
export function describeBookingRefusal(state: string, event: BookingEvent, context?: BookingContext): string {
  switch (event.type) {
    case 'VERIFY':
      if (state !== 'pendingVerification') return `Only a booking pending verification can be verified; this one is ${state}`;
      if (context && context.travellersToName > 0) return `${context.travellersToName} of the travellers still ${context.travellersToName === 1 ? 'has' : 'have'} no name`;
      return 'The first installment is not yet covered by verified payments';
    case 'COMPLETE':
      return state === 'verified' ? 'The trip has not ended yet' : `Only a verified booking can be completed; this one is ${state}`;
    case 'INVOICE':
      return state === 'invoiced' ? 'This booking is invoiced already' : `Only a completed booking can be invoiced; this one is ${state}`;
    case 'CANCEL':
      if (state === 'invoiced' || state === 'canceled') return `A ${state} booking cannot be cancelled`;
      return 'A booking is cancelled only through an approved cancellation';
  }
}
