import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowPath } from '../../src/api/common/workflow';
import { TOUR_EVENT_REQUESTS } from '../../src/api/tours/customized/contract';
import { CUSTOMIZED_TOUR_EVENTS, customizedTourMachine, type CustomizedTourEvent } from '../../src/machines/customized-tour-machine';
import { allowedEvents, snapshotOf, statesWithTag } from '../../src/machines/workflow';
import { ApiError } from '../../server/http/errors';
import { applyEvent } from '../../server/workflow/apply-event';
import { markTourBooked, tourWorkflow } from '../../server/tours/workflow';
import type { Agent, Answer } from '../support/agent';
import { machinePaths, testMachinePaths, type WorkflowAdapter } from '../support/path-replay';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let sales: Agent;
let orgId: string;
let place: { destination: string; hotel: string; room: string; rate: number };

beforeAll(async () => {
  s = await startTestServer();
  sales = await s.login('sales@demo.travel');
  [{ id: orgId }] = await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
  const [h] = await s.sql<{ id: string; destination_id: string; room_types: { name: string; nightlyRate: number }[] }>(
    `select h.id, h.destination_id, h.room_types from hotels h where h.organization_id = $1 order by h.slug limit 1`,
    [orgId],
  );
  place = { destination: h.destination_id, hotel: h.id, room: h.room_types[0].name, rate: h.room_types[0].nightlyRate };
});
afterAll(() => s?.close());

let created = 0;
const tx = <T>(fn: Parameters<TestServer['database']['withTenant']>[1]) => s.database.withTenant(orgId, fn) as Promise<T>;
/** A refusal of the server, as the HTTP answer the client would have got. */
async function answerOf(work: () => Promise<unknown>): Promise<Answer> {
  try {
    await work();
    return { status: 200, headers: new Headers(), body: {} };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, headers: new Headers(), body: err.body() };
    throw err;
  }
}

/**
 * The tour's workflow over HTTP as the tour screen drives it: each event the person may send has
 * its call (`TOUR_EVENT_REQUESTS`: send, revise, publish, revert). BOOK has none: a tour is booked
 * when a booking is created for it, through `markTourBooked` in the server (what the bookings issue
 * calls), here in a transaction of the real server's database as the organization, with a booking
 * of its own each time and the version the event names.
 */
