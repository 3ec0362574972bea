import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { Agent } from '../support/agent';
import { withDatabase } from '../support/db-url';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * Mail across a crash: the real server sends a receipt to an SMTP server in this process that
 * takes the message's data and never answers; the server is killed with SIGKILL mid-send. After a
 * restart, the job comes back once its expiry passes and the message is delivered exactly once.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-mail-'));
const name = `${inject('dbPrefix')}_mail`;
const admin = new pg.Client({ connectionString: inject('adminUrl') });
const PASSWORD = 'system-test-password';
let running: SpawnedServer | undefined;
let sink: SmtpSink | undefined;

afterAll(async () => {
  if (running && running.proc.exitCode === null) {
    running.proc.kill('SIGTERM');
    await running.exited;
  }
  await sink?.close();
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an email when the server is killed mid-send', () => {
  it('is delivered after the restart, once', async () => {
    // The first message's data is held and the server killed right there, in the sink's own
    // callback: no mail timeout can pass between the two, however loaded the machine is.
    let first = true;
    sink = await startSmtpSink({
      hold: () => {
        if (!first) return false;
        first = false;
        running?.proc.kill('SIGKILL');
        return true;
      },
    });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = withDatabase(inject('adminUrl'), name);
    const env = {
      DATABASE_URL: withDatabase(inject('appUrl'), name),
      DATABASE_OWNER_URL: url,
      DATA_DIR: dataDir,
      SEED_PASSWORD: PASSWORD,
      JOB_POLL_MS: '100',
      MAIL_RETRIES: '3',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_TIMEOUT_SECONDS: '3',
      QUEUE_POLL_SECONDS: '0.5',
      QUEUE_MAINTENANCE_SECONDS: '1',
      // The test's mail server listens on this host.
      OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32',
    };
    running = await spawnServer(env);
    // A new server's first bookings tick runs each organization's day, whose payment reminders to the
    // demo bookings would reach this mail server too if it were set first: let that day finish
    // (reminders go once a day, to the outbox while no mail server is set), then set it.
    const jobs = new pg.Client({ connectionString: url });
    await jobs.connect();
    try {
      const dayDone = async () => (await jobs.query<{ done: boolean }>(`select count(*) >= 2 and bool_and(done_at is not null) as done from jobs where kind = 'booking-day'`)).rows[0].done;
      const until = Date.now() + 30_000;
      while (!(await dayDone()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await dayDone(), 'the organizations’ first day ran').toBe(true);
    } finally {
      await jobs.end();
    }
    const agent = new Agent(running.url);
    expect((await agent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD })).status).toBe(200);
    await agent.put('/api/configurations/email-services', { host: '127.0.0.1', port: sink.port, security: 'none', user: '', fromEmail: 'trips@demo.travel' });
    const income = await agent.post('/api/budget/income', { amount: 5000, date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'cash', description: 'Killed mid-send' });
    const sent = await agent.post(`/api/budget/income/${income.body.data._id}/send`, { to: 'customer@example.com' });
    expect(sent.status).toBe(202);
    const sendId: string = sent.body.data._id;

    // The message's data reaches the mail server, which never answers and kills the sender.
    await Promise.race([running.exited, new Promise((r) => setTimeout(r, 30_000))]);
    expect(sink.started, 'the message reached the mail server within 30 s').toBe(1);
    expect(running.proc.exitCode ?? running.proc.signalCode).toBe('SIGKILL');

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const status = async () => (await db.query(`select status, attempts from document_sends where id = $1`, [sendId])).rows[0];
      expect(await status()).toMatchObject({ status: 'queued' });

      running = await spawnServer(env);
      const until = Date.now() + 60_000;
      while ((await status()).status === 'queued' && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(await status()).toMatchObject({ status: 'sent', attempts: 1 });
      expect(sink.messages.map((m) => m.messageId)).toEqual([`<${sendId}@demo.travel>`]);
      // The job is finished: nothing is left that could send it again.
      const { rows: jobs } = await db.query(`select state from pgboss.job where name = 'document-send' and data->>'sendId' = $1`, [sendId]);
      expect(jobs.map((j) => j.state)).toEqual(['completed']);
      expect(sink.started).toBe(2);
    } finally {
      await db.end();
    }
  });
});
