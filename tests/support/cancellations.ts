import { expect } from 'vitest';
import { cancellationEndpoints } from '../../src/api/cancellations/contract';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import type { Agent } from './agent';
import { book, groupBooking, newLead, pay, verify } from './bookings';

/** What the cancellation tests share (docs/cancellations.md): a request and a decision as staff make them. */

export const requestCancellation = (agent: Agent, bookingId: string, extra: Record<string, unknown> = {}) =>
  agent.post(`/api${cancellationEndpoints.request.pattern}`, { bookingId, reason: 'The customer broke a leg', ...extra });

/** `PATCH /booking-cancellations/{id}/status`, keyed as the screen keys it. */
export const decideCancellation = (agent: Agent, id: string, body: Record<string, unknown>, key = newIdempotencyKey()) =>
  agent.patch(`/api${cancellationEndpoints.status.url({ id })}`, body, { 'Idempotency-Key': key });

/** An approval that gives nothing back: what was paid in money is kept, credit-note payments go back to their notes. */
export const NOTHING_BACK = { status: 'approved', totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 } as const;

/** A request (201) answered whole. */
export async function requestedCancellation(agent: Agent, bookingId: string) {
  const res = await requestCancellation(agent, bookingId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; status: string };
}

/**
 * A group booking on `departure` of the customer with `email` (a new lead with the same email is
 * the same contact: the same customer), its deposit paid by bank transfer and verified, answered whole.
 */
export async function paidBooking(agent: Agent, departure: string, o: { email?: string; pax?: number } = {}) {
  const lead = await newLead(agent, undefined, o.email ? { email: o.email } : {});
  const booking = await book(agent, groupBooking(departure, lead, { pax: o.pax ?? 2 }));
  const deposit = await pay(agent, booking._id, booking.installments[0].amount);
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  expect((await verify(agent, booking._id, deposit.body.data._id)).status).toBe(200);
  return { ...booking, deposit: booking.installments[0].amount as number };
}
