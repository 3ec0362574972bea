import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';

/** Regions, destinations, hotels, activities and reviews against the real server and database. */
let s: TestServer;
let owner: Agent;
let ops: Agent;
let sales: Agent;
let finance: Agent;
let globe: Agent;

const count = async (table: string) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
const demoId = async (table: string, name: string) =>
  (await s.sql<{ id: string }>(`select x.id from ${table} x join organizations o on o.id = x.organization_id where o.name = 'Demo Travels' and lower(x.name) = lower($1)`, [name]))[0].id;
const globeId = async (table: string, name: string) =>
  (await s.sql<{ id: string }>(`select x.id from ${table} x join organizations o on o.id = x.organization_id where o.name = 'Globe Trotters' and x.name = $1`, [name]))[0].id;
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((x) => x.name);
const csv = { 'Content-Type': 'text/csv' };
const CATALOGUE = ['regions', 'destinations', 'hotels', 'activities', 'reviews'];
/** How a refusal names the demo customized tours matching `where` ("3 customized tours (“A”, “B”, “C” and 2 more)"). */
async function customizedToursUsing(where: string, id: string) {
  const titles = (await s.sql<{ title: string }>(`select title from customized_tours where ${where} order by lower(title)`, [id])).map((r) => `“${r.title}”`);
  expect(titles.length, 'the demo tours use it').toBeGreaterThan(0);
  const named = titles.length > 3 ? [...titles.slice(0, 3), `${titles.length - 3} more`] : titles;
  const list = named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `${titles.length} customized tour${titles.length === 1 ? '' : 's'} (${list})`;
}
const counts = async () => Object.fromEntries(await Promise.all(CATALOGUE.map(async (t) => [t, await count(t)])));

