import { setup } from 'xstate';
import { statesWithTag } from './workflow';

/**
 * The sales pipeline (SPEC workflow 1): `new → contacted → qualified → quoted → won`; any open
 * state `→ lost` with a reason; `lost → contacted` (reopened). `won` is reached only when a
 * booking is created for the lead: WIN carries the booking's id, and the status call cannot send
 * one (the bookings issue sends it from the server). The stored `leads.status` is the state value.
 * The states tagged `open` are those in which the lead is still worked on: queries and follow-ups
 * may be added, and it shows a next follow-up (`statesWithTag(leadMachine, 'open')`).
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
    won: { description: 'A booking was created for the lead; the customer coming back with a new enquiry reopens it.', on: { REOPEN: 'contacted' } },
    lost: { description: 'Closed with a reason; can be reopened.', on: { REOPEN: 'contacted' } },
  },
});

/** The states in which a lead is still worked on (queries, follow-ups, a next follow-up): the machine's `open` tag. */
export const OPEN_LEAD_STATES = statesWithTag(leadMachine, 'open') as LeadState[];
const OPEN = new Set<string>(OPEN_LEAD_STATES);
export const isOpenLead = (status: string) => OPEN.has(status);