const tourAdapter = (): WorkflowAdapter<CustomizedTourEvent> => ({
  allEvents: CUSTOMIZED_TOUR_EVENTS,
  async create() {
    const lead = await sales.post('/api/leads', { name: `Path tour lead ${++created}`, phone: `+971 56 ${String(1_000_000 + created).slice(-7)}` });
    expect(lead.status).toBe(201);
    const res = await sales.post('/api/customized-tours', {
      leadId: lead.body.data._id,
      title: `Path tour ${created}`,
      departure: '2027-09-01',
      arrival: '2027-09-02',
      adults: 2,
      days: [{ date: '2027-09-01', destinationId: place.destination, hotelId: place.hotel, roomType: place.room }],
      lines: [{ kind: 'hotels', dayNumber: 1, description: 'One night', hotelId: place.hotel, roomType: place.room, quantity: 1, unit: 'per-room-night', unitCost: place.rate, markup: 1000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id;
  },
  async send(id, event): Promise<Answer> {
    if (event.type === 'BOOK') return answerOf(() => tx((t) => markTourBooked(t, id, crypto.randomUUID(), event.version!, null)));
    const request = TOUR_EVENT_REQUESTS[event.type];
    return sales.request(request.method, `/api${workflowPath(request, id)}`, request.bodyOf(event as never));
  },
  async readState(id) {
    const res = await sales.get(`/api/customized-tours/${id}`);
    return TOUR_EVENT_REQUESTS.SEND.stateOf(res.body.data);
  },
  async readRecord(id) {
    const [row] = await s.sql('select * from customized_tours where id = $1', [id]);
    const versions = await s.sql('select version, snapshot from customized_tour_versions where tour_id = $1 order by version', [id]);
    const [lead] = await s.sql('select l.status, (select count(*) from lead_events e where e.lead_id = l.id) as events from leads l where l.id = $1', [(row as { lead_id: string }).lead_id]);
    return { row, versions, lead };
  },
});

testMachinePaths(customizedTourMachine, { events: CUSTOMIZED_TOUR_EVENTS, api: tourAdapter });

describe('customized tour machine', () => {
  it('reaches every state; the tags say what may be edited and deleted', () => {
    const ends = new Set(machinePaths(customizedTourMachine, CUSTOMIZED_TOUR_EVENTS).map((p) => p.steps.at(-1)!.state.value));
    expect([...ends].sort()).toEqual(['booked', 'draft', 'published', 'sent']);
    expect(statesWithTag(customizedTourMachine, 'editable')).toEqual(['draft']);
    expect(statesWithTag(customizedTourMachine, 'deletable')).toEqual(['draft']);
    expect(statesWithTag(customizedTourMachine, 'planEditable')).toEqual(['booked']);
    expect(allowedEvents(snapshotOf(customizedTourMachine, 'published', { version: 3, bookingHasVerifiedPayment: true }), CUSTOMIZED_TOUR_EVENTS)).toEqual([{ type: 'REVERT' }]);
  });

  it('books only with a booking, for the version sent last', () => {
    const sent = snapshotOf(customizedTourMachine, 'sent', { version: 2, bookingHasVerifiedPayment: false });
    expect(sent.can({ type: 'BOOK' })).toBe(false);
    expect(sent.can({ type: 'BOOK', bookingId: 'b', version: 1 })).toBe(false);
    expect(sent.can({ type: 'BOOK', bookingId: 'b', version: 2 })).toBe(true);
  });

  it('goes back from booked to draft only while the booking has no verified payment', () => {
    expect(snapshotOf(customizedTourMachine, 'booked', { version: 1, bookingHasVerifiedPayment: false }).can({ type: 'REVERT' })).toBe(true);
    const paid = snapshotOf(customizedTourMachine, 'booked', { version: 1, bookingHasVerifiedPayment: true });
    expect(paid.can({ type: 'REVERT' })).toBe(false);
    expect(paid.can({ type: 'PUBLISH' })).toBe(true);
  });

  it('the server refuses the revert of a paid booking with its message, and changes nothing (the context the bookings issue fills)', async () => {
    const id = await tourAdapter().create();
    await sales.post(`/api/customized-tours/${id}/send`, {});
    await tx((t) => markTourBooked(t, id, crypto.randomUUID(), 1, null));
    const before = await tourAdapter().readRecord!(id);
    const paidWorkflow = { ...tourWorkflow, contextOf: async () => ({ version: 1, bookingHasVerifiedPayment: true }) };
    const answer = await answerOf(() => tx((t) => applyEvent(t, paidWorkflow, id, { type: 'REVERT' })));
    expect(answer).toMatchObject({ status: 409, body: { code: 'TRANSITION_NOT_ALLOWED', message: 'The booking has a verified payment: the tour cannot go back to draft' } });
    expect(await tourAdapter().readRecord!(id)).toEqual(before);
  });

  it('refuses over HTTP with messages a person can act on', async () => {
    const id = await tourAdapter().create();
    const put = (path: string) => sales.put(`/api/customized-tours/${path}`);
    expect((await put(`${id}/revise`)).body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', params: { state: 'draft', event: 'REVISE' }, message: 'Only a sent tour can be revised; this one is draft' });
    expect((await put(`booked/publish/${id}`)).body.message).toBe('Only a booked tour can be published; this one is draft');
    expect((await put(`booked/revert/${id}`)).body.message).toBe('Only a booked or published tour can be reverted; this one is draft');
    await sales.post(`/api/customized-tours/${id}/send`, {});
    expect((await sales.post(`/api/customized-tours/${id}/send`, {})).body.message).toBe('This version was sent already; revise the tour to send a new one');
    expect(await answerOf(() => tx((t) => applyEvent(t, tourWorkflow, id, { type: 'BOOK' })))).toMatchObject({ status: 409, body: { message: 'A tour is booked only when a booking is created for it' } });
  });
});
