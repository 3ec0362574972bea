import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar';
import { Agent, type Answer } from '../support/agent';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * The database goes away under load (issue 26). The real server runs on its own embedded
 * PostgreSQL; ten clients submit and verify keyed payments while every connection of the app is
 * terminated (`pg_terminate_backend`, as the probe did) and then PostgreSQL itself is stopped
 * under the server. The server stays up, answers what it could not do 503, restarts PostgreSQL,
 * and serves again; every acknowledged write is there, every unacknowledged keyed payment sent
 * again with its key takes effect once, nothing is half-written, and the queue's work (mail through
 * pg-boss, follow-up reminders through the jobs table) carries on.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-dbfault-'));
const PASSWORD = 'system-test-password';
const WORKERS = 10;
let server: SpawnedServer | undefined;
let sink: SmtpSink | undefined;

afterAll(async () => {
  if (server && server.proc.exitCode === null) {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  await sink?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's embedded PostgreSQL, as its superuser (the port and password it keeps in DATA_DIR). */
function postmaster() {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
  return { pid: Number(lines[0]), url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/postgres` };
}
async function superuser<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: postmaster().url });
  c.on('error', () => {});
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/** Repeats `fn` (every 100 ms) until it holds; fails after `ms`. */
async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await Promise.resolve().then(fn).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A request that may meet the database away: its answer, or `null` when the connection to the server itself failed. */
const attempt = (request: Promise<Answer>) => request.catch(() => null);

describe('the database restarting under load', () => {
  it('keeps the server up, loses no acknowledged write, half-writes nothing, and the queues resume', async () => {
    sink = await startSmtpSink();
    server = await spawnServer({
      DATA_DIR: dataDir,
      SEED_PASSWORD: PASSWORD,
      JOB_POLL_MS: '100',
      QUEUE_POLL_SECONDS: '0.5',
      QUEUE_MAINTENANCE_SECONDS: '1',
      MAIL_RETRIES: '10',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_TIMEOUT_SECONDS: '3',
      DB_POOL_SIZE: '12',
      // The test's mail server listens on this host.
      OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32',
    });
    let exited = false;
    void server.exited.then(() => (exited = true));
    const url = server.url;
    const login = async (email: string) => {
      const agent = new Agent(url);
      expect((await agent.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
      return agent;
    };
    const owner = await login('owner@demo.travel');
    // UTC's yesterday is never after the organization's today (Asia/Dubai), and a week on is never before it.
    const utcToday = new Date().toISOString().slice(0, 10);
    const paidOn = addDays(utcToday, -1);

    // The embedded database's app data is in its `postgres` database, which the superuser reaches.
    const appDb = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => superuser(async (c) => (await c.query<T>(text, values)).rows);
    // The organizations' first day (payment reminders of the demo bookings) runs before the mail server is set.
    await until('the first bookings day ran', async () => (await appDb<{ done: boolean }>(`select count(*) >= 2 and bool_and(done_at is not null) as done from jobs where kind = 'booking-day'`))[0].done);
    expect((await owner.put('/api/configurations/email-services', { host: '127.0.0.1', port: sink.port, security: 'none', user: '', fromEmail: 'trips@demo.travel' })).status).toBe(200);

    // One booking per client, on one departure two months out.
    const departure = addDays(utcToday, 60);
    const tour = await owner.post('/api/group-tours', {
      title: 'Fault tolerance tour',
      departure,
      arrival: addDays(departure, 5),
      pricePerPerson: { adult: 500_000, child: 250_000, infant: 0 },
      capacity: WORKERS * 2,
      minimumToRun: 1,
    });
    expect(tour.status, JSON.stringify(tour.body)).toBe(201);
    const bookings: string[] = [];
    for (let w = 0; w < WORKERS; w++) {
      const lead = await owner.post('/api/leads', { name: `Fault customer ${w}`, email: `fault-${w}@example.com` });
      const booking = await owner.post('/api/bookings', {
        tourType: 'group',
        tourId: tour.body.data._id,
        leadId: lead.body.data._id,
        pax: 1,
        travellers: [{ type: 'adult', name: `Amira Haddad ${w}` }],
        installments: [{ dueDate: addDays(utcToday, 7), amount: 500_000 }],
      });
      expect(booking.status, JSON.stringify(booking.body)).toBe(201);
      bookings.push(booking.body.data._id);
    }
    const agents = await Promise.all(Array.from({ length: WORKERS }, (_, w) => login(w % 2 ? 'finance@demo.travel' : 'owner@demo.travel')));

    // The load: each client records a keyed payment on its booking and verifies it, again and again.
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const acknowledged = new Map<string, string>(); // key → payment id
    const unanswered: { booking: string; key: string }[] = [];
    const verified = new Set<string>();
    const toVerify: { booking: string; payment: string }[] = [];
    let stop = false;
    const worker = async (w: number) => {
      const agent = agents[w];
      for (let i = 0; !stop; i++) {
        const key = `fault-${w}-${i}`;
        const paid = await attempt(agent.post(`/api/bookings/${bookings[w]}/payment`, { amount: 1_000, paymentMethod: 'bank-transfer', paidOn, reference: key }, { 'Idempotency-Key': key }));
        count(paid?.status ?? 0);
        if (paid?.status !== 201) {
          unanswered.push({ booking: bookings[w], key });
          if (paid?.status === 503) expect(Number(paid.headers.get('retry-after'))).toBeGreaterThan(0);
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        acknowledged.set(key, paid.body.data._id);
        const check = await attempt(agent.put(`/api/bookings/${bookings[w]}/payment/${paid.body.data._id}/verify`, {}));
        count(check?.status ?? 0);
        if (check?.status === 200) verified.add(paid.body.data._id);
        else toVerify.push({ booking: bookings[w], payment: paid.body.data._id });
      }
    };
    const acked = () => acknowledged.size;
    const load = Array.from({ length: WORKERS }, (_, w) => worker(w));

    // Mail queued and reminders due around the outage: five receipts, ten follow-ups due in three seconds.
    const sends: string[] = [];
    const sendConfirmation = async (w: number) => {
      const sent = await owner.post(`/api/bookings/${bookings[w]}/send`, { to: `fault-${w}@example.com` });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      sends.push(sent.body.data._id);
    };
    for (let w = 0; w < 5; w++) await sendConfirmation(w);
    const due = new Date(Date.now() + 3_000).toISOString();
    const sales = await login('sales@demo.travel');
    const rows = Array.from({ length: 10 }, (_, i) => ({ name: `Fault reminder ${i}`, phone: `+1 555 02${String(i).padStart(2, '0')}`, followUp: due }));
    expect((await sales.post('/api/leads/import', { rows })).body.data.summary).toMatchObject({ created: 10 });

    // Every connection of the app terminated mid-load, as the probe did.
    await until('the load is under way', () => acked() >= 20);
    const beforeCut = acked();
    const terminated = await superuser(async (c) => (await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`)).rowCount);
    expect(terminated).toBeGreaterThan(0);
    // As long as after the restart below: in one CI run (2026-11-27, the other projects beside it)
    // twenty more acknowledged payments took over the 30 s default; here it takes 16–24 s with or
    // without load. The wait bounds a recovery; it measures nothing.
    await until('writes are acknowledged again after the terminations', () => acked() >= beforeCut + 20, 60_000);
    expect(exited, server.output()).toBe(false);

    // PostgreSQL itself stops under the server (a restart, a failover): the server starts it again.
    const { pid } = postmaster();
    process.kill(pid, 'SIGINT');
    await until('the embedded PostgreSQL was restarted', () => postmaster().pid !== pid && /running again/.test(server!.output()), 60_000);
    const beforeRestart = acked();
    await until('writes are acknowledged again after the restart', () => acked() >= beforeRestart + 20, 60_000);
    stop = true;
    await Promise.all(load);
    expect(exited, server.output()).toBe(false);
    expect(server.output()).toMatch(/The embedded PostgreSQL stopped unexpectedly/);
    // Refusals were 503 (or a connection the database dropped before the answer): never a 500.
    expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s)), JSON.stringify([...statuses])).toEqual([]);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'reachable' });

    // What was not acknowledged is sent again with its key: each takes effect once.
    for (const { booking, key } of unanswered) {
      let answer: Answer | null = null;
      for (let tries = 0; tries < 50 && answer?.status !== 201; tries++) {
        answer = await attempt(agents[0].post(`/api/bookings/${booking}/payment`, { amount: 1_000, paymentMethod: 'bank-transfer', paidOn, reference: key }, { 'Idempotency-Key': key }));
      }
      expect(answer?.status, JSON.stringify(answer?.body)).toBe(201);
      acknowledged.set(key, answer!.body.data._id);
    }
    for (const { booking, payment } of toVerify) {
      const answer = await agents[1].put(`/api/bookings/${booking}/payment/${payment}/verify`, {});
      // 409: its verification was committed before the connection dropped, and the answer lost.
      expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      verified.add(payment);
    }

    // Every acknowledged payment is there once; every payment there was acknowledged; nothing half-written.
    const payments = await appDb<{ id: string; reference: string; status: string; amount: string }>(`select id, reference, status, amount::text from booking_payments where booking_id = any($1::uuid[])`, [bookings]);
    expect(payments.map((p) => p.reference).sort()).toEqual([...acknowledged.keys()].sort());
    expect(new Set(payments.map((p) => p.id))).toEqual(new Set(acknowledged.values()));
    expect(payments.filter((p) => p.status === 'verified').map((p) => p.id).sort()).toEqual([...verified].sort());
    const halfWritten = await appDb(
      `select p.id from booking_payments p
        where p.booking_id = any($1::uuid[]) and p.status = 'verified'
          and ((select count(*) from journal_entries e where e.source_id = p.id) <> 1
               or (select coalesce(sum(a.amount), 0) from payment_allocations a where a.payment_id = p.id) <> p.amount
               or p.receipt_number is null)`,
      [bookings],
    );
    expect(halfWritten).toEqual([]);
    expect(await appDb(`select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)`)).toEqual([]);
    const paidOff = await appDb<{ ok: boolean }>(
      `select bool_and(b.paid_amount = (select coalesce(sum(p.amount), 0) from booking_payments p where p.booking_id = b.id and p.status = 'verified')) as ok from bookings b where b.id = any($1::uuid[])`,
      [bookings],
    );
    expect(paidOff).toEqual([{ ok: true }]);

    // The queues carried on: the mail sent before the outage and after it arrives, and every reminder fires once.
    for (let w = 5; w < WORKERS; w++) await sendConfirmation(w);
    await until('every confirmation was delivered', () => sends.every((id) => sink!.messages.some((m) => m.messageId === `<${id}@demo.travel>`)), 60_000);
    const after = Array.from({ length: 5 }, (_, i) => ({ name: `Fault reminder after ${i}`, phone: `+1 555 03${String(i).padStart(2, '0')}`, followUp: new Date(Date.now() - 1_000).toISOString() }));
    expect((await sales.post('/api/leads/import', { rows: after })).body.data.summary).toMatchObject({ created: 5 });
    const reminders = async () => appDb<{ title: string; n: number }>(`select title, count(*)::int as n from notifications where type = 'follow-up-due' and title like 'Follow-up due: Fault reminder %' group by title`);
    await until('every follow-up reminder fired', async () => (await reminders()).length === 15, 60_000);
    expect((await reminders()).every((r) => r.n === 1)).toBe(true);
    expect(exited).toBe(false);
  }, 240_000);
});
