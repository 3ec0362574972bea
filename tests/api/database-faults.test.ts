import pg from 'pg';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { IDLE_IN_TRANSACTION_MS, connect, idleInTransactionLimit } from '../../server/db/client';
import { freePort } from '../../server/db/embedded';
import { settableClock } from '../../server/db/clock';
import { createApp } from '../../server/app';
import { registry } from '../../server/registry';
import type { Agent } from '../support/agent';
import { NOW, book, groupBooking, newDeparture, newLead, pay, verify } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/wait';

/**
 * The database going away under a running server (issue 26): a terminated connection is an answer
 * of 503 with Retry-After for the request that held it, never the end of the process; the next
 * request works; a keyed money request sent again with its key takes effect once; and the health
 * check says whether the database answers.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
const clients: pg.Client[] = [];

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance] = await s.logins('owner@demo.travel', 'finance@demo.travel');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await s?.close();
});

/** A connection of the test's own that holds a booking's row lock, so a request that needs it waits in the database. */
async function lockBooking(bookingId: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  c.on('error', () => {}); // terminated below with the server's
  clients.push(c);
  await c.connect();
  await c.query('begin');
  await c.query('select 1 from bookings where id = $1 for update', [bookingId]);
  return c;
}

/** Waits until a request of the server waits on a row lock in the database (the state the test cuts it in). */
async function requestWaitingOnLock() {
  for (;;) {
    const waiting = await s.sql(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What the probe did: terminate every client connection to the database (the server's pool, the lock holder). */
const terminateAll = () => s.sql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`);

describe('connections terminated under the server', () => {
  it('answers the request in flight 503 with Retry-After, writes nothing of it, and serves the next request', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const p = (await pay(owner, b._id, 40_000)).body.data;
    await lockBooking(b._id);
    const inFlight = verify(finance, b._id, p._id);
    await requestWaitingOnLock();
    await terminateAll();
    const cut = await inFlight;
    expect(cut.status).toBe(503);
    expect(cut.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(Number(cut.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await s.sql('select status from booking_payments where id = $1', [p._id])).toEqual([{ status: 'submitted' }]);
    expect(await s.sql('select 1 from journal_entries where source_id = $1', [p._id])).toEqual([]);

    // The process is still here, and the pool makes new connections for what comes next.
    const again = await verify(finance, b._id, p._id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.status).toBe('verified');
  });

  it('takes a keyed payment cut off mid-request once when it is sent again with its key', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const key = { 'Idempotency-Key': `cut-${b._id}` };
    await lockBooking(b._id);
    const inFlight = pay(owner, b._id, 25_000, {}, key);
    await requestWaitingOnLock();
    await terminateAll();
    expect((await inFlight).status).toBe(503);
    expect(await s.sql('select 1 from booking_payments where booking_id = $1', [b._id])).toEqual([]);

    const retried = await pay(owner, b._id, 25_000, {}, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const replayed = await pay(owner, b._id, 25_000, {}, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retried.body);
    expect(await s.sql('select amount::int from booking_payments where booking_id = $1', [b._id])).toEqual([{ amount: 25_000 }]);
  });

  it('survives every connection terminated while idle, and sessions still work', async () => {
    await terminateAll();
    const me = await owner.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect((await owner.get('/api/health')).body).toEqual({ status: 'ok', database: 'reachable' });
  });
});

describe('health', () => {
  it('says 503 DATABASE_UNAVAILABLE with Retry-After when the database does not answer, and stays up', async () => {
    const port = await freePort(); // nothing listens there
    const database = connect(`postgres://nobody:nothing@127.0.0.1:${port}/none`, 2);
    const config = loadConfig({ NODE_ENV: 'test' });
    const app = createApp({ config, database, clock: settableClock() }, registry);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const x = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(x));
    });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(503);
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await health.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      // Any other route that needs the database says the same, not 500.
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'test' },
        body: JSON.stringify({ email: 'owner@demo.travel', password: 'whatever-password' }),
      });
      expect(login.status).toBe(503);
      expect((await login.json()).code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      await database.close();
    }
  });
});

describe('a transaction left idle', () => {
  it('is ended by the database after the pool’s limit, its locks freed, while a busy one is not', async () => {
    // The server's own limit outlasts the longest wait a request makes inside its transaction (a model's answer).
    expect(idleInTransactionLimit([60_000, 30_000])).toBe(Math.max(IDLE_IN_TRANSACTION_MS, 120_000));
    expect(idleInTransactionLimit([600_000])).toBe(660_000);
    const database = connect(s.databaseUrl, 2, 'off', undefined, 300);
    try {
      const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
      // What a host that vanished leaves: a transaction holding a booking's row lock, then nothing.
      const ghost = await database.pool.connect();
      await ghost.query('begin');
      const { rows } = await ghost.query<{ pid: number }>('select pg_backend_pid() as pid');
      await ghost.query('select 1 from bookings where id = $1 for update', [b._id]);
      const gone = await until(
        () => s.sql('select 1 from pg_stat_activity where pid = $1', [rows[0].pid]),
        (r) => r.length === 0,
      );
      expect(gone).toEqual([]);
      await expect(ghost.query('select 1')).rejects.toThrow();
      ghost.release(true);
      // The lock went with it: the booking is anyone's to lock again at once.
      expect(await s.sql(`select 1 from bookings where id = $1 for update nowait`, [b._id])).toHaveLength(1);

      // A transaction at work past the limit (a statement running) is not idle: it commits.
      const busy = await database.pool.connect();
      await busy.query('begin');
      await busy.query('select pg_sleep(0.6)');
      await busy.query('commit');
      busy.release();
    } finally {
      await database.close();
    }
  });
});
