import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { DOCUMENT_STRINGS } from '../../server/documents/strings';
import type { Agent } from '../support/agent';
import { pdfPages, pdfText, spacedNumbers } from '../support/pdf';
import { closedPort, mailTo, noMail, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/wait';
import { usd } from '../support/reads';

/**
 * The itinerary of a customized tour (issue 15) against the real server, database and queue, with
 * an SMTP server in this process as the organization's mail server: the PDF (read back with
 * pdftotext; page images in test-results/documents/), and the send that is also the tour's SEND.
 */
let s: TestServer;
let owner: Agent;
let sales: Agent;
let ops: Agent;
let finance: Agent;
let globe: Agent;
let sink: SmtpSink;
let orgId: string;
const cat = {} as { dubai: string; hotel: { id: string; name: string; room: string; stars: number }; activity: { id: string; name: string } };

const ARABIC = { title: 'رحلة دبي العائلية', note: 'زيارة السوق القديم ثم العشاء على الشاطئ', transfers: 'سيارة خاصة من المطار إلى الفندق' };

let leadSeq = 0;
async function newLead(agent: Agent) {
  const n = ++leadSeq;
  const res = await agent.post('/api/leads', { name: `Itinerary lead ${n}`, phone: `+44 7700 ${String(900_000 + n).slice(-6)}`, email: `itinerary${n}@customers.example` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; email: string; name: string };
}

/**
 * A three-day Dubai tour whose costs and selling prices are all different figures: two hotel
 * nights at 400.00 sold at 460.00, an activity for three at 123.45 sold at 148.14, a fee of 50.00.
 */
function plan(leadId: string, words: { title?: string; note?: string; transfers?: string } = {}) {
  return {
    leadId,
    title: words.title ?? 'Dubai with the family',
    departure: '2027-05-10',
    arrival: '2027-05-12',
    adults: 2,
    children: 1,
    days: [
      { date: '2027-05-10', destinationId: cat.dubai, hotelId: cat.hotel.id, roomType: cat.hotel.room, rooms: 1, meals: ['breakfast'], transfers: words.transfers ?? 'Airport pick-up' },
      { date: '2027-05-11', destinationId: cat.dubai, hotelId: cat.hotel.id, roomType: cat.hotel.room, activityIds: [cat.activity.id], meals: ['breakfast', 'dinner'], notes: words.note ?? 'Old souk in the morning' },
      { date: '2027-05-12', destinationId: cat.dubai, notes: 'Fly home' },
    ],
    lines: [
      { kind: 'hotels', dayNumber: 1, description: 'Hotel, night 1', hotelId: cat.hotel.id, roomType: cat.hotel.room, quantity: 1, unit: 'per-room-night', unitCost: 40_000, markupType: 'percent', markup: 1500 },
      { kind: 'hotels', dayNumber: 2, description: 'Hotel, night 2', hotelId: cat.hotel.id, roomType: cat.hotel.room, quantity: 1, unit: 'per-room-night', unitCost: 40_000, markupType: 'percent', markup: 1500 },
      { kind: 'activities', dayNumber: 2, description: cat.activity.name, activityId: cat.activity.id, quantity: 3, unit: 'per-person', unitCost: 12_345, markupType: 'percent', markup: 2000 },
      { kind: 'fee', description: 'Service fee', quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 5000 },
    ],
  };
}

async function newTour(agent: Agent, words?: Parameters<typeof plan>[1]) {
  const lead = await newLead(agent);
  const res = await agent.post('/api/customized-tours', plan(lead._id, words));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { tour: res.body.data, lead };
}


async function pdf(agent: Agent, id: string, lang: string) {
  const res = await fetch(`${s.url}/api/customized-tours/${id}/pdf?lang=${lang}`, { headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

function sendForm(fields: Record<string, string | string[]>, files: { name: string; type: string; bytes: Uint8Array }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
  for (const f of files) form.append('attachments', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}


/** What a refused send must leave as it was: the emails, the queue, the tour and its lead. */
async function state(tourId: string, leadId: string) {
  const [row] = await s.sql(
    `select (select count(*)::int from document_sends) as sends, (select count(*)::int from pgboss.job where name = 'document-send') as jobs,
            (select status from customized_tours where id = $1) as tour, (select count(*)::int from customized_tour_versions where tour_id = $1) as versions,
            (select status from leads where id = $2) as lead, (select count(*)::int from lead_events where lead_id = $2) as events`,
    [tourId, leadId],
  );
  return row;
}

const useSink = (port = sink.port) => mailTo(owner, port);
const noSmtp = () => noMail(owner);

beforeAll(async () => {
  s = await startTestServer({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  [owner, sales, ops, finance, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'ops@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  sink = await startSmtpSink();
  [{ id: orgId }] = await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
  [{ id: cat.dubai }] = await s.sql<{ id: string }>(`select id from destinations where organization_id = $1 and name = 'Dubai'`, [orgId]);
  const [hotel] = await s.sql<{ id: string; name: string; stars: number; room_types: { name: string }[] }>(`select id, name, stars, room_types from hotels where destination_id = $1 order by slug limit 1`, [cat.dubai]);
  cat.hotel = { id: hotel.id, name: hotel.name, room: hotel.room_types[0].name, stars: hotel.stars };
  cat.activity = (await s.sql<{ id: string; name: string }>(`select id, name from activities where destination_id = $1 order by slug limit 1`, [cat.dubai]))[0];
});
afterAll(async () => {
  await sink?.close();
  await s?.close();
});

describe('GET /customized-tours/{id}/pdf', () => {
  it('is the itinerary: days, hotels, activities, selling prices and total, never a cost (English)', async () => {
    const { tour, lead } = await newTour(sales);
    const file = await pdf(sales, tour._id, 'en');
    expect(file).toMatchObject({ status: 200, type: 'application/pdf' });
    const text = pdfText(file.bytes);
    for (const words of ['Itinerary', 'Dubai with the family', `Prepared for ${lead.name}`, 'The trip at a glance', 'Day by day', 'Day 1', 'Day 2', 'Day 3', cat.hotel.name, cat.activity.name, 'Airport pick-up', 'Old souk in the morning', 'Price summary', 'Included', 'Demo Travels']) {
      expect(text, words).toContain(words);
    }
    // Selling figures: each line, the total, per person.
    expect(tour.totals.sell).toBe(46_000 * 2 + 14_814 * 3 + 5000);
    for (const amount of [46_000, 14_814 * 3, 5000, tour.totals.sell, tour.totals.pricePerPerson]) expect(text, usd(amount)).toContain(usd(amount));
    // No cost, markup or margin anywhere.
    for (const amount of [40_000, 12_345, 12_345 * 3, tour.totals.cost, tour.totals.margin, 6000, 2469]) expect(text, usd(amount)).not.toContain(usd(amount));
    expect(text).not.toMatch(/cost|markup|margin/i);
    pdfPages(file.bytes, 'itinerary-en');
  });

  it('reads in Arabic with its words in reading order', async () => {
    const { tour } = await newTour(sales, ARABIC);
    const file = await pdf(sales, tour._id, 'ae');
    expect(file.status).toBe(200);
    // pdftotext copies a vowel mark out beside its letter (docs/documents.md): words are compared without marks.
    const unmarked = (t: string) => t.replace(/[\u064b-\u0652]/g, '');
    const text = unmarked(spacedNumbers(pdfText(file.bytes)));
    const ae = DOCUMENT_STRINGS.ae.tour;
    for (const words of [ARABIC.title, ARABIC.note, ARABIC.transfers, ae.atAGlance, ae.dayByDay, ae.priceSummary, ae.itinerary]) expect(text, words).toContain(unmarked(words));
    expect(text).toContain(cat.hotel.name);
    pdfPages(file.bytes, 'itinerary-ae');
  });

  it('renders Japanese', async () => {
    const { tour } = await newTour(sales);
    const file = await pdf(sales, tour._id, 'ja');
    const text = pdfText(file.bytes);
    const ja = DOCUMENT_STRINGS.ja.tour;
    for (const words of [ja.atAGlance, ja.dayByDay, ja.priceSummary, '1日目', '3日目', cat.hotel.name]) expect(text, words).toContain(words);
    pdfPages(file.bytes, 'itinerary-ja');
  });

  it('answers 400 naming lang for an unknown language; 404 for another organization; 403 without customizedTours.view', async () => {
    const { tour } = await newTour(sales);
    const bad = await sales.get(`/api/customized-tours/${tour._id}/pdf?lang=xx`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: 'lang', code: 'oneOf' });
    expect((await pdf(globe, tour._id, 'en')).status).toBe(404);
    expect((await globe.get(`/api/customized-tours/${tour._id}/sends`)).status).toBe(404);
    expect((await pdf(finance, tour._id, 'en')).status).toBe(403);
    expect((await pdf(ops, tour._id, 'en')).status).toBe(200);
  });
});

describe('POST /customized-tours/{id}/send', () => {
  it('without a mail server: the itinerary waits in the outbox; the tour is sent, the lead quoted, both name the email', async () => {
    await noSmtp();
    const { tour, lead } = await newTour(sales);
    const res = await sales.form(`/api/customized-tours/${tour._id}/send`, sendForm({ to: lead.email, cc: 'agent@demo.travel', lang: 'en' }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({
      status: 'outbox',
      document: 'itinerary',
      recordType: 'customized-tour',
      recordId: tour._id,
      version: 1,
      to: [lead.email],
      cc: ['agent@demo.travel'],
      subject: 'Your itinerary from Demo Travels',
      sentBy: { name: 'Samir Sales' },
    });
    expect(res.body.data.message).toContain(`Dear ${lead.name}`);

    const after = (await sales.get(`/api/customized-tours/${tour._id}`)).body.data;
    expect(after).toMatchObject({ status: 'sent', version: 1 });
    expect(after.versions[0]).toMatchObject({ version: 1, to: lead.email, cc: ['agent@demo.travel'], subject: 'Your itinerary from Demo Travels' });
    const sends = (await sales.get(`/api/customized-tours/${tour._id}/sends`)).body.data;
    expect(sends.map((x: { _id: string; version: number }) => [x._id, x.version])).toEqual([[res.body.data._id, 1]]);
    const leadNow = (await sales.get(`/api/leads/${lead._id}`)).body.data;
    expect(leadNow.status).toBe('quoted');
    expect(leadNow.activity[0]).toMatchObject({ type: 'tourSent', actor: { name: 'Samir Sales' }, data: { tourId: tour._id, version: 1, to: lead.email, sendId: res.body.data._id, sendStatus: 'outbox' } });

    const eml = await fetch(`${s.url}/api/outbox/${res.body.data._id}/eml`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['Itinerary Dubai with the family v1.pdf']);
    expect(pdfText(parsed.attachments[0].content)).toContain(usd(tour.totals.sell));
    expect(sink.messages.length).toBe(0);
  });

  it('emails the itinerary of the version sent through the mail server, once; the message template of the configuration is the default', async () => {
    await useSink();
    const template = 'Hello {{name}}, here is {{title}}. {{organization}}';
    expect((await owner.put('/api/configurations/customized-tour', { emailMessage: template, inclusions: ['Airport meet and greet'], exclusions: ['Visa fees'] })).status).toBe(200);
    expect((await sales.get('/api/customized-tours/settings')).body.data.emailMessage).toBe(template);
    const { tour, lead } = await newTour(sales);
    // Version 1 goes out, is revised and edited; version 2 is what the second email carries.
    const first = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: lead.email });
    expect(first.body.data).toMatchObject({ status: 'queued', version: 1 });
    expect((await until(async () => (await sales.get(`/api/customized-tours/${tour._id}/sends`)).body.data[0], (d) => d.status !== 'queued')).status).toBe('sent');
    expect((await sales.put(`/api/customized-tours/${tour._id}/revise`)).status).toBe(200);
    const edit = { ...plan(lead._id), _id: tour._id, title: 'Dubai, upgraded' } as Record<string, unknown>;
    delete edit.leadId;
    expect((await sales.put('/api/customized-tours', edit)).status).toBe(200);
    const before = sink.messages.length;
    const res = await sales.form(
      `/api/customized-tours/${tour._id}/send`,
      sendForm({ to: [lead.email, 'partner@customers.example'], lang: 'en' }, [{ name: 'visa.txt', type: 'text/plain', bytes: new TextEncoder().encode('Visa on arrival') }]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'queued', version: 2, message: `Hello ${lead.name}, here is Dubai, upgraded. Demo Travels` });
    const sent = await until(async () => (await sales.get(`/api/customized-tours/${tour._id}/sends`)).body.data[0], (d) => d.status !== 'queued');
    expect(sent).toMatchObject({ _id: res.body.data._id, status: 'sent', attempts: 1, version: 2 });
    expect(sink.messages.length).toBe(before + 1);
    const mail = sink.messages.at(-1)!;
    expect(mail.to).toMatchObject({ value: [{ address: lead.email }, { address: 'partner@customers.example' }] });
    expect(mail.attachments.map((a) => a.filename)).toEqual(['Itinerary Dubai, upgraded v2.pdf', 'visa.txt']);
    const text = pdfText(mail.attachments[0].content);
    for (const words of ['Dubai, upgraded', 'Day 1', 'Day 2', 'Day 3', cat.hotel.name, cat.activity.name, usd(tour.totals.sell), 'Airport meet and greet', 'Visa fees']) expect(text, words).toContain(words);
    for (const amount of [40_000, 12_345 * 3, tour.totals.cost, tour.totals.margin]) expect(text).not.toContain(usd(amount));
    expect((await sales.get(`/api/customized-tours/${tour._id}`)).body.data).toMatchObject({ status: 'sent', version: 2 });
    const timeline = (await sales.get(`/api/leads/${lead._id}`)).body.data.activity.filter((a: { type: string }) => a.type === 'tourSent');
    expect(timeline.map((a: { data: { version: number; sendStatus: string } }) => [a.data.version, a.data.sendStatus])).toEqual([
      [2, 'sent'],
      [1, 'sent'],
    ]);
    await owner.put('/api/configurations/customized-tour', {});
  });

  it('a mail server that is down: retried, then failed with the reason, visible on the tour and the lead', async () => {
    await useSink(await closedPort());
    const { tour, lead } = await newTour(sales);
    const res = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: lead.email });
    expect(res.status).toBe(202);
    const failed = await until(async () => (await sales.get(`/api/customized-tours/${tour._id}/sends`)).body.data[0], (d) => d.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'The mail server could not be used: it was not reached or did not answer as a mail server' });
    const line = (await sales.get(`/api/leads/${lead._id}`)).body.data.activity.find((a: { type: string }) => a.type === 'tourSent');
    expect(line.data).toMatchObject({ sendStatus: 'failed', sendError: 'The mail server could not be used: it was not reached or did not answer as a mail server' });
    // The version went out as far as the organization is concerned; a new email is a new version.
    expect((await sales.get(`/api/customized-tours/${tour._id}`)).body.data.status).toBe('sent');
  });

  describe('bad input: 4xx naming the field, nothing queued, the tour and lead unchanged', () => {
    const pdfBytes = new TextEncoder().encode('%PDF-1.4\n%test\n');
    it.each([
      ['no recipient', () => sendForm({ subject: 'x' }), 400, 'to', 'required'],
      ['a bad address', () => sendForm({ to: 'not-an-address' }), 400, 'to.0', 'invalidEmail'],
      ['a bad cc', () => sendForm({ to: 'a@example.com', cc: 'b@' }), 400, 'cc.0', 'invalidEmail'],
      ['an unknown language', () => sendForm({ to: 'a@example.com', lang: 'xx' }), 400, 'lang', 'oneOf'],
      ['a file that is not what its type says', () => sendForm({ to: 'a@example.com' }, [{ name: 'plan.pdf', type: 'application/pdf', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00]) }]), 400, 'attachments.0', 'contentMismatch'],
      ['an 11 MB attachment', () => sendForm({ to: 'a@example.com' }, [{ name: 'big.pdf', type: 'application/pdf', bytes: new Uint8Array(11 * 1024 * 1024).fill(0x20).map((b, i) => (i < 5 ? pdfBytes[i] : b)) }]), 413, 'attachments.0', 'fileTooLarge'],
    ])('%s', async (_, form, status, path, code) => {
      await useSink();
      const { tour, lead } = await newTour(sales);
      const before = await state(tour._id, lead._id);
      const res = await sales.form(`/api/customized-tours/${tour._id}/send`, form());
      expect(res.status).toBe(status);
      expect(res.body.issues).toContainEqual(expect.objectContaining({ path, code }));
      expect(await state(tour._id, lead._id)).toEqual(before);
    });

    it('a 30 MB upload: 413 before it is read', async () => {
      const { tour, lead } = await newTour(sales);
      const before = await state(tour._id, lead._id);
      const res = await sales
        .form(`/api/customized-tours/${tour._id}/send`, sendForm({ to: 'a@example.com' }, [{ name: 'huge.pdf', type: 'application/pdf', bytes: new Uint8Array(30 * 1024 * 1024) }]))
        .catch((e: Error) => ({ status: 0, body: e.message }));
      expect(res.status).toBe(413);
      expect(await state(tour._id, lead._id)).toEqual(before);
    });
  });

  it('a sent tour is not sent again (409, nothing rendered or queued); a closed lead refuses (409); another organization 404; permissions 403', async () => {
    await noSmtp();
    const { tour, lead } = await newTour(sales);
    expect((await sales.post(`/api/customized-tours/${tour._id}/send`, { to: lead.email })).status).toBe(202);
    let before = await state(tour._id, lead._id);
    const again = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: lead.email });
    expect(again).toMatchObject({ status: 409, body: { code: 'TRANSITION_NOT_ALLOWED', message: 'This version was sent already; revise the tour to send a new one' } });
    expect(await state(tour._id, lead._id)).toEqual(before);

    const lost = await newTour(sales);
    expect((await sales.put(`/api/leads/${lost.lead._id}/status`, { status: 'lost', reason: 'Too expensive' })).status).toBe(200);
    before = await state(lost.tour._id, lost.lead._id);
    const closed = await sales.post(`/api/customized-tours/${lost.tour._id}/send`, { to: lost.lead.email });
    expect(closed).toMatchObject({ status: 409, body: { code: 'LEAD_CLOSED' } });
    expect(await state(lost.tour._id, lost.lead._id)).toEqual(before);

    const other = await newTour(sales);
    before = await state(other.tour._id, other.lead._id);
    expect((await globe.post(`/api/customized-tours/${other.tour._id}/send`, { to: 'a@example.com' })).status).toBe(404);
    expect((await ops.post(`/api/customized-tours/${other.tour._id}/send`, { to: 'a@example.com' })).status).toBe(403);
    expect((await finance.get(`/api/customized-tours/${other.tour._id}/sends`)).status).toBe(403);
    expect(await state(other.tour._id, other.lead._id)).toEqual(before);
  });
});
