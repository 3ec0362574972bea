import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTourInput } from '../../src/api/tours/customized/contract';
import { planFromPersonalized } from '../../src/domain/tour-costing';
import { priceTourLines } from '../../src/domain/tour-pricing';
import { markTourBooked } from '../../server/tours/workflow';
import type { Agent } from '../support/agent';
import { checksum, checksumQuery } from '../support/db-checksum';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Customized tours over HTTP (issue 14): the seed's calls, the server's pricing, versions, the
 * workflow's routes, bad input, other organizations, permissions and own/all visibility, the
 * catalogue in use, reviews of a tour, and two clicks at once.
 */
let s: TestServer;
let owner: Agent;
let sales: Agent;
let lina: Agent;
let ops: Agent;
let finance: Agent;
let globe: Agent;
let fingerprint: string;
let orgId: string;
const id: Record<string, string> = {};
const cat = {} as {
  dubai: string;
  dubaiRegion: string;
  abuDhabi: string;
  hotel: { id: string; name: string; room: string; rate: number };
  otherHotel: { id: string; name: string; room: string };
  activity: { id: string; price: number; name: string };
  otherActivity: { id: string; name: string };
  vendor: string;
  globeDestination: string;
};

const count = async (table: string, where = 'true', values: unknown[] = []) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, values))[0].n;
/** The totals the pricing function gives a request's lines (with the schema's defaults, as the server reads them). */
const pricedAs = (body: Record<string, unknown>, pax: number) => priceTourLines(v.parse(createTourInput, { leadId: '00000000-0000-4000-8000-000000000001', ...body }).lines, pax);
let phoneSeq = 0;
/** A new lead of the caller's (a sales agent owns what he creates), with a query. */
async function newLead(agent: Agent, name = `Tour lead ${++phoneSeq}`): Promise<{ id: string; queryId: string }> {
  const res = await agent.post('/api/leads', { name, phone: `+44 7700 ${String(800_000 + ++phoneSeq).slice(-6)}`, email: `lead${phoneSeq}@tours.example`, query: { adults: 2, children: 1 } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id, queryId: res.body.data.queries[0]._id };
}

/** A valid three-day Dubai tour for a lead: two hotel nights, an activity, a fee and a discount. */
function plan(leadId: string, extra: Record<string, unknown> = {}) {
  return {
    leadId,
    title: 'Dubai long weekend',
    departure: '2027-05-10',
    arrival: '2027-05-12',
    adults: 2,
    children: 1,
    days: <Record<string, unknown>[]>[
      { date: '2027-05-10', destinationId: cat.dubai, hotelId: cat.hotel.id, roomType: cat.hotel.room, rooms: 1, meals: ['breakfast'], transfers: 'Airport pick-up' },
      { date: '2027-05-11', destinationId: cat.dubai, hotelId: cat.hotel.id, roomType: cat.hotel.room, activityIds: [cat.activity.id], meals: ['dinner', 'breakfast'] },
      { date: '2027-05-12', destinationId: cat.dubai, notes: 'Fly home' },
    ],
    lines: <Record<string, unknown>[]>[
      { kind: 'hotels', dayNumber: 1, description: 'Night 1', hotelId: cat.hotel.id, roomType: cat.hotel.room, vendorId: cat.vendor, quantity: 1, unit: 'per-room-night', unitCost: cat.hotel.rate, markupType: 'percent', markup: 1500 },
      { kind: 'hotels', dayNumber: 2, description: 'Night 2', hotelId: cat.hotel.id, roomType: cat.hotel.room, quantity: 1, unit: 'per-room-night', unitCost: cat.hotel.rate + 1, markupType: 'percent', markup: 1500 },
      { kind: 'activities', dayNumber: 2, description: cat.activity.name, activityId: cat.activity.id, quantity: 3, unit: 'per-person', unitCost: cat.activity.price, markup: 2000 },
      { kind: 'fee', description: 'Service fee', quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 5000 },
      { kind: 'discount', description: 'Loyalty', quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 1001 },
    ],
    ...extra,
  };
}

async function createTour(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.post('/api/customized-tours', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  s = await startTestServer();
  [owner, sales, lina, ops, finance, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'lina@demo.travel', 'ops@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  fingerprint = await checksumQuery(s);
  [{ id: orgId }] = await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
  for (const email of ['sales@demo.travel', 'lina@demo.travel', 'owner@demo.travel']) id[email] = (await s.sql<{ id: string }>('select id from members where email = $1', [email]))[0].id;
  const demoDest = async (name: string) => (await s.sql<{ id: string; region_id: string }>(`select d.id, d.region_id from destinations d where d.organization_id = $1 and d.name = $2`, [orgId, name]))[0];
  const dubai = await demoDest('Dubai');
  cat.dubai = dubai.id;
  cat.dubaiRegion = dubai.region_id;
  cat.abuDhabi = (await demoDest('Abu Dhabi')).id;
  const [hotel] = await s.sql<{ id: string; name: string; room_types: { name: string; nightlyRate: number }[] }>(`select id, name, room_types from hotels where destination_id = $1 order by slug limit 1`, [cat.dubai]);
  cat.hotel = { id: hotel.id, name: hotel.name, room: hotel.room_types[0].name, rate: hotel.room_types[0].nightlyRate };
  const [other] = await s.sql<{ id: string; name: string; room_types: { name: string }[] }>(`select id, name, room_types from hotels where destination_id = $1 order by slug limit 1`, [cat.abuDhabi]);
  cat.otherHotel = { id: other.id, name: other.name, room: other.room_types[0].name };
  const [activity] = await s.sql<{ id: string; price_per_person: string; name: string }>(`select id, price_per_person, name from activities where destination_id = $1 order by slug limit 1`, [cat.dubai]);
  cat.activity = { id: activity.id, price: Number(activity.price_per_person), name: activity.name };
  cat.otherActivity = (await s.sql<{ id: string; name: string }>(`select id, name from activities where destination_id = $1 order by slug limit 1`, [cat.abuDhabi]))[0];
  cat.vendor = (await s.sql<{ id: string }>(`select id from vendors where organization_id = $1 and 'hotels' = any(services) order by name limit 1`, [orgId]))[0].id;
  cat.globeDestination = (await s.sql<{ id: string }>(`select d.id from destinations d join organizations o on o.id = d.organization_id where o.name = 'Globe Trotters' limit 1`))[0].id;
});
afterAll(() => s?.close());

describe('the demo tours', () => {
  it('are a few dozen over leads and states, with sent versions, priced as the pricing function says', async () => {
    const res = await owner.get('/api/customized-tours?limit=200');
    expect(res.status).toBe(200);
    const total = await count('customized_tours', 'organization_id = $1', [orgId]);
    expect(total).toBeGreaterThanOrEqual(24);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 200, totalItems: total, totalPages: 1 });
    expect(res.body.stats.byStatus.draft).toBeGreaterThan(0);
    expect(res.body.stats.byStatus.sent).toBeGreaterThan(0);
    expect(new Set(res.body.data.map((t: { lead: { _id: string } }) => t.lead._id)).size).toBeGreaterThan(10);
    const versions = await s.sql<{ n: number }>(`select count(*)::int as n from customized_tour_versions where organization_id = $1 group by tour_id having count(*) > 1`, [orgId]);
    expect(versions.length, 'some tours were sent twice').toBeGreaterThan(0);
    // Every sent tour's lead is quoted, or won since by another trip (the demo's returning customer
    // books a departure); every tour's stored totals are its lines priced again.
    for (const t of res.body.data.slice(0, 12)) {
      const detail = (await owner.get(`/api/customized-tours/${t._id}`)).body.data;
      if (t.status === 'sent') expect(['quoted', 'won']).toContain(t.lead.status);
      const { totals } = priceTourLines(detail.lines, detail.adults + detail.children + detail.infants);
      expect(detail.totals).toEqual(totals);
      expect(detail.versions.length).toBe(t.status === 'sent' ? t.version : t.version - 1);
    }
  });
});

