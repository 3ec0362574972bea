import { setup } from 'xstate';
import { statesWithTag } from './workflow';

/**
 * A credit note (SPEC workflow 4): `issued → redeemed | expired`. It pays part or all of a later
 * booking of the same customer, several times, until used up (USE_UP, when nothing is left) or
 * until its `validUntil` passes (EXPIRE, by the daily job: what is left becomes income). A
 * redemption on a booking that is itself cancelled goes back to the note (REINSTATE) while it is
 * still valid. The balance and dates are the database's (credit_notes, credit_note_redemptions).
 */
export type CreditNoteEvent = { type: 'USE_UP' } | { type: 'REINSTATE' } | { type: 'EXPIRE' };

export const CREDIT_NOTE_STATES = ['issued', 'redeemed', 'expired'] as const;
export type CreditNoteState = (typeof CREDIT_NOTE_STATES)[number];
export const CREDIT_NOTE_EVENTS: CreditNoteEvent[] = [{ type: 'USE_UP' }, { type: 'REINSTATE' }, { type: 'EXPIRE' }];

export const creditNoteMachine = setup({
  types: { events: {} as CreditNoteEvent },
  actions: { recogniseBreakage: () => {} },
}).createMachine({
  id: 'creditNote',
  initial: 'issued',
  states: {
    issued: {
      tags: ['usable'],
      description: 'May pay a booking of its customer until it is used up or expires.',
      on: { USE_UP: { target: 'redeemed' }, EXPIRE: { target: 'expired', actions: 'recogniseBreakage' } },
    },
    redeemed: { description: 'Used up.', on: { REINSTATE: { target: 'issued' } } },
    expired: { type: 'final', description: 'What was left became income on its last day.' },
  },
});

export const USABLE_CREDIT_NOTE_STATES = statesWithTag(creditNoteMachine, 'usable') as CreditNoteState[];
