import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { paymentRequestFor, verifyBookingRequest } from '../../src/api/bookings/contract';
import { workflowPath } from '../../src/api/common/workflow';
import { BOOKING_EVENTS, BOOKING_STATES, bookingMachine, type BookingEvent } from '../../src/machines/booking-machine';
import { PAYMENT_EVENTS, paymentMachine, type PaymentEvent } from '../../src/machines/payment-machine';
import { allowedEvents, snapshotOf, statesWithTag } from '../../src/machines/workflow';
import { cancelBooking, completeBooking } from '../../server/bookings/workflow';
import { ApiError } from '../../server/http/errors';
import type { Tx } from '../../server/db/client';
import type { Agent, Answer } from '../support/agent';
import { NOW, book, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let owner: Agent;
let org: string;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  org = await orgId(s);
  departure = await newDeparture(owner, { capacity: 1000 });
});
afterAll(() => s?.close());

/** A server function other areas call (the daily job, a cancellation), answered as the HTTP layer would. */
async function asServer(fn: (tx: Tx) => Promise<unknown>): Promise<Answer> {
  try {
    await s.database.withTenant(org, fn);
    return { status: 200, headers: new Headers(), body: {} };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, headers: new Headers(), body: err.body() };
    throw err;
  }
}

/**
 * The booking over HTTP as staff drive it: VERIFY is `PUT /bookings/{id}/verify`, INVOICE is
 * `POST /booking-invoices/generate`. COMPLETE is the daily job's (`completeBooking` with the day it
 * runs on) and CANCEL an approved cancellation's (`cancelBooking`): server calls, made here in a
 * transaction of the real server's database as the organization. Each new booking has its travellers
 * named and its deposit verified, so nothing its guards ask is missing.
 */
const bookingAdapter = (): WorkflowAdapter<BookingEvent> => ({
  allEvents: BOOKING_EVENTS,
  async create() {
    const booking = await book(owner, groupBooking(departure, await newLead(owner)));
    const deposit = await pay(owner, booking._id, booking.installments[0].amount);
    expect((await verify(owner, booking._id, deposit.body.data._id)).status).toBe(200);
    return booking._id;
  },
  send(id, event) {
    switch (event.type) {
      case 'VERIFY':
        return owner.request(verifyBookingRequest.method, `/api${workflowPath(verifyBookingRequest, id)}`, verifyBookingRequest.bodyOf(event));
      case 'INVOICE':
        return owner.post('/api/booking-invoices/generate', { bookingId: id });
      case 'COMPLETE':
        return asServer((tx) => completeBooking(tx, id, event.today!));
      case 'CANCEL':
        return asServer((tx) => cancelBooking(tx, id, event.cancellationId!, null));
    }
  },
  async readState(id) {
    return verifyBookingRequest.stateOf((await owner.get(`/api/bookings/id/${id}`)).body.data);
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from bookings where id = $1', [id]);
    const [counts] = await s.sql(
      `select (select count(*) from booking_invoices where booking_id = $1) as invoices, (select count(*) from booking_events where booking_id = $1) as events,
              (select seats_taken from group_tours where id = $2) as seats, (select count(*) from number_series where doc_type = 'invoice') as series`,
      [id, departure],
    );
    return { row, counts };
  },
});

testMachinePaths(bookingMachine, { events: BOOKING_EVENTS, api: bookingAdapter });

type PaymentId = { bookingId: string; paymentId: string };

/** A payment over HTTP: verify and fail are their own calls (the seed's paths). */
const paymentAdapter = (): WorkflowAdapter<PaymentEvent, PaymentId> => ({
  allEvents: PAYMENT_EVENTS,
  async create() {
    const booking = await book(owner, groupBooking(departure, await newLead(owner)));
    const res = await pay(owner, booking._id, 42_000);
    expect(res.status).toBe(201);
    return { bookingId: booking._id, paymentId: res.body.data._id };
  },
  send({ bookingId, paymentId }, event) {
    const request = paymentRequestFor(event);
    return owner.request(request.method, `/api${workflowPath(request, bookingId, { paymentId })}`, request.bodyOf(event as never));
  },
  async readState({ bookingId, paymentId }) {
    const booking = (await owner.get(`/api/bookings/id/${bookingId}`)).body.data;
    return booking.payments.find((p: { _id: string }) => p._id === paymentId).status;
  },
  async readRecord({ bookingId, paymentId }) {
    const [row] = await s.sql('select * from booking_payments where id = $1', [paymentId]);
    const [counts] = await s.sql(
      `select (select count(*) from payment_allocations where payment_id = $1) as allocations,
              (select count(*) from journal_entries where source_id = $1) as entries,
              (select paid_amount from bookings where id = $2) as paid`,
      [paymentId, bookingId],
    );
    return { row, counts };
  },
});

testMachinePaths(paymentMachine, { events: PAYMENT_EVENTS, api: paymentAdapter });

