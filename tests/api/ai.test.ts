import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceTourLines } from '../../src/domain/tour-pricing';
import { nightsOf } from '../../src/domain/tour-planner';
import type { Agent } from '../support/agent';
import { startFakeModel, type FakeModel } from '../support/openai-server';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Itinerary generation (issue 16) over HTTP: the planner without a model, a model (the test's
 * OpenAI-compatible server) whose every id is checked, its failures, the organization's AI
 * settings (the key write-only), usage and the monthly limit, bad input and other organizations.
 */
let s: TestServer;
let owner: Agent;
let globe: Agent;
let model: FakeModel;
let orgId: string;
const place = {} as { dubai: string; abuDhabi: string; globeDestination: string };
let seq = 0;

const count = async (table: string) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

async function leadWithQuery(agent: Agent, query: Record<string, unknown>, name = `AI lead ${++seq}`) {
  const res = await agent.post('/api/leads', { name, phone: `+44 7700 ${String(900_000 + ++seq).slice(-6)}`, email: `ai${seq}@example.com`, query });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { leadId: res.body.data._id as string, queryId: res.body.data.queries[0]._id as string };
}

const trip = () => ({ travelFrom: '2027-04-01', travelTo: '2027-04-08', adults: 2, children: 0, destinations: [place.dubai, place.abuDhabi], budget: 2_000_000_00, notes: 'Honeymoon, likes food' });

const useModel = (extra: Record<string, unknown> = {}) => owner.put('/api/configurations/ai', { baseUrl: model.baseUrl, model: 'test-model', apiKey: 'sk-test-secret', ...extra });
const noModel = () => owner.put('/api/configurations/ai', { baseUrl: '', model: '' });

