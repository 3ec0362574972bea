import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_EVENTS, isActiveState, vendorMachine, vendorStateOf, type VendorEvent } from '../../src/machines/vendor-machine';
import { allowedEvents, snapshotOf } from '../../src/machines/workflow';
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
/** Vendor activation over HTTP, as the vendors screen does it: `PUT /vendors/{id}` with `isActive`. */
const vendorAdapter = (): WorkflowAdapter<VendorEvent> => ({
  allEvents: VENDOR_EVENTS,
  async create() {
    const res = await ops.post('/api/vendors', { name: `Path vendor ${++created} ${Date.now()}`, services: ['hotels'] });
    expect(res.status).toBe(201);
    return res.body.data._id;
  },
  send: (id, event) => ops.put(`/api/vendors/${id}`, { isActive: event.type === 'ACTIVATE' }),
  async readState(id) {
    const res = await ops.get(`/api/vendors/id/${id}`);
    return vendorStateOf(res.body.data.isActive);
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
    expect(isActiveState('active')).toBe(true);
    expect(() => snapshotOf(vendorMachine, 'archived')).toThrow();
  });

  it('refuses over HTTP with a message naming the state and the event', async () => {
    const id = await vendorAdapter().create();
    const res = await ops.put(`/api/vendors/${id}`, { isActive: true });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'Cannot activate a vendor that is active', params: { state: 'active', event: 'ACTIVATE' } });
  });
});
