/**
 * The booking flow (book → pay → verify) on its own, against a server started on DIR (created on
 * first use: the demo data only): with SHOW=<chars>, the statements each step sends (LOG_SQL);
 * otherwise WORKERS flows at once for SECONDS, and the CPU per flow of the server and PostgreSQL
 * (from /proc, as `npm run bench` reads it). A quick loop for work on the flow; `npm run bench`
 * (BENCH_ONLY=bookingFlow) is the figure on the bench's data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer } from '../support/spawn-server';

const dataDir = process.env.DIR ?? path.join(os.tmpdir(), 'travel-flow-bench');
const PASSWORD = 'bench-password-2026';
const SHOW = Number(process.env.SHOW ?? 0);
const WORKERS = Number(process.env.WORKERS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);
// ENTRY: another checkout's server/main.ts (a before/after on the same data and the same minutes).
const server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD, JOB_POLL_MS: '0', ...(SHOW ? { LOG_SQL: 'values' } : {}) }, process.env.ENTRY ? { entry: process.env.ENTRY } : {});
const pidFile = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
const pool = new pg.Pool({ host: '127.0.0.1', port: Number(pidFile[3]), user: 'postgres', password: fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim(), database: 'postgres' });
const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'bench' }, body: JSON.stringify({ email: 'owner@demo.travel', password: PASSWORD }) });
const cookie = /sid=[^;]+/.exec(login.headers.get('set-cookie')!)![0];
const { rows: [pkg] } = await pool.query(`select id, price_adult from personalized_tours where title = 'Dubai Classic'`);
const { rows: [{ tz }] } = await pool.query(`select time_zone as tz from organizations where name = 'Demo Travels'`);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const departure = new Date(Date.parse(`${today}T00:00:00Z`) + 90 * 86_400_000).toISOString().slice(0, 10);
const { rows: leads } = await pool.query(
  `insert into leads (organization_id, name, email, source, query_date)
   select id, 'Flow lead ' || g, 'flow' || g || '@example.com', 'phone', current_date from organizations, generate_series(1, $1) g where name = 'Demo Travels' returning id`,
  [SHOW ? 2 : 5000],
);
// Statistics as autovacuum keeps them: a run is shorter than its minute's nap, and the rows earlier
// runs added (thousands of bookings, payments, entries) were otherwise planned for as the demo's few.
await pool.query('analyze');
const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'bench' };
const call = async (method: string, p: string, body: unknown) => {
  const before = server.output().length;
  const res = await fetch(server.url + p, { method, headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  if (SHOW) {
    await new Promise((r) => setTimeout(r, 30));
    const sqls = server.output().slice(before).split('\n').filter((l) => l.startsWith('SQL '));
    console.log(`=== ${method} ${p}: ${sqls.length} statements`);
    for (const s of sqls) console.log(s.slice(0, SHOW));
    console.log('--- answer', text.slice(0, SHOW));
  }
  return JSON.parse(text) as { data: { _id: string } };
};
const flow = async (lead: string) => {
  const booking = await call('POST', '/api/bookings', { tourType: 'personalized', tourId: pkg.id, leadId: lead, departure, pax: 1, travellers: [{ type: 'adult', name: 'Bench Traveller' }], installments: [{ dueDate: today, amount: Number(pkg.price_adult) }] });
  const payment = await call('POST', `/api/bookings/${booking.data._id}/payment`, { amount: Number(pkg.price_adult), paymentMethod: 'card', paidOn: today, reference: 'BENCH' });
  await call('PUT', `/api/bookings/${booking.data._id}/payment/${payment.data._id}/verify`, {});
};

const cpu = (pids: number[]) =>
  new Map(
    pids.flatMap((pid) => {
      try {
        const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return [[pid, (Number(f[11]) + Number(f[12])) * 10] as const];
      } catch {
        return [];
      }
    }),
  );
const pgPids = () => {
  const postmaster = Number(pidFile[0]);
  const children = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      return Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...children.map(Number)];
};

if (SHOW) {
  for (const { id } of leads) await flow(id);
} else {
  await flow(leads[0].id); // warm
  if (process.env.STATS) await pool.query(`create extension if not exists pg_stat_statements; select pg_stat_statements_reset()`);
  let next = 1;
  const load = os.loadavg()[0];
  const before = cpu([server.proc.pid!, ...pgPids()]);
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    while (performance.now() < end && next < leads.length) await flow(leads[next++].id);
  }));
  const after = cpu([server.proc.pid!, ...pgPids()]);
  const spent = (pids: number[]) => pids.reduce((s, pid) => s + Math.max(0, (after.get(pid) ?? 0) - (before.get(pid) ?? 0)), 0);
  const flows = next - 1;
  const node = spent([server.proc.pid!]);
  const pgMs = spent([...after.keys()].filter((p) => p !== server.proc.pid));
  if (process.env.BY_PROCESS) {
    // PostgreSQL's CPU by process kind: the connections' backends, and the background processes (checkpointer, autovacuum…).
    const kinds = new Map<string, number>();
    for (const pid of after.keys()) {
      if (pid === server.proc.pid) continue;
      let title = 'gone';
      try {
        title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {}
      const kind = /^postgres: postgres postgres|^postgres: travel_app/.test(title) ? 'backends' : title.replace(/^postgres: /, '').split(' ').slice(0, 2).join(' ');
      kinds.set(kind, (kinds.get(kind) ?? 0) + spent([pid]) / flows);
    }
    console.table([...kinds].map(([kind, ms]) => ({ kind, msPerFlow: +ms.toFixed(2) })));
  }
  if (process.env.STATS) {
    const { rows } = await pool.query(
      `select calls, round(total_exec_time::numeric / $1, 3) as exec_ms_per_flow, round(total_plan_time::numeric / $1, 3) as plan_ms_per_flow, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), ${Number(process.env.STATS)}) as query
       from pg_stat_statements order by total_exec_time + total_plan_time desc limit 60`,
      [next - 1],
    );
    console.table(rows);
  }
  console.log(JSON.stringify({ flows, workers: WORKERS, nodeMsPerFlow: +(node / flows).toFixed(2), postgresMsPerFlow: +(pgMs / flows).toFixed(2), cpuMsPerFlow: +((node + pgMs) / flows).toFixed(2), load: [load, os.loadavg()[0]].map((x) => +x.toFixed(2)) }));
}
await pool.end();
server.proc.kill('SIGTERM');
await server.exited;
