import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';
import { dateOfDay } from '../../src/api/tours/tour-plan';

/** Group tours (fixed departures) against the real server and database. */
let s: TestServer;
let owner: Agent;
let ops: Agent;
let sales: Agent;
let finance: Agent;
let globe: Agent;

const demo = async (table: string, name: string) =>
  (await s.sql<{ id: string }>(`select x.id from ${table} x join organizations o on o.id = x.organization_id where o.name = 'Demo Travels' and x.name = $1`, [name]))[0]!.id;
const count = async (table: string) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const written = async () => Promise.all(['group_tours', 'group_tour_days'].map(count));
const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((t) => t.title);
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => dateOfDay(today, n + 1);

let ids: Record<string, string>;

/** A valid 10-seat departure: three nights in Muscat. */
function muscatDeparture(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Muscat Long Weekend Group',
    regions: [ids.middleEast],
    destinations: [ids.muscat],
    departure: inDays(30),
    arrival: inDays(33),
    pointOfContact: ids.marco,
    days: [
      { dayNumber: 1, destinationId: ids.muscat, hotelId: ids.muttrah, roomType: 'Deluxe King', transfers: 'Airport to hotel', meals: ['dinner'] },
      { dayNumber: 3, destinationId: ids.muscat, activityIds: [ids.wahiba], meals: ['breakfast', 'lunch', 'dinner'] },
    ],
    pricePerPerson: { adult: 99_000, child: 70_000, infant: 10_000 },
    capacity: 10,
    minimumToRun: 4,
    ...overrides,
  };
}

beforeAll(async () => {
  s = await startTestServer();
  [owner, ops, sales, finance, globe] = await s.logins('owner@demo.travel', 'ops@demo.travel', 'sales@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  ids = {
    middleEast: await demo('regions', 'Middle East'),
    europe: await demo('regions', 'Europe'),
    eastAfrica: await demo('regions', 'East Africa'),
    muscat: await demo('destinations', 'Muscat'),
    dubai: await demo('destinations', 'Dubai'),
    nairobi: await demo('destinations', 'Nairobi'),
    mara: await demo('destinations', 'Maasai Mara'),
    muttrah: await demo('hotels', 'Muttrah Grand Hotel'),
    marinaPalace: await demo('hotels', 'The Marina Palace'),
    wahiba: await demo('activities', 'Wahiba Sands Overnight Camp'),
    marco: (await s.sql<{ id: string }>(`select id from members where email = 'marco@demo.travel'`))[0]!.id,
  };
});
afterAll(() => s.close());

describe('the demo departures', () => {
  it('are 6 or more, soonest first, some nearly full, one sold out, one closed; free seats and status follow the seats', async () => {
    const res = await sales.get('/api/group-tours');
    expect(res.status).toBe(200);
    expect(res.body.meta.totalItems).toBeGreaterThanOrEqual(6);
    const departures = res.body.data.map((t: { departure: string }) => t.departure);
    expect(departures).toEqual([...departures].sort());
    expect(departures[0] > today).toBe(true);
    const rows = res.body.data as { title: string; capacity: number; minimumToRun: number; seatsTaken: number; seatsFree: number; status: string; salesClosed: boolean; totalNights: number; departure: string; arrival: string }[];
    for (const t of rows) {
      expect(t.seatsFree).toBe(t.capacity - t.seatsTaken);
      const expected = t.salesClosed ? 'closed' : t.seatsTaken === t.capacity ? 'sold-out' : t.seatsTaken >= t.minimumToRun ? 'guaranteed' : 'open';
      expect(t.status, t.title).toBe(expected);
      expect(t.arrival).toBe(dateOfDay(t.departure, t.totalNights + 1));
    }
    expect(rows.filter((t) => t.status === 'sold-out').map((t) => t.title)).toEqual(['Oman Discovery Group']);
    expect(rows.filter((t) => t.status === 'closed').map((t) => t.title)).toEqual(['Bangkok Street Food Week']);
    expect(rows.filter((t) => t.seatsFree === 1).length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((t) => t.status))).toEqual(new Set(['open', 'guaranteed', 'sold-out', 'closed']));

    const kili = rows.find((t) => t.title === 'Kilimanjaro Machame Trek')!;
    const detail = (await sales.get(`/api/group-tours/id/${(kili as unknown as { _id: string })._id}`)).body.data;
    expect(detail.days.map((d: { dayNumber: number; date: string }) => [d.dayNumber, d.date])).toEqual(Array.from({ length: 8 }, (_, i) => [i + 1, dateOfDay(kili.departure, i + 1)]));
    expect(detail.days[2]).toMatchObject({ hotel: null, notes: 'On the mountain: tented camps of the Machame route.', meals: ['breakfast', 'lunch', 'dinner'] });
  });
});

