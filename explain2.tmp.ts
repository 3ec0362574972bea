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
await c.query('begin');
await c.query(`select set_config('role', 'travel_tenant', true), set_config('app.org_id', $1, true)`, [org]);
const N = 10000;
const explain = async (label: string, q: string, params: unknown[]) => {
  const cpu0 = process.cpuUsage();
  const r = await c.query(`explain (analyze, format text) ${q}`, params);
  const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
  console.log(label, lines.filter((l) => /Execution Time|Trigger|^\S/.test(l)).map((l) => l.trim().slice(0, 110)).join(' | '));
};
for (let round = 0; round < 2; round++) {
  const contacts = Array.from({ length: N }, (_, i) => ({ id: crypto.randomUUID(), name: `C ${round}-${i}`, phone: `+1 ${round}${i}`, phoneKey: `1${round}${i}`, email: `c${round}-${i}@x.example`, emailKey: `c${round}-${i}@x.example` }));
  await explain('contacts lookup', `select id from contacts where phone_key = any($1::text[]) or email_key = any($2::text[])`, [contacts.map((x) => x.phoneKey), contacts.map((x) => x.emailKey)]);
  await explain('contacts insert', `insert into contacts (id, name, phone, email, phone_key, email_key) select x.id, x.name, x.phone, x.email, x."phoneKey", x."emailKey" from jsonb_to_recordset($1::jsonb) as x(id uuid, name text, phone text, email text, "phoneKey" text, "emailKey" text) on conflict do nothing`, [JSON.stringify(contacts)]);
  const leads = contacts.map((x, i) => ({ id: crypto.randomUUID(), name: x.name, phone: x.phone, source: 'import', regions: [], destinations: [], queryDate: '2026-03-05', contactId: x.id, followUp: i % 4 ? null : '2027-01-15T06:00:00.000Z', followUpId: i % 4 ? null : crypto.randomUUID() }));
  const rs = `jsonb_to_recordset($1::jsonb) as x(id uuid, name text, phone text, source text, regions uuid[], destinations uuid[], "queryDate" date, "contactId" uuid, "followUp" text, "followUpId" uuid)`;
  await explain('leads insert', `insert into leads (id, name, phone, source, regions, destinations, query_date, contact_id, created_by, next_follow_up_at) select x.id, x.name, x.phone, x.source, x.regions, x.destinations, x."queryDate", x."contactId", $2::uuid, x."followUp"::timestamptz from ${rs}`, [JSON.stringify(leads), actor]);
  await explain('events insert', `insert into lead_events (lead_id, type, data, actor_id, created_at) select x.id, 'imported', jsonb_build_object('source', x.source), $2::uuid, clock_timestamp() from ${rs}`, [JSON.stringify(leads), actor]);
  await explain('followups insert', `insert into follow_ups (id, lead_id, due_at, assignee_id, created_by) select x."followUpId", x.id, x."followUp"::timestamptz, $2::uuid, $2::uuid from ${rs} where x."followUpId" is not null`, [JSON.stringify(leads), actor]);
  const jobs = leads.filter((l) => l.followUpId).map((l) => ({ kind: 'follow-up-due', key: `follow-up-due:${l.followUpId}`, runAt: l.followUp, payload: { followUpId: l.followUpId } }));
  await explain('jobs', `select enqueue_jobs($1::jsonb)`, [JSON.stringify(jobs)]);
}
await c.query('rollback');
await c.end();
server.proc.kill('SIGTERM');
await server.exited;
fs.rmSync(dataDir, { recursive: true, force: true });
