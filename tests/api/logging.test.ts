import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../server/db/client';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The error log says where and what failed, never with which values: failing writes that carry an
 * SMTP password, a new member's password (hash) and a website visitor's personal data are made to
 * fail in the database (a constraint added for the test), and the log is read back.
 */
let s: TestServer;
let owner: Agent;
let logged: string[];

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
});
afterAll(() => s.close());

function captureLog() {
  logged = [];
  const keep = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
}
afterEach(() => vi.restoreAllMocks());

/** Makes every new row of `table` fail a check the application does not know about (a 500). */
async function refuseWrites(table: string, constraint: string) {
  await s.sql(`alter table ${table} add constraint ${constraint} check (false) not valid`);
  return () => s.sql(`alter table ${table} drop constraint ${constraint}`);
}

/** The one log line of the failed request, parsed; and a check that no secret appears anywhere in the log. */
function failureLine(requestId: string | null, secrets: string[]) {
  const all = logged.join('\n');
  for (const secret of secrets) expect(all, 'a value of the request is in the log').not.toContain(secret);
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const lines = logged.filter((l) => l.includes(requestId!));
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe('the error log', () => {
  it('names the request, route and constraint of a failing write, and no SMTP password', async () => {
    const undo = await refuseWrites('configurations', 'test_refuses_configurations');
    captureLog();
    const password = 'smtp-Secret-4711-do-not-log';
    const res = await owner.put('/api/configurations/email-services', { host: 'smtp.example', user: 'mailer@example.com', password });
    await undo();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'An unexpected error occurred.', code: 'INTERNAL' });
    const line = failureLine(res.headers.get('x-request-id'), [password, 'mailer@example.com', 'smtp.example']);
    expect(line).toMatchObject({ level: 'error', method: 'PUT', route: '/api/configurations/email-services' });
    // Drizzle's error wraps PostgreSQL's: the statement is named (literals masked), the database says which constraint.
    expect(line.error.name).toBe('DrizzleQueryError');
    expect(line.error.statement).toMatch(/insert into "configurations"/);
    expect(line.error.cause).toMatchObject({ code: '23514', constraint: 'test_refuses_configurations', table: 'configurations' });
    expect(line.error.at.length).toBeGreaterThan(0);
    expect(JSON.stringify(line)).not.toMatch(/params|Failing row/);
  });

  it("keeps a new member's email and password hash out of it", async () => {
    const undo = await refuseWrites('members', 'test_refuses_members');
    captureLog();
    const body = { name: 'Nora Newcomer', email: 'nora.newcomer@demo.travel', department: 'sales', roleId: (await owner.get('/api/roles')).body.data[1]._id, password: 'nora-password-2026' };
    const res = await owner.post('/api/members', body);
    await undo();
    expect(res.status).toBe(500);
    const [hashPrefix] = (await s.sql<{ p: string }>(`select left(password_hash, 9) as p from members limit 1`)).map((r) => r.p);
    const line = failureLine(res.headers.get('x-request-id'), [body.email, body.password, body.name, hashPrefix, '$argon2']);
    expect(line).toMatchObject({ method: 'POST', route: '/api/members' });
    expect(line.error.cause).toMatchObject({ code: '23514', constraint: 'test_refuses_members' });
  });

  it("keeps a website visitor's name, phone and email out of it", async () => {
    const secret = (await owner.put('/api/members/organization/regenerate/secret', {})).body.data.secret;
    const undo = await refuseWrites('leads', 'test_refuses_leads');
    captureLog();
    const visitor = { name: 'Vera Visitor', email: 'vera.visitor@web.example', phone: '+44 7700 900123', message: 'Call me about Petra' };
    const res = await s.agent().request('POST', '/api/public/leads', visitor, { 'X-Requested-With': '', 'X-Lead-Secret': secret });
    await undo();
    expect(res.status).toBe(500);
    const line = failureLine(res.headers.get('x-request-id'), [visitor.name, visitor.email, '7700 900123', '447700900123', 'Petra', secret]);
    expect(line).toMatchObject({ method: 'POST', route: '/api/public/leads' });
    expect(line.error.cause).toMatchObject({ code: '23514', constraint: 'test_refuses_leads', table: 'leads' });
    // Nothing of the failed capture was kept: its transaction was rolled back.
    expect(await s.sql(`select 1 from contacts where email_key = $1`, [visitor.email])).toHaveLength(0);
  });

  it('takes the request id a trusted proxy gives, when it is well formed', async () => {
    const given = await s.agent().get('/api/health', { 'X-Request-Id': 'edge-1234.abc' });
    expect(given.headers.get('x-request-id')).toBe('edge-1234.abc');
    const forged = await s.agent().get('/api/health', { 'X-Request-Id': 'bad id {"level":"error"}' });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const a = await s.agent().get('/api/auth/me');
    const b = await s.agent().get('/api/auth/me');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('LOG_SQL', () => {
  it('prints statements with their literals masked and no parameter values, unless asked for values', async () => {
    const url = (s.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const run = async (mode: 'statements' | 'values') => {
      const database = connect(url, 1, mode);
      captureLog();
      await database.transaction(`select 'inline-Secret-1'`, (tx) => tx.execute(sql`select ${'param-Secret-2'} as x`));
      await database.close();
      vi.restoreAllMocks();
      return logged.filter((l) => l.startsWith('SQL ')).join('\n');
    };
    const statements = await run('statements');
    expect(statements).toContain('select $1 as x');
    expect(statements).not.toContain('inline-Secret-1');
    expect(statements).not.toContain('param-Secret-2');
    const values = await run('values');
    expect(values).toContain('param-Secret-2');
  });
});