describe('the list filters', () => {
  it('regions and destinations any/all, status, departure range, nights, point of contact; sorted by free seats', async () => {
    const kenya = titles(await owner.get(`/api/group-tours?destinations=${ids.nairobi},${ids.mara}&destinationFilter=all`));
    expect(kenya).toEqual(['Kenya Great Migration Safari']);
    expect(titles(await owner.get(`/api/group-tours?regions=${ids.middleEast},${ids.eastAfrica}&regionFilter=all`))).toEqual([]);
    const either = titles(await owner.get(`/api/group-tours?regions=${ids.middleEast},${ids.eastAfrica}`));
    expect(either).toEqual(['Dubai Shopping Festival Group', 'Oman Discovery Group', 'Petra & Wadi Musa Group', 'Kilimanjaro Machame Trek', 'Kenya Great Migration Safari']);
    expect(titles(await owner.get('/api/group-tours?status=sold-out,closed'))).toEqual(['Oman Discovery Group', 'Bangkok Street Food Week']);
    expect(titles(await owner.get(`/api/group-tours?departure[from]=${inDays(20)}&departure[to]=${inDays(60)}`))).toEqual(['Oman Discovery Group', 'Petra & Wadi Musa Group', 'Kilimanjaro Machame Trek']);
    expect(titles(await owner.get('/api/group-tours?totalNights=7'))).toEqual(['Kilimanjaro Machame Trek']);
    expect(titles(await owner.get(`/api/group-tours?pointOfContact=${ids.marco}&search=group`))).toEqual(['Oman Discovery Group', 'Petra & Wadi Musa Group']);
    const byFree = (await owner.get('/api/group-tours?sortBy=seatsFree&sortOrder=asc')).body.data.map((t: { seatsFree: number }) => t.seatsFree);
    expect(byFree).toEqual([...byFree].sort((a, b) => a - b));
    expect((await owner.get('/api/group-tours?status=full')).status).toBe(400);
    expect((await owner.get(`/api/group-tours?departure[from]=${inDays(9)}&departure[to]=${inDays(1)}`)).status).toBe(400);
  });

  it('GET /group-tours/ids answers those departures in the order asked; an unknown or foreign id is 404', async () => {
    const all = (await owner.get('/api/group-tours')).body.data as { _id: string; title: string }[];
    const [a, b] = [all[3]!, all[0]!];
    const res = await sales.get(`/api/group-tours/ids?ids=${a._id},${b._id},${a._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { title: string }) => t.title)).toEqual([a.title, b.title]);
    expect((await sales.get(`/api/group-tours/ids?ids=${a._id}&ids=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await globe.get(`/api/group-tours/ids?ids=${a._id}`)).status).toBe(404);
    expect((await sales.get('/api/group-tours/ids')).body.issues).toEqual([{ path: 'ids', code: 'required', params: {}, message: 'is required' }]);
    expect((await finance.get(`/api/group-tours/ids?ids=${a._id}`)).status).toBe(403);
  });
});