beforeAll(async () => {
  s = await startTestServer();
  [owner, ops, sales, finance, globe] = await s.logins('owner@demo.travel', 'ops@demo.travel', 'sales@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
});
afterAll(() => s.close());

describe('the demo catalogue', () => {
  it('is realistic: several regions, 20+ destinations, 60+ hotels with 2–4 room types, 80 activities', async () => {
    const regions = await sales.get('/api/regions');
    expect(names(regions)).toEqual(['East Africa', 'Europe', 'Indian Ocean', 'Middle East', 'South-East Asia']);
    const destinations = await sales.get('/api/destinations?limit=200');
    expect(destinations.body.meta.totalItems).toBeGreaterThanOrEqual(20);
    const hotels = await sales.get('/api/hotels?limit=200');
    expect(hotels.body.meta.totalItems).toBeGreaterThanOrEqual(60);
    for (const h of hotels.body.data) {
      expect(h.roomTypes.length).toBeGreaterThanOrEqual(2);
      expect(h.roomTypes.length).toBeLessThanOrEqual(4);
      for (const r of h.roomTypes) expect(Number.isInteger(r.nightlyRate) && r.nightlyRate > 0).toBe(true);
    }
    const activities = await sales.get('/api/activities?limit=200');
    expect(activities.body.meta.totalItems).toBe(80);
    expect(new Set(activities.body.data.map((a: { category: string }) => a.category)).size).toBeGreaterThanOrEqual(6);
    // Slugs are unique, so repeated names were suffixed.
    const slugs = activities.body.data.map((a: { slug: string }) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

describe('regions', () => {
  it('lists, searches, sorts and filters by ids (top-level or in `filter`)', async () => {
    const res = await owner.get('/api/regions');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 50, totalItems: 5, totalPages: 1 });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['_id', 'createdAt', 'description', 'name', 'slug', 'updatedAt']);
    expect(res.body.data.find((r: { name: string }) => r.name === 'South-East Asia').slug).toBe('south-east-asia');
    expect(names(await owner.get('/api/regions?search=ocean'))).toEqual(['Indian Ocean']);
    expect(names(await owner.get('/api/regions?sortOrder=desc&limit=2'))).toEqual(['South-East Asia', 'Middle East']);
    const europe = await demoId('regions', 'Europe');
    expect(names(await owner.get(`/api/regions?ids=${europe}`))).toEqual(['Europe']);
    expect(names(await owner.get(`/api/regions?filter[ids]=${europe}`))).toEqual(['Europe']);
  });

  it('creates with a slug from the name, suffixed when taken; an explicit taken slug or a taken name is 409', async () => {
    const a = await ops.post('/api/regions', { name: "Côte d'Azur", description: 'Riviera' });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ name: "Côte d'Azur", slug: 'cote-dazur', description: 'Riviera' });
    const b = await ops.post('/api/regions', { name: 'Cote d Azur' });
    expect(b.body.data.slug).toBe('cote-d-azur');
    const c = await ops.post('/api/regions', { name: 'Cote dAzur' });
    expect(c.body.data.slug).toBe('cote-dazur-2');
    const before = await count('regions');
    const slugTaken = await ops.post('/api/regions', { name: 'Riviera', slug: 'Cote dAzur' });
    expect(slugTaken.status).toBe(409);
    expect(slugTaken.body).toEqual({
      code: 'DUPLICATE',
      message: 'A region with this slug already exists',
      params: { field: 'slug' },
      issues: [{ path: 'slug', code: 'taken', params: {}, message: 'is already taken' }],
    });
    const nameTaken = await ops.post('/api/regions', { name: 'EUROPE' });
    expect(nameTaken.status).toBe(409);
    expect(nameTaken.body.message).toBe('A region with this name already exists');
    expect(nameTaken.body.issues).toEqual([{ path: 'name', code: 'taken', params: {}, message: 'is already taken' }]);
    expect(await count('regions')).toBe(before);
  });

  it('another organization may use the same name and slug', async () => {
    const globeRegions = await globe.get('/api/regions');
    expect(globeRegions.body.data.map((r: { slug: string }) => r.slug)).toEqual(['europe']);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await counts();
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(121) }, { name: 'Ok', slug: '!!!' }, { name: 'Ok', extra: 1 }, { name: 'Nul\u0000' }]) {
      const res = await owner.post('/api/regions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    const empty = await owner.put(`/api/regions/${await demoId('regions', 'Europe')}`, {});
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('renames without changing the slug; changes the slug only when sent', async () => {
    const { body } = await owner.post('/api/regions', { name: 'Caucasus' });
    const renamed = await owner.put(`/api/regions/${body.data._id}`, { name: 'The Caucasus', description: 'Georgia and Armenia' });
    expect(renamed.body.data).toMatchObject({ name: 'The Caucasus', slug: 'caucasus', description: 'Georgia and Armenia' });
    const reslugged = await owner.put(`/api/regions/${body.data._id}`, { slug: 'The Caucasus', description: '' });
    expect(reslugged.body.data).toMatchObject({ slug: 'the-caucasus', description: null });
    // Another region's slug or name: 409 on the field, nothing changed.
    const slugClash = await owner.put(`/api/regions/${body.data._id}`, { slug: 'europe' });
    expect(slugClash.status).toBe(409);
    expect(slugClash.body.issues).toEqual([{ path: 'slug', code: 'taken', params: {}, message: 'is already taken' }]);
    expect((await owner.put(`/api/regions/${body.data._id}`, { name: 'Europe' })).body.issues).toEqual([{ path: 'name', code: 'taken', params: {}, message: 'is already taken' }]);
    expect((await owner.get(`/api/regions?ids=${body.data._id}`)).body.data[0]).toMatchObject({ name: 'The Caucasus', slug: 'the-caucasus' });
  });

  it('refuses to delete a region still in use (409, saying what uses it), deletes an unused one', async () => {
    const id = await demoId('regions', 'Middle East');
    const [used] = await s.sql<{ d: number; h: number; a: number; l: number; q: number }>(
      `select (select count(*)::int from destinations where region_id = $1) as d,
              (select count(*)::int from hotels h join destinations x on x.id = h.destination_id where x.region_id = $1) as h,
              (select count(*)::int from activities a join destinations x on x.id = a.destination_id where x.region_id = $1) as a,
              (select count(*)::int from leads where $1 = any(regions)) as l,
              (select count(*)::int from lead_queries where $1 = any(regions)) as q`,
      [id],
    );
    const uses = [
      `${used.d} destinations`,
      `${used.h} hotels`,
      `${used.a} activities`,
      `${used.l} leads`,
      `${used.q} lead queries`,
      await customizedToursUsing('$1 = any(regions)', id),
      '4 personalized tours (“Dubai & Abu Dhabi Highlights”, “Dubai Classic”, “Jordan: Petra by Night” and 1 more)',
      '3 group tours (“Dubai Shopping Festival Group”, “Oman Discovery Group” and “Petra & Wadi Musa Group”)',
    ];
    const res = await ops.delete(`/api/regions/${id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'IN_USE',
      message: `This region is used by ${uses.slice(0, -1).join(', ')} and ${uses.at(-1)} and cannot be deleted`,
      params: { kind: 'region', uses },
    });
    expect(await count('regions')).toBeGreaterThan(0);

    const { body } = await ops.post('/api/regions', { name: 'Antarctica' });
    const deleted = await ops.delete(`/api/regions/${body.data._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ message: 'Region deleted successfully', data: { name: 'Antarctica' } });
    expect((await ops.delete(`/api/regions/${body.data._id}`)).status).toBe(404);
  });

  it('answers 404 to another organization and 403 without the permission', async () => {
    const id = await demoId('regions', 'Europe');
    expect((await globe.put(`/api/regions/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await globe.delete(`/api/regions/${id}`)).status).toBe(404);
    expect((await finance.get('/api/regions')).status).toBe(403);
    expect((await sales.get('/api/regions')).status).toBe(200);
    const before = await count('regions');
    expect((await sales.post('/api/regions', { name: 'Sales Region' })).status).toBe(403);
    expect((await sales.put(`/api/regions/${id}`, { name: 'Sales Region' })).status).toBe(403);
    expect((await sales.delete(`/api/regions/${id}`)).status).toBe(403);
    expect(await count('regions')).toBe(before);
  });

  it('imports CSV and JSON rows: creates, updates by name or slug, rejects bad rows', async () => {
    const before = await count('regions');
    const file = ['Name,Slug,Description', 'Central Asia,,Silk Road', 'europe,,Updated by import', ',,no name', 'South America,south-america,Andes'].join('\n');
    const res = await owner.post('/api/regions/import?updateExisting=true', file, csv);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 4, created: 2, updated: 1, skipped: 0, rejected: 1 });
    expect(res.body.data.rows[2]).toMatchObject({ row: 3, status: 'rejected', reason: 'name is required' });
    expect(res.body.data.rows[1]).toMatchObject({ row: 2, status: 'updated', _id: await demoId('regions', 'Europe') });
    expect(await count('regions')).toBe(before + 2);
    const json = await owner.post('/api/regions/import?updateExisting=true', { rows: [{ name: 'North America', slug: 'south-america' }, { name: 5 }] });
    expect(json.body.data.summary).toEqual({ total: 2, created: 0, updated: 1, skipped: 0, rejected: 1 });
    expect((await s.sql(`select name from regions where slug = 'south-america'`))[0]).toEqual({ name: 'North America' });
    expect((await owner.post('/api/regions/import', 'Name,Population\nX,1', csv)).status).toBe(400);
    expect((await sales.post('/api/regions/import', { rows: [{ name: 'X' }] })).status).toBe(403);
  });
});

describe('destinations', () => {
  it('lists with totalItem in meta, filters by regions and countries, searches region names too', async () => {
    const res = await owner.get('/api/destinations?limit=5');
    expect(res.body.meta.totalItem).toBe(res.body.meta.totalItems);
    expect(res.body.data[0]).toMatchObject({ name: 'Abu Dhabi', slug: 'abu-dhabi', country: 'United Arab Emirates', region: { name: 'Middle East', slug: 'middle-east' } });
    const africa = await demoId('regions', 'East Africa');
    expect(names(await owner.get(`/api/destinations?regions=${africa}`))).toEqual(['Maasai Mara', 'Moshi', 'Nairobi', 'Serengeti', 'Zanzibar']);
    expect(names(await owner.get(`/api/destinations?filter[regions]=${africa}&countries=kenya`))).toEqual(['Maasai Mara', 'Nairobi']);
    expect((await owner.get('/api/destinations?search=indian ocean')).body.meta.totalItems).toBe(4);
    expect(names(await owner.get('/api/destinations?sortBy=country&sortOrder=desc&limit=1'))).toEqual(['Hanoi']);
  });

  it('creates in a region of the organization only (400 for an unknown or foreign region)', async () => {
    const region = await demoId('regions', 'Europe');
    const res = await ops.post('/api/destinations', { name: 'Prague', regionId: region, country: 'Czechia' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Prague', slug: 'prague', regionId: region, region: { _id: region, slug: 'europe' } });
    const before = await counts();
    const foreign = await ops.post('/api/destinations', { name: 'Vienna', regionId: await globeId('regions', 'Europe'), country: 'Austria' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'regionId', code: 'unknownReference', params: { kind: 'region' }, message: 'is not a known region' }]);
    expect((await ops.post('/api/destinations', { name: 'Vienna', country: 'Austria' })).status).toBe(400);
    expect((await ops.post('/api/destinations', { name: 'Vienna', regionId: 'nope', country: 'Austria' })).status).toBe(400);
    expect((await ops.put(`/api/destinations/${res.body.data._id}`, { regionId: await globeId('regions', 'Europe') })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('moves a destination to another region; its hotels follow', async () => {
    const region = await demoId('regions', 'Europe');
    const { body } = await ops.post('/api/destinations', { name: 'Tbilisi', regionId: region, country: 'Georgia' });
    const hotel = await ops.post('/api/hotels', { name: 'Old Tbilisi Hotel', destinationId: body.data._id, stars: 4, roomTypes: [{ name: 'Double', nightlyRate: 9000, maxOccupancy: 2 }] });
    const asia = await demoId('regions', 'Middle East');
    const moved = await ops.put(`/api/destinations/${body.data._id}`, { regionId: asia });
    expect(moved.body.data.region.name).toBe('Middle East');
    expect((await ops.get(`/api/hotels/hotelId/${hotel.body.data._id}`)).body.data.region).toMatchObject({ _id: asia, name: 'Middle East' });
  });

  it('refuses to delete a destination in use, saying what uses it', async () => {
    const id = await demoId('destinations', 'Dubai');
    const res = await ops.delete(`/api/destinations/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `This destination is used by 3 hotels, 4 activities, 1 review, 24 leads, 20 lead queries, ${await customizedToursUsing('$1 = any(destinations)', id)}, 2 personalized tours (“Dubai & Abu Dhabi Highlights” and “Dubai Classic”) and 1 group tour (“Dubai Shopping Festival Group”) and cannot be deleted`,
    );
    const { body } = await ops.post('/api/destinations', { name: 'Empty Quarter', regionId: await demoId('regions', 'Middle East'), country: 'Saudi Arabia' });
    expect((await ops.delete(`/api/destinations/${body.data._id}`)).body.message).toBe('Destination deleted successfully');
    expect((await globe.delete(`/api/destinations/${id}`)).status).toBe(404);
    expect((await sales.delete(`/api/destinations/${id}`)).status).toBe(403);
    expect((await finance.get('/api/destinations')).status).toBe(403);
  });

  it('imports with the region named by name, slug or id; unknown regions are rejected rows', async () => {
    const before = await count('destinations');
    const europe = await demoId('regions', 'Europe');
    const file = [
      'Destination,Region,Country,Description',
      'Lisbon,Europe,Portugal,Seven hills',
      'Kyoto,Far East,Japan,',
      `Amsterdam,${europe},Netherlands,`,
      'Dubai,middle-east,United Arab Emirates,Updated',
      'No Country,Europe,,',
    ].join('\n');
    const res = await owner.post('/api/destinations/import?updateExisting=true', file, csv);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 5, created: 2, updated: 1, skipped: 0, rejected: 2 });
    expect(res.body.data.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'rejected', 'created', 'updated', 'rejected']);
    expect(res.body.data.rows[1]).toMatchObject({ name: 'Kyoto', reason: 'region "Far East" is not a known region' });
    expect(res.body.data.rows[4].reason).toBe('country is required');
    expect(await count('destinations')).toBe(before + 2);
    expect((await s.sql(`select description from destinations where id = $1`, [await demoId('destinations', 'Dubai')]))[0].description).toBe('Updated');
    // Another organization's region is unknown here.
    const foreign = await owner.post('/api/destinations/import', { rows: [{ name: 'Faro', region: await globeId('regions', 'Europe'), country: 'Portugal' }] });
    expect(foreign.body.data.summary.rejected).toBe(1);
    expect((await owner.post('/api/destinations/import', 'Name,Country\nX,Y', csv)).body.message).toBe('The CSV file has no region column');
  });
});

describe('hotels', () => {
  it('lists with stats over the organization (by stars and by destination) and the filters', async () => {
    const res = await sales.get('/api/hotels?limit=5');
    expect(res.status).toBe(200);
    const total = res.body.meta.totalItems;
    expect(res.body.stats.total).toBe(total);
    expect(res.body.stats.byStars['1']).toBe(0);
    expect(Object.values(res.body.stats.byStars).reduce((a, b) => (a as number) + (b as number), 0)).toBe(total);
    const dubai = await demoId('destinations', 'Dubai');
    expect(res.body.stats.byDestination.find((x: { _id: string }) => x._id === dubai)).toEqual({ _id: dubai, name: 'Dubai', slug: 'dubai', count: 3 });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['_id', 'address', 'amenities', 'createdAt', 'description', 'destination', 'destinationId', 'name', 'region', 'regionId', 'roomTypes', 'slug', 'stars', 'updatedAt'].sort(),
    );

    const five = await sales.get('/api/hotels?stars=5&limit=200');
    expect(five.body.meta.totalItems).toBe(res.body.stats.byStars['5']);
    expect(five.body.data.every((h: { stars: number }) => h.stars === 5)).toBe(true);
    expect(five.body.stats.total).toBe(total); // stats ignore the filters
    const inDubai = await sales.get(`/api/hotels?destinations=${dubai}&sortBy=stars&sortOrder=desc`);
    expect(inDubai.body.data.map((h: { name: string; stars: number }) => [h.name, h.stars])).toEqual([
      ['The Marina Palace', 5],
      ['Dubai Creek Hotel', 4],
      ['Dubai City Inn', 3],
    ]);
    const africa = await demoId('regions', 'East Africa');
    const africaFour = await sales.get(`/api/hotels?regions=${africa}&stars=4,3`);
    expect(africaFour.body.meta.totalItems).toBe(10);
    expect(africaFour.body.data.every((h: { region: { name: string } }) => h.region.name === 'East Africa')).toBe(true);
    expect(names(await sales.get('/api/hotels?search=tented'))).toEqual(['Mara River Luxury Tented Camp', 'Seronera Luxury Tented Camp']);
    expect((await sales.get('/api/hotels?stars=6')).status).toBe(400);
  });

  it('creates a hotel with room types (minor units) and amenities, reads it back; same name gets a suffixed slug', async () => {
    const destinationId = await demoId('destinations', 'Zanzibar');
    const payload = {
      name: 'Harbour View Hotel',
      destinationId,
      stars: 4,
      address: 'Forodhani, Stone Town',
      roomTypes: [
        { name: 'Sea View Double', nightlyRate: 18_550, maxOccupancy: 2 },
        { name: 'Family Suite', nightlyRate: 31_000, maxOccupancy: 4 },
      ],
      amenities: ['Pool', 'pool', 'Rooftop terrace'],
      description: 'Right on the harbour.',
    };
    const res = await ops.post('/api/hotels', payload);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...payload,
      slug: 'harbour-view-hotel',
      amenities: ['Pool', 'Rooftop terrace'],
      destination: { _id: destinationId, name: 'Zanzibar', slug: 'zanzibar' },
      region: { name: 'East Africa' },
    });
    const again = await ops.post('/api/hotels', { ...payload, destinationId: await demoId('destinations', 'Dubai') });
    expect(again.body.data.slug).toBe('harbour-view-hotel-2');
    const read = await sales.get(`/api/hotels/hotelId/${res.body.data._id}`);
    expect(read.body.data).toEqual(res.body.data);
    const taken = await ops.post('/api/hotels', { ...payload, slug: 'harbour-view-hotel' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A hotel with this slug already exists');
  });

  it('gives concurrent creations of the same name different slugs', async () => {
    const destinationId = await demoId('destinations', 'Rome');
    const room = { name: 'Double', nightlyRate: 12_000, maxOccupancy: 2 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => ops.post('/api/hotels', { name: 'Via Veneto Suites', destinationId, stars: 4, roomTypes: [room] })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(answers.map((a) => a.body.data.slug).sort()).toEqual(['via-veneto-suites', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `via-veneto-suites-${n}`)].sort());
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const destinationId = await demoId('destinations', 'Paris');
    const good = { name: 'Bad Input Hotel', destinationId, stars: 3, roomTypes: [{ name: 'Double', nightlyRate: 10_000, maxOccupancy: 2 }] };
    const before = await counts();
    const cases: [unknown, string][] = [
      [{ ...good, stars: 6 }, 'stars'],
      [{ ...good, stars: 3.5 }, 'stars'],
      [{ ...good, roomTypes: [] }, 'roomTypes'],
      [{ ...good, roomTypes: [{ name: 'Double', nightlyRate: 100.5, maxOccupancy: 2 }] }, 'roomTypes.0.nightlyRate'],
      [{ ...good, roomTypes: [{ name: 'Double', nightlyRate: -1, maxOccupancy: 2 }] }, 'roomTypes.0.nightlyRate'],
      [{ ...good, roomTypes: [...good.roomTypes, { name: 'double', nightlyRate: 1, maxOccupancy: 1 }] }, 'roomTypes'],
      [{ ...good, destinationId: '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11' }, 'destinationId'],
      [{ ...good, destinationId: await globeId('destinations', 'Lisbon') }, 'destinationId'],
      [{ ...good, amenities: 'Pool' }, 'amenities'],
    ];
    for (const [body, path] of cases) {
      const res = await ops.post('/api/hotels', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues[0].path).toBe(path);
    }
    expect(await counts()).toEqual(before);
  });

  it('updates fields (PUT), deletes with the toast message, 404 for another organization, 403 without permission', async () => {
    const id = await demoId('hotels', 'Dubai City Inn');
    const updated = await ops.put(`/api/hotels/${id}`, { stars: 4, amenities: ['Free Wi-Fi'] });
    expect(updated.body.data).toMatchObject({ stars: 4, amenities: ['Free Wi-Fi'], slug: 'dubai-city-inn', name: 'Dubai City Inn' });
    expect((await globe.get(`/api/hotels/hotelId/${id}`)).status).toBe(404);
    expect((await globe.put(`/api/hotels/${id}`, { stars: 1 })).status).toBe(404);
    expect((await sales.put(`/api/hotels/${id}`, { stars: 1 })).status).toBe(403);
    expect((await finance.get('/api/hotels')).status).toBe(403);
    expect((await finance.get(`/api/hotels/hotelId/${id}`)).status).toBe(403);
    expect((await ops.put(`/api/hotels/${id}`, { stars: 0 })).status).toBe(400);
    // Demo tours stay in the demo hotels: the one deleted is a hotel no tour uses.
    const spare = (await ops.post('/api/hotels', { name: 'Spare Inn', destinationId: await demoId('destinations', 'Dubai'), stars: 3, roomTypes: [{ name: 'Double', nightlyRate: 9000, maxOccupancy: 2 }] })).body.data._id;
    const deleted = await ops.delete(`/api/hotels/${spare}`);
    expect(deleted.body).toMatchObject({ message: 'Hotel deleted successfully!', data: { _id: spare } });
    expect((await ops.get(`/api/hotels/hotelId/${spare}`)).status).toBe(404);
  });

  it('imports hotels from CSV with room types in one cell', async () => {
    const before = await count('hotels');
    const file = [
      'Hotel Name,Destination,Stars,Room Types,Amenities',
      '"Nungwi Sands",zanzibar,4,"Garden Double:14000:2; Ocean Suite:26000:3","Pool;Spa"',
      'Nowhere Inn,Atlantis,3,Double:8000:2,',
      'Bad Rate Lodge,Zanzibar,3,Double:cheap:2,',
      'Six Star Hotel,Zanzibar,6,Double:8000:2,',
    ].join('\n');
    const res = await owner.post('/api/hotels/import', file, csv);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 4, created: 1, updated: 0, skipped: 0, rejected: 3 });
    const created = (await owner.get(`/api/hotels/hotelId/${res.body.data.rows[0]._id}`)).body.data;
    expect(created).toMatchObject({
      name: 'Nungwi Sands',
      stars: 4,
      destination: { name: 'Zanzibar' },
      roomTypes: [
        { name: 'Garden Double', nightlyRate: 14_000, maxOccupancy: 2 },
        { name: 'Ocean Suite', nightlyRate: 26_000, maxOccupancy: 3 },
      ],
      amenities: ['Pool', 'Spa'],
    });
    expect(res.body.data.rows[1]).toMatchObject({ name: 'Nowhere Inn', reason: 'destination "Atlantis" is not a known destination' });
    expect(res.body.data.rows[2].reason).toMatch(/^roomTypes\.0\.nightlyRate/);
    expect(res.body.data.rows[3].reason).toBe('stars must be at most 5');
    expect(await count('hotels')).toBe(before + 1);
  });
});

