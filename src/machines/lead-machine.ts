import { setup } from 'xstate';

/**
 * The sales pipeline (SPEC workflow 1): `new → contacted → qualified → quoted → won`; any open
 * state `→ lost` with a reason; `lost → contacted` (reopened). `won` is reached only when a
 * booking is created for the lead: WIN carries the booking's id, and the status call cannot send
 * one (the bookings issue sends it from the server). The stored `leads.status` is the state value.
 */
export type LeadEvent =
  | { type: 'CONTACT' }
  | { type: 'QUALIFY' }
  | { type: 'QUOTE' }
  | { type: 'WIN'; bookingId?: string }
  | { type: 'LOSE'; reason?: string }
  | { type: 'REOPEN' };

export const LEAD_STATES = ['new', 'contacted', 'qualified', 'quoted', 'won', 'lost'] as const;
export type LeadState = (typeof LEAD_STATES)[number];
/** States in which the lead is still being worked: follow-ups and queries may be added. */
export const OPEN_LEAD_STATES = ['new', 'contacted', 'qualified', 'quoted'] as const satisfies readonly LeadState[];

/** Every event, with payloads the guards accept: what path tests replay. */
export const LEAD_EVENTS: LeadEvent[] = [
  { type: 'CONTACT' },
  { type: 'QUALIFY' },
  { type: 'QUOTE' },
  { type: 'WIN', bookingId: '00000000-0000-4000-8000-000000000001' },
  { type: 'LOSE', reason: 'Chose another operator' },
  { type: 'REOPEN' },
];

const lose = { LOSE: { guard: 'hasReason', target: 'lost' } } as const;

export const leadMachine = setup({
  types: { events: {} as LeadEvent },
  guards: {
    hasReason: ({ event }) => event.type === 'LOSE' && !!event.reason?.trim(),
    hasBooking: ({ event }) => event.type === 'WIN' && !!event.bookingId,
  },
}).createMachine({
  id: 'lead',
  initial: 'new',
  states: {
    new: { tags: ['open'], description: 'Just arrived; nobody has spoken to the customer yet.', on: { CONTACT: 'contacted', ...lose } },
    contacted: { tags: ['open'], description: 'The customer has been reached.', on: { QUALIFY: 'qualified', ...lose } },
    qualified: { tags: ['open'], description: 'A real trip with dates, travellers and a budget.', on: { QUOTE: 'quoted', ...lose } },
    quoted: { tags: ['open'], description: 'An itinerary with a price has been sent.', on: { WIN: { guard: 'hasBooking', target: 'won' }, ...lose } },
    won: { description: 'A booking was created for the lead.' },
    lost: { description: 'Closed with a reason; can be reopened.', on: { REOPEN: 'contacted' } },
  },
});

/**
 * What `PUT /leads/{id}/status` may ask for: a state, or `reopened` (REOPEN, which lands in
 * `contacted`). One value per event, so every event has its own call.
 */
export const LEAD_STATUS_TARGETS = [...LEAD_STATES, 'reopened'] as const;
export type LeadStatusTarget = (typeof LEAD_STATUS_TARGETS)[number];

/** The event a status request stands for; undefined for `new` (nothing leads back there). */
export function leadEventFor(to: LeadStatusTarget, reason?: string): LeadEvent | undefined {
  const events: Record<LeadStatusTarget, LeadEvent | undefined> = {
    new: undefined,
    contacted: { type: 'CONTACT' },
    qualified: { type: 'QUALIFY' },
    quoted: { type: 'QUOTE' },
    won: { type: 'WIN' },
    lost: { type: 'LOSE', reason },
    reopened: { type: 'REOPEN' },
  };
  return events[to];
}

/** The status request for an event (the UI's buttons and the path tests' HTTP calls). */
const TARGETS: Record<LeadEvent['type'], LeadStatusTarget> = { CONTACT: 'contacted', QUALIFY: 'qualified', QUOTE: 'quoted', WIN: 'won', LOSE: 'lost', REOPEN: 'reopened' };
export const statusTargetOf = (event: LeadEvent): LeadStatusTarget => TARGETS[event.type];

/** The 409 message when the machine refuses. */
export function describeLeadRefusal(state: string, event: LeadEvent): string {
  if (event.type === 'WIN' && state === 'quoted') return 'A lead is won only when a booking is created for it';
  if (event.type === 'LOSE' && state !== 'lost' && state !== 'won') return 'A reason is required to mark a lead lost';
  if (event.type === 'REOPEN') return `Only a lost lead can be reopened; this one is ${state}`;
  return `A ${state} lead cannot be marked ${statusTargetOf(event)}`;
}