beforeAll(async () => {
  model = await startFakeModel();
  s = await startTestServer({ env: { AI_TIMEOUT_SECONDS: '1', OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  [owner, globe] = await s.logins('owner@demo.travel', 'owner@globe.travel');
  [{ id: orgId }] = await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
  const dest = async (name: string) => (await s.sql<{ id: string }>(`select id from destinations where organization_id = $1 and name = $2`, [orgId, name]))[0].id;
  place.dubai = await dest('Dubai');
  place.abuDhabi = await dest('Abu Dhabi');
  place.globeDestination = (await s.sql<{ id: string }>(`select d.id from destinations d join organizations o on o.id = d.organization_id where o.name = 'Globe Trotters' limit 1`))[0].id;
});
afterAll(async () => {
  await s?.close();
  await model?.close();
});
beforeEach(async () => {
  await noModel();
});

describe('generate with AI, without a model (the planner)', () => {
  it('drafts a priced tour from the catalogue through the customized tours’ create, the same for the same query', async () => {
    const { leadId, queryId } = await leadWithQuery(owner, trip());
    const res = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.generation).toMatchObject({ used: 'planner', model: null, replaced: [], withinBudget: true, promptTokens: 0 });
    const tour = res.body.data;
    expect(tour).toMatchObject({ status: 'draft', version: 1, queryId, departure: '2027-04-01', arrival: '2027-04-08', adults: 2, lead: { _id: leadId } });
    // Seven nights over two destinations: four then three, each night in a hotel of its destination.
    expect(tour.days).toHaveLength(nightsOf({ departure: '2027-04-01', arrival: '2027-04-08' }) + 1);
    expect(tour.days.map((d: { destination: { _id: string } }) => d.destination._id)).toEqual([...Array(4).fill(place.dubai), ...Array(4).fill(place.abuDhabi)]);
    const hotels = await s.sql<{ id: string; destination_id: string }>(`select id, destination_id from hotels where organization_id = $1`, [orgId]);
    const activities = await s.sql<{ id: string; destination_id: string }>(`select id, destination_id from activities where organization_id = $1`, [orgId]);
    for (const d of tour.days.slice(0, 7)) expect(hotels.find((h) => h.id === d.hotel._id)?.destination_id).toBe(d.destination._id);
    expect(tour.days[7].hotel).toBeNull();
    for (const d of tour.days) for (const a of d.activities) expect(activities.find((x) => x.id === a._id)?.destination_id).toBe(d.destination._id);
    expect(tour.days[4].transfers).toMatch(/Dubai → Abu Dhabi/);
    // Priced by the pricing function, stored as computed.
    expect(tour.totals).toEqual(priceTourLines(tour.lines, 2).totals);
    expect(tour.totals.sell).toBeLessThanOrEqual(2_000_000_00);
    const [stored] = await s.sql<{ total_sell: string }>(`select total_sell from customized_tours where id = $1`, [tour._id]);
    expect(Number(stored.total_sell)).toBe(tour.totals.sell);
    // The same query again: the same plan.
    const again = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId });
    const shape = (t: typeof tour) => ({ days: t.days, lines: t.lines, totals: t.totals });
    expect(shape(again.body.data)).toEqual(shape(tour));
    expect(model.requests).toHaveLength(0);
  });

  it('refuses a query without dates or travellers, naming what is missing, and writes nothing', async () => {
    const { leadId, queryId } = await leadWithQuery(owner, { adults: 2, destinations: [place.dubai] });
    const before = await count('customized_tours');
    const res = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string; code: string }) => [i.path, i.code])).toEqual([
      ['query.travelFrom', 'required'],
      ['query.travelTo', 'required'],
    ]);
    const nowhere = await leadWithQuery(owner, { travelFrom: '2027-04-01', travelTo: '2027-04-03', adults: 1 });
    const noPlace = await owner.post('/api/customized-tours/generate-with-ai', nowhere);
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.issues[0]).toMatchObject({ path: 'query.destinations', code: 'required' });
    // Another organization's destination in the query is unknown here.
    const foreign = await leadWithQuery(owner, { travelFrom: '2027-04-01', travelTo: '2027-04-03', adults: 1, destinations: [place.dubai] });
    await s.sql(`update lead_queries set destinations = $1 where id = $2`, [`{${place.globeDestination}}`, foreign.queryId]);
    await useModel();
    const sent = model.requests.length;
    const refused = await owner.post('/api/customized-tours/generate-with-ai', foreign);
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({ path: 'query.destinations', code: 'unknownReference' });
    expect(model.requests.length, 'nothing is sent to the model for a query it cannot plan').toBe(sent);
    await noModel();
    const unknownField = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId, budget: 5 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.issues[0]).toMatchObject({ path: 'budget', code: 'unknownField' });
    expect(await count('customized_tours')).toBe(before);
  });

  it('answers 404 for another organization’s lead or query, or another lead’s query', async () => {
    const mine = await leadWithQuery(owner, trip());
    const other = await leadWithQuery(owner, trip());
    const theirs = await leadWithQuery(globe, { travelFrom: '2027-04-01', travelTo: '2027-04-03', adults: 1, destinations: [place.globeDestination] });
    expect((await globe.post('/api/customized-tours/generate-with-ai', mine)).status).toBe(404);
    expect((await owner.post('/api/customized-tours/generate-with-ai', theirs)).status).toBe(404);
    expect((await owner.post('/api/customized-tours/generate-with-ai', { leadId: mine.leadId, queryId: theirs.queryId })).status).toBe(404);
    const crossed = await owner.post('/api/customized-tours/generate-with-ai', { leadId: mine.leadId, queryId: other.queryId });
    expect(crossed.status).toBe(404);
    expect(crossed.body).toMatchObject({ code: 'NOT_FOUND', params: { resource: 'Query' } });
  });
});

describe('the AI settings', () => {
  it('keep the API key write-only, and a save without it keeps it', async () => {
    const set = await useModel();
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.settings).toEqual({ baseUrl: model.baseUrl, model: 'test-model', monthlyTokenLimit: 0, apiKeySet: true });
    expect(JSON.stringify((await owner.get('/api/configurations')).body)).not.toContain('sk-test-secret');
    await owner.put('/api/configurations/ai', { baseUrl: model.baseUrl, model: 'other-model' });
    const [row] = await s.sql<{ settings: { apiKey: string; model: string } }>(`select settings from configurations where module = 'aiConfig' and organization_id = $1`, [orgId]);
    expect(row.settings).toMatchObject({ apiKey: 'sk-test-secret', model: 'other-model' });
    const bad = await owner.put('/api/configurations/ai', { baseUrl: 'ftp://model' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: 'baseUrl', code: 'invalidFormat' });
    const usage = await owner.get('/api/ai/usage');
    expect(usage.body.data).toMatchObject({ source: 'organization', model: 'other-model', monthlyTokenLimit: 0 });
  });
});

