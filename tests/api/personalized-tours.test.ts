import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';
import { personalizedSnapshot, personalizedTemplate } from '../../server/tours/personalized';

/** Personalized tours (packages) against the real server and database. */
let s: TestServer;
let owner: Agent;
let ops: Agent;
let sales: Agent;
let finance: Agent;
let globe: Agent;
let demoOrg: string;

const demo = async (table: string, name: string) =>
  (await s.sql<{ id: string }>(`select x.id from ${table} x join organizations o on o.id = x.organization_id where o.name = 'Demo Travels' and x.name = $1`, [name]))[0]!.id;
const globeId = async (table: string, name: string) =>
  (await s.sql<{ id: string }>(`select x.id from ${table} x join organizations o on o.id = x.organization_id where o.name = 'Globe Trotters' and x.name = $1`, [name]))[0]!.id;
const count = async (table: string) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const written = async () => Promise.all(['personalized_tours', 'personalized_tour_days', 'personalized_tour_lines'].map(count));
const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((t) => t.title);

let ids: Record<string, string>;

/** A valid two-day package in Dubai, from the demo catalogue. */
function dubaiTour(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Dubai Long Weekend',
    description: 'Two days, one night.',
    regions: [ids.middleEast],
    destinations: [ids.dubai],
    totalNights: 1,
    pointOfContact: ids.lina,
    days: [
      { dayNumber: 1, destinationId: ids.dubai, hotelId: ids.marinaPalace, roomType: 'Deluxe King', activityIds: [ids.safari], meals: ['dinner', 'breakfast'], transfers: 'Airport to hotel' },
      { dayNumber: 2, destinationId: ids.dubai, activityIds: [ids.burj], notes: 'Late check-out' },
    ],
    lines: [
      { kind: 'hotels', dayNumber: 1, description: 'The Marina Palace, Deluxe King', hotelId: ids.marinaPalace, roomType: 'Deluxe King', quantity: 1, unit: 'per-room-night', unitCost: 39_000, markupType: 'percent', markup: 2_000 },
      { kind: 'activities', dayNumber: 1, description: 'Desert safari', activityId: ids.safari, vendorId: ids.arabianAdventures, quantity: 2, unit: 'per-person', unitCost: 8_500, markupType: 'amount', markup: 1_500 },
      { kind: 'discount', description: 'Early booking', quantity: 1, unit: 'per-unit', unitCost: 5_000 },
    ],
    inclusions: ['Breakfast', 'Airport transfer', 'Breakfast'],
    exclusions: ['Flights'],
    pricePerPerson: { adult: 64_900, child: 45_000, infant: 0 },
    ...overrides,
  };
}

