import { describeLeadRefusal } from '../../src/api/leads/contract';
import { leadMachine } from '../../src/machines/lead-machine';
import { statesWithTag } from '../../src/machines/workflow';
import type { Tx } from '../db/client';
import { rowWorkflow, applyEvent } from '../workflow/apply-event';
import { leads } from './schema';
import { logLeadEvent, refreshNextFollowUp } from './store';

export const leadWorkflow = rowWorkflow({ machine: leadMachine, table: leads, recordName: 'Lead', refusal: describeLeadRefusal });

/** The states in which a lead is still worked on (queries, follow-ups, a next follow-up): the machine's `open` tag. */
export const OPEN_LEAD_STATES = statesWithTag(leadMachine, 'open');
const OPEN = new Set(OPEN_LEAD_STATES);
export const isOpen = (status: string) => OPEN.has(status);

/**
 * A lead is won when a booking is created for it (SPEC workflow 1): the bookings module calls this
 * in the booking's transaction. The lead machine's WIN needs the booking's id; nothing else sends it.
 */
export async function markLeadWon(tx: Tx, leadId: string, bookingId: string, actorId: string | null) {
  await applyEvent(tx, leadWorkflow, leadId, { type: 'WIN', bookingId }, async ({ from }) => {
    await logLeadEvent(tx, leadId, 'status', { from: from.value, to: 'won', bookingId }, actorId);
  });
  await refreshNextFollowUp(tx, leadId);
}
