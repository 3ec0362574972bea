import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { withDatabase } from '../support/db-url';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-start-'));
const running: SpawnedServer[] = [];
afterAll(async () => {
  for (const s of running) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all(running.map((s) => s.exited));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = async (env: Record<string, string> = {}) => {
  const s = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: 'system-test-password', ...env });
  running.push(s);
  return s;
};
const health = async (url: string) => (await fetch(`${url}/api/health`)).json();
const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'test' },
    body: JSON.stringify({ email: 'owner@demo.travel', password: 'system-test-password' }),
  });
const postmasterPid = () => {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('starting the product', () => {
  it('starts on an empty data folder with the embedded database, seeds once and prints the logins', async () => {
    const s = await start();
    expect(await health(s.url)).toEqual({ status: 'ok', database: 'reachable' });
    expect(s.output()).toContain('owner@demo.travel');
    expect(s.output()).toContain('demo data seeded now');
    expect((await login(s.url)).status).toBe(200);
  });

  it('refuses to start in production without PUBLIC_URL, saying so (issue 26: links never come from a request)', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-nourl-'));
    try {
      const refused = await spawnServer({ DATA_DIR: other, PUBLIC_URL: '' }, { expectFailure: true });
      expect(await refused.exited).not.toBe(0);
      expect(refused.output()).toMatch(/PUBLIC_URL: must be set in production/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the same data folder with a clear message, leaving the first running', async () => {
    const second = await spawnServer({ DATA_DIR: dataDir }, { expectFailure: true });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/data folder .* is in use by another server/);
    expect(await health(running[0].url)).toEqual({ status: 'ok', database: 'reachable' });
  });

  it('stops the embedded database on SIGTERM and restarts without seeding again', async () => {
    const first = running[0];
    const pid = postmasterPid()!;
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    const again = await start({ LOG_SQL: 'true' });
    expect(again.output()).not.toContain('demo data seeded now');
    // With LOG_SQL the statements are printed, never their values: not the email signing in, not the session.
    const before = again.output().length;
    const res = await login(again.url);
    expect(res.status).toBe(200);
    const token = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1];
    // A signed-in call: its session look-up is SQL text with the token's hash in it.
    expect((await fetch(`${again.url}/api/auth/me`, { headers: { Cookie: `sid=${token}` } })).status).toBe(200);
    const logged = again.output().slice(before);
    expect(logged).toMatch(/^SQL \{"query":/m);
    for (const value of ['owner@demo.travel', token, crypto.createHash('sha256').update(token).digest('hex')]) expect(logged).not.toContain(value);
  });

  it('recovers by itself after the server is killed with SIGKILL (orphaned database and stale lock)', async () => {
    const victim = running[running.length - 1];
    const pid = postmasterPid()!;
    victim.proc.kill('SIGKILL');
    await victim.exited;
    expect(alive(pid)).toBe(true); // PostgreSQL outlives a killed parent
    const next = await start();
    expect(await health(next.url)).toEqual({ status: 'ok', database: 'reachable' });
    expect(alive(pid)).toBe(false);
    expect(next.output()).not.toContain('demo data seeded now');
    expect((await login(next.url)).status).toBe(200);
  });

  it('runs the embedded database as its own login role, not the superuser that owns the tables', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-role-'));
    const s = await start({ DATA_DIR: own });
    const secret = fs.readFileSync(path.join(own, 'pg-app.secret'), 'utf8').trim();
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    // The postmaster's port, from its pid file: the server's pool connects as travel_app.
    const port = fs.readFileSync(path.join(own, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
    const app = new pg.Client({ connectionString: `postgres://travel_app:${secret}@127.0.0.1:${port}/postgres` });
    await app.connect();
    try {
      const { rows } = await app.query(`select usename, count(*)::int as n from pg_stat_activity where datname = current_database() and usename is not null group by usename`);
      expect(rows.map((r) => r.usename)).toContain('travel_app');
      expect(rows.map((r) => r.usename)).not.toContain('postgres');
      await expect(app.query('set session_replication_role = replica')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await app.end();
    }
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    fs.rmSync(own, { recursive: true, force: true });
  });

  it('refuses a superuser DATABASE_URL, naming the role and the flag; starts with ALLOW_SUPERUSER_DATABASE=1', async () => {
    const adminUrl = inject('adminUrl');
    const name = `${inject('dbPrefix')}_su`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    try {
      const env = { DATABASE_URL: withDatabase(adminUrl, name), DATA_DIR: path.join(dataDir, 'unused') };
      const refused = await spawnServer({ SEED_PASSWORD: 'system-test-password', ...env }, { expectFailure: true });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/role "postgres" that DATABASE_URL connects as is a superuser/);
      expect(refused.output()).toContain('ALLOW_SUPERUSER_DATABASE=1');
      // Refused before it touched the database.
      const tables = await admin.query(`select count(*)::int as n from pg_database d where d.datname = $1`, [name]);
      expect(tables.rows[0].n).toBe(1);
      const db = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
      await db.connect();
      expect((await db.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0].n).toBe(0);
      await db.end();
      const allowed = await start({ ...env, ALLOW_SUPERUSER_DATABASE: '1' });
      expect((await login(allowed.url)).status).toBe(200);
      allowed.proc.kill('SIGTERM');
      expect(await allowed.exited).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('uses DATABASE_URL when given (the login role), migrating and seeding that database as DATABASE_OWNER_URL', async () => {
    const adminUrl = inject('adminUrl');
    const name = `${inject('dbPrefix')}_url`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    try {
      const s = await start({ DATABASE_URL: withDatabase(inject('appUrl'), name), DATABASE_OWNER_URL: withDatabase(adminUrl, name), DATA_DIR: path.join(dataDir, 'unused') });
      expect(s.output()).toContain('Database: DATABASE_URL');
      expect((await login(s.url)).status).toBe(200);
      const { rows } = await admin.query(`select count(*)::int as n from pg_database where datname = $1`, [name]);
      expect(rows[0].n).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'unused', 'pg'))).toBe(false);
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
