import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { Agent } from '../support/agent';
import { withDatabase } from '../support/db-url';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * The job queue across processes: two real servers on one database, both polling every 100 ms.
 * Twenty follow-ups fall due at once (one import, one transaction); each reminder is written once.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-jobs-'));
const running: SpawnedServer[] = [];
const name = `${inject('dbPrefix')}_jobs`;
const admin = new pg.Client({ connectionString: inject('adminUrl') });

afterAll(async () => {
  for (const s of running) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all(running.map((s) => s.exited));
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('follow-up reminders with two server instances', () => {
  it('fires each due job exactly once', async () => {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = withDatabase(inject('adminUrl'), name);
    const env = { DATABASE_URL: withDatabase(inject('appUrl'), name), DATABASE_OWNER_URL: url, DATA_DIR: dataDir, SEED_PASSWORD: 'system-test-password', JOB_POLL_MS: '100' };
    // Started together: migrations and the seed run once (advisory locks), both servers work.
    const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    running.push(...servers);

    const sales = new Agent(servers[0].url);
    expect((await sales.post('/api/auth/login', { email: 'sales@demo.travel', password: 'system-test-password' })).status).toBe(200);
    const due = new Date(Date.now() - 60_000).toISOString();
    const rows = Array.from({ length: 20 }, (_, i) => ({ name: `Due Together ${i}`, phone: `+1 555 01${String(i).padStart(2, '0')}`, followUp: due }));
    const imported = await sales.post('/api/leads/import', { rows });
    expect(imported.body.data.summary).toMatchObject({ created: 20, rejected: 0 });

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const pending = async () =>
        (await db.query(`select count(*)::int as n from jobs j join follow_ups f on f.id = (j.payload->>'followUpId')::uuid join leads l on l.id = f.lead_id where l.name like 'Due Together %' and j.done_at is null`)).rows[0].n;
      const deadline = Date.now() + 30_000;
      while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await pending()).toBe(0);
      const { rows: notes } = await db.query(`select title, count(*)::int as n from notifications where type = 'follow-up-due' and title like 'Follow-up due: Due Together %' group by title`);
      expect(notes).toHaveLength(20);
      expect(notes.every((r) => r.n === 1)).toBe(true);
      const { rows: attempts } = await db.query(
        `select max(j.attempts)::int as most from jobs j join follow_ups f on f.id = (j.payload->>'followUpId')::uuid join leads l on l.id = f.lead_id where l.name like 'Due Together %'`,
      );
      expect(attempts[0].most).toBe(1);
    } finally {
      await db.end();
    }
    // The servers still answer after all that.
    const bell = await sales.get('/api/notifications/unread?limit=200');
    expect(bell.body.data.filter((n: { title: string }) => n.title.startsWith('Follow-up due: Due Together')).length).toBe(20);
  });
});