describe('create, update, delete', () => {
  it('creates a 10-seat departure: open, 10 free, nights from the dates, days dated', async () => {
    const res = await ops.post('/api/group-tours', muscatDeparture());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Muscat Long Weekend Group',
      totalNights: 3,
      capacity: 10,
      minimumToRun: 4,
      seatsTaken: 0,
      seatsFree: 10,
      status: 'open',
      salesClosed: false,
      currency: 'USD',
      pointOfContact: { name: 'Marco Rossi' },
      pricePerPerson: { adult: 99_000, child: 70_000, infant: 10_000 },
    });
    expect(res.body.data.days.map((d: { dayNumber: number; date: string }) => [d.dayNumber, d.date])).toEqual([
      [1, inDays(30)],
      [3, inDays(32)],
    ]);
    expect((await sales.get(`/api/group-tours/id/${res.body.data._id}`)).body.data).toEqual(res.body.data);
  });

  it('closes and reopens the sales; the status follows', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Closable' }));
    const closed = await ops.put('/api/group-tours', { _id: body.data._id, salesClosed: true });
    expect(closed.body.data).toMatchObject({ status: 'closed', salesClosed: true, title: 'Closable', capacity: 10 });
    const opened = await ops.put('/api/group-tours', { _id: body.data._id, salesClosed: false });
    expect(opened.body.data).toMatchObject({ status: 'open', salesClosed: false });
  });

  it('moves the dates and replaces the days; a change that leaves a day outside the dates is refused', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Movable' }));
    const shorter = await ops.put('/api/group-tours', { _id: body.data._id, arrival: inDays(31) });
    expect(shorter.status).toBe(400);
    expect(shorter.body.issues).toEqual([{ path: 'days.1.dayNumber', code: 'tooLarge', params: { max: 2 }, message: "must be within the tour's 2 days" }]);
    const moved = await ops.put('/api/group-tours', { _id: body.data._id, departure: inDays(40), arrival: inDays(41), days: [{ dayNumber: 2, destinationId: ids.muscat }] });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ totalNights: 1, departure: inDays(40), days: [{ dayNumber: 2, date: inDays(41) }] });
  });

  it('cannot lower the capacity below the seats taken (400 naming capacity); can to exactly them', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Half Full' }));
    await s.sql('update group_tours set seats_taken = 6 where id = $1', [body.data._id]);
    const res = await ops.put('/api/group-tours', { _id: body.data._id, capacity: 5, minimumToRun: 2 });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'capacity', code: 'tooSmall', params: { min: 6 }, message: 'must be at least the 6 seats already taken' }]);
    expect((await s.sql<{ capacity: number }>('select capacity from group_tours where id = $1', [body.data._id]))[0]!.capacity).toBe(10);
    const exact = await ops.put('/api/group-tours', { _id: body.data._id, capacity: 6 });
    expect(exact.body.data).toMatchObject({ capacity: 6, seatsTaken: 6, seatsFree: 0, status: 'sold-out' });
  });

  it('refuses to delete a departure with seats taken (409); deletes an empty one', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Booked Up' }));
    await s.sql('update group_tours set seats_taken = 3 where id = $1', [body.data._id]);
    const before = await written();
    const refused = await ops.delete(`/api/group-tours/${body.data._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'IN_USE', message: 'This departure has 3 seats taken and cannot be deleted', params: { kind: 'group tour', uses: ['3 seats taken'] } });
    expect(await written()).toEqual(before);
    await s.sql('update group_tours set seats_taken = 0 where id = $1', [body.data._id]);
    const deleted = await ops.delete(`/api/group-tours/${body.data._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ message: 'Group tour deleted successfully', data: { title: 'Booked Up' } });
    expect(await written()).toEqual([before[0]! - 1, before[1]! - 2]);
    expect((await ops.delete(`/api/group-tours/${body.data._id}`)).status).toBe(404);
  });

  it('the database itself refuses more seats than the capacity, fewer than none, and a minimum over the capacity', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Raw SQL' }));
    const id = body.data._id;
    await expect(s.sql('update group_tours set seats_taken = 11 where id = $1', [id])).rejects.toThrow(/group_tours_seats_ck/);
    await expect(s.sql('update group_tours set seats_taken = -1 where id = $1', [id])).rejects.toThrow(/group_tours_seats_ck/);
    await expect(s.sql('update group_tours set minimum_to_run = 11 where id = $1', [id])).rejects.toThrow(/group_tours_minimum_ck/);
    await expect(s.sql("update group_tours set status = 'open' where id = $1", [id])).rejects.toThrow(/can only be updated to DEFAULT/);
    await s.sql('update group_tours set seats_taken = 10 where id = $1', [id]);
    await expect(s.sql('update group_tours set capacity = 9 where id = $1', [id])).rejects.toThrow(/group_tours_seats_ck/);
    expect((await s.sql<{ status: string }>('select status from group_tours where id = $1', [id]))[0]!.status).toBe('sold-out');
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  const cases: [string, () => Record<string, unknown>, { path: string; code: string; params: object; message: string }][] = [
    ['dates out of order', () => muscatDeparture({ arrival: inDays(29) }), { path: 'arrival', code: 'dateOrder', params: { after: 'departure' }, message: 'must not be before the departure' }],
    ['a tour over a year', () => muscatDeparture({ arrival: inDays(400), days: [] }), { path: 'arrival', code: 'tooLarge', params: { max: 365 }, message: 'must be at most 365 nights after the departure' }],
    ['a day outside the dates', () => muscatDeparture({ days: [{ dayNumber: 5, destinationId: ids.muscat }] }), { path: 'days.0.dayNumber', code: 'tooLarge', params: { max: 4 }, message: "must be within the tour's 4 days" }],
    [
      'a hotel not in the day’s destination',
      () => muscatDeparture({ days: [{ dayNumber: 1, destinationId: ids.muscat, hotelId: ids.marinaPalace }] }),
      { path: 'days.0.hotelId', code: 'notInPlace', params: { name: 'The Marina Palace' }, message: "names The Marina Palace, which is not in the day's destination" },
    ],
    ['a negative price', () => muscatDeparture({ pricePerPerson: { adult: 100, child: -1, infant: 0 } }), { path: 'pricePerPerson.child', code: 'tooSmall', params: { min: 0 }, message: 'must not be negative' }],
    ['a capacity below one', () => muscatDeparture({ capacity: 0, minimumToRun: 0 }), { path: 'capacity', code: 'tooSmall', params: { min: 1 }, message: 'must be at least 1' }],
    ['a minimum over the capacity', () => muscatDeparture({ capacity: 4, minimumToRun: 5 }), { path: 'minimumToRun', code: 'tooLarge', params: { max: 4 }, message: 'must not be more than the capacity' }],
    ['an impossible date', () => muscatDeparture({ departure: '2027-02-30' }), { path: 'departure', code: 'invalidDate', params: {}, message: 'must be a real calendar date' }],
    ['a date past 2200', () => muscatDeparture({ departure: '2201-01-01', arrival: '2201-01-02' }), { path: 'departure', code: 'dateOutOfRange', params: { min: '1900-01-01', max: '2200-12-31' }, message: 'must be between 1900-01-01 and 2200-12-31' }],
    ['an unknown destination', () => muscatDeparture({ destinations: ['00000000-0000-4000-8000-000000000000'] }), { path: 'destinations', code: 'unknownReference', params: { kind: 'destination' }, message: 'names a destination that does not exist' }],
    [
      'an unknown activity',
      () => muscatDeparture({ days: [{ dayNumber: 1, destinationId: ids.muscat, activityIds: ['00000000-0000-4000-8000-000000000000'] }] }),
      { path: 'days.0.activityIds', code: 'unknownReference', params: { kind: 'activity' }, message: 'names an activity that does not exist' },
    ],
    ['seats in the payload', () => muscatDeparture({ seatsTaken: 3 }), { path: 'seatsTaken', code: 'unknownField', params: {}, message: 'is not a known field' }],
  ];

  it.each(cases)('%s', async (_, body, expected) => {
    const before = await written();
    const res = await ops.post('/api/group-tours', body());
    expect(res.status).toBe(400);
    expect(res.body.issues, JSON.stringify(res.body)).toContainEqual(expected);
    expect(await written()).toEqual(before);
  });

  it('another organization’s destination is unknown here', async () => {
    const lisbon = (await s.sql<{ id: string }>(`select id from destinations where name = 'Lisbon'`))[0]!.id;
    const res = await ops.post('/api/group-tours', muscatDeparture({ destinations: [ids.muscat, lisbon] }));
    expect(res.body.issues).toEqual([{ path: 'destinations', code: 'unknownReference', params: { kind: 'destination' }, message: 'names a destination that does not exist' }]);
  });
});

