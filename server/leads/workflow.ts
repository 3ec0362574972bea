import { leadMachine, describeLeadRefusal } from '../../src/machines/lead-machine';
import { snapshotOf } from '../../src/machines/workflow';
import type { Tx } from '../db/client';
import { rowWorkflow, applyEvent } from '../workflow/apply-event';
import { leads } from './schema';
import { logLeadEvent, refreshNextFollowUp } from './store';

export const leadWorkflow = rowWorkflow({ machine: leadMachine, table: leads, recordName: 'Lead', refusal: describeLeadRefusal });

/** Whether the lead machine lets a lead in `status` be worked on (queries, follow-ups). */
export const isOpen = (status: string) => snapshotOf(leadMachine, status).hasTag('open');

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
