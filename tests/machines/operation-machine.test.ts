import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOperationRequest, operationPaths } from '../../src/api/operations/contract';
import { workflowPath } from '../../src/api/common/workflow';
import { allowedEvents, snapshotOf, statesWithTag } from '../../src/machines/workflow';
import { OPERATION_EVENTS, describeOperationRefusal, nextStepOf, operationMachine, servicesItem, servicesUnbooked, type MissingItem, type OperationEvent } from '../../src/machines/operation-machine';
import { cancelOperation } from '../../server/operations/workflow';
import { ApiError } from '../../server/http/errors';
import type { Tx } from '../../server/db/client';
import type { Agent, Answer } from '../support/agent';
import { NOW, newDeparture, orgId } from '../support/bookings';
import { operationOf, verifiedBooking } from '../support/operations';
import { testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let owner: Agent;
let ops: Agent;
let org: string;
let departure: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  ops = await s.login('ops@demo.travel');
  org = await orgId(s);
  departure = await newDeparture(owner, { capacity: 1000 });
});
afterAll(() => s?.close());

/** A server function another area calls (an approved cancellation), answered as the HTTP layer would. */
async function asServer(fn: (tx: Tx) => Promise<unknown>): Promise<Answer> {
  try {
    await s.database.withTenant(org, fn);
    return { status: 200, headers: new Headers(), body: {} };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, headers: new Headers(), body: err.body() };
    throw err;
  }
}

type Ids = { bookingId: string; operationId: string };

/**
 * An operation over HTTP: COMPLETE is `PUT /booking-operations/{id}/mark-completed`, with or without
 * a "no vendor services" reason (an operation with nothing missing: its booking, a group departure
 * whose tour plans no vendor service, was just verified and nothing is booked yet); CANCEL is an
 * approved cancellation's server call (`cancelOperation`, the cancellations issue's place).
 */
const operationAdapter = (): WorkflowAdapter<OperationEvent, Ids> => ({
  allEvents: OPERATION_EVENTS,
  async create() {
    const booking = await verifiedBooking(owner, { departure });
    return { bookingId: booking._id, operationId: (await operationOf(ops, booking._id))._id };
  },
  send(ids, event) {
    if (event.type === 'CANCEL') return asServer((tx) => cancelOperation(tx, ids.bookingId, event.cancellationId!, null));
    return ops.request(completeOperationRequest.method, `/api${workflowPath(completeOperationRequest, ids.operationId)}`, completeOperationRequest.bodyOf(event));
  },
  async readState(ids) {
    return completeOperationRequest.stateOf((await ops.get(`/api${operationPaths.byId(ids.operationId)}`)).body.data);
  },
  async readRecord(ids) {
    const [row] = await s.sql('select * from booking_operations where id = $1', [ids.operationId]);
    return row;
  },
});

testMachinePaths(operationMachine, { events: OPERATION_EVENTS, api: operationAdapter });

const missing: MissingItem[] = [{ kind: 'voucher', _id: 'v', label: 'VCH-2031-0001', needs: ['send', 'pay'], owed: 500 }, { kind: 'expense', _id: 'e', label: 'Guide tips', needs: ['pay'], owed: 100 }];

const noVendorServices = (reason: string): OperationEvent => ({ type: 'COMPLETE', noVendorServices: { reason } });