describe('other organizations and permissions', () => {
  it('another organization’s departure is 404 for every call, and nothing changes', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Demo Only' }));
    const id = body.data._id;
    expect((await globe.get(`/api/group-tours/id/${id}`)).status).toBe(404);
    expect((await globe.put('/api/group-tours', { _id: id, capacity: 1, minimumToRun: 1 })).status).toBe(404);
    expect((await globe.delete(`/api/group-tours/${id}`)).status).toBe(404);
    expect((await ops.get(`/api/group-tours/id/${id}`)).body.data).toEqual(body.data);
    expect(titles(await globe.get('/api/group-tours'))).toEqual(['Douro Wine Harvest']);
  });

  it('sales may view, not create, change or delete; finance may not view', async () => {
    const { body } = await ops.post('/api/group-tours', muscatDeparture({ title: 'Guarded' }));
    expect((await sales.get(`/api/group-tours/id/${body.data._id}`)).status).toBe(200);
    expect((await sales.post('/api/group-tours', muscatDeparture())).status).toBe(403);
    expect((await sales.put('/api/group-tours', { _id: body.data._id, salesClosed: true })).status).toBe(403);
    expect((await sales.delete(`/api/group-tours/${body.data._id}`)).status).toBe(403);
    expect((await finance.get('/api/group-tours')).status).toBe(403);
  });
});

describe('the catalogue in use', () => {
  it('a hotel used by a departure cannot be deleted (409 naming it)', async () => {
    const olare = await demo('hotels', 'Olare Safari Lodge');
    const res = await ops.delete(`/api/hotels/${olare}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This hotel is used by 1 group tour (“Kenya Great Migration Safari”) and cannot be deleted');
  });
});
