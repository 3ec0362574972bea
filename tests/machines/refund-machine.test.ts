import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationEndpoints } from '../../src/api/cancellations/contract';
import { creditEndpoints } from '../../src/api/finance/credit/contract';
import { REFUND_STATES, refundMachine, type RefundEvent } from '../../src/machines/refund-machine';
import { allowedEvents, snapshotOf } from '../../src/machines/workflow';
import type { Agent } from '../support/agent';
import { NOW, TODAY, newDeparture } from '../support/bookings';
import { decideCancellation, paidBooking, requestedCancellation } from '../support/cancellations';
import { testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let owner: Agent;
let finance: Agent;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance] = await Promise.all([s.login('owner@demo.travel'), s.login('finance@demo.travel')]);
  departure = await newDeparture(owner, { capacity: 1000 });
});
afterAll(() => s?.close());

/** PROCESS on the day the money went out: today, the approval's day (within the books, not before the approval). */
const EVENTS: RefundEvent[] = [{ type: 'PROCESS', refundedOn: TODAY }];

/** Each refund's cancellation: where the API shows the refund's state (there is no `GET /refunds/{id}`). */
const cancellationOf = new Map<string, string>();

/**
 * A refund over HTTP as finance processes it: PROCESS is `PUT /refunds/{id}/process` with the day.
 * Each path starts from a new approval that gives the deposit back by bank transfer. A refused
 * PROCESS must leave the refund and the journal as they were.
 */
const refundAdapter = (): WorkflowAdapter<RefundEvent> => ({
  allEvents: EVENTS,
  async create() {
    const booking = await paidBooking(owner, departure);
    const cancellation = await requestedCancellation(owner, booking._id);
    const approved = await decideCancellation(owner, cancellation._id, { status: 'approved', totalRefundAmount: booking.deposit, sourceAccountAmount: booking.deposit, creditNoteAmount: 0, refundSource: 'money:bank-transfer' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const id = approved.body.data.refund._id as string;
    cancellationOf.set(id, cancellation._id);
    return id;
  },
  send(id, event) {
    return finance.put(`/api${creditEndpoints.process.url({ id })}`, { refundedOn: event.refundedOn, reference: 'OUT-1' });
  },
  async readState(id) {
    return (await finance.get(`/api${cancellationEndpoints.byId.url({ id: cancellationOf.get(id)! })}`)).body.data.refund.status;
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from refunds where id = $1', [id]);
    const [entries] = await s.sql(`select count(*) as n from journal_entries where source_type = 'refund' and source_id = $1`, [id]);
    return { row, entries };
  },
});

testMachinePaths(refundMachine, { events: EVENTS, api: refundAdapter });

describe('refund machine', () => {
  it('processes once, with the day the money went out', () => {
    const pending = snapshotOf(refundMachine, 'pending');
    expect(pending.can({ type: 'PROCESS' })).toBe(false);
    expect(pending.can({ type: 'PROCESS', refundedOn: TODAY })).toBe(true);
    expect(allowedEvents(snapshotOf(refundMachine, 'refunded'), EVENTS)).toEqual([]);
    expect(REFUND_STATES).toEqual(['pending', 'refunded']);
  });
});
