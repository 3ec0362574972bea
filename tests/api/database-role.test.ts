import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/client';
import { checkLoginRole, loginRole } from '../../server/db/roles';
import { startServer } from '../../server/start';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The server's login role (issue 28; docs/database-rules.md, "The server's login role"): the
 * server's pool connects as a role that is neither a superuser nor the owner of the money tables,
 * so neither its own rights nor the tenant role it switches to can skip or rewrite the books.
 */
let s: TestServer;
let orgId: string;
let lineId: string;
beforeAll(async () => {
  s = await startTestServer();
  // The demo's first organization and one of its posted journal lines.
  const [row] = await s.sql<{ org: string; line: string }>(
    `select e.organization_id as org, l.id as line from journal_lines l join journal_entries e on e.id = l.entry_id order by e.created_at limit 1`,
  );
  orgId = row.org;
  lineId = row.line;
});
afterAll(() => s.close());

/** The SQLSTATE a statement fails with, or 'ok'. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (e) {
    return (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code ?? String(e);
  }
}

describe("the server's login role", () => {
  it('is the login role, not a superuser, above no row-level security, owner of nothing', async () => {
    const role = await loginRole(s.database);
    expect(role).toMatchObject({ name: 'travel_app', superuser: false, bypassRls: false, owns: [], privileged: false });
    const [attrs] = (await s.database.pool.query('select rolsuper, rolcreaterole, rolcreatedb, rolreplication from pg_roles where rolname = current_user')).rows;
    expect(attrs).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolreplication: false });
    // The superuser owns the tables, so the check would refuse it.
    const superuser = new pg.Pool({ connectionString: s.databaseUrl, max: 1 });
    try {
      expect((await loginRole({ pool: superuser })).privileged).toBe(true);
    } finally {
      await superuser.end();
    }
  });

  it('cannot skip the triggers: session_replication_role is refused, on its own and as a tenant', async () => {
    expect(await outcome(() => s.database.pool.query(`set session_replication_role = replica`))).toBe('42501');
    expect(await outcome(() => s.database.withTenant(orgId, (tx) => tx.execute(sql`set local session_replication_role = replica`)))).toBe('42501');
    expect(await outcome(() => s.database.pool.query(`alter table journal_lines disable trigger user`))).toBe('42501');
  });

  it('cannot update a journal line nor delete a series row, on its own or as a tenant; nothing changes', async () => {
    const before = await s.sql(`select * from journal_lines where id = $1`, [lineId]);
    const series = await s.sql(`select count(*)::int as n from number_series where organization_id = $1`, [orgId]);
    expect(series[0].n).toBeGreaterThan(0);
    // As the tenant: the grant refuses the update (42501) before the immutability trigger would.
    expect(await outcome(() => s.database.withTenant(orgId, (tx) => tx.execute(sql`update journal_lines set debit = debit + 1 where id = ${lineId}`)))).toBe('42501');
    expect(await outcome(() => s.database.withTenant(orgId, (tx) => tx.execute(sql`delete from number_series`)))).toBe('42501');
    expect(await outcome(() => s.database.withTenant(orgId, (tx) => tx.execute(sql`delete from journal_lines where id = ${lineId}`)))).toBe('42501');
    // As the login role itself: no right on any organization's table.
    expect(await outcome(() => s.database.pool.query(`update journal_lines set debit = debit + 1 where id = $1`, [lineId]))).toBe('42501');
    expect(await outcome(() => s.database.pool.query(`delete from number_series`))).toBe('42501');
    expect(await outcome(() => s.database.pool.query(`select count(*) from members`))).toBe('42501');
    expect(await s.sql(`select * from journal_lines where id = $1`, [lineId])).toEqual(before);
    expect(await s.sql(`select count(*)::int as n from number_series where organization_id = $1`, [orgId])).toEqual(series);
  });

  it('reaches sign-in and sessions only through their functions: no table of members or sessions is readable', async () => {
    expect(await outcome(() => s.database.pool.query(`select * from sessions`))).toBe('42501');
    expect(await outcome(() => s.database.pool.query(`select password_hash from members`))).toBe('42501');
    // The tenant role may not call the sign-in functions.
    expect(await outcome(() => s.database.withTenant(orgId, (tx) => tx.execute(sql`select * from login_candidates('owner@demo.travel')`)))).toBe('42501');
    const agent = await s.login('owner@demo.travel');
    expect((await agent.get('/api/auth/me')).status).toBe(200);
  });
});

describe('the server refuses to start as a superuser', () => {
  const env = (extra: Record<string, string>) => loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', JOB_POLL_MS: '0', DATABASE_URL: s.databaseUrl, ...extra });

  it('names the role and the flag, having written nothing; with ALLOW_SUPERUSER_DATABASE=1 it starts', async () => {
    const migrations = await s.sql(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const refused = await startServer(env({}), { seed: false }).then(
      () => 'started',
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/role "postgres".*is a superuser/);
    expect(refused).toContain('ALLOW_SUPERUSER_DATABASE=1');
    expect(refused).toContain('DATABASE_OWNER_URL');
    expect(await s.sql(`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual(migrations);

    const allowed = await startServer(env({ ALLOW_SUPERUSER_DATABASE: '1' }), { seed: false });
    try {
      expect((await fetch(`${allowed.url.replace('localhost', '127.0.0.1')}/api/health`)).status).toBe(200);
    } finally {
      await allowed.stop();
    }
  });

  it('starts as the login role with the owner URL beside it, which migrates; the check passes', async () => {
    const started = await startServer(env({ DATABASE_URL: s.appDatabaseUrl, DATABASE_OWNER_URL: s.databaseUrl }), { seed: false });
    try {
      expect((await checkLoginRole(started.database, false)).name).toBe('travel_app');
      expect((await fetch(`${started.url.replace('localhost', '127.0.0.1')}/api/health`)).status).toBe(200);
    } finally {
      await started.stop();
    }
    // A role that owns the tables is refused as well, superuser or not.
    const owner = connect(s.databaseUrl, 1);
    try {
      await expect(checkLoginRole(owner, false)).rejects.toThrow(/ALLOW_SUPERUSER_DATABASE/);
    } finally {
      await owner.close();
    }
  });
});