describe('generate with AI, with a model', () => {
  it('sends the query and catalogue ids (nothing of another lead), keeps valid ids and replaces a hallucinated hotel', async () => {
    await useModel();
    await leadWithQuery(owner, { ...trip(), notes: 'SECRET-OTHER-LEAD wants caviar' }, 'Other Lead Person');
    const { leadId, queryId } = await leadWithQuery(owner, trip(), 'Generating Lead');
    // What the planner would choose, to build a model answer from.
    await noModel();
    const planned = (await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId })).body.data;
    await useModel();
    const firstHotel = planned.days[0].hotel._id;
    const secondStayHotel = planned.days[4].hotel._id;
    const invented = '11111111-2222-4333-8444-555555555555';
    const activity = planned.days[1].activities[0]?._id;
    model.script({
      content: JSON.stringify({
        stays: [
          { destinationId: place.dubai, nights: 4, hotelId: invented, roomType: 'Deluxe' },
          { destinationId: place.abuDhabi, nights: 3, hotelId: secondStayHotel, roomType: planned.days[4].roomType },
        ],
        days: [{ dayNumber: 2, activityIds: activity ? [activity, '99999999-2222-4333-8444-555555555555'] : [] }],
      }),
      usage: { prompt_tokens: 900, completion_tokens: 80 },
    });
    const sent = model.requests.length;
    const res = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId, instructions: 'No early starts' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.generation).toMatchObject({ used: 'model', model: 'test-model', promptTokens: 900, completionTokens: 80 });
    expect(res.body.generation.replaced).toEqual(expect.arrayContaining([{ kind: 'hotel', id: invented, dayNumber: 1 }]));
    const tour = res.body.data;
    expect(tour.days[0].hotel._id).toBe(firstHotel);
    expect(tour.days[4].hotel._id).toBe(secondStayHotel);
    expect(JSON.stringify(tour)).not.toContain(invented);
    // The request: structured output, the key, the query and the catalogue's ids; nothing of another lead.
    const request = model.requests[sent];
    expect(request.headers.authorization).toBe('Bearer sk-test-secret');
    expect(request.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_schema' } });
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain(place.dubai);
    expect(prompt).toContain(secondStayHotel);
    expect(prompt).toContain('Honeymoon, likes food');
    expect(prompt).toContain('No early starts');
    expect(prompt).not.toContain('SECRET-OTHER-LEAD');
    expect(prompt).not.toContain('Other Lead Person');
    expect(prompt).not.toContain('Generating Lead');
    expect(prompt).not.toContain(place.globeDestination);
    // Usage recorded for the month.
    const usage = (await owner.get('/api/ai/usage')).body.data;
    expect(usage.promptTokens).toBeGreaterThanOrEqual(900);
    expect(usage.requests).toBeGreaterThanOrEqual(1);
  });

  it('answers 502 for a time-out, a 5xx, garbage, invalid JSON or a wrong shape, writes no tour, and the planner still drafts', async () => {
    await useModel();
    const { leadId, queryId } = await leadWithQuery(owner, trip());
    const before = await count('customized_tours');
    model.script({ stall: true }, { status: 500 }, { garbage: '<html>oops' }, { content: 'Sure! Here is a trip: day 1…' }, { content: '{"itinerary": "Dubai"}' });
    const reasons = [];
    for (let i = 0; i < 5; i++) {
      const res = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('AI_MODEL_FAILED');
      expect(res.body.message).toMatch(/planner/);
      reasons.push(res.body.params.reason);
    }
    // An error status and an answer that is not a completion are one reason: nothing tells what answered.
    expect(reasons).toEqual(['timeout', 'failed', 'failed', 'invalidJson', 'invalidPlan']);
    expect(await count('customized_tours')).toBe(before);
    const fallback = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId, use: 'planner' });
    expect(fallback.status).toBe(201);
    expect(fallback.body.generation.used).toBe('planner');
  });

  it('answers 429 once the month’s tokens reach the limit, sending nothing', async () => {
    const { leadId, queryId } = await leadWithQuery(owner, trip());
    const used = (await owner.get('/api/ai/usage')).body.data;
    await useModel({ monthlyTokenLimit: Math.max(1, used.promptTokens + used.completionTokens) });
    const sent = model.requests.length;
    const res = await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'AI_LIMIT_REACHED' });
    expect(res.body.message).toMatch(/limit/);
    expect(model.requests.length).toBe(sent);
    // The planner needs no tokens.
    expect((await owner.post('/api/customized-tours/generate-with-ai', { leadId, queryId, use: 'planner' })).status).toBe(201);
  });
});