describe('booking machine', () => {
  it('verifies only with every traveller named and the first installment covered', () => {
    const ready = { travellersToName: 0, firstInstallmentOpen: 0, arrival: '2031-05-01' };
    expect(snapshotOf(bookingMachine, 'pendingVerification', ready).can({ type: 'VERIFY' })).toBe(true);
    expect(snapshotOf(bookingMachine, 'pendingVerification', { ...ready, travellersToName: 1 }).can({ type: 'VERIFY' })).toBe(false);
    expect(snapshotOf(bookingMachine, 'pendingVerification', { ...ready, firstInstallmentOpen: 1 }).can({ type: 'VERIFY' })).toBe(false);
  });

  it('completes only the day after the arrival', () => {
    const verified = snapshotOf(bookingMachine, 'verified', { travellersToName: 0, firstInstallmentOpen: 0, arrival: '2031-05-01' });
    expect(verified.can({ type: 'COMPLETE', today: '2031-05-01' })).toBe(false);
    expect(verified.can({ type: 'COMPLETE', today: '2031-05-02' })).toBe(true);
    expect(verified.can({ type: 'COMPLETE' })).toBe(false);
  });

  it('cancels from every state but invoiced, only with an approved cancellation', () => {
    for (const state of ['pendingVerification', 'verified', 'completed']) {
      expect(snapshotOf(bookingMachine, state).can({ type: 'CANCEL' }), state).toBe(false);
      expect(snapshotOf(bookingMachine, state).can({ type: 'CANCEL', cancellationId: 'c' }), state).toBe(true);
    }
    expect(allowedEvents(snapshotOf(bookingMachine, 'invoiced'), BOOKING_EVENTS)).toEqual([]);
    expect(allowedEvents(snapshotOf(bookingMachine, 'canceled'), BOOKING_EVENTS)).toEqual([]);
  });

  it('names its state sets with tags', () => {
    expect(statesWithTag(bookingMachine, 'collecting')).toEqual(['pendingVerification', 'verified', 'completed', 'invoiced']);
    expect(statesWithTag(bookingMachine, 'travellersEditable')).toEqual(['pendingVerification', 'verified']);
    expect(statesWithTag(bookingMachine, 'delivered')).toEqual(['completed', 'invoiced']);
    expect(statesWithTag(bookingMachine, 'operated')).toEqual(['verified', 'completed', 'invoiced']);
  });

  it('tags `operated` exactly the states every way to which ran VERIFY’s startOperation', () => {
    // The states reachable without VERIFY may have no operation; every other one has it.
    const withoutVerify = new Set<string>(['pendingVerification']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const state of [...withoutVerify]) {
        for (const event of BOOKING_EVENTS.filter((e) => e.type !== 'VERIFY')) {
          const snapshot = snapshotOf(bookingMachine, state, { travellersToName: 0, firstInstallmentOpen: 0, arrival: '2000-01-01' });
          if (!snapshot.can(event)) continue;
          const [next] = transition(bookingMachine, snapshot, event);
          if (!withoutVerify.has(next.value as string)) grew = !!withoutVerify.add(next.value as string);
        }
      }
    }
    expect(statesWithTag(bookingMachine, 'operated')).toEqual(BOOKING_STATES.filter((x) => !withoutVerify.has(x)));
  });

  it('refuses over HTTP with what is missing', async () => {
    const booking = await book(owner, groupBooking(departure, await newLead(owner), { named: false }));
    const res = await owner.put(`/api/bookings/${booking._id}/verify`, {});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: '2 of the travellers still have no name', params: { state: 'pendingVerification', event: 'VERIFY' } });
    for (const t of booking.travellers) expect((await owner.put(`/api/bookings/${booking._id}/participant`, { _id: t._id, name: `Named ${t.position}` })).status).toBe(200);
    expect((await owner.put(`/api/bookings/${booking._id}/verify`, {})).body.message).toBe('The first installment is not yet covered by verified payments');
    // A deposit short of the first installment still leaves it open.
    const short = await pay(owner, booking._id, booking.installments[0].amount - 1);
    await verify(owner, booking._id, short.body.data._id);
    expect((await owner.put(`/api/bookings/${booking._id}/verify`, {})).status).toBe(409);
    const rest = await pay(owner, booking._id, 1);
    await verify(owner, booking._id, rest.body.data._id);
    expect((await owner.put(`/api/bookings/${booking._id}/verify`, {})).body.data.status).toBe('verified');
  });
});

describe('payment machine', () => {
  it('fails only with a reason, and both ends are final', () => {
    const submitted = snapshotOf(paymentMachine, 'submitted');
    expect(submitted.can({ type: 'FAIL' })).toBe(false);
    expect(submitted.can({ type: 'FAIL', reason: '  ' })).toBe(false);
    expect(allowedEvents(snapshotOf(paymentMachine, 'verified'), PAYMENT_EVENTS)).toEqual([]);
    expect(allowedEvents(snapshotOf(paymentMachine, 'failed'), PAYMENT_EVENTS)).toEqual([]);
  });

  it('answers a verify of a failed payment with 409 and the machine’s words', async () => {
    const booking = await book(owner, groupBooking(departure, await newLead(owner)));
    const p = (await pay(owner, booking._id, 1000)).body.data;
    expect((await owner.put(`/api/bookings/${booking._id}/payment/${p._id}/fail`, { reason: 'Card refused' })).body.data).toMatchObject({ status: 'failed', failReason: 'Card refused' });
    const res = await verify(owner, booking._id, p._id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'A failed payment cannot be verified' });
    // The seed's fail call without a reason names the field before the machine is asked.
    const q = (await pay(owner, booking._id, 1000)).body.data;
    const blank = await owner.put(`/api/bookings/${booking._id}/payment/${q._id}/fail`, { reason: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0]).toMatchObject({ path: 'reason', code: 'required' });
  });
});