beforeAll(async () => {
  s = await startTestServer();
  [owner, ops, sales, finance, globe] = await s.logins('owner@demo.travel', 'ops@demo.travel', 'sales@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  demoOrg = (await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`))[0]!.id;
  ids = {
    middleEast: await demo('regions', 'Middle East'),
    europe: await demo('regions', 'Europe'),
    dubai: await demo('destinations', 'Dubai'),
    abuDhabi: await demo('destinations', 'Abu Dhabi'),
    paris: await demo('destinations', 'Paris'),
    marinaPalace: await demo('hotels', 'The Marina Palace'),
    cornichePalace: await demo('hotels', 'The Corniche Palace'),
    safari: await demo('activities', 'Desert Safari with BBQ Dinner'),
    burj: await demo('activities', 'Burj Khalifa At the Top'),
    mosque: await demo('activities', 'Sheikh Zayed Grand Mosque Tour'),
    arabianAdventures: (await s.sql<{ id: string }>(`select id from vendors where name = 'Arabian Adventures'`))[0]!.id,
    lina: (await s.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`))[0]!.id,
    lisbon: await globeId('destinations', 'Lisbon'),
    globeEurope: await globeId('regions', 'Europe'),
  };
});
afterAll(() => s.close());

describe('the demo packages', () => {
  it('are 8 or more, published and drafts, with days, lines and prices in minor units', async () => {
    const res = await sales.get('/api/personalized-tours');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ currentPage: 1, limit: 50 });
    expect(res.body.meta.totalItems).toBeGreaterThanOrEqual(8);
    expect(titles(res)).toEqual([
      'Bali Island Escape',
      'Dubai & Abu Dhabi Highlights',
      'Dubai Classic',
      'Jordan: Petra by Night',
      'Kenya Safari Adventure',
      'Maldives Honeymoon',
      'Oman Desert & Coast',
      'Paris & Rome Romance',
      'Thailand Beaches & Bangkok',
    ]);
    expect(res.body.data.some((t: { isPublished: boolean }) => !t.isPublished)).toBe(true);
    const classic = res.body.data.find((t: { title: string }) => t.title === 'Dubai Classic');
    expect(classic).toMatchObject({ totalNights: 4, currency: 'USD', isPublished: true, regions: [{ name: 'Middle East' }], destinations: [{ name: 'Dubai' }], pointOfContact: { name: 'Lina Haddad' } });
    expect(classic.pricePerPerson).toEqual({ adult: 129_000, child: 90_300, infant: 12_900 });
    expect(classic).not.toHaveProperty('days');

    const detail = await sales.get(`/api/personalized-tours/id/${classic._id}`);
    expect(detail.body.data.days.map((d: { dayNumber: number }) => d.dayNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(detail.body.data.days[1]).toMatchObject({ destination: { name: 'Dubai' }, hotel: { name: 'The Marina Palace', stars: 5 }, roomType: 'Deluxe King', activities: [{ name: 'Desert Safari with BBQ Dinner' }] });
    expect(detail.body.data.lines[0]).toMatchObject({ kind: 'hotels', quantity: 4, unit: 'per-room-night', hotel: { name: 'The Marina Palace' }, markupType: 'percent', markup: 2_000 });
  });

  it('each organization sees only its own', async () => {
    expect(titles(await globe.get('/api/personalized-tours'))).toEqual(['Lisbon & Porto by Train']);
  });
});

describe('the list filters (seed: totalNights, pointOfContact, regions, destinations, regionFilter and destinationFilter)', () => {
  it('matches any of the places by default and all of them with `all`', async () => {
    const both = await owner.post('/api/personalized-tours', dubaiTour({ title: 'Filter Two Cities', destinations: [ids.dubai, ids.abuDhabi] }));
    expect(both.status).toBe(201);
    const any = titles(await owner.get(`/api/personalized-tours?destinations=${ids.dubai},${ids.abuDhabi}&limit=200`));
    expect(any).toEqual(expect.arrayContaining(['Dubai Classic', 'Dubai & Abu Dhabi Highlights', 'Filter Two Cities']));
    const all = titles(await owner.get(`/api/personalized-tours?destinations=${ids.dubai}&destinations=${ids.abuDhabi}&destinationFilter=all`));
    expect(all).toEqual(['Dubai & Abu Dhabi Highlights', 'Filter Two Cities']);
    // The seed's `filter[...]` form reads the same.
    expect(titles(await owner.get(`/api/personalized-tours?filter[destinations]=${ids.dubai},${ids.abuDhabi}&filter[destinationFilter]=all`))).toEqual(all);

    const regionsAll = await owner.get(`/api/personalized-tours?regions=${ids.middleEast},${ids.europe}&regionFilter=all`);
    expect(regionsAll.body.data).toEqual([]);
    const regionsAny = titles(await owner.get(`/api/personalized-tours?regions=${ids.middleEast},${ids.europe}&regionFilter=any&limit=200`));
    expect(regionsAny).toEqual(expect.arrayContaining(['Paris & Rome Romance', 'Oman Desert & Coast']));
    expect(regionsAny).not.toContain('Bali Island Escape');
    await owner.delete(`/api/personalized-tours/${both.body.data._id}`);
  });

  it('filters by nights, point of contact, published and title search; sorts by nights', async () => {
    expect(titles(await owner.get('/api/personalized-tours?totalNights=3'))).toEqual(['Jordan: Petra by Night']);
    expect(titles(await owner.get('/api/personalized-tours?totalNights=3,4&sortBy=totalNights&sortOrder=desc'))).toEqual(['Dubai Classic', 'Jordan: Petra by Night']);
    const lina = titles(await owner.get(`/api/personalized-tours?pointOfContact=${ids.lina}`));
    expect(lina).toEqual(['Dubai & Abu Dhabi Highlights', 'Dubai Classic', 'Kenya Safari Adventure']);
    expect(titles(await owner.get('/api/personalized-tours?isPublished=false'))).toEqual(['Jordan: Petra by Night', 'Thailand Beaches & Bangkok']);
    expect(titles(await owner.get('/api/personalized-tours?search=honey'))).toEqual(['Maldives Honeymoon']);
    const page = await owner.get('/api/personalized-tours?limit=3&page=2');
    expect(page.body.meta).toEqual({ currentPage: 2, limit: 3, totalItems: 9, totalPages: 3 });
  });

  it('refuses a bad filter with 400 naming it', async () => {
    for (const [qs, path] of [
      ['regionFilter=some', 'regionFilter'],
      ['totalNights=-1', 'totalNights.0'],
      ['regions=not-an-id', 'regions.0'],
      ['sortBy=price', 'sortBy'],
    ]) {
      const res = await owner.get(`/api/personalized-tours?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
  });
});

describe('create, read, update, delete', () => {
  it('creates a package with its days, lines and prices (201), as read back', async () => {
    const res = await ops.post('/api/personalized-tours', dubaiTour());
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(t).toMatchObject({
      title: 'Dubai Long Weekend',
      totalNights: 1,
      currency: 'USD',
      isPublished: false,
      inclusions: ['Breakfast', 'Airport transfer'],
      pricePerPerson: { adult: 64_900, child: 45_000, infant: 0 },
      pointOfContact: { _id: ids.lina, name: 'Lina Haddad' },
    });
    expect(t.days).toEqual([
      { dayNumber: 1, destination: expect.objectContaining({ _id: ids.dubai }), hotel: expect.objectContaining({ _id: ids.marinaPalace, stars: 5 }), roomType: 'Deluxe King', activities: [expect.objectContaining({ _id: ids.safari })], transfers: 'Airport to hotel', meals: ['breakfast', 'dinner'], notes: null },
      { dayNumber: 2, destination: expect.objectContaining({ _id: ids.dubai }), hotel: null, roomType: null, activities: [expect.objectContaining({ _id: ids.burj })], transfers: null, meals: [], notes: 'Late check-out' },
    ]);
    expect(t.lines.map((l: { kind: string }) => l.kind)).toEqual(['hotels', 'activities', 'discount']);
    expect(t.lines[1]).toMatchObject({ vendor: { _id: ids.arabianAdventures, name: 'Arabian Adventures' }, markupType: 'amount', markup: 1_500 });
    expect(t.lines[2]).toMatchObject({ markupType: 'percent', markup: 0, dayNumber: null, hotel: null, activity: null, vendor: null });
    expect((await sales.get(`/api/personalized-tours/id/${t._id}`)).body.data).toEqual(t);
  });

  it('publishes with a PUT naming the package in the body; other fields stay', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'To Publish' }));
    const res = await ops.put('/api/personalized-tours', { _id: body.data._id, isPublished: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...body.data, isPublished: true, updatedAt: res.body.data.updatedAt });
  });

  it('replaces the days when sent, and checks the change against what is stored', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'To Change' }));
    const id = body.data._id;
    // One night less: the stored day 2 (and the lines) would fall outside the tour.
    const shorter = await ops.put('/api/personalized-tours', { _id: id, totalNights: 0 });
    expect(shorter.status).toBe(400);
    expect(shorter.body.issues).toEqual([{ path: 'days.1.dayNumber', code: 'tooLarge', params: { max: 1 }, message: "must be within the tour's 1 days" }]);

    const moved = await ops.put('/api/personalized-tours', {
      _id: id,
      totalNights: 2,
      regions: [ids.middleEast],
      destinations: [ids.dubai, ids.abuDhabi],
      days: [
        { dayNumber: 3, destinationId: ids.abuDhabi, activityIds: [ids.mosque] },
        { dayNumber: 1, destinationId: ids.dubai, hotelId: ids.marinaPalace, roomType: 'deluxe king' },
      ],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.days.map((d: { dayNumber: number; destination: { name: string } }) => [d.dayNumber, d.destination.name])).toEqual([
      [1, 'Dubai'],
      [3, 'Abu Dhabi'],
    ]);
    expect(moved.body.data.lines).toEqual(body.data.lines);
    expect((await ops.put('/api/personalized-tours', { _id: id })).status).toBe(400);
  });

  it('deletes a package (200 with the message), then 404', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'To Delete' }));
    const before = await written();
    const res = await ops.delete(`/api/personalized-tours/${body.data._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Personalized tour deleted successfully', data: { _id: body.data._id, title: 'To Delete' } });
    expect(await written()).toEqual([before[0]! - 1, before[1]! - 2, before[2]! - 3]);
    expect((await ops.delete(`/api/personalized-tours/${body.data._id}`)).status).toBe(404);
    expect((await ops.get(`/api/personalized-tours/id/${body.data._id}`)).status).toBe(404);
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  const cases: [string, () => Record<string, unknown>, string, string | RegExp][] = [
    ['a day outside the tour', () => dubaiTour({ totalNights: 0 }), 'days.1.dayNumber', "must be within the tour's 1 days"],
    ['a day planned twice', () => dubaiTour({ totalNights: 3, days: [{ dayNumber: 2, destinationId: ids.dubai }, { dayNumber: 2, destinationId: ids.dubai }] }), 'days.1.dayNumber', 'is planned twice'],
    ['a line on a day outside the tour', () => dubaiTour({ lines: [{ kind: 'fee', dayNumber: 9, description: 'Fee', quantity: 1, unit: 'per-unit', unitCost: 100 }] }), 'lines.0.dayNumber', "must be within the tour's 2 days"],
    ['a hotel not in the day’s destination', () => dubaiTour({ destinations: [ids.dubai], days: [{ dayNumber: 1, destinationId: ids.dubai, hotelId: ids.cornichePalace }] }), 'days.0.hotelId', "names The Corniche Palace, which is not in the day's destination"],
    ['a room type the hotel lacks', () => dubaiTour({ days: [{ dayNumber: 1, destinationId: ids.dubai, hotelId: ids.marinaPalace, roomType: 'Penthouse' }] }), 'days.0.roomType', 'is not a room type of The Marina Palace'],
    ['a room type without a hotel', () => dubaiTour({ days: [{ dayNumber: 1, destinationId: ids.dubai, roomType: 'Deluxe King' }] }), 'days.0.hotelId', 'is required for a room type'],
    ['an activity elsewhere', () => dubaiTour({ days: [{ dayNumber: 1, destinationId: ids.dubai, activityIds: [ids.mosque] }] }), 'days.0.activityIds', "names Sheikh Zayed Grand Mosque Tour, which is not in the day's destination"],
    ['a day in another destination than the tour’s', () => dubaiTour({ days: [{ dayNumber: 1, destinationId: ids.abuDhabi }] }), 'days.0.destinationId', "must be one of the tour's destinations"],
    ['a destination outside the regions', () => dubaiTour({ destinations: [ids.dubai, ids.paris] }), 'destinations', "names Paris, which is not in the tour's regions"],
    ['a negative price', () => dubaiTour({ pricePerPerson: { adult: -1, child: 0, infant: 0 } }), 'pricePerPerson.adult', 'must not be negative'],
    ['a price in fractions of a minor unit', () => dubaiTour({ pricePerPerson: { adult: 10.5, child: 0, infant: 0 } }), 'pricePerPerson.adult', 'must be a whole number of minor units'],
    ['a negative cost', () => dubaiTour({ lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unit: 'per-unit', unitCost: -5 }] }), 'lines.0.unitCost', 'must not be negative: for an amount off, use the kind Discount'],
    ['a markup over 1000 %', () => dubaiTour({ lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unit: 'per-unit', unitCost: 5, markup: 100_001 }] }), 'lines.0.markup', 'must be at most 1000 %'],
    ['a line with a hotel and an activity', () => dubaiTour({ lines: [{ kind: 'hotels', description: 'Both', hotelId: ids.marinaPalace, activityId: ids.safari, quantity: 1, unit: 'per-unit', unitCost: 5 }] }), 'lines.0.activityId', /hotel and an activity/],
    ['an unknown region', () => dubaiTour({ regions: ['00000000-0000-4000-8000-000000000000'] }), 'regions', 'names a region that does not exist'],
    ['another organization’s destination', () => dubaiTour({ regions: [ids.middleEast], destinations: [ids.lisbon] }), 'destinations', 'names a destination that does not exist'],
    ['an unknown hotel', () => dubaiTour({ days: [{ dayNumber: 1, destinationId: ids.dubai, hotelId: '00000000-0000-4000-8000-000000000000' }] }), 'days.0.hotelId', 'is not a known hotel'],
    ['an unknown vendor', () => dubaiTour({ lines: [{ kind: 'fee', description: 'Fee', vendorId: '00000000-0000-4000-8000-000000000000', quantity: 1, unit: 'per-unit', unitCost: 5 }] }), 'lines.0.vendorId', 'is not a known vendor'],
    ['a point of contact who is not a member', () => dubaiTour({ pointOfContact: '00000000-0000-4000-8000-000000000000' }), 'pointOfContact', 'must be an active member'],
    ['negative nights', () => dubaiTour({ totalNights: -1 }), 'totalNights', 'must be at least 0'],
    ['no title', () => dubaiTour({ title: '  ' }), 'title', 'is required'],
    ['an unknown field', () => dubaiTour({ price: 5 }), 'price', 'is not a known field'],
  ];

  it.each(cases)('%s', async (_, body, path, message) => {
    const before = await written();
    const res = await ops.post('/api/personalized-tours', body());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const issue = res.body.issues.find((i: { path: string }) => i.path === path);
    expect(issue, JSON.stringify(res.body.issues)).toBeDefined();
    expect(typeof issue.code).toBe('string');
    if (typeof message === 'string') expect(issue.message).toBe(message);
    else expect(issue.message).toMatch(message);
    expect(await written()).toEqual(before);
  });

  it('an update with bad input changes nothing', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'Unchanged' }));
    const res = await ops.put('/api/personalized-tours', { _id: body.data._id, title: 'Changed', days: [{ dayNumber: 1, destinationId: ids.dubai, hotelId: ids.cornichePalace }] });
    expect(res.status).toBe(400);
    expect((await ops.get(`/api/personalized-tours/id/${body.data._id}`)).body.data).toEqual(body.data);
  });
});

describe('other organizations and permissions', () => {
  it('another organization’s package is 404 for every call, and nothing changes', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'Demo Only' }));
    const id = body.data._id;
    expect((await globe.get(`/api/personalized-tours/id/${id}`)).status).toBe(404);
    expect((await globe.put('/api/personalized-tours', { _id: id, title: 'Taken over' })).status).toBe(404);
    expect((await globe.delete(`/api/personalized-tours/${id}`)).status).toBe(404);
    expect((await globe.get(`/api/personalized-tours?ids=${id}`)).body.data).toEqual([]);
    expect((await ops.get(`/api/personalized-tours/id/${id}`)).body.data).toEqual(body.data);
  });

  it('a role without the permission gets 403: sales may view, not create, change or delete; finance not even view', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'Guarded' }));
    expect((await sales.get(`/api/personalized-tours/id/${body.data._id}`)).status).toBe(200);
    expect((await sales.post('/api/personalized-tours', dubaiTour())).status).toBe(403);
    expect((await sales.put('/api/personalized-tours', { _id: body.data._id, isPublished: true })).status).toBe(403);
    expect((await sales.delete(`/api/personalized-tours/${body.data._id}`)).status).toBe(403);
    expect((await finance.get('/api/personalized-tours')).status).toBe(403);
    expect((await finance.get(`/api/personalized-tours/id/${body.data._id}`)).status).toBe(403);
  });
});

describe('what other areas use', () => {
  it('personalizedTemplate gives days and lines in the customized tour’s shape; personalizedSnapshot keeps the tour as it was', async () => {
    const { body } = await ops.post('/api/personalized-tours', dubaiTour({ title: 'Template Source' }));
    const id = body.data._id;
    const [template, snapshot] = await s.database.withTenant(demoOrg, async (tx) => [await personalizedTemplate(tx, id), await personalizedSnapshot(tx, id)] as const);
    expect(template).toEqual({
      tourId: id,
      title: 'Template Source',
      totalNights: 1,
      regions: [ids.middleEast],
      destinations: [ids.dubai],
      currency: 'USD',
      pricePerPerson: { adult: 64_900, child: 45_000, infant: 0 },
      inclusions: ['Breakfast', 'Airport transfer'],
      exclusions: ['Flights'],
      days: [
        { dayNumber: 1, destinationId: ids.dubai, hotelId: ids.marinaPalace, roomType: 'Deluxe King', activityIds: [ids.safari], transfers: 'Airport to hotel', meals: ['breakfast', 'dinner'], notes: null },
        { dayNumber: 2, destinationId: ids.dubai, hotelId: null, roomType: null, activityIds: [ids.burj], transfers: null, meals: [], notes: 'Late check-out' },
      ],
      lines: [
        { kind: 'hotels', dayNumber: 1, description: 'The Marina Palace, Deluxe King', hotelId: ids.marinaPalace, roomType: 'Deluxe King', activityId: null, vendorId: null, quantity: 1, unit: 'per-room-night', unitCost: 39_000, markupType: 'percent', markup: 2_000 },
        { kind: 'activities', dayNumber: 1, description: 'Desert safari', hotelId: null, roomType: null, activityId: ids.safari, vendorId: ids.arabianAdventures, quantity: 2, unit: 'per-person', unitCost: 8_500, markupType: 'amount', markup: 1_500 },
        { kind: 'discount', dayNumber: null, description: 'Early booking', hotelId: null, roomType: null, activityId: null, vendorId: null, quantity: 1, unit: 'per-unit', unitCost: 5_000, markupType: 'percent', markup: 0 },
      ],
    });
    expect(snapshot).toEqual({ ...body.data, snapshotAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    // A snapshot is plain data: editing the package later leaves it as it was.
    const copy = JSON.parse(JSON.stringify(snapshot));
    await ops.put('/api/personalized-tours', { _id: id, title: 'Renamed', pricePerPerson: { adult: 1, child: 1, infant: 1 } });
    expect(copy).toEqual(snapshot);
    expect(copy.title).toBe('Template Source');
    // Another organization's package is not found.
    const globeTour = (await s.sql<{ id: string }>(`select id from personalized_tours where title = 'Lisbon & Porto by Train'`))[0]!.id;
    await expect(s.database.withTenant(demoOrg, (tx) => personalizedTemplate(tx, globeTour))).rejects.toMatchObject({ status: 404 });
  });
});

describe('the catalogue in use', () => {
  it('a hotel, activity, destination or region used by a package cannot be deleted (409 naming the packages)', async () => {
    const hotel = await ops.delete(`/api/hotels/${ids.marinaPalace}`);
    expect(hotel.status).toBe(409);
    expect(hotel.body.code).toBe('IN_USE');
    const users = (
      await s.sql<{ title: string }>(
        `select title from personalized_tours t where exists (select 1 from personalized_tour_days d where d.tour_id = t.id and d.hotel_id = $1)
            or exists (select 1 from personalized_tour_lines l where l.tour_id = t.id and l.hotel_id = $1) order by lower(title)`,
        [ids.marinaPalace],
      )
    ).map((r) => r.title);
    expect(users.length).toBeGreaterThan(3);
    const quoted = users.slice(0, 3).map((t) => `“${t}”`).join(', ');
    const packages = `${users.length} personalized tours (${quoted} and ${users.length - 3} more)`;
    // (Demo customized tours may use it too: they are named in their own part, first.)
    expect(hotel.body.message.startsWith('This hotel is used by ')).toBe(true);
    expect(hotel.body.message.endsWith(` ${packages} and cannot be deleted`)).toBe(true);
    expect(hotel.body.params.kind).toBe('hotel');
    expect(hotel.body.params.uses.at(-1)).toBe(packages);
    const activity = await ops.delete(`/api/activities/${ids.mosque}`);
    // (Demo customized tours may use it too: they are named in their own part.)
    expect(activity.body.message).toMatch(/^This activity is used by (.+ and )?2 personalized tours \(“Dubai & Abu Dhabi Highlights” and “To Change”\) and cannot be deleted$/);
    const destination = await ops.delete(`/api/destinations/${ids.abuDhabi}`);
    expect(destination.status).toBe(409);
    expect(destination.body.message).toContain('personalized tours (“Dubai & Abu Dhabi Highlights”');
    const region = await ops.delete(`/api/regions/${ids.europe}`);
    expect(region.body.message).toContain('1 personalized tour (“Paris & Rome Romance”) and 1 group tour (“Santorini Summer Sail”)');
    expect(await count('hotels')).toBeGreaterThan(0);
    expect((await s.sql(`select 1 from hotels where id = $1`, [ids.marinaPalace])).length).toBe(1);

    // Once no package uses it, the activity goes.
    const { body } = await ops.post('/api/activities', { name: 'Lonely Dhow Cruise', destinationId: ids.dubai, category: 'water-sports', difficulty: 'easy', durationMinutes: 120, pricePerPerson: 4_000 });
    const using = await ops.post('/api/personalized-tours', dubaiTour({ title: 'Dhow Lovers', days: [{ dayNumber: 1, destinationId: ids.dubai, activityIds: [body.data._id] }], lines: [] }));
    expect((await ops.delete(`/api/activities/${body.data._id}`)).body.message).toBe('This activity is used by 1 personalized tour (“Dhow Lovers”) and cannot be deleted');
    await ops.delete(`/api/personalized-tours/${using.body.data._id}`);
    expect((await ops.delete(`/api/activities/${body.data._id}`)).status).toBe(200);
  });
});
