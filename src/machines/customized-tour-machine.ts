import { setup } from 'xstate';

/**
 * A customized tour's life (SPEC workflow 6): `draft → sent → booked → published`.
 *
 * - SEND freezes what the customer is sent as a numbered version (`freezeVersion`), moves the
 *   lead to quoted (`quoteLead`) and hands the version to delivery (`deliverVersion`: the PDF and
 *   the mail of the documents issue). The event carries what the sender typed (to, cc, subject,
 *   message).
 * - REVISE (`sent → draft`) starts the next version (`startNextVersion`); the sent ones stay readable.
 * - BOOK happens only when a booking is created for the tour (the bookings issue calls the server's
 *   `markTourBooked`): it needs the booking's id and the version the customer accepted, which must
 *   be the version sent last (`bookable`); it records both (`recordBooking`).
 * - PUBLISH releases the final itinerary to the travellers; REVERT from `published` reopens it for
 *   changes (`booked`); REVERT from `booked` goes back to a new draft version, but only while the
 *   booking has no verified payment (`bookingUnpaid`; the bookings issue supplies that fact as
 *   context), and lets the booking go (`releaseBooking`).
 *
 * The stored `customized_tours.status` is the state value. The context is the record's, built by
 * the server from the database (never assigned here): its current version, and whether its booking
 * has a verified payment. Tags: `editable` (the plan and prices may change: PUT), `deletable`,
 * `planEditable` (the plan may change but not the price: PUT /customized-tours/booked).
 */
export interface TourSend {
  to?: string;
  cc?: string[];
  subject?: string;
  message?: string;
}

export type CustomizedTourEvent =
  | ({ type: 'SEND' } & TourSend)
  | { type: 'REVISE' }
  | { type: 'BOOK'; bookingId?: string; version?: number }
  | { type: 'PUBLISH' }
  | { type: 'REVERT' };

export interface CustomizedTourContext {
  /** The draft's version number, or the version sent last. */
  version: number;
  /** Whether the booking of a booked tour has a verified payment (no bookings yet: false). */
  bookingHasVerifiedPayment: boolean;
}

export const CUSTOMIZED_TOUR_STATES = ['draft', 'sent', 'booked', 'published'] as const;
export type CustomizedTourState = (typeof CUSTOMIZED_TOUR_STATES)[number];

/** Every event, with payloads the guards accept in the initial context (version 1): what path tests replay. */
export const CUSTOMIZED_TOUR_EVENTS: CustomizedTourEvent[] = [
  { type: 'SEND' },
  { type: 'REVISE' },
  { type: 'BOOK', bookingId: '00000000-0000-4000-8000-00000000b00c', version: 1 },
  { type: 'PUBLISH' },
  { type: 'REVERT' },
];

export const customizedTourMachine = setup({
  types: {
    events: {} as CustomizedTourEvent,
    context: {} as CustomizedTourContext,
    input: {} as Partial<CustomizedTourContext> | undefined,
  },
  guards: {
    bookable: ({ context, event }) => event.type === 'BOOK' && !!event.bookingId && event.version === context.version,
    bookingUnpaid: ({ context }) => !context.bookingHasVerifiedPayment,
  },
  // Named effects the server performs (server/tours/workflow.ts); the machine only names them.
  actions: {
    freezeVersion: () => {},
    quoteLead: () => {},
    deliverVersion: () => {},
    startNextVersion: () => {},
    recordBooking: () => {},
    releaseBooking: () => {},
  },
}).createMachine({
  id: 'customizedTour',
  initial: 'draft',
  context: ({ input }) => ({ version: input?.version ?? 1, bookingHasVerifiedPayment: input?.bookingHasVerifiedPayment ?? false }),
  states: {
    draft: {
      tags: ['editable', 'deletable'],
      description: 'Being built: days, lines and prices may change.',
      on: { SEND: { target: 'sent', actions: ['freezeVersion', 'quoteLead', 'deliverVersion'] } },
    },
    sent: {
      description: 'A numbered version was sent to the customer and is frozen.',
      on: {
        REVISE: { target: 'draft', actions: 'startNextVersion' },
        BOOK: { guard: 'bookable', target: 'booked', actions: 'recordBooking' },
      },
    },
    booked: {
      tags: ['planEditable'],
      description: 'A booking was created from the version sent last; the plan may change, not the price.',
      on: {
        PUBLISH: 'published',
        REVERT: { guard: 'bookingUnpaid', target: 'draft', actions: ['releaseBooking', 'startNextVersion'] },
      },
    },
    published: {
      description: 'The final itinerary is released to the travellers.',
      on: { REVERT: 'booked' },
    },
  },
});

/** The 409 message when the machine refuses an event, in words a person can act on. */
export function describeTourRefusal(state: string, event: CustomizedTourEvent, context?: CustomizedTourContext): string {
  switch (event.type) {
    case 'SEND':
      return state === 'sent' ? 'This version was sent already; revise the tour to send a new one' : `A ${state} tour cannot be sent`;
    case 'REVISE':
      return `Only a sent tour can be revised; this one is ${state}`;
    case 'BOOK':
      if (state !== 'sent') return `Only a sent tour can be booked; this one is ${state}`;
      if (!event.bookingId) return 'A tour is booked only when a booking is created for it';
      return `Version ${event.version ?? '?'} is not the version sent last (${context?.version ?? '?'})`;
    case 'PUBLISH':
      return `Only a booked tour can be published; this one is ${state}`;
    case 'REVERT':
      if (state === 'booked') return 'The booking has a verified payment: the tour cannot go back to draft';
      return `Only a booked or published tour can be reverted; this one is ${state}`;
  }
}