describe('POST /customized-tours', () => {
  it('creates a draft priced by the server, with its days, places, lead timeline and the list row', async () => {
    const lead = await newLead(sales);
    const body = plan(lead.id, { queryId: lead.queryId, destinations: [cat.abuDhabi] });
    const tour = await createTour(sales, body);
    expect(tour).toMatchObject({ status: 'draft', version: 1, revision: 1, title: 'Dubai long weekend', totalNights: 2, adults: 2, children: 1, infants: 0, currency: 'USD', queryId: lead.queryId });
    expect(tour.lead).toEqual({ _id: lead.id, name: expect.any(String), status: 'new' });
    expect(tour.pointOfContact).toEqual({ _id: id['sales@demo.travel'], name: 'Samir Sales' });
    // The places given, with the days' destinations and their regions added.
    expect(tour.destinations.map((d: { _id: string }) => d._id).sort()).toEqual([cat.abuDhabi, cat.dubai].sort());
    expect(tour.regions.map((r: { _id: string }) => r._id)).toContain(cat.dubaiRegion);
    const { lines, totals } = pricedAs(body, 3);
    expect(tour.totals).toEqual(totals);
    expect(tour.lines.map((l: { unitPrice: number; lineSell: number; lineCost: number }) => [l.unitPrice, l.lineCost, l.lineSell])).toEqual(lines.map((l) => [l.unitPrice, l.lineCost, l.lineSell]));
    // 15 % on the room, rounded half away from zero per unit; the discount is a negative line without cost.
    expect(tour.lines[0].unitMarkup).toBe(Math.round((cat.hotel.rate * 1500) / 10_000));
    expect(tour.lines[4]).toMatchObject({ kind: 'discount', unitCost: 0, lineCost: 0, lineSell: -1001 });
    expect(tour.totals.sell).toBe(tour.lines.reduce((sum: number, l: { lineSell: number }) => sum + l.lineSell, 0));
    expect(tour.days.map((d: { dayNumber: number; date: string; meals: string[] }) => [d.dayNumber, d.date, d.meals])).toEqual([
      [1, '2027-05-10', ['breakfast']],
      [2, '2027-05-11', ['breakfast', 'dinner']],
      [3, '2027-05-12', []],
    ]);
    expect(tour.days[1].activities).toEqual([{ _id: cat.activity.id, name: cat.activity.name, slug: expect.any(String) }]);
    expect(tour.lines[0].vendor._id).toBe(cat.vendor);
    // Stored, as computed: the database's own sums agree.
    const [row] = await s.sql<{ total_cost: string; total_sell: string; total_nights: number }>('select total_cost, total_sell, total_nights from customized_tours where id = $1', [tour._id]);
    expect(row).toEqual({ total_cost: String(totals.cost), total_sell: String(totals.sell), total_nights: 2 });
    const activity = (await sales.get(`/api/leads/${lead.id}`)).body.data.activity;
    expect(activity[0]).toMatchObject({ type: 'tourCreated', data: { tourId: tour._id, title: 'Dubai long weekend' } });
    const list = await sales.get(`/api/customized-tours/lead/${lead.id}`);
    expect(list.body.data.map((t: { _id: string }) => t._id)).toEqual([tour._id]);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(
      ['_id', 'title', 'status', 'version', 'revision', 'lead', 'queryId', 'regions', 'destinations', 'departure', 'arrival', 'totalNights', 'adults', 'children', 'infants', 'pointOfContact', 'currency', 'totals', 'bookingId', 'bookedVersion', 'createdAt', 'updatedAt'].sort(),
    );
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const lead = await newLead(sales);
    const good = plan(lead.id);
    const line = (patch: Record<string, unknown>, i = 0) => ({ lines: good.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) });
    const day = (patch: Record<string, unknown>, i = 0) => ({ days: good.days.map((d, k) => (k === i ? { ...d, ...patch } : d)) });
    const [{ id: otherLead }] = await s.sql<{ id: string }>(`select l.id from leads l join organizations o on o.id = l.organization_id where o.name = 'Globe Trotters' limit 1`);
    const [{ id: linasLead }] = await s.sql<{ id: string }>(`select id from leads where assigned_to = $1 and status = 'new' limit 1`, [id['lina@demo.travel']]);
    const [{ id: foreignQuery }] = await s.sql<{ id: string }>(`select id from lead_queries where lead_id <> $1 limit 1`, [lead.id]);
    const [{ id: globeVendor }] = await s.sql<{ id: string }>(`select v.id from vendors v join organizations o on o.id = v.organization_id where o.name = 'Globe Trotters' limit 1`);
    const [{ id: arabianAdventures }] = await s.sql<{ id: string }>(`select id from vendors where name = 'Arabian Adventures'`);
    const cases: [string, Record<string, unknown>, string, string, string][] = [
      ['dates out of order', { arrival: '2027-05-09' }, 'arrival', 'dateOrder', 'must not be before departure'],
      ['a day outside the dates', day({ date: '2027-05-13' }, 2), 'days.2.date', 'dateOutOfRange', "must be within the tour's dates (2027-05-10 to 2027-05-12)"],
      ['days out of order', day({ date: '2027-05-10' }, 1), 'days.1.date', 'dateOrder', "must be after the previous day's date"],
      ['a hotel not in the day’s destination', day({ hotelId: cat.otherHotel.id, roomType: cat.otherHotel.room }), 'days.0.hotelId', 'notInPlace', `names ${cat.otherHotel.name}, which is not in the day's destination`],
      ['an activity not in the day’s destination', day({ activityIds: [cat.otherActivity.id] }, 1), 'days.1.activityIds.0', 'notInPlace', `names ${cat.otherActivity.name}, which is not in the day's destination`],
      ['a room type the hotel lacks', day({ roomType: 'Igloo' }), 'days.0.roomType', 'oneOf', `is not a room type of ${cat.hotel.name}`],
      ['a hotel without its room', day({ roomType: null }), 'days.0.roomType', 'required', 'is required with a hotel'],
      ['a room without its hotel', day({ hotelId: null }), 'days.0.hotelId', 'required', 'is required for a room type'],
      ['a negative quantity', line({ quantity: -2 }), 'lines.0.quantity', 'tooSmall', 'must be at least 1'],
      ['a negative cost (an amount off is a discount)', line({ unitCost: -100 }), 'lines.0.unitCost', 'tooSmall', 'must not be negative: for an amount off, use the kind Discount'],
      ['a negative markup', line({ markupType: 'amount', markup: -3_000 }), 'lines.0.markup', 'tooSmall', 'must not be negative: for an amount off, use the kind Discount'],
      ['a markup over 1000 %', line({ markup: 100_001 }), 'lines.0.markup', 'tooLarge', 'must be at most 1000 %'],
      ['a line on a day the plan lacks', line({ dayNumber: 4 }), 'lines.0.dayNumber', 'tooLarge', "must be within the tour's 3 days"],
      ['a discount with a cost', line({ unitCost: 10 }, 4), 'lines.4.unitCost', 'tooLarge', 'must be 0 for a discount (the discount is its markup)'],
      ['a discount larger than the price', line({ markup: 999_999_999 }, 4), 'lines', 'tooSmall', 'must not discount more than the price'],
      ['pax of zero', { adults: 0, children: 0, infants: 0 }, 'adults', 'tooSmall', 'must be at least 1'],
      ['an unknown hotel', day({ hotelId: '00000000-0000-4000-8000-000000000001' }), 'days.0.hotelId', 'unknownReference', 'is not a known hotel'],
      ['an unknown activity on a line', line({ activityId: '00000000-0000-4000-8000-000000000001' }, 2), 'lines.2.activityId', 'unknownReference', 'is not a known activity'],
      ['an unknown vendor', line({ vendorId: '00000000-0000-4000-8000-000000000001' }), 'lines.0.vendorId', 'unknownReference', 'is not a known vendor'],
      ['another organization’s vendor', line({ vendorId: globeVendor }), 'lines.0.vendorId', 'unknownReference', 'is not a known vendor'],
      ['a vendor that does not offer the line’s service', line({ vendorId: arabianAdventures }), 'lines.0.vendorId', 'oneOf', 'names Arabian Adventures, which does not offer hotels (it offers activities, transfers, land-part)'],
      ['a vendor on a fee', line({ vendorId: cat.vendor }, 3), 'lines.3.vendorId', 'oneOf', 'must be empty: a fee or a discount has no vendor'],
      ['another organization’s destination', day({ destinationId: cat.globeDestination, hotelId: null, roomType: null, rooms: null }, 2), 'days.2.destinationId', 'unknownReference', 'is not a known destination'],
      ['another organization’s lead', { leadId: otherLead }, 'leadId', 'unknownReference', 'is not a known lead'],
      ['a colleague’s lead (own visibility)', { leadId: linasLead }, 'leadId', 'unknownReference', 'is not a known lead'],
      ['another lead’s query', { queryId: foreignQuery }, 'queryId', 'unknownReference', 'is not a query of this lead'],
      ['a total the client computed', { totals: { sell: 1 } }, 'totals', 'unknownField', 'is not a known field'],
      ['a date out of range', { departure: '1899-12-31' }, 'departure', 'dateOutOfRange', 'must be between 1900-01-01 and 2200-12-31'],
    ];
    for (const [what, patch, path, code, message] of cases) {
      const before = await checksum(s, fingerprint);
      const res = await sales.post('/api/customized-tours', { ...good, ...patch });
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code, what).toBe('VALIDATION_FAILED');
      expect(res.body.issues, what).toContainEqual({ path, code, params: expect.any(Object), message });
      expect(await checksum(s, fingerprint), `${what} wrote nothing`).toBe(before);
    }
  });

  it('refuses a tour for a lead that is won or lost (409)', async () => {
    const lead = await newLead(sales);
    await sales.put(`/api/leads/${lead.id}/status`, { status: 'lost', reason: 'Went elsewhere' });
    const res = await sales.post('/api/customized-tours', plan(lead.id));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A lost lead cannot get a new tour; reopen it first');
  });
});