describe('operation machine', () => {
  it('completes only with nothing missing, and the refusal names each item', () => {
    expect(snapshotOf(operationMachine, 'pending', { missing: [], vouchers: 0 }).can({ type: 'COMPLETE' })).toBe(true);
    expect(snapshotOf(operationMachine, 'pending', { missing, vouchers: 1 }).can({ type: 'COMPLETE' })).toBe(false);
    expect(describeOperationRefusal('pending', { type: 'COMPLETE' }, { missing, vouchers: 1 })).toBe('The operation cannot be completed yet: voucher VCH-2031-0001 (not sent, not paid); expense Guide tips (not paid)');
  });

  it('needs the vendor services the tour plans, or a "no vendor services" reason when there is truly no voucher', () => {
    // The tour's priced lines cost something and nothing is booked: the checklist has the services line.
    expect(servicesUnbooked({ vouchers: 0, plannedCost: 730_000 })).toBe(true);
    expect(servicesUnbooked({ vouchers: 1, plannedCost: 730_000 })).toBe(false);
    expect(servicesUnbooked({ vouchers: 0, plannedCost: 0 })).toBe(false);
    expect(servicesUnbooked({ vouchers: 0, plannedCost: null })).toBe(false);
    const unbooked = { missing: [servicesItem('op')], vouchers: 0 };
    expect(snapshotOf(operationMachine, 'pending', unbooked).can({ type: 'COMPLETE' })).toBe(false);
    expect(describeOperationRefusal('pending', { type: 'COMPLETE' }, unbooked)).toBe(
      'The operation cannot be completed yet: vendor services (none booked: the tour plans them; add their vouchers, or complete with a "no vendor services" reason)',
    );
    expect(snapshotOf(operationMachine, 'pending', unbooked).can(noVendorServices('The customer booked the lodge himself'))).toBe(true);
    // A blank or overlong reason is no reason.
    expect(snapshotOf(operationMachine, 'pending', unbooked).can(noVendorServices('   '))).toBe(false);
    expect(snapshotOf(operationMachine, 'pending', unbooked).can(noVendorServices('x'.repeat(501)))).toBe(false);
    expect(snapshotOf(operationMachine, 'pending', unbooked).can(noVendorServices('x'.repeat(500)))).toBe(true);
    // The reason answers for the services only: an unpaid expense still stops it.
    const withExpense = { missing: [servicesItem('op'), missing[1]], vouchers: 0 };
    expect(snapshotOf(operationMachine, 'pending', withExpense).can(noVendorServices('Self-booked'))).toBe(false);
    expect(describeOperationRefusal('pending', noVendorServices('Self-booked'), withExpense)).toBe('The operation cannot be completed yet: expense Guide tips (not paid)');
    // "No vendor services" with vouchers is refused, even with nothing else missing.
    expect(snapshotOf(operationMachine, 'pending', { missing: [], vouchers: 2 }).can(noVendorServices('Self-booked'))).toBe(false);
    expect(describeOperationRefusal('pending', noVendorServices('Self-booked'), { missing: [], vouchers: 2 })).toBe(
      'Vendor services are booked on this operation (2 vouchers): complete it without "no vendor services"',
    );
  });

  it('cancels only with an approved cancellation; both ends are final', () => {
    expect(snapshotOf(operationMachine, 'pending', { missing, vouchers: 1 }).can({ type: 'CANCEL' })).toBe(false);
    expect(snapshotOf(operationMachine, 'pending', { missing, vouchers: 1 }).can({ type: 'CANCEL', cancellationId: 'c' })).toBe(true);
    for (const state of ['completed', 'canceled']) expect(allowedEvents(snapshotOf(operationMachine, state, { missing: [], vouchers: 0 }), OPERATION_EVENTS)).toEqual([]);
    expect(statesWithTag(operationMachine, 'open')).toEqual(['pending']);
  });

  it('gives the board its next step', () => {
    const base = { status: 'pending' as const, vouchers: 2, expenses: 0, drafts: 0, unsent: 0, unpaid: 0 };
    expect(nextStepOf({ ...base, vouchers: 0 })).toBe('addVouchers');
    expect(nextStepOf({ ...base, drafts: 1, unsent: 1, unpaid: 2 })).toBe('confirmVouchers');
    expect(nextStepOf({ ...base, unsent: 1, unpaid: 2 })).toBe('sendVouchers');
    expect(nextStepOf({ ...base, unpaid: 1 })).toBe('payVendors');
    expect(nextStepOf(base)).toBe('complete');
    expect(nextStepOf({ ...base, status: 'completed' })).toBe('done');
    expect(nextStepOf({ ...base, status: 'canceled' })).toBe('canceled');
  });

  it('a cancellation voids the operation’s vouchers', async () => {
    const booking = await verifiedBooking(owner, { departure });
    const op = await operationOf(ops, booking._id);
    const vendor = (await owner.post('/api/vendors', { name: `Cancel vendor ${Date.now()}`, services: ['hotels'], email: 'c@example.com' })).body.data._id;
    await ops.post(`/api${operationPaths.vouchers(op._id)}`, { serviceType: 'hotels', vendorId: vendor, serviceStartDate: booking.departure, serviceEndDate: booking.arrival, pax: 2, cost: 1000 });
    expect((await asServer((tx) => cancelOperation(tx, booking._id, '00000000-0000-4000-8000-00000000c002', null))).status).toBe(200);
    const after = (await ops.get(`/api${operationPaths.byId(op._id)}`)).body.data;
    expect(after.status).toBe('canceled');
    expect(after.vouchers.map((v: { status: string }) => v.status)).toEqual(['void']);
    expect(after.nextStep).toBe('canceled');
  });
});
