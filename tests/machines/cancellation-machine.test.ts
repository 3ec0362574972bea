import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationStatusRequest, cancellationEndpoints } from '../../src/api/cancellations/contract';
import { workflowPath } from '../../src/api/common/workflow';
import { CANCELLATION_EVENTS, DECIDED_CANCELLATION_STATES, OPEN_CANCELLATION_STATES, cancellationMachine, describeCancellationRefusal, type CancellationEvent } from '../../src/machines/cancellation-machine';
import { allowedEvents, snapshotOf } from '../../src/machines/workflow';
import type { Agent } from '../support/agent';
import { NOW, TODAY, newDeparture } from '../support/bookings';
import { paidBooking, requestedCancellation } from '../support/cancellations';
import { testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let owner: Agent;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  departure = await newDeparture(owner, { capacity: 1000 });
});
afterAll(() => s?.close());

/**
 * A cancellation over HTTP as a manager decides it: APPROVE and REJECT are `PATCH
 * /booking-cancellations/{id}/status` with the contract's body for the event (an approval giving
 * nothing back, a rejection with its comment). Each path starts from a new request on a new booking
 * whose deposit was paid and verified. A refused decision must leave the request, its booking and the
 * money as they were.
 */
const cancellationAdapter = (): WorkflowAdapter<CancellationEvent> => ({
  allEvents: CANCELLATION_EVENTS,
  async create() {
    return (await requestedCancellation(owner, (await paidBooking(owner, departure))._id))._id;
  },
  send(id, event) {
    return owner.request(cancellationStatusRequest.method, `/api${workflowPath(cancellationStatusRequest, id)}`, cancellationStatusRequest.bodyOf(event));
  },
  async readState(id) {
    return cancellationStatusRequest.stateOf((await owner.get(`/api${cancellationEndpoints.byId.url({ id })}`)).body.data);
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from booking_cancellations where id = $1', [id]);
    const [around] = await s.sql(
      `select b.status as booking, (select seats_taken from group_tours where id = b.tour_id) as seats,
              (select count(*) from refunds where cancellation_id = c.id) as refunds, (select count(*) from credit_notes where cancellation_id = c.id) as notes,
              (select count(*) from journal_entries where source_type = 'cancellation' and source_id = c.id) as entries
       from booking_cancellations c join bookings b on b.id = c.booking_id where c.id = $1`,
      [id],
    );
    return { row, around };
  },
});

testMachinePaths(cancellationMachine, { events: CANCELLATION_EVENTS, api: cancellationAdapter });

describe('cancellation machine', () => {
  const context = { paid: 10_000, today: TODAY, pending: 0 };
  const approve = (split: Record<string, unknown>) => ({ type: 'APPROVE', split: { totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0, ...split } }) as CancellationEvent;

  it('approves only a split that holds against what was paid and the day', () => {
    const requested = snapshotOf(cancellationMachine, 'requested', context);
    expect(requested.can({ type: 'APPROVE' })).toBe(false);
    expect(requested.can(approve({ totalRefundAmount: 10_000, sourceAccountAmount: 10_000, refundSource: 'money:cash' }))).toBe(true);
    expect(requested.can(approve({ totalRefundAmount: 10_001, sourceAccountAmount: 10_001, refundSource: 'money:cash' }))).toBe(false);
    expect(requested.can(approve({ totalRefundAmount: 6_000, sourceAccountAmount: 1_000, creditNoteAmount: 4_000, refundSource: 'money:cash', validUntil: '2031-12-31' }))).toBe(false);
    expect(requested.can(approve({ totalRefundAmount: 5_000, creditNoteAmount: 5_000, validUntil: TODAY }))).toBe(false);
    expect(requested.can(approve({ totalRefundAmount: 5_000, creditNoteAmount: 5_000, validUntil: '2031-03-11' }))).toBe(true);
  });

  it('holds the approval back while a payment of the booking waits for verification, and says why', () => {
    const held = snapshotOf(cancellationMachine, 'requested', { ...context, pending: 2_500 });
    const good = approve({ totalRefundAmount: 10_000, sourceAccountAmount: 10_000, refundSource: 'money:cash' });
    expect(held.can(good)).toBe(false);
    expect(held.can({ type: 'REJECT', comment: 'The trip goes ahead' })).toBe(true);
    expect(describeCancellationRefusal('requested', good, { pending: 2_500 })).toMatch(/wait for verification/);
    expect(describeCancellationRefusal('requested', good, { pending: 0 })).toMatch(/split/);
  });

  it('rejects only with a comment', () => {
    const requested = snapshotOf(cancellationMachine, 'requested', context);
    expect(requested.can({ type: 'REJECT' })).toBe(false);
    expect(requested.can({ type: 'REJECT', comment: '  ' })).toBe(false);
    expect(requested.can({ type: 'REJECT', comment: 'The trip goes ahead' })).toBe(true);
  });

  it('is final once decided, and names its lists with tags', () => {
    for (const state of ['approved', 'rejected']) expect(allowedEvents(snapshotOf(cancellationMachine, state, context), CANCELLATION_EVENTS), state).toEqual([]);
    expect(OPEN_CANCELLATION_STATES).toEqual(['requested']);
    expect(DECIDED_CANCELLATION_STATES).toEqual(['approved', 'rejected']);
  });
});