describe('starting from a package', () => {
  it("takes a package's plan and lines (GET /personalized-tours/id/{id}) as they are: the server accepts them and prices them", async () => {
    const [pkg] = await s.sql<{ id: string }>(
      `select t.id from personalized_tours t where t.organization_id = $1 and exists (select 1 from personalized_tour_lines l where l.tour_id = t.id and l.unit = 'per-person') order by t.title limit 1`,
      [orgId],
    );
    const detail = (await sales.get(`/api/personalized-tours/id/${pkg.id}`)).body.data;
    const lead = await newLead(sales);
    const plan = planFromPersonalized(detail, '2027-06-01', { adults: 2, children: 1 });
    const res = await sales.post('/api/customized-tours', { leadId: lead.id, title: detail.title, departure: '2027-06-01', adults: 2, children: 1, ...plan });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const tour = res.body.data;
    expect(tour.totalNights).toBe(detail.totalNights);
    // Day N of the package falls on departure + N − 1.
    const packageDays = [...detail.days].sort((a: { dayNumber: number }, b: { dayNumber: number }) => a.dayNumber - b.dayNumber);
    expect(tour.days.map((d: { date: string; destination: { _id: string } }) => [d.date, d.destination._id])).toEqual(
      packageDays.map((d: { dayNumber: number; destination: { _id: string } }) => [`2027-06-${String(d.dayNumber).padStart(2, '0')}`, d.destination._id]),
    );
    expect(tour.lines).toHaveLength(detail.lines.length);
    // Costed for two sharing a room in the package; here for the tour's three travellers and two rooms.
    for (const [i, line] of detail.lines.entries()) {
      if (line.unit === 'per-person') expect(tour.lines[i].quantity).toBe(3);
      if (line.unit === 'per-room-night') expect(tour.lines[i].quantity).toBe(line.quantity * 2);
      if (line.kind !== 'discount') expect(tour.lines[i]).toMatchObject({ unitCost: line.unitCost, markupType: line.markupType, markup: line.markup });
    }
    expect(tour.totals).toEqual(pricedAs({ title: detail.title, departure: '2027-06-01', adults: 2, children: 1, ...plan }, 3).totals);
  });
});