/** The events of a chat answer's stream, in order. */
const events = (body: string) =>
  body
    .split('\n\n')
    .filter((e) => e.startsWith('event:'))
    .map((e) => JSON.parse(e.split('\n').find((l) => l.startsWith('data:'))!.slice(5)) as { type: string; text?: string; name?: string; message?: { content: string; incomplete: boolean; toolCalls: unknown[] } });

describe('the lead chat', () => {
  it('without a model: one thread per lead, an empty conversation, and a plain refusal that stores nothing', async () => {
    const { leadId } = await leadWithQuery(owner, trip());
    const first = await owner.get(`/api/chat-ai/lead-thread?leadId=${leadId}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ leadId, conversation: [], model: null });
    expect((await owner.get(`/api/chat-ai/lead-thread?leadId=${leadId}`)).body.threadId).toBe(first.body.threadId);
    const sent = model.requests.length;
    const refused = await owner.post(`/api/leads/${leadId}/chat`, { text: 'Hotels in Dubai?' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'AI_NOT_CONFIGURED' });
    expect(refused.body.message).toMatch(/No model is configured/);
    expect(model.requests.length).toBe(sent);
    expect((await owner.get(`/api/leads/${leadId}/chat`)).body.data).toEqual([]);
    const empty = await owner.post(`/api/leads/${leadId}/chat`, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]).toMatchObject({ path: 'text', code: 'required' });
  });

  it('streams an answer that used a catalogue tool, stores both messages with the tool calls, and prompts with this lead only', async () => {
    await useModel();
    await leadWithQuery(owner, { ...trip(), notes: 'OTHER-LEAD-NOTES vegan' }, 'Someone Else Entirely');
    const { leadId } = await leadWithQuery(owner, trip(), 'Chatting Lead');
    model.script({ toolCalls: [{ name: 'search_hotels', arguments: { destination: 'Dubai', minStars: 4 } }] }, { content: 'Two hotels in Dubai fit: both have four stars or more.' });
    const sent = model.requests.length;
    const res = await owner.post(`/api/leads/${leadId}/chat`, { text: 'Which hotels in Dubai have four stars?' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = events(res.body);
    expect(stream[0]).toMatchObject({ type: 'tool', name: 'search_hotels' });
    expect(stream.filter((e) => e.type === 'delta').map((e) => e.text).join('')).toBe('Two hotels in Dubai fit: both have four stars or more.');
    expect(stream.at(-1)).toMatchObject({ type: 'done', message: { content: 'Two hotels in Dubai fit: both have four stars or more.', incomplete: false } });
    // The tool's answer (sent back to the model) is the organization's Dubai hotels of four stars or more.
    const [first, second] = model.requests.slice(sent);
    expect(first.body).toMatchObject({ stream: true, model: 'test-model' });
    const toolMessage = (second.body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool')!;
    const hotels = JSON.parse(toolMessage.content).hotels as { hotelId: string; stars: number; destination: string }[];
    const expected = await s.sql<{ id: string }>(`select h.id from hotels h join destinations d on d.id = h.destination_id where h.organization_id = $1 and d.name ilike '%Dubai%' and h.stars >= 4 order by h.stars desc, h.name limit 10`, [orgId]);
    expect(hotels.map((h) => h.hotelId)).toEqual(expected.map((h) => h.id));
    // The prompt: this lead and its query; nothing of another lead.
    const prompt = JSON.stringify(first.body.messages);
    expect(prompt).toContain('Chatting Lead');
    expect(prompt).toContain('Honeymoon, likes food');
    expect(prompt).not.toContain('Someone Else Entirely');
    expect(prompt).not.toContain('OTHER-LEAD-NOTES');
    expect(prompt).not.toContain('@example.com');
    // Stored: the member's message and the answer with its tool call.
    const stored = (await owner.get(`/api/leads/${leadId}/chat`)).body.data;
    expect(stored.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[0]).toMatchObject({ content: 'Which hotels in Dubai have four stars?', author: { name: expect.any(String) } });
    expect(stored[1]).toMatchObject({ incomplete: false, author: null, toolCalls: [{ name: 'search_hotels', arguments: { destination: 'Dubai', minStars: 4 } }] });
    // A second message carries the conversation so far.
    model.script({ content: 'You are welcome.' });
    await owner.post(`/api/leads/${leadId}/chat`, { text: 'Thanks' });
    expect(JSON.stringify(model.requests.at(-1)!.body.messages)).toContain('Two hotels in Dubai fit');
  });

  it('keeps what arrived of a cut stream, marked incomplete', async () => {
    await useModel();
    const { leadId } = await leadWithQuery(owner, trip());
    model.script({ cutAfter: ['The best ', 'hotel is'] });
    const res = await owner.post(`/api/leads/${leadId}/chat`, { text: 'Best hotel?' });
    expect(res.status).toBe(200);
    expect(events(res.body).at(-1)).toMatchObject({ type: 'done', message: { content: 'The best hotel is', incomplete: true } });
    const stored = (await owner.get(`/api/leads/${leadId}/chat`)).body.data;
    expect(stored[1]).toMatchObject({ content: 'The best hotel is', incomplete: true });
  });

  it('drafts a tour for the lead through its tool, and reads only this lead’s tours', async () => {
    await useModel();
    const { leadId, queryId } = await leadWithQuery(owner, trip());
    const other = await leadWithQuery(owner, trip());
    const otherTour = (await owner.post('/api/customized-tours/generate-with-ai', { ...other, use: 'planner' })).body.data._id;
    model.script({ toolCalls: [{ name: 'draft_tour', arguments: { queryId } }, { name: 'read_tour', arguments: { tourId: otherTour } }] }, { content: 'Drafted.' });
    const res = await owner.post(`/api/leads/${leadId}/chat`, { text: 'Draft a tour please' });
    expect(events(res.body).at(-1)).toMatchObject({ type: 'done', message: { content: 'Drafted.' } });
    const [tour] = await s.sql<{ id: string }>(`select id from customized_tours where lead_id = $1`, [leadId]);
    expect(tour).toBeDefined();
    const tools = (model.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content));
    expect(tools[0]).toMatchObject({ tourId: tour.id, drafted: 'planner' });
    expect(tools[1]).toEqual({ error: 'no such tour for this lead' });
  });

  it('answers 404 for another organization’s lead, and 429 past the limit', async () => {
    const { leadId } = await leadWithQuery(owner, trip());
    expect((await globe.get(`/api/chat-ai/lead-thread?leadId=${leadId}`)).status).toBe(404);
    expect((await globe.get(`/api/leads/${leadId}/chat`)).status).toBe(404);
    expect((await globe.post(`/api/leads/${leadId}/chat`, { text: 'hello' })).status).toBe(404);
    const used = (await owner.get('/api/ai/usage')).body.data;
    await useModel({ monthlyTokenLimit: Math.max(1, used.promptTokens + used.completionTokens) });
    const limited = await owner.post(`/api/leads/${leadId}/chat`, { text: 'hello' });
    expect(limited.status).toBe(429);
    expect((await owner.get(`/api/leads/${leadId}/chat`)).body.data).toEqual([]);
  });
});
