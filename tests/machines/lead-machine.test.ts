import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadStatusRequest } from '../../src/api/leads/contract';
import { workflowPath } from '../../src/api/common/workflow';
import { LEAD_EVENTS, leadMachine, type LeadEvent } from '../../src/machines/lead-machine';
import { allowedEvents, snapshotOf, statesWithTag } from '../../src/machines/workflow';
import { ApiError } from '../../server/http/errors';
import { markLeadWon } from '../../server/leads/workflow';
import type { Agent, Answer } from '../support/agent';
import { machinePaths, testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let sales: Agent;
let orgId: string;

beforeAll(async () => {
  s = await startTestServer();
  sales = await s.login('sales@demo.travel');
  [{ id: orgId }] = await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
});
afterAll(() => s?.close());

let created = 0;

/**
 * The lead pipeline over HTTP as the lead screen drives it: `PUT /leads/{id}/status` with the state
 * wanted (`reopened` for REOPEN). WIN has no HTTP call of its own: a lead is won when a booking is
 * created for it, through `markLeadWon` in the server (what the bookings module calls), here in a
 * transaction of the real server's database as that organization.
 */
const leadAdapter = (): WorkflowAdapter<LeadEvent> => ({
  allEvents: LEAD_EVENTS,
  async create() {
    const res = await sales.post('/api/leads', { name: `Path lead ${++created}`, phone: `+971 55 ${String(1_000_000 + created).slice(-7)}` });
    expect(res.status).toBe(201);
    return res.body.data._id;
  },
  async send(id, event): Promise<Answer> {
    if (event.type === 'WIN') {
      try {
        await s.database.withTenant(orgId, (tx) => markLeadWon(tx, id, event.bookingId!, null));
        return { status: 200, headers: new Headers(), body: {} };
      } catch (err) {
        if (err instanceof ApiError) return { status: err.status, headers: new Headers(), body: err.body() };
        throw err;
      }
    }
    return sales.request(leadStatusRequest.method, `/api${workflowPath(leadStatusRequest, id)}`, leadStatusRequest.bodyOf(event));
  },
  async readState(id) {
    const res = await sales.get(`/api/leads/${id}`);
    return leadStatusRequest.stateOf(res.body.data);
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from leads where id = $1', [id]);
    const [{ n }] = await s.sql<{ n: number }>('select count(*)::int as n from lead_events where lead_id = $1', [id]);
    return { row, events: n };
  },
});

testMachinePaths(leadMachine, { events: LEAD_EVENTS, api: leadAdapter });

describe('lead machine', () => {
  it('reaches every state, and won only with a booking', () => {
    const ends = new Set(machinePaths(leadMachine, LEAD_EVENTS).map((p) => p.steps.at(-1)!.state.value));
    expect([...ends].sort()).toEqual(['contacted', 'lost', 'new', 'qualified', 'quoted', 'won']);
    const quoted = snapshotOf(leadMachine, 'quoted');
    expect(quoted.can({ type: 'WIN' })).toBe(false);
    expect(quoted.can({ type: 'WIN', bookingId: 'b' })).toBe(true);
  });

  it('needs a reason to lose a lead, from every open state only', () => {
    for (const state of ['new', 'contacted', 'qualified', 'quoted']) {
      const snap = snapshotOf(leadMachine, state);
      expect(snap.can({ type: 'LOSE' }), state).toBe(false);
      expect(snap.can({ type: 'LOSE', reason: '   ' }), state).toBe(false);
      expect(snap.can({ type: 'LOSE', reason: 'Too expensive' }), state).toBe(true);
      expect(snap.hasTag('open')).toBe(true);
    }
    expect(statesWithTag(leadMachine, 'open')).toEqual(['new', 'contacted', 'qualified', 'quoted']);
    expect(allowedEvents(snapshotOf(leadMachine, 'won'), LEAD_EVENTS)).toEqual([{ type: 'REOPEN' }]);
    expect(allowedEvents(snapshotOf(leadMachine, 'lost'), LEAD_EVENTS)).toEqual([{ type: 'REOPEN' }]);
  });

  it('refuses over HTTP with messages a person can act on', async () => {
    const id = await leadAdapter().create();
    const won = await sales.put(`/api/leads/${id}/status`, { status: 'won' });
    expect(won.status).toBe(409);
    expect(won.body.message).toBe('A new lead cannot be marked won');
    const quoted = await sales.put(`/api/leads/${id}/status`, { status: 'quoted' });
    expect(quoted.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'A new lead cannot be marked quoted', params: { state: 'new', event: 'QUOTE' } });
    for (const status of ['contacted', 'qualified', 'quoted']) expect((await sales.put(`/api/leads/${id}/status`, { status })).status).toBe(200);
    const notByHand = await sales.put(`/api/leads/${id}/status`, { status: 'won' });
    expect(notByHand.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'A lead is won only when a booking is created for it' });
    const reopen = await sales.put(`/api/leads/${id}/status`, { status: 'reopened' });
    expect(reopen.body.message).toBe('Only a lost or won lead can be reopened; this one is quoted');
    const backToNew = await sales.put(`/api/leads/${id}/status`, { status: 'new' });
    expect(backToNew.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'A lead cannot be marked new again' });
  });
});
