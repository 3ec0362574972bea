import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isActiveIn, vendorActivation } from '../../src/api/vendors/contract';
import { workflowPath } from '../../src/api/common/workflow';
import { VENDOR_EVENTS, vendorMachine, type VendorEvent } from '../../src/machines/vendor-machine';
import { allowedEvents, initialState, snapshotOf, statesWithTag } from '../../src/machines/workflow';
import type { Agent } from '../support/agent';
import { machinePaths, testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let ops: Agent;

beforeAll(async () => {
  s = await startTestServer();
  ops = await s.login('ops@demo.travel');
});
afterAll(() => s?.close());

let created = 0;
/** Vendor activation over HTTP, as the vendors screen does it: the contract's `vendorActivation` (`PUT /vendors/{id}` with `isActive`). */
const vendorAdapter = (): WorkflowAdapter<VendorEvent> => ({
  allEvents: VENDOR_EVENTS,
  async create() {
    const res = await ops.post('/api/vendors', { name: `Path vendor ${++created} ${Date.now()}`, services: ['hotels'] });
    expect(res.status).toBe(201);
    return res.body.data._id;
  },
  send: (id, event) => ops.request(vendorActivation.method, `/api${workflowPath(vendorActivation, id)}`, vendorActivation.bodyOf(event)),
  async readState(id) {
    const res = await ops.get(`/api/vendors/id/${id}`);
    return vendorActivation.stateOf(res.body.data);
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from vendors where id = $1', [id]);
    return row;
  },
});

testMachinePaths(vendorMachine, { events: VENDOR_EVENTS, api: vendorAdapter });

describe('vendor machine', () => {
  it('has exactly the paths of active ⇄ inactive', () => {
    expect(machinePaths(vendorMachine, VENDOR_EVENTS).map((p) => p.description).sort()).toEqual([
      'active',
      'active —DEACTIVATE→ inactive',
      'active —DEACTIVATE→ inactive —ACTIVATE→ active',
    ]);
  });

  it('answers, from a stored state, which events it accepts (the UI buttons and the server check)', () => {
    expect(allowedEvents(snapshotOf(vendorMachine, 'active'), VENDOR_EVENTS)).toEqual([{ type: 'DEACTIVATE' }]);
    expect(allowedEvents(snapshotOf(vendorMachine, 'inactive'), VENDOR_EVENTS)).toEqual([{ type: 'ACTIVATE' }]);
    expect(statesWithTag(vendorMachine, 'bookable')).toEqual(['active']);
    expect([isActiveIn('active'), isActiveIn('inactive')]).toEqual([true, false]);
    expect(() => snapshotOf(vendorMachine, 'archived')).toThrow();
  });

  it('starts a new vendor where its input says: inactive only when created with isActive false', () => {
    expect(initialState(vendorMachine)).toBe('active');
    expect(initialState(vendorMachine, { isActive: true })).toBe('active');
    expect(initialState(vendorMachine, { isActive: false })).toBe('inactive');
  });

  it('creates a vendor inactive over HTTP when asked (the seed shape), and it can then be activated', async () => {
    const res = await ops.post('/api/vendors', { name: `Created inactive ${Date.now()}`, services: ['visa'], isActive: false });
    expect(res.status).toBe(201);
    expect(res.body.data.isActive).toBe(false);
    const [row] = await s.sql<{ status: string }>('select status from vendors where id = $1', [res.body.data._id]);
    expect(row.status).toBe('inactive');
    const again = await ops.put(`/api/vendors/${res.body.data._id}`, { isActive: false });
    expect(again.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'Cannot deactivate a vendor that is inactive' });
    expect((await ops.put(`/api/vendors/${res.body.data._id}`, { isActive: true })).body.data.isActive).toBe(true);
    const active = await ops.post('/api/vendors', { name: `Created active ${Date.now()}`, services: ['visa'], isActive: true });
    expect(active.body.data.isActive).toBe(true);
  });

  it('refuses over HTTP with a message naming the state and the event', async () => {
    const id = await vendorAdapter().create();
    const res = await ops.put(`/api/vendors/${id}`, { isActive: true });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'Cannot activate a vendor that is active', params: { state: 'active', event: 'ACTIVATE' } });
  });
});
