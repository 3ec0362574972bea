import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { Agent } from '../support/agent';
import { withDatabase } from '../support/db-url';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * The money kit across processes: two real servers on one database. Fifty other incomes at once,
 * half through each, get fifty distinct consecutive receipt numbers; twenty copies of one keyed
 * request, half through each, take effect once.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-finance-'));
const running: SpawnedServer[] = [];
const name = `${inject('dbPrefix')}_finance`;
const admin = new pg.Client({ connectionString: inject('adminUrl') });
const PASSWORD = 'system-test-password';

afterAll(async () => {
  for (const s of running) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all(running.map((s) => s.exited));
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('money with two server instances', () => {
  it('numbers receipts without gaps or duplicates, and runs a keyed request once', async () => {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = withDatabase(inject('adminUrl'), name);
    const env = { DATABASE_URL: withDatabase(inject('appUrl'), name), DATABASE_OWNER_URL: url, DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD, JOB_POLL_MS: '0' };
    const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    running.push(...servers);
    const agents = await Promise.all(
      servers.map(async (server) => {
        const agent = new Agent(server.url);
        expect((await agent.post('/api/auth/login', { email: 'finance@demo.travel', password: PASSWORD })).status).toBe(200);
        return agent;
      }),
    );

    // Money is dated within the books (not after today): UTC's yesterday, whose year's receipts the demo may have begun.
    const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const year = date.slice(0, 4);
    const counter = new pg.Client({ connectionString: url });
    await counter.connect();
    const { rows: series } = await counter.query<{ last: number }>(
      `select coalesce(max(s.last), 0)::int as last from number_series s join organizations o on o.id = s.organization_id where o.name = 'Demo Travels' and s.doc_type = 'receipt' and s.year = $1`,
      [Number(year)],
    );
    await counter.end();
    const first = series[0].last + 1;
    const incomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        agents[i % 2].post('/api/budget/income', { amount: 100 + i, date, paymentMethod: 'cash', description: `Parallel ${i}` }, { 'Idempotency-Key': `parallel-${i}` }),
      ),
    );
    expect(incomes.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = incomes.map((r) => r.body.data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `RCT-${year}-${String(first + i).padStart(4, '0')}`));

    const body = { amount: 4_200, date, paymentMethod: 'bank-transfer', description: 'Sent twenty times' };
    const copies = await Promise.all(Array.from({ length: 20 }, (_, i) => agents[i % 2].post('/api/budget/income', body, { 'Idempotency-Key': 'one-effect' })));
    expect(copies.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(copies.map((r) => r.body.data.number)).size).toBe(1);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query(`select count(*)::int as n from other_incomes where description = 'Sent twenty times'`);
      expect(rows[0].n).toBe(1);
      const { rows: unbalanced } = await db.query(`select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)`);
      expect(unbalanced).toEqual([]);
    } finally {
      await db.end();
    }
  });
});
