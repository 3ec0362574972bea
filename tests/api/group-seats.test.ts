import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';
import { connect, type Database } from '../../server/db/client';
import { releaseSeats, reserveSeats } from '../../server/tours/seats';
import { dateOfDay } from '../../src/api/tours/tour-plan';

/**
 * Group seats never oversell. Bookings (a later issue) will take seats through `reserveSeats` in the
 * transaction that creates a booking; until then the function is driven here the way two server
 * instances would drive it: two separate connection pools on one database, each request its own
 * tenant transaction (as the server runs one), fifty at once. What stops overselling is in the
 * database (a conditional UPDATE and a CHECK), so separate pools are exactly what a second server
 * instance adds.
 */
let s: TestServer;
let ops: Agent;
let globe: Agent;
let demoOrg: string;
let globeOrg: string;
let instances: [Database, Database];

const today = new Date().toISOString().slice(0, 10);

async function departure(title: string, capacity: number, extra: Record<string, unknown> = {}) {
  const muscat = (await s.sql<{ id: string; region_id: string }>(`select d.id, d.region_id from destinations d join organizations o on o.id = d.organization_id where o.name = 'Demo Travels' and d.name = 'Muscat'`))[0]!;
  const res = await ops.post('/api/group-tours', {
    title,
    regions: [muscat.region_id],
    destinations: [muscat.id],
    departure: dateOfDay(today, 60),
    arrival: dateOfDay(today, 64),
    pricePerPerson: { adult: 100_000, child: 70_000, infant: 0 },
    capacity,
    minimumToRun: Math.min(4, capacity),
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

const seatsOf = async (id: string) => (await s.sql<{ seats_taken: number; capacity: number; status: string }>('select seats_taken, capacity, status from group_tours where id = $1', [id]))[0]!;

/** `n` transactions at once, alternating between the two instances' pools; what each answered or why it was refused. */
async function atOnce<T>(n: number, work: (i: number) => (tx: Parameters<Parameters<Database['withTenant']>[1]>[0]) => Promise<T>) {
  const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => instances[i % 2].withTenant(demoOrg, work(i))));
  return {
    granted: settled.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled').map((r) => r.value),
    refused: settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { status: number; code: string; message: string }),
  };
}