describe('activities', () => {
  it('filters by regions, destinations, categories and difficulty; stats cover the organization', async () => {
    const all = await sales.get('/api/activities?limit=1');
    expect(all.body.stats.total).toBe(all.body.meta.totalItems);
    expect(Object.keys(all.body.stats.byCategory).sort()).toEqual(['adventure', 'culture', 'food', 'nightlife', 'sightseeing', 'water-sports', 'wellness', 'wildlife']);
    expect(all.body.stats.byDifficulty.easy + all.body.stats.byDifficulty.moderate + all.body.stats.byDifficulty.hard).toBe(all.body.stats.total);

    const hard = await sales.get('/api/activities?difficulty=hard&limit=200');
    expect(hard.body.meta.totalItems).toBe(all.body.stats.byDifficulty.hard);
    expect(hard.body.data.every((a: { difficulty: string }) => a.difficulty === 'hard')).toBe(true);

    const wildlife = await sales.get('/api/activities?categories=wildlife,water-sports&limit=200');
    expect(wildlife.body.meta.totalItems).toBe(all.body.stats.byCategory.wildlife + all.body.stats.byCategory['water-sports']);

    const africa = await demoId('regions', 'East Africa');
    const africanWildlife = await sales.get(`/api/activities?regions=${africa}&categories=wildlife`);
    expect(africanWildlife.body.data.length).toBeGreaterThan(0);
    expect(africanWildlife.body.data.every((a: { region: { name: string }; category: string }) => a.region.name === 'East Africa' && a.category === 'wildlife')).toBe(true);

    const dubai = await demoId('destinations', 'Dubai');
    const dubaiEasy = await sales.get(`/api/activities?filter[destinations]=${dubai}&filter[difficulty]=easy&sortBy=pricePerPerson`);
    expect(names(dubaiEasy)).toEqual(['Dubai Street Food Walk', 'Dubai City Highlights Tour', 'Burj Khalifa At the Top', 'Desert Safari with BBQ Dinner']);
    expect(dubaiEasy.body.data[3]).toMatchObject({ pricePerPerson: 8500, durationMinutes: 360, category: 'adventure', destination: { name: 'Dubai' }, region: { name: 'Middle East' } });
    expect((await sales.get('/api/activities?difficulty=extreme')).status).toBe(400);
    expect((await sales.get('/api/activities?categories=skiing')).status).toBe(400);
  });

  it('creates, reads, updates and deletes an activity', async () => {
    const destinationId = await demoId('destinations', 'Bali');
    const res = await ops.post('/api/activities', {
      name: 'Nusa Penida Snorkelling',
      destinationId,
      category: 'water-sports',
      difficulty: 'moderate',
      durationMinutes: 540,
      pricePerPerson: 7_500,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ slug: 'nusa-penida-snorkelling', region: { name: 'South-East Asia' }, description: null });
    const id = res.body.data._id;
    expect((await sales.get(`/api/activities/activityId/${id}`)).body.data).toEqual(res.body.data);
    const updated = await ops.put(`/api/activities/${id}`, { pricePerPerson: 8_000, difficulty: 'hard' });
    expect(updated.body.data).toMatchObject({ pricePerPerson: 8_000, difficulty: 'hard' });
    expect((await globe.delete(`/api/activities/${id}`)).status).toBe(404);
    expect((await sales.delete(`/api/activities/${id}`)).status).toBe(403);
    expect((await ops.delete(`/api/activities/${id}`)).body.message).toBe('Activity deleted successfully');
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const destinationId = await demoId('destinations', 'Bali');
    const good = { name: 'Bad Activity', destinationId, category: 'food', difficulty: 'easy', durationMinutes: 60, pricePerPerson: 1_000 };
    const before = await counts();
    for (const body of [
      { ...good, difficulty: 'extreme' },
      { ...good, category: 'skiing' },
      { ...good, durationMinutes: 0 },
      { ...good, pricePerPerson: 10.5 },
      { ...good, pricePerPerson: '1000' },
      { ...good, destinationId: undefined },
    ]) {
      expect((await ops.post('/api/activities', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('imports activities from CSV and JSON with mixed good and bad rows', async () => {
    const before = await count('activities');
    const file = [
      'Name,Destination,Category,Difficulty,Duration,Price,Description',
      'Kecak Fire Dance,Bali,Culture,Easy,90,2500,Uluwatu temple at sunset',
      'Volcano Jeep Tour,Bali,adventure,extreme,240,4500,',
      'Burj Khalifa At the Top,dubai,sightseeing,easy,120,7000,Updated price',
      'Mystery Tour,Nowhere,culture,easy,60,1000,',
      'Free Walk,Bali,culture,easy,sixty,0,',
      'Too,Many,Cells,easy,60,1,,extra',
    ].join('\n');
    const res = await ops.post('/api/activities/import?updateExisting=true', file, csv);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 6, created: 1, updated: 1, skipped: 0, rejected: 4 });
    expect(res.body.data.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'rejected', 'updated', 'rejected', 'rejected', 'rejected']);
    expect(res.body.data.rows[1].reason).toBe('difficulty must be easy, moderate or hard');
    expect(res.body.data.rows[4].reason).toMatch(/^durationMinutes/);
    expect(res.body.data.rows[5]).toMatchObject({ reason: 'row has 8 cells but the header has 7 columns', issues: [{ path: 'row', code: 'malformedRow', params: { cells: 8, columns: 7 } }] });
    const burj = (await ops.get(`/api/activities/activityId/${res.body.data.rows[2]._id}`)).body.data;
    expect(burj).toMatchObject({ pricePerPerson: 7000, durationMinutes: 120, description: 'Updated price', slug: 'burj-khalifa-at-the-top' });

    const json = await ops.post('/api/activities/import', {
      rows: [
        { name: 'Tegallalang Swing', destination: 'bali', category: 'adventure', difficulty: 'easy', durationMinutes: 60, pricePerPerson: 3500 },
        { name: 'No Price', destination: 'bali', category: 'adventure', difficulty: 'easy', durationMinutes: 60 },
        { name: 'Tegallalang Swing', destination: 'bali', category: 'adventure', difficulty: 'moderate', durationMinutes: 60, pricePerPerson: 3500 },
      ],
    });
    expect(json.body.data.summary).toEqual({ total: 3, created: 1, updated: 0, skipped: 1, rejected: 1 });
    expect(json.body.data.rows[1]).toMatchObject({ status: 'rejected', name: 'No Price', reason: 'pricePerPerson is required' });
    expect(json.body.data.rows[2]).toMatchObject({ status: 'skipped', code: 'DUPLICATE_ROW', reason: 'same name as row 1' });
    expect(await count('activities')).toBe(before + 2);
    expect((await finance.post('/api/activities/import', { rows: [{}] })).status).toBe(403);
  });
});

describe('reviews', () => {
  it('lists newest first with destination, filters by published, rating and destination', async () => {
    const res = await sales.get('/api/reviews');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ currentPage: 1, limit: 50 });
    const created = res.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const published = await sales.get('/api/reviews?isPublished=false');
    expect(published.body.data.map((r: { customerName: string }) => r.customerName).sort()).toEqual(['Chen Wei', 'Lukas Weber']);
    const five = await sales.get('/api/reviews?ratings=5&sortBy=customerName&sortOrder=asc');
    expect(five.body.data.map((r: { customerName: string }) => r.customerName)).toEqual(['Aisha Rahman', 'Fatma Yilmaz', 'Priya Nair']);
    const dubai = await demoId('destinations', 'Dubai');
    const inDubai = await sales.get(`/api/reviews?destinations=${dubai}`);
    expect(inDubai.body.data).toHaveLength(1);
    expect(inDubai.body.data[0]).toMatchObject({ customerName: 'Aisha Rahman', rating: 5, destination: { _id: dubai, name: 'Dubai' }, tourId: null, isPublished: true });
    const general = (await sales.get('/api/reviews?search=whatsapp')).body.data[0];
    expect(general).toMatchObject({ destinationId: null, destination: null });
  });

  it('creates, publishes, deletes with a message; bad input is 400 and writes nothing', async () => {
    const destinationId = await demoId('destinations', 'Petra');
    const res = await ops.post('/api/reviews', { customerName: 'Omar Haddad', rating: 4, text: 'Petra by night was magical.', destinationId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ isPublished: false, destination: { name: 'Petra' } });
    const published = await ops.put(`/api/reviews/${res.body.data._id}`, { isPublished: true });
    expect(published.body.data.isPublished).toBe(true);
    const detached = await ops.put(`/api/reviews/${res.body.data._id}`, { destinationId: null });
    expect(detached.body.data).toMatchObject({ destinationId: null, destination: null });

    const before = await counts();
    for (const body of [
      { customerName: 'X', rating: 0, text: 'bad' },
      { customerName: 'X', rating: 6, text: 'bad' },
      { customerName: 'X', rating: 5, text: '' },
      { customerName: '', rating: 5, text: 'bad' },
      { customerName: 'X', rating: 5, text: 'bad', destinationId: await globeId('destinations', 'Lisbon') },
      { customerName: 'X', rating: 5, text: 'bad', tourId: '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11' },
    ]) {
      expect((await ops.post('/api/reviews', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);

    expect((await globe.delete(`/api/reviews/${res.body.data._id}`)).status).toBe(404);
    expect((await sales.delete(`/api/reviews/${res.body.data._id}`)).status).toBe(403);
    const deleted = await ops.delete(`/api/reviews/${res.body.data._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Review deleted successfully');
    expect(await count('reviews')).toBe(before.reviews - 1);
  });

  it('needs the reviews permission', async () => {
    expect((await finance.get('/api/reviews')).status).toBe(403);
    expect((await sales.post('/api/reviews', { customerName: 'X', rating: 5, text: 'x' })).status).toBe(403);
  });
});

describe('tenancy', () => {
  it('shows each organization only its own catalogue', async () => {
    expect(names(await globe.get('/api/destinations'))).toEqual(['Lisbon', 'Porto']);
    expect((await globe.get('/api/hotels')).body.stats.total).toBe(6);
    const dubai = await demoId('destinations', 'Dubai');
    expect((await globe.get(`/api/activities?destinations=${dubai}`)).body.data).toEqual([]);
  });
});

describe('a page past the end', () => {
  it.each([
    ['/api/hotels?stars=5'],
    ['/api/activities?difficulty=hard'],
    ['/api/hotels?search=tented'],
    ['/api/activities?search=safari'],
  ])('%s answers no rows but the filtered total', async (url) => {
    const first = await owner.get(url);
    expect(first.status).toBe(200);
    expect(first.body.meta.totalItems).toBeGreaterThan(0);
    const past = await owner.get(`${url}&page=999`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.totalItems).toBe(first.body.meta.totalItems);
  });
});

describe('the counted header and totals (place_counts, kept by triggers)', () => {
  const ROOM = [{ name: 'Double', nightlyRate: 12000, maxOccupancy: 2 }];
  /** What the database holds, counted directly: the figures the header and totals must equal. */
  const actual = async (org: string) => {
    const rows = await s.sql<{ stars: number; n: number }>(
      `select h.stars, count(*)::int as n from hotels h join organizations o on o.id = h.organization_id where o.name = $1 group by h.stars`,
      [org],
    );
    const byStars = Object.fromEntries(['1', '2', '3', '4', '5'].map((k) => [k, rows.find((r) => String(r.stars) === k)?.n ?? 0]));
    const [{ n: fiveInDubai }] = await s.sql<{ n: number }>(
      `select count(*)::int as n from hotels h join destinations d on d.id = h.destination_id join organizations o on o.id = h.organization_id
       where o.name = $1 and d.name = 'Dubai' and h.stars = 5`,
      [org],
    );
    const activities = await s.sql<{ category: string; difficulty: string; n: number }>(
      `select category, difficulty, count(*)::int as n from activities a join organizations o on o.id = a.organization_id where o.name = $1 group by 1, 2`,
      [org],
    );
    return { byStars, fiveInDubai, activities };
  };
  const expectInStep = async () => {
    const want = await actual('Demo Travels');
    const dubai = await demoId('destinations', 'Dubai');
    const hotels = await owner.get('/api/hotels?limit=1');
    expect(hotels.body.stats.byStars).toEqual(want.byStars);
    expect(hotels.body.meta.totalItems).toBe(Object.values(want.byStars).reduce((a, b) => a + b, 0));
    expect((await owner.get(`/api/hotels?limit=1&destinations=${dubai}&stars=5`)).body.meta.totalItems).toBe(want.fiveInDubai);
    const acts = await owner.get('/api/activities?limit=1&categories=wildlife,culture&difficulty=easy');
    expect(acts.body.meta.totalItems).toBe(want.activities.filter((a) => ['wildlife', 'culture'].includes(a.category) && a.difficulty === 'easy').reduce((a, r) => a + r.n, 0));
    for (const category of ['wildlife', 'culture', 'food']) {
      expect(acts.body.stats.byCategory[category], category).toBe(want.activities.filter((a) => a.category === category).reduce((a, r) => a + r.n, 0));
    }
  };

  it('follow every create, change of stars or destination, import and delete', async () => {
    await expectInStep();
    const dubai = await demoId('destinations', 'Dubai');
    const other = await demoId('destinations', 'Zanzibar');
    const made = await owner.post('/api/hotels', { name: 'Counted Palms', destinationId: dubai, stars: 5, roomTypes: ROOM });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await expectInStep();
    expect((await owner.put(`/api/hotels/${made.body.data._id}`, { stars: 3, destinationId: other })).status).toBe(200);
    await expectInStep();
    const imported = await owner.post('/api/activities/import', {
      rows: [1, 2, 3].map((i) => ({ name: `Counted Walk ${i}`, destination: 'Dubai', category: 'culture', difficulty: 'easy', durationMinutes: '90', pricePerPerson: '2500' })),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    await expectInStep();
    expect((await owner.delete(`/api/hotels/${made.body.data._id}`)).status).toBe(200);
    await expectInStep();
  });

  it('stay right under concurrent writes in the same and different cells', async () => {
    const dubai = await demoId('destinations', 'Dubai');
    const created = await Promise.all(
      Array.from({ length: 16 }, (_, i) => owner.post('/api/hotels', { name: `Parallel Stay ${i}`, destinationId: dubai, stars: (i % 2) + 4, roomTypes: ROOM })),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    await Promise.all(created.map((r, i) => (i % 3 === 0 ? owner.delete(`/api/hotels/${r.body.data._id}`) : owner.put(`/api/hotels/${r.body.data._id}`, { stars: 2 }))));
    await expectInStep();
    // Writers that met skipped each other's rows; the next quiet write to a cell folds it to one row.
    for (const stars of [2, 4, 5]) {
      const quiet = await owner.post('/api/hotels', { name: `Quiet Stay ${stars}`, destinationId: dubai, stars, roomTypes: ROOM });
      expect(quiet.status).toBe(201);
    }
    const [{ extra }] = await s.sql<{ extra: number }>(
      `select (count(*) - count(distinct (organization_id, resource, destination_id, facet_a, facet_b)))::int as extra from place_counts where destination_id = $1`,
      [dubai],
    );
    expect(extra).toBe(0);
    await expectInStep();
  });

  it('searches through the search functions only within the organization, by name, address, amenity, destination, country or region', async () => {
    expect((await globe.get('/api/hotels?search=tented')).body.meta.totalItems).toBe(0);
    expect(names(await sales.get('/api/hotels?search=tented'))).toEqual(['Mara River Luxury Tented Camp', 'Seronera Luxury Tented Camp']);
    const inDubai = (await owner.get('/api/hotels?search=dubai&limit=200')).body;
    const dubai = await demoId('destinations', 'Dubai');
    expect(inDubai.meta.totalItems).toBeGreaterThanOrEqual((await owner.get(`/api/hotels?destinations=${dubai}&limit=1`)).body.meta.totalItems);
    const [{ amenity }] = await s.sql<{ amenity: string }>(
      `select a as amenity from hotels h join organizations o on o.id = h.organization_id, unnest(h.amenities) a where o.name = 'Demo Travels' group by a order by count(*) limit 1`,
    );
    const withAmenity = (await owner.get(`/api/hotels?search=${encodeURIComponent(amenity)}&limit=200`)).body.data;
    expect(withAmenity.length).toBeGreaterThan(0);
    expect(withAmenity.some((h: { amenities: string[] }) => h.amenities.includes(amenity))).toBe(true);
    // The user's % and _ are taken literally.
    expect((await owner.get('/api/activities?search=%25')).body.meta.totalItems).toBe(0);
    const searched = await owner.get('/api/activities?search=kenya&difficulty=easy,moderate&limit=2');
    const [{ n }] = await s.sql<{ n: number }>(
      `select count(*)::int as n from activities a join destinations d on d.id = a.destination_id join regions r on r.id = d.region_id join organizations o on o.id = a.organization_id
       where o.name = 'Demo Travels' and a.difficulty in ('easy', 'moderate') and (a.name ilike '%kenya%' or a.slug ilike '%kenya%' or a.description ilike '%kenya%' or d.name ilike '%kenya%' or r.name ilike '%kenya%' or d.country ilike '%kenya%')`,
    );
    expect(n).toBeGreaterThan(2);
    expect(searched.body.meta.totalItems).toBe(n);
  });
});