describe('GET /customized-tours/settings', () => {
  it("gives the builder the organization's default markup in basis points; needs customizedTours.view", async () => {
    const config = (await owner.get('/api/configurations')).body.data.find((c: { module: string }) => c.module === 'customizedTours').settings;
    const res = await sales.get('/api/customized-tours/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ defaultMarkupBasisPoints: config.defaultMarkupPercent * 100, quoteValidityDays: config.quoteValidityDays, emailMessage: config.emailMessage ?? null });
    expect((await finance.get('/api/customized-tours/settings')).status).toBe(403);
  });
});

describe('a priced line’s vendor (issue 27)', () => {
  it('must be active when it is named (409 VENDOR_NOT_BOOKABLE, nothing written); one deactivated after it was named stays on the line, and the tour can still be saved', async () => {
    const lead = await newLead(sales);
    const vendor = (await owner.post('/api/vendors', { name: `Line vendor ${++phoneSeq}`, services: ['hotels'], email: `line-vendor-${phoneSeq}@example.com` })).body.data._id as string;
    const naming = (vendorId: string) => plan(lead.id, { lines: plan(lead.id).lines.map((l, i) => (i === 1 ? { ...l, vendorId } : l)) });
    const tour = await createTour(sales, naming(vendor));
    expect(tour.lines[1].vendor).toEqual({ _id: vendor, name: expect.stringMatching(/^Line vendor/) });
    expect((await owner.put(`/api/vendors/${vendor}`, { isActive: false })).status).toBe(200);

    // Kept on its line: the draft saves with the vendor it had.
    const { leadId: _l, ...kept } = { ...naming(vendor), _id: tour._id, title: 'Still with its hotel vendor' };
    const saved = await sales.put('/api/customized-tours', kept);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.lines[1].vendor._id).toBe(vendor);

    // Newly named (another tour, or another line): refused.
    const before = await checksum(s, fingerprint);
    const res = await sales.post('/api/customized-tours', naming(vendor));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'VENDOR_NOT_BOOKABLE', params: { vendor: expect.stringMatching(/^Line vendor/), line: 2 } });
    expect(res.body.message).toMatch(/^Line vendor \d+ is inactive: activate it or choose another vendor \(line 2\)$/);
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});