beforeAll(async () => {
  s = await startTestServer();
  [ops, globe] = await s.logins('ops@demo.travel', 'owner@globe.travel');
  demoOrg = (await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`))[0]!.id;
  globeOrg = (await s.sql<{ id: string }>(`select id from organizations where name = 'Globe Trotters'`))[0]!.id;
  instances = [connect(s.databaseUrl, 25), connect(s.databaseUrl, 25)];
});
afterAll(async () => {
  await Promise.all(instances.map((d) => d.close()));
  await s.close();
});

describe('reserveSeats and releaseSeats', () => {
  it('take and give back seats, answering the seats after; the status follows', async () => {
    const id = await departure('Seat Basics', 6);
    const run = <T>(f: (tx: Parameters<Parameters<Database['withTenant']>[1]>[0]) => Promise<T>) => instances[0].withTenant(demoOrg, f);
    expect(await run((tx) => reserveSeats(tx, id, 3))).toEqual({ capacity: 6, seatsTaken: 3, seatsFree: 3 });
    expect((await seatsOf(id)).status).toBe('open');
    expect(await run((tx) => reserveSeats(tx, id, 1))).toEqual({ capacity: 6, seatsTaken: 4, seatsFree: 2 });
    expect((await seatsOf(id)).status).toBe('guaranteed');
    await expect(run((tx) => reserveSeats(tx, id, 3))).rejects.toMatchObject({ status: 409, code: 'SEATS_UNAVAILABLE', message: 'Only 2 seats are free on this departure; 3 requested', params: { free: 2, requested: 3 } });
    expect(await run((tx) => reserveSeats(tx, id, 2))).toEqual({ capacity: 6, seatsTaken: 6, seatsFree: 0 });
    expect((await seatsOf(id)).status).toBe('sold-out');
    expect((await ops.get(`/api/group-tours/id/${id}`)).body.data).toMatchObject({ seatsTaken: 6, seatsFree: 0, status: 'sold-out' });
    await expect(run((tx) => reserveSeats(tx, id, 1))).rejects.toMatchObject({ code: 'SEATS_UNAVAILABLE', message: 'Only 0 seats are free on this departure; 1 requested' });

    expect(await run((tx) => releaseSeats(tx, id, 5))).toEqual({ capacity: 6, seatsTaken: 1, seatsFree: 5 });
    await expect(run((tx) => releaseSeats(tx, id, 2))).rejects.toMatchObject({ status: 409, code: 'CONFLICT', params: { taken: 1, requested: 2 } });
    expect((await seatsOf(id)).seats_taken).toBe(1);
    await expect(run((tx) => reserveSeats(tx, id, 0))).rejects.toThrow(/positive whole number/);
  });

  it('refuses when the sales are closed, and does not find another organization’s departure', async () => {
    const id = await departure('Closed Sales', 8, { salesClosed: true });
    await expect(instances[0].withTenant(demoOrg, (tx) => reserveSeats(tx, id, 1))).rejects.toMatchObject({ status: 409, code: 'SALES_CLOSED' });
    await expect(instances[1].withTenant(globeOrg, (tx) => reserveSeats(tx, id, 1))).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(instances[1].withTenant(globeOrg, (tx) => releaseSeats(tx, id, 1))).rejects.toMatchObject({ status: 404 });
    expect((await seatsOf(id)).seats_taken).toBe(0);
    expect((await globe.get(`/api/group-tours/id/${id}`)).status).toBe(404);
  });

  it('a refused reservation inside a transaction takes nothing with it', async () => {
    const id = await departure('Rolled Back', 5);
    await expect(
      instances[0].withTenant(demoOrg, async (tx) => {
        await reserveSeats(tx, id, 2);
        await reserveSeats(tx, id, 4);
      }),
    ).rejects.toMatchObject({ code: 'SEATS_UNAVAILABLE', message: 'Only 3 seats are free on this departure; 4 requested' });
    expect((await seatsOf(id)).seats_taken).toBe(0);
  });
});

describe('fifty at once through two instances', () => {
  it('50 reservations of one seat on a 10-seat departure: exactly 10 granted, 40 SEATS_UNAVAILABLE, the counter is 10', async () => {
    const id = await departure('Ten Seats', 10);
    const { granted, refused } = await atOnce(50, () => (tx) => reserveSeats(tx, id, 1));
    expect(granted).toHaveLength(10);
    // Each granted reservation saw a different count: no two took the same seat.
    expect(granted.map((g) => g.seatsTaken).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r).toMatchObject({ status: 409, code: 'SEATS_UNAVAILABLE', message: 'Only 0 seats are free on this departure; 1 requested' });
    expect(await seatsOf(id)).toEqual({ seats_taken: 10, capacity: 10, status: 'sold-out' });
  });

  it('50 reservations of 1 to 3 seats on a 25-seat departure: the counter equals what was granted, never more than the capacity', async () => {
    const id = await departure('Mixed Parties', 25);
    const sizes = Array.from({ length: 50 }, (_, i) => (i % 3) + 1);
    const { granted, refused } = await atOnce(50, (i) => (tx) => reserveSeats(tx, id, sizes[i]!).then(() => sizes[i]!));
    const total = granted.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(25);
    expect(granted.length + refused.length).toBe(50);
    expect((await seatsOf(id)).seats_taken).toBe(total);
    // Seats only fill up, so every refused party is larger than what is free at the end: nothing
    // that fitted was refused.
    const free = 25 - total;
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.code).toBe('SEATS_UNAVAILABLE');
      expect(Number(/; (\d+) requested$/.exec(r.message)![1])).toBeGreaterThan(free);
    }
  });

  it('50 releases of one seat on 10 taken: exactly 10 given back, the counter is 0', async () => {
    const id = await departure('Ten Released', 10);
    await atOnce(10, () => (tx) => reserveSeats(tx, id, 1));
    const { granted, refused } = await atOnce(50, () => (tx) => releaseSeats(tx, id, 1));
    expect(granted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.code).toBe('CONFLICT');
    expect((await seatsOf(id)).seats_taken).toBe(0);
  });

  it('reservations racing a capacity change over HTTP never leave more seats taken than the capacity', async () => {
    const id = await departure('Shrinking', 20);
    const [{ granted }, put] = await Promise.all([atOnce(30, () => (tx) => reserveSeats(tx, id, 1)), ops.put('/api/group-tours', { _id: id, capacity: 12 })]);
    const after = await seatsOf(id);
    expect(after.seats_taken).toBe(granted.length);
    expect(after.seats_taken).toBeLessThanOrEqual(after.capacity);
    if (put.status === 200) expect(after.capacity).toBe(12);
    else {
      // The capacity change came after more than 12 seats were taken: refused, naming capacity.
      // (More seats may be taken after the refusal: the number is the one it saw, above 12.)
      const [issue] = put.body.issues;
      expect(put.body.issues).toEqual([{ path: 'capacity', code: 'tooSmall', params: { min: issue.params.min }, message: `must be at least the ${issue.params.min} seats already taken` }]);
      expect(issue.params.min).toBeGreaterThan(12);
      expect(after.capacity).toBe(20);
    }
  });
});
