import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { NOW, TODAY, book, day, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Own visibility (issue 26): an agent who sees only their own leads and bookings learns nothing of
 * another agent's records, not even that they exist: booking another agent's customized tour is
 * answered as an unknown tour, and the outbox and the journal leave out what names another
 * agent's booking.
 */
let s: TestServer;
let owner: Agent;
let agent: Agent;
let agentId: string;
let salesId: string;
const mine = {} as { lead: string; booking: string; payment: string; send: string };
const theirs = {} as { lead: string; booking: string; payment: string; send: string };

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  const role = await owner.post('/api/roles', {
    name: 'Own agent',
    permissions: { leads: ['view', 'create', 'update'], bookings: ['view', 'create', 'update'], customizedTours: ['view'], configurations: ['view'], account: ['view'] },
    visibility: { leads: 'own', bookings: 'own' },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const member = await owner.post('/api/members', { name: 'Olga Own', email: 'olga.own@demo.travel', department: 'sales', roleId: role.body.data._id, password: 'own-agent-password' });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
  agentId = member.body.data._id;
  agent = await s.login('olga.own@demo.travel', 'own-agent-password');
  [{ id: salesId }] = await s.sql<{ id: string }>(`select id from members where email = 'sales@demo.travel'`);

  // The same records for the agent and for another agent: a lead, a booking, a verified payment, a sent confirmation.
  const departure = await newDeparture(owner);
  for (const [who, memberId] of [[mine, agentId], [theirs, salesId]] as const) {
    who.lead = await newLead(owner, undefined, { assignedTo: memberId });
    who.booking = (await book(owner, groupBooking(departure, who.lead)))._id;
  }
});
afterAll(() => s?.close());

describe('own visibility', () => {
  it('answers another agent’s customized tour as it answers an unknown one', async () => {
    const [dest] = await s.sql<{ id: string }>(`select id from destinations where organization_id = $1 order by slug limit 1`, [await orgId(s)]);
    const [theirLead, myLead] = [await newLead(owner, undefined, { assignedTo: salesId }), await newLead(owner, undefined, { assignedTo: agentId })];
    const tour = await owner.post('/api/customized-tours', {
      leadId: theirLead,
      title: 'Someone else’s tour',
      departure: day(50),
      arrival: day(51),
      adults: 2,
      days: [{ date: day(50), destinationId: dest.id }, { date: day(51), destinationId: dest.id }],
      lines: [{ kind: 'fee', description: 'Service fee', quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 5_000 }],
    });
    expect(tour.status, JSON.stringify(tour.body)).toBe(201);
    expect((await owner.post(`/api/customized-tours/${tour.body.data._id}/send`, { to: 'guest@example.com' })).status).toBe(202);
    const body = (tourId: string) => ({
      tourType: 'customized',
      tourId,
      tourVersion: 1,
      leadId: myLead,
      pax: 2,
      travellers: [{ type: 'adult' }, { type: 'adult' }],
      installments: [{ dueDate: TODAY, amount: 5_000 }],
    });
    const hidden = await agent.post('/api/bookings', body(tour.body.data._id));
    const unknown = await agent.post('/api/bookings', body(crypto.randomUUID()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0]).toMatchObject({ path: 'tourId', code: 'unknownReference' });
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: unknown.status, body: unknown.body });
  });

  it('leaves out of the outbox and the journal what names another agent’s booking', async () => {
    for (const who of [mine, theirs]) {
      who.payment = (await pay(owner, who.booking, 10_000)).body.data._id;
      expect((await verify(owner, who.booking, who.payment)).status).toBe(200);
      const sent = await owner.post(`/api/bookings/${who.booking}/send`, { to: 'customer@example.com' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      who.send = sent.body.data._id;
    }
    const receipt = await owner.post(`/api/bookings/${theirs.booking}/payment-receipt/${theirs.payment}/send`, { to: 'customer@example.com' });
    expect(receipt.status).toBe(202);

    const outbox = (await agent.get('/api/outbox?limit=200')).body;
    const sends = outbox.data.map((d: { _id: string }) => d._id);
    expect(sends).toContain(mine.send);
    expect(sends).not.toContain(theirs.send);
    expect(sends).not.toContain(receipt.body.data._id);
    expect(outbox.meta.totalItems).toBe(outbox.data.length);
    // The owner sees both; the agent cannot open the other agent's by id.
    expect((await owner.get('/api/outbox?limit=200')).body.data.map((d: { _id: string }) => d._id)).toEqual(expect.arrayContaining([mine.send, theirs.send]));
    for (const path of [`/api/outbox/${theirs.send}`, `/api/outbox/${theirs.send}/eml`, `/api/outbox/${receipt.body.data._id}`]) expect((await agent.get(path)).status, path).toBe(404);
    expect((await agent.get(`/api/outbox/${mine.send}`)).status).toBe(200);

    const journal = (await agent.get('/api/account/journal?limit=200')).body;
    const sources = journal.data.map((e: { sourceId: string | null }) => e.sourceId);
    expect(sources).toContain(mine.payment);
    expect(sources).not.toContain(theirs.payment);
    expect(journal.meta.totalItems).toBe(journal.data.length);
    expect((await owner.get('/api/account/journal?limit=200')).body.data.map((e: { sourceId: string | null }) => e.sourceId)).toEqual(expect.arrayContaining([mine.payment, theirs.payment]));
  });
});
