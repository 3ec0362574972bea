import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer } from './tests/support/spawn-server';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-explain-'));
const server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: 'x-password-123', JOB_POLL_MS: '0' });
const port = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
const password = fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
await c.connect();
const org = (await c.query(`select id from organizations where name = 'Demo Travels'`)).rows[0].id;
const actor = (await c.query(`select id from members where email = 'owner@demo.travel'`)).rows[0].id;
const region = (await c.query(`select id from regions where organization_id = $1 limit 1`, [org])).rows[0].id;
await c.query('begin');
await c.query(`select set_config('role', 'travel_tenant', true), set_config('app.org_id', $1, true)`, [org]);
for (let chunk = 0; chunk < 5; chunk++) {
  const rows = Array.from({ length: 10000 }, (_, i) => ({ id: crypto.randomUUID(), name: `L ${chunk}-${i}`, phone: `+1 ${chunk}${i}`, source: 'import', regions: i % 2 ? [region] : [], destinations: [], queryDate: '2026-03-05', assignedTo: null, contactId: null, followUp: null }));
  const doc = JSON.stringify(rows);
  await c.query('savepoint s');
  const t0 = performance.now();
  const plan = await c.query(`explain (analyze, buffers, format text) insert into leads (id, name, phone, source, regions, destinations, query_date, assigned_to, contact_id, created_by, next_follow_up_at)
    select x.id, x.name, x.phone, x.source, x.regions, x.destinations, x."queryDate", x."assignedTo", x."contactId", $2::uuid, x."followUp"::timestamptz
    from jsonb_to_recordset($1::jsonb) as x(id uuid, name text, phone text, source text, regions uuid[], destinations uuid[], "queryDate" date, "assignedTo" uuid, "contactId" uuid, "followUp" text)`, [doc, actor]);
  console.log('chunk', chunk, Math.round(performance.now() - t0));
  if (chunk === 0 || chunk === 4) console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  await c.query('release savepoint s');
}
await c.query('rollback');
await c.end();
server.proc.kill('SIGTERM');
await server.exited;
fs.rmSync(dataDir, { recursive: true, force: true });
