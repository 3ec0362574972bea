import { describeLeadRefusal } from '../../src/api/leads/contract';
import { leadMachine, type LeadEvent } from '../../src/machines/lead-machine';
import { transition } from 'xstate';
import { encodeState, eventsTo, snapshotOf } from '../../src/machines/workflow';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { rowWorkflow, applyEvent, applyEventTo } from '../workflow/apply-event';
import { leads } from './schema';
import { logLeadEvent, logLeadEvents, refreshNextFollowUp } from './store';

export const leadWorkflow = rowWorkflow({ machine: leadMachine, table: leads, recordName: 'Lead', refusal: describeLeadRefusal });

/**
 * A lead is won when a booking is created for it (SPEC workflow 1): the bookings module calls this
 * in the booking's transaction. The lead machine's WIN needs the booking's id; nothing else sends it.
 */
export async function markLeadWon(tx: Tx, leadId: string, bookingId: string, actorId: string | null) {
  await applyEvent(
    tx,
    leadWorkflow,
    leadId,
    { type: 'WIN', bookingId },
    async ({ from }) => {
      await logLeadEvent(tx, leadId, 'status', { from: from.value, to: 'won', bookingId }, actorId);
    },
    { actorId },
  );
  await refreshNextFollowUp(tx, leadId);
}

/**
 * A lead is booked (SPEC workflow 1: a booking made for it wins it): a won lead is a returning
 * customer and is reopened first (`reopenForReturningCustomer`); an open lead short of where WIN is
 * allowed takes the machine's own steps forward, each a line of its timeline naming the booking; a
 * lost one refuses (409). The steps are walked in memory (the lead machine has no actions) and
 * written once: the won state, and the timeline's lines in one insert.
 */
export async function markLeadBooked(tx: Tx, leadId: string, bookingId: string, actorId: string | null, lockedBefore?: typeof leads.$inferSelect) {
  const locked = lockedBefore ?? (await leadWorkflow.lock(tx, leadId));
  if (!locked) throw notFound('Lead');
  const row = await reopenForReturningCustomer(tx, locked, actorId, { bookingId });
  const win: LeadEvent = { type: 'WIN', bookingId };
  const lines: { from: string; to: string }[] = [];
  let current = snapshotOf(leadMachine, row.status);
  while (!current.can(win)) {
    const step = FORWARD.find((e) => current.can(e));
    const state = encodeState(current.value);
    if (!step) throw conflict(`A ${state} lead cannot be booked; reopen it first`, 'LEAD_CLOSED', { status: state });
    const [next] = transition(leadMachine, current, step);
    lines.push({ from: state, to: encodeState(next.value) });
    current = next;
  }
  const { from } = await applyEventTo(tx, leadWorkflow, { ...row, status: encodeState(current.value) }, win, undefined, { actorId });
  lines.push({ from: encodeState(from.value), to: 'won' });
  await logLeadEvents(tx, leadId, lines.map((l) => ({ type: 'status' as const, data: { ...l, bookingId } })), actorId);
  // A won lead has no next follow-up: nothing to clear when it had none and was not reopened above.
  if (locked.status === 'won' || locked.nextFollowUpAt !== null) await refreshNextFollowUp(tx, leadId);
}

/**
 * A customer who booked comes back with a new enquiry (a query, a tour, a proposal or a booking for
 * the won lead): the lead machine's REOPEN takes the won lead back to contacted, a line of its
 * timeline naming the cause; its won booking and history stay. A lost lead stays lost (reopening it
 * is a decision staff take by hand); an open one is as it is. Answers the lead as it is now.
 */
export async function reopenForReturningCustomer(tx: Tx, row: typeof leads.$inferSelect, actorId: string | null, cause: Record<string, unknown>): Promise<typeof leads.$inferSelect> {
  if (row.status !== 'won') return row;
  const { to } = await applyEventTo(tx, leadWorkflow, row, { type: 'REOPEN' }, undefined, { actorId });
  await logLeadEvent(tx, row.id, 'status', { from: 'won', to: to.value, returning: true, ...cause }, actorId);
  await refreshNextFollowUp(tx, row.id);
  return { ...row, status: to.value as string };
}

/** The pipeline's steps forward: a sent itinerary never reopens, loses or wins a lead. */
const FORWARD: LeadEvent[] = [{ type: 'CONTACT' }, { type: 'QUALIFY' }, { type: 'QUOTE' }];

/**
 * A lead is quoted when an itinerary with a price is sent to it (SPEC workflow 6): the tours area
 * calls this in the send's transaction. An open lead short of quoted takes the machine's own steps
 * forward (new → contacted → qualified → quoted), each a line of its timeline naming `cause`; a
 * quoted lead stays as it is; a won or lost one refuses (409), so nothing is sent.
 */
export async function markLeadQuoted(tx: Tx, leadId: string, actorId: string | null, cause: Record<string, unknown>) {
  const locked = await leadWorkflow.lock(tx, leadId);
  if (!locked) throw notFound('Lead');
  const row = await reopenForReturningCustomer(tx, locked, actorId, cause);
  const steps = eventsTo(leadMachine, row.status, 'quoted', FORWARD);
  if (!steps) throw conflict(`A ${row.status} lead cannot be quoted${row.status === 'lost' ? '; reopen it first' : ''}`, 'LEAD_CLOSED', { status: row.status });
  let current = row;
  for (const event of steps) {
    const { from, to } = await applyEventTo(tx, leadWorkflow, current, event, undefined, { actorId });
    await logLeadEvent(tx, leadId, 'status', { from: from.value, to: to.value, ...cause }, actorId);
    current = { ...current, status: to.value as string };
  }
}