describe('PUT /customized-tours', () => {
  it('replaces a draft’s plan, re-priced by the server; a stale revision answers 412; a sent tour is kept (409)', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    const changed = { ...plan(lead.id), _id: tour._id, revision: tour.revision, title: 'Dubai, four days', arrival: '2027-05-13' };
    delete (changed as { leadId?: string }).leadId;
    changed.lines = [...changed.lines.slice(0, 3), { kind: 'transfers', dayNumber: 3, description: 'Desert drive', quantity: 2, unit: 'per-unit', unitCost: 12_345, markupType: 'amount', markup: 655 } as never];
    const res = await sales.put('/api/customized-tours', changed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Dubai, four days', totalNights: 3, revision: 2 });
    const { _id: _i, revision: _v, ...fields } = changed;
    expect(res.body.data.totals).toEqual(pricedAs(fields, 3).totals);
    expect(res.body.data.lines.at(-1)).toMatchObject({ kind: 'transfers', unitPrice: 13_000, lineSell: 26_000, lineCost: 24_690 });
    expect(await count('customized_tour_lines', 'tour_id = $1', [tour._id])).toBe(4);

    const stale = await sales.put('/api/customized-tours', changed);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ code: 'STALE_VERSION', params: { version: 2 }, message: 'The tour was changed by someone else (revision 2); reload it and try again' });
    // Without a revision, the save goes through (last one wins).
    const { revision: _r, ...unversioned } = changed;
    expect((await sales.put('/api/customized-tours', unversioned)).status).toBe(200);

    expect((await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' })).status).toBe(202);
    const sent = await sales.put('/api/customized-tours', unversioned);
    expect(sent.status).toBe(409);
    expect(sent.body).toEqual({ code: 'TOUR_SENT', params: { version: 1 }, message: 'Version 1 was sent and is kept as it is; revise the tour to change it' });
  });

  it('answers 404 for another organization’s tour and for a colleague’s under own visibility; nothing changes', async () => {
    const lead = await newLead(lina);
    const tour = await createTour(lina, plan(lead.id));
    const body = { ...plan(lead.id), _id: tour._id, title: 'Taken over' };
    delete (body as { leadId?: string }).leadId;
    const before = await checksum(s, fingerprint);
    for (const agent of [globe, sales]) {
      const res = await agent.put('/api/customized-tours', body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', params: { resource: 'Customized tour' }, message: 'Customized tour not found' });
    }
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});

describe('sending, versions and revising', () => {
  it('sends: the version is frozen, the lead goes to quoted through its machine, the send is recorded on the tour and the lead', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    const res = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'Guest@Example.com', cc: ['agent@example.com'], subject: 'Your Dubai weekend', message: 'Here it is.' });
    // The answer is the email (the itinerary's send, docs/tours.md "Sending"); no mail server here: the outbox.
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'outbox', document: 'itinerary', recordType: 'customized-tour', recordId: tour._id, version: 1, to: ['guest@example.com'], cc: ['agent@example.com'] });
    const after = (await sales.get(`/api/customized-tours/${tour._id}`)).body.data;
    expect(after).toMatchObject({ status: 'sent', version: 1 });
    expect(after.versions).toEqual([
      { version: 1, sentAt: expect.any(String), sentBy: { _id: id['sales@demo.travel'], name: 'Samir Sales' }, to: 'guest@example.com', cc: ['agent@example.com'], subject: 'Your Dubai weekend', totalSell: tour.totals.sell },
    ]);
    const v1 = (await sales.get(`/api/customized-tours/${tour._id}/versions/1`)).body.data;
    expect(v1).toMatchObject({ version: 1, message: 'Here it is.', to: 'guest@example.com' });
    const { status: _s, revision: _r, bookingId: _b, bookedVersion: _bv, versions: _v, createdAt: _c, updatedAt: _u, ...asSent } = tour;
    expect(v1.tour).toEqual({ ...asSent, lead: { ...asSent.lead, status: 'new' } });

    // new → contacted → qualified → quoted, each step a line of the timeline, then the send itself.
    const detail = (await sales.get(`/api/leads/${lead.id}`)).body.data;
    expect(detail.status).toBe('quoted');
    const lines = detail.activity.map((a: { type: string; data: Record<string, unknown> }) => [a.type, a.data.to ?? null, a.data.tourId ?? null]);
    expect(detail.activity[0].data).toMatchObject({ sendId: res.body.data._id, sendStatus: 'outbox' });
    expect(lines.slice(0, 4)).toEqual([
      ['tourSent', 'guest@example.com', tour._id],
      ['status', 'quoted', tour._id],
      ['status', 'qualified', tour._id],
      ['status', 'contacted', tour._id],
    ]);
    expect(detail.activity[0].data).toMatchObject({ title: 'Dubai long weekend', version: 1 });

    const again = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', params: { state: 'sent', event: 'SEND' }, message: 'This version was sent already; revise the tour to send a new one' });
  });

  it('revises: the next version is a draft; version 1 stays exactly as sent; sending again freezes version 2', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' });
    const v1Before = (await sales.get(`/api/customized-tours/${tour._id}/versions/1`)).body.data;
    const revised = await sales.put(`/api/customized-tours/${tour._id}/revise`);
    expect(revised.status).toBe(200);
    expect(revised.body.data).toMatchObject({ status: 'draft', version: 2 });
    const edit = { ...plan(lead.id), _id: tour._id, title: 'Dubai, upgraded' };
    delete (edit as { leadId?: string }).leadId;
    edit.lines[0] = { ...edit.lines[0], unitCost: cat.hotel.rate * 2 };
    expect((await sales.put('/api/customized-tours', edit)).status).toBe(200);
    expect((await sales.get(`/api/customized-tours/${tour._id}/versions/1`)).body.data).toEqual(v1Before);
    expect(v1Before.tour.title).toBe('Dubai long weekend');
    const sent = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com', subject: 'Upgraded' });
    expect(sent.body.data).toMatchObject({ version: 2, subject: 'Upgraded' });
    // A send without a subject keeps the standard one it went with.
    expect((await sales.get(`/api/customized-tours/${tour._id}`)).body.data.versions.map((v: { version: number; subject: string }) => [v.version, v.subject])).toEqual([
      [2, 'Upgraded'],
      [1, 'Your itinerary from Demo Travels'],
    ]);
    const v2 = (await sales.get(`/api/customized-tours/${tour._id}/versions/2`)).body.data;
    expect(v2.tour.title).toBe('Dubai, upgraded');
    expect(v2.tour.totals.sell).toBeGreaterThan(v1Before.tour.totals.sell);
    expect((await sales.get(`/api/customized-tours/${tour._id}/versions/3`)).status).toBe(404);
    // The database keeps a sent version as it was, whatever the code does.
    await expect(s.sql(`update customized_tour_versions set snapshot = '{}' where tour_id = $1`, [tour._id])).rejects.toThrow(/kept exactly as it was sent/);
  });

  it('refuses to send the tour of a won or lost lead (409) and writes nothing; a bad address is 400', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    expect((await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'not an address' })).body.issues).toEqual([{ path: 'to.0', code: 'invalidEmail', params: {}, message: 'must be a valid email address' }]);
    await sales.put(`/api/leads/${lead.id}/status`, { status: 'lost', reason: 'Too expensive' });
    const before = await checksum(s, fingerprint);
    const res = await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'LEAD_CLOSED', params: { status: 'lost' }, message: 'A lost lead cannot be quoted; reopen it first' });
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('quotes a returning customer: a won lead takes a new tour and its proposal, reopened, its history kept', async () => {
    const lead = await newLead(sales);
    await s.sql(`update leads set status = 'won' where id = $1`, [lead.id]);
    const tour = await createTour(sales, plan(lead.id));
    expect((await sales.get(`/api/leads/${lead.id}`)).body.data.status).toBe('contacted');
    expect((await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' })).status).toBe(202);
    expect((await sales.get(`/api/leads/${lead.id}`)).body.data.status).toBe('quoted');
    const steps = await s.sql<{ data: { from: string; to: string; returning?: boolean } }>(`select data from lead_events where lead_id = $1 and type = 'status' order by created_at`, [lead.id]);
    expect(steps.map((e) => `${e.data.from}>${e.data.to}${e.data.returning ? ' (returning)' : ''}`)).toEqual(['won>contacted (returning)', 'contacted>qualified', 'qualified>quoted']);
  });

  it('sends once when twenty clicks arrive together: one version, nineteen 409', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    const answers = await Promise.all(Array.from({ length: 20 }, () => sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' })));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await count('document_sends', 'record_id = $1', [tour._id])).toBe(1);
    expect(await count('customized_tour_versions', 'tour_id = $1', [tour._id])).toBe(1);
    expect(await count('lead_events', "lead_id = $1 and type = 'tourSent'", [lead.id])).toBe(1);
  });

  it('saves one of twenty concurrent edits with the same revision; the rest answer 412', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    const body = (i: number) => {
      const b = { ...plan(lead.id), _id: tour._id, revision: 1, title: `Edit ${i}` };
      delete (b as { leadId?: string }).leadId;
      return b;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sales.put('/api/customized-tours', body(i))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body.data.title;
    expect((await s.sql<{ title: string; revision: number }>('select title, revision from customized_tours where id = $1', [tour._id]))[0]).toEqual({ title: winner, revision: 2 });
    expect(await count('customized_tour_lines', 'tour_id = $1', [tour._id])).toBe(5);
  });
});

describe('booked tours', () => {
  const book = (tourId: string, bookingId: string, version: number) => s.database.withTenant(orgId, (tx) => markTourBooked(tx, tourId, bookingId, version, null));

  it('is booked only by a booking of the version sent last; its plan changes without its price; publish and revert', async () => {
    const lead = await newLead(sales);
    const tour = await createTour(sales, plan(lead.id));
    const bookingId = crypto.randomUUID();
    await expect(book(tour._id, bookingId, 1)).rejects.toMatchObject({ status: 409, message: 'Only a sent tour can be booked; this one is draft' });
    await sales.post(`/api/customized-tours/${tour._id}/send`, { to: 'guest@example.com' });
    await expect(book(tour._id, bookingId, 2)).rejects.toMatchObject({ status: 409, message: 'Version 2 is not the version sent last (1)' });
    await book(tour._id, bookingId, 1);
    const booked = (await sales.get(`/api/customized-tours/booking/${bookingId}`)).body.data;
    expect(booked).toMatchObject({ _id: tour._id, status: 'booked', bookingId, bookedVersion: 1 });
    expect((await globe.get(`/api/customized-tours/booking/${bookingId}`)).status).toBe(404);

    // The price stays; the plan (hotel of the last night, notes) changes.
    const priced = await sales.put('/api/customized-tours', { ...plan(lead.id), leadId: undefined, _id: tour._id });
    expect(priced.status).toBe(409);
    expect(priced.body).toEqual({ code: 'TOUR_BOOKED', params: { status: 'booked' }, message: 'A booked tour keeps its price: change its plan through PUT /customized-tours/booked' });
    const days = plan(lead.id).days;
    days[2] = { ...days[2], hotelId: cat.hotel.id, roomType: cat.hotel.room, notes: 'Late check-out' } as never;
    const res = await sales.put('/api/customized-tours/booked', { _id: tour._id, days, notes: 'Vegetarian meals' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.days[2]).toMatchObject({ hotel: { _id: cat.hotel.id }, notes: 'Late check-out' });
    expect(res.body.data.notes).toBe('Vegetarian meals');
    expect(res.body.data.totals).toEqual(booked.totals);
    expect(res.body.data.lines).toEqual(booked.lines);
    const outside = await sales.put('/api/customized-tours/booked', { _id: tour._id, days: [{ ...days[0], date: '2027-06-01' }] });
    expect(outside.body.issues).toEqual([{ path: 'days.0.date', code: 'dateOutOfRange', params: { min: '2027-05-10', max: '2027-05-12' }, message: "must be within the tour's dates (2027-05-10 to 2027-05-12)" }]);
    const shorter = await sales.put('/api/customized-tours/booked', { _id: tour._id, days: days.slice(0, 1) });
    expect(shorter.body.issues).toEqual([{ path: 'days', code: 'tooFewItems', params: { min: 2 }, message: 'must keep the 2 days the priced lines name' }]);

    const published = await sales.put(`/api/customized-tours/booked/publish/${tour._id}`);
    expect(published.body.data.status).toBe('published');
    expect((await sales.put('/api/customized-tours/booked', { _id: tour._id, days })).body).toEqual({ code: 'TOUR_NOT_BOOKED', params: { status: 'published' }, message: 'A published tour is final; revert it to booked to change its plan' });
    expect((await sales.put(`/api/customized-tours/booked/revert/${tour._id}`)).body.data.status).toBe('booked');
    // Back to a new draft version while the booking has no verified payment; the booking is let go.
    const draft = (await sales.put(`/api/customized-tours/booked/revert/${tour._id}`)).body.data;
    expect(draft).toMatchObject({ status: 'draft', version: 2, bookingId: null, bookedVersion: null });
    expect((await sales.get(`/api/customized-tours/booking/${bookingId}`)).status).toBe(404);
  });
});

describe('DELETE /customized-tours/{id}', () => {
  it('deletes a draft never sent; a sent tour, or a draft whose earlier version was sent, is kept (409)', async () => {
    const lead = await newLead(sales);
    const draft = await createTour(sales, plan(lead.id));
    const sent = await createTour(sales, plan(lead.id));
    await sales.post(`/api/customized-tours/${sent._id}/send`, { to: 'guest@example.com' });
    const other = await newLead(lina);
    const linas = await createTour(lina, plan(other.id));
    expect((await globe.delete(`/api/customized-tours/${draft._id}`)).status).toBe(404);
    expect((await sales.delete(`/api/customized-tours/${linas._id}`)).status).toBe(404);

    const refused = await sales.delete(`/api/customized-tours/${sent._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'TOUR_NOT_DELETABLE', params: { status: 'sent' }, message: 'Only a draft tour can be deleted; this one is sent' });
    await sales.put(`/api/customized-tours/${sent._id}/revise`);
    expect((await sales.delete(`/api/customized-tours/${sent._id}`)).body).toEqual({ code: 'TOUR_SENT', params: { version: 1 }, message: 'Version 1 of this tour was sent to the customer: the tour is kept' });
    await expect(s.sql('delete from customized_tours where id = $1', [sent._id])).rejects.toThrow(/was sent to the customer and is kept/);

    const res = await sales.delete(`/api/customized-tours/${draft._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Customized tour deleted successfully', data: { _id: draft._id, title: 'Dubai long weekend' } });
    expect(await count('customized_tours', 'id = $1', [draft._id])).toBe(0);
    expect(await count('customized_tour_lines', 'tour_id = $1', [draft._id])).toBe(0);
  });
});

describe('GET /customized-tours', () => {
  it("filters by regions, destinations, departure, arrival, total nights, point of contact, status and search, in the query or in filter[...]", async () => {
    const demo = 'customized_tours t join leads l on l.id = t.lead_id where t.organization_id = $1';
    const check = async (query: string, where: string, values: unknown[] = []) => {
      const res = await owner.get(`/api/customized-tours?limit=1&${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      const expected = (await s.sql<{ n: number }>(`select count(*)::int as n from ${demo} and (${where})`, [orgId, ...values]))[0].n;
      expect(res.body.meta.totalItems, query).toBe(expected);
      return expected;
    };
    expect(await check(`regions=${cat.dubaiRegion}`, '$2 = any(t.regions)', [cat.dubaiRegion])).toBeGreaterThan(0);
    expect(await check(`destinations=${cat.dubai},${cat.abuDhabi}`, 't.destinations && $2::uuid[]', [[cat.dubai, cat.abuDhabi]])).toBeGreaterThan(0);
    await check(`filter[destinations]=${cat.dubai}`, '$2 = any(t.destinations)', [cat.dubai]);
    const [{ d }] = await s.sql<{ d: string }>("select to_char(percentile_disc(0.5) within group (order by departure), 'YYYY-MM-DD') as d from customized_tours");
    expect(await check(`departure[from]=${d}`, 't.departure >= $2', [d])).toBeGreaterThan(0);
    await check(`departure[from]=${d}&departure[to]=${d}`, 't.departure = $2', [d]);
    await check(`arrival[to]=${d}`, 't.arrival <= $2', [d]);
    expect(await check('totalNights=3,4', 't.total_nights in (3, 4)')).toBeGreaterThan(0);
    expect(await check(`pointOfContact=${id['lina@demo.travel']}`, 't.point_of_contact = $2', [id['lina@demo.travel']])).toBeGreaterThan(0);
    await check('status=sent', "t.status = 'sent'");
    await check('search=dubai', "t.title ilike '%dubai%' or l.name ilike '%dubai%'");
    // The seed's page size: 50 unless asked; newest first.
    const page = await owner.get('/api/customized-tours');
    expect(page.body.meta.limit).toBe(50);
    const created = page.body.data.map((t: { createdAt: string }) => t.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [q, path] of [
      ['status=lost', 'status.0'],
      ['departure[from]=2026-02-30', 'departure.from'],
      ['totalNights=three', 'totalNights.0'],
      ['pointOfContact=nope', 'pointOfContact.0'],
      ['sortBy=price', 'sortBy'],
    ]) {
      const res = await owner.get(`/api/customized-tours?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), q).toContain(path);
    }
  });

  it("shows a sales agent with 'own' lead visibility only the tours of his leads; 'all' sees every tour", async () => {
    const mine = await sales.get('/api/customized-tours?limit=200');
    const expected = await count('customized_tours t join leads l on l.id = t.lead_id', 'l.assigned_to = $1', [id['sales@demo.travel']]);
    expect(expected).toBeGreaterThan(0);
    expect(mine.body.meta.totalItems).toBe(expected);
    expect(mine.body.stats.total).toBe(expected);
    const all = await ops.get('/api/customized-tours?limit=1');
    expect(all.body.meta.totalItems).toBe(await count('customized_tours', 'organization_id = $1', [orgId]));
    const [linas] = await s.sql<{ id: string; lead_id: string }>('select t.id, t.lead_id from customized_tours t join leads l on l.id = t.lead_id where l.assigned_to = $1 limit 1', [id['lina@demo.travel']]);
    expect((await sales.get(`/api/customized-tours/${linas.id}`)).status).toBe(404);
    expect((await sales.get(`/api/customized-tours/lead/${linas.lead_id}`)).status).toBe(404);
    expect((await sales.get(`/api/customized-tours/${linas.id}/versions/1`)).status).toBe(404);
    expect((await sales.post(`/api/customized-tours/${linas.id}/send`, { to: 'guest@example.com' })).status).toBe(404);
    expect((await lina.get(`/api/customized-tours/${linas.id}`)).status).toBe(200);
  });

  it('needs customizedTours permissions: operations reads but does not build; finance does not see tours', async () => {
    expect((await ops.get('/api/customized-tours')).status).toBe(200);
    const lead = await newLead(owner);
    const res = await ops.post('/api/customized-tours', plan(lead.id));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have the permission customizedTours.create');
    expect((await finance.get('/api/customized-tours')).status).toBe(403);
    expect((await finance.get(`/api/customized-tours/lead/${lead.id}`)).status).toBe(403);
  });
});

describe('the catalogue a tour uses', () => {
  it('cannot be deleted while a tour uses it: 409 naming the tours; once the draft is gone, it can', async () => {
    // A hotel and an activity of their own, so nothing else holds them.
    const hotel = (await owner.post('/api/hotels', { name: 'Tour Test Inn', destinationId: cat.dubai, stars: 3, roomTypes: [{ name: 'Twin', nightlyRate: 9000, maxOccupancy: 2 }] })).body.data;
    const activity = (await owner.post('/api/activities', { name: 'Tour Test Walk', destinationId: cat.dubai, category: 'culture', difficulty: 'easy', durationMinutes: 60, pricePerPerson: 1500 })).body.data;
    const region = (await owner.post('/api/regions', { name: 'Tour Test Region' })).body.data;
    const destination = (await owner.post('/api/destinations', { name: 'Tour Test Town', regionId: region._id, country: 'Testland' })).body.data;
    const lead = await newLead(owner);
    const body = plan(lead.id, { title: 'Catalogue holder' });
    body.days[0] = { ...body.days[0], hotelId: hotel._id, roomType: 'Twin' };
    body.days[1] = { ...body.days[1], activityIds: [activity._id], hotelId: null, roomType: null } as never;
    body.days[2] = { date: '2027-05-12', destinationId: destination._id } as never;
    body.lines = body.lines.filter((l) => l.kind !== 'hotels' && l.kind !== 'activities');
    const tour = await createTour(owner, body);
    const refused = [
      [`/api/hotels/${hotel._id}`, 'This hotel is used by 1 customized tour (“Catalogue holder”) and cannot be deleted'],
      [`/api/activities/${activity._id}`, 'This activity is used by 1 customized tour (“Catalogue holder”) and cannot be deleted'],
      [`/api/destinations/${destination._id}`, 'This destination is used by 1 customized tour (“Catalogue holder”) and cannot be deleted'],
      [`/api/regions/${region._id}`, 'This region is used by 1 destination and 1 customized tour (“Catalogue holder”) and cannot be deleted'],
    ];
    for (const [path, message] of refused) {
      const res = await owner.delete(path);
      expect(res.status, path).toBe(409);
      expect(res.body).toMatchObject({ code: 'IN_USE', params: { kind: expect.any(String), uses: expect.any(Array) }, message });
    }
    // A second tour using the hotel through a priced line only.
    const second = plan(lead.id, { title: 'Another holder' });
    second.lines[0] = { ...second.lines[0], hotelId: hotel._id, roomType: 'Twin' };
    const other = await createTour(owner, second);
    expect((await owner.delete(`/api/hotels/${hotel._id}`)).body.message).toBe('This hotel is used by 2 customized tours (“Another holder” and “Catalogue holder”) and cannot be deleted');

    expect((await owner.delete(`/api/customized-tours/${tour._id}`)).status).toBe(200);
    expect((await owner.delete(`/api/customized-tours/${other._id}`)).status).toBe(200);
    for (const path of [`/api/hotels/${hotel._id}`, `/api/activities/${activity._id}`, `/api/destinations/${destination._id}`, `/api/regions/${region._id}`]) {
      expect((await owner.delete(path)).status, path).toBe(200);
    }
  });
});

describe('reviews of a tour', () => {
  it('accept one of the organization’s customized tours, and refuse another id with 400 on tourId', async () => {
    const [tour] = await s.sql<{ id: string }>('select id from customized_tours where organization_id = $1 limit 1', [orgId]);
    const created = await owner.post('/api/reviews', { customerName: 'Maya', rating: 5, text: 'Perfect trip', tourId: tour.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.tourId).toBe(tour.id);
    const [globeTour] = await s.sql<{ id: string }>('select t.id from customized_tours t join organizations o on o.id = t.organization_id where o.name = $1 limit 1', ['Globe Trotters']);
    for (const bad of [globeTour.id, '00000000-0000-4000-8000-000000000001']) {
      const res = await owner.put(`/api/reviews/${created.body.data._id}`, { tourId: bad });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'tourId', code: 'unknownReference', params: { kind: 'customized tour' }, message: 'is not a known customized tour' }]);
    }
    expect((await owner.put(`/api/reviews/${created.body.data._id}`, { tourId: null })).body.data.tourId).toBeNull();
  });
});

describe('the database', () => {
  it('refuses stored totals that are not the sums of the lines, and a line priced against the rules', async () => {
    const [tour] = await s.sql<{ id: string }>("select id from customized_tours where organization_id = $1 and status = 'draft' limit 1", [orgId]);
    await expect(s.sql('update customized_tours set total_sell = total_sell + 1 where id = $1', [tour.id])).rejects.toThrow(/its lines add up to/);
    await expect(s.sql('update customized_tour_lines set unit_price = unit_price + 1 where tour_id = $1', [tour.id])).rejects.toThrow(/customized_tour_lines_price_ck/);
    await expect(s.sql("update customized_tour_lines set markup_type = 'percent', markup = 100001 where tour_id = $1", [tour.id])).rejects.toThrow(/customized_tour_lines_figures_ck/);
  });
});
