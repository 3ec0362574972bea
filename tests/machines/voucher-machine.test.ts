import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationPaths, voucherRequest } from '../../src/api/operations/contract';
import { workflowPath } from '../../src/api/common/workflow';
import { allowedEvents, snapshotOf, statesWithTag } from '../../src/machines/workflow';
import { VOUCHER_EVENTS, voucherMachine, type VoucherEvent } from '../../src/machines/voucher-machine';
import type { Agent } from '../support/agent';
import { NOW } from '../support/bookings';
import { addVoucher, newVendor, operationOf, verifiedBooking, voucherBody } from '../support/operations';
import { testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let ops: Agent;
let operation: { _id: string };
let booking: { departure: string; arrival: string; pax: number };
let vendor: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  const owner = await s.login('owner@demo.travel');
  ops = await s.login('ops@demo.travel');
  booking = await verifiedBooking(owner);
  operation = await operationOf(ops, (booking as unknown as { _id: string })._id);
  vendor = await newVendor(owner);
});
afterAll(() => s?.close());

/**
 * A voucher over HTTP as ops leads drive it: CONFIRM and VOID are the voucher's PUT with `status`
 * (the contract's mapping), SEND is the operation's send-vouchers naming this voucher. Each path
 * starts from a new draft voucher of one operation.
 */
const voucherAdapter = (): WorkflowAdapter<VoucherEvent> => ({
  allEvents: VOUCHER_EVENTS,
  async create() {
    return (await addVoucher(ops, operation._id, voucherBody(booking, vendor)))._id;
  },
  send(id, event) {
    if (event.type === 'SEND') return ops.post(`/api${operationPaths.sendVouchers(operation._id)}`, { voucherIds: [id] });
    return ops.request(voucherRequest.method, `/api${workflowPath(voucherRequest, id, { operationId: operation._id })}`, voucherRequest.bodyOf(event));
  },
  async readState(id) {
    const op = (await ops.get(`/api${operationPaths.byId(operation._id)}`)).body.data;
    return voucherRequest.stateOf(op.vouchers.find((v: { _id: string }) => v._id === id));
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from vouchers where id = $1', [id]);
    const [counts] = await s.sql(
      `select (select count(*) from document_sends where record_id = $1) as sends, (select count(*) from number_series where doc_type = 'voucher') as series,
              (select last from number_series where doc_type = 'voucher' limit 1) as last`,
      [id],
    );
    return { row, counts };
  },
});

testMachinePaths(voucherMachine, { events: VOUCHER_EVENTS, api: voucherAdapter });

describe('voucher machine', () => {
  it('confirms only with a confirmation number, given now or stored', () => {
    const draft = snapshotOf(voucherMachine, 'draft', { confirmationNumber: null });
    expect(draft.can({ type: 'CONFIRM' })).toBe(false);
    expect(draft.can({ type: 'CONFIRM', confirmationNumber: '  ' })).toBe(false);
    expect(draft.can({ type: 'CONFIRM', confirmationNumber: 'C-1' })).toBe(true);
    expect(snapshotOf(voucherMachine, 'draft', { confirmationNumber: 'C-1' }).can({ type: 'CONFIRM' })).toBe(true);
  });

  it('voids from every state but void; void is final', () => {
    for (const state of ['draft', 'confirmed', 'sent']) expect(snapshotOf(voucherMachine, state, { confirmationNumber: 'C' }).can({ type: 'VOID' }), state).toBe(true);
    expect(allowedEvents(snapshotOf(voucherMachine, 'void', { confirmationNumber: 'C' }), VOUCHER_EVENTS)).toEqual([]);
  });

  it('names its state sets with tags', () => {
    expect(statesWithTag(voucherMachine, 'editable')).toEqual(['draft']);
    expect(statesWithTag(voucherMachine, 'payable')).toEqual(['draft', 'confirmed', 'sent']);
    expect(statesWithTag(voucherMachine, 'counted')).toEqual(['draft', 'confirmed', 'sent']);
    expect(statesWithTag(voucherMachine, 'awaitingSend')).toEqual(['confirmed']);
  });
});
