import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { NOW, book, groupBooking, newDeparture, newLead, orgId, pay } from '../support/bookings';
import { TEST_PASSWORD } from '../support/db-url';
import { startTestServer, type TestServer } from '../support/server';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * A keyed money request whose first attempt died with its instance (docs/finance.md, "Idempotency";
 * the money-invariant gate's kill): the key's claim is a row inserted by a transaction the database
 * has not ended yet. Sent again to a live instance, the request waits for that transaction no
 * longer than IDEMPOTENCY_WAIT_SECONDS (1 s here) and answers 409 IDEMPOTENCY_KEY_IN_USE with
 * Retry-After, writing nothing; once the database has ended the dead transaction, the same request
 * takes effect once, and again answers the first result.
 */
let s: TestServer;
let owner: Agent;
let org: string;
const clients: pg.Client[] = [];
const spawned: SpawnedServer[] = [];
const INSTANCE = 'idempotency-crash-b';

beforeAll(async () => {
  s = await startTestServer({ env: { IDEMPOTENCY_WAIT_SECONDS: '1' } });
  s.clock.set(NOW);
  owner = await s.login('owner@demo.travel');
  org = await orgId(s);
});
afterAll(async () => {
  for (const x of spawned) if (x.proc.exitCode === null && !x.proc.signalCode) x.proc.kill('SIGKILL');
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await s?.close();
});

/** A connection of the test's own (the superuser's), ended with the test. */
async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  c.on('error', () => {});
  clients.push(c);
  await c.connect();
  return c;
}

/** Waits until the database shows a backend matching `where` (never a fixed sleep). */
async function until(where: string, values: unknown[] = [], present = true) {
  for (;;) {
    const rows = await s.sql(`select 1 from pg_stat_activity where datname = current_database() and ${where}`, values);
    if (rows.length > 0 === present) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a keyed request sent again after its first attempt died', () => {
  it('never waits for a killed instance’s transaction holding the key: 409 IN_USE until the database ends it, then takes effect once', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const key = { 'Idempotency-Key': `crash-${b._id}` };

    // Instance B: the API in a process of its own, its connections named.
    const url = new URL(s.appDatabaseUrl);
    url.searchParams.set('application_name', INSTANCE);
    const instance = await spawnServer({ DATABASE_URL: url.toString(), NODE_ENV: 'test' }, { entry: 'tests/support/clock-server.ts', ipc: true });
    spawned.push(instance);
    await new Promise<void>((resolve) => {
      instance.proc.once('message', () => resolve());
      instance.proc.send({ clock: NOW });
    });
    const onB = new Agent(instance.url);
    expect((await onB.post('/api/auth/login', { email: 'owner@demo.travel', password: TEST_PASSWORD })).status).toBe(200);

    // B claims the key, then waits on the booking the test holds; B is killed there.
    const holder = await client();
    await holder.query('begin');
    await holder.query('select 1 from bookings where id = $1 for update', [b._id]);
    const lost = pay(onB, b._id, 25_000, {}, key).catch((e: Error) => e);
    await until(`application_name = $1 and wait_event_type = 'Lock'`, [INSTANCE]);
    instance.proc.kill('SIGKILL');
    await instance.exited;
    expect(await lost).toBeInstanceOf(Error);
    // B's transaction outlives B: it waits on the lock, its claim of the key uncommitted.
    await until(`application_name = $1`, [INSTANCE]);

    const meanwhile = await pay(owner, b._id, 25_000, {}, key);
    expect(meanwhile.status, JSON.stringify(meanwhile.body)).toBe(409);
    expect(meanwhile.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    expect(Number(meanwhile.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await s.sql('select 1 from booking_payments where booking_id = $1', [b._id])).toEqual([]);

    // The lock goes: B's transaction finds its client gone and the database ends it, claim and all.
    await holder.query('rollback');
    await until(`application_name = $1`, [INSTANCE], false);
    const retried = await pay(owner, b._id, 25_000, {}, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const replayed = await pay(owner, b._id, 25_000, {}, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retried.body);
    expect(await s.sql('select amount::int from booking_payments where booking_id = $1', [b._id])).toEqual([{ amount: 25_000 }]);
  }, 60_000);

  it('answers 409 IN_USE, not a wait without end, while a vanished instance’s transaction sits idle holding the key', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const key = `vanished-${b._id}`;
    // What a host that vanished leaves (no end of file ever reaches the database): a transaction
    // idle with the key claimed, until TCP's keep-alive gives up, hours later.
    const ghost = await client();
    await ghost.query('begin');
    await ghost.query(`insert into idempotency_keys (organization_id, key, request_hash) values ($1, $2, 'x')`, [org, key]);

    for (let i = 0; i < 2; i++) {
      const answer = await pay(owner, b._id, 30_000, {}, { 'Idempotency-Key': key });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    }
    expect(await s.sql('select 1 from booking_payments where booking_id = $1', [b._id])).toEqual([]);

    // The transaction ended (its host's connection dropped at last): the request takes effect, once.
    await ghost.query('rollback');
    const done = await pay(owner, b._id, 30_000, {}, { 'Idempotency-Key': key });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect((await pay(owner, b._id, 30_000, {}, { 'Idempotency-Key': key })).headers.get('idempotent-replayed')).toBe('true');
    expect(await s.sql('select amount::int from booking_payments where booking_id = $1', [b._id])).toEqual([{ amount: 30_000 }]);
  });
});
