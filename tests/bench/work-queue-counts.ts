/**
 * The work queue's counts kept current: what polling costs, and what server-sent events would
 * (docs/work-queue.md "Kept current by polling", docs/performance.md "Counts: polling or
 * server-sent events"). `npx tsx tests/bench/work-queue-counts.ts`
 *
 * - Each role's `GET /work-queue/counts` (and the queue's first page, which the queue's screen
 *   polls too) asked COUNTS_REQUESTS times in a row on one connection after 5 to warm up, with the
 *   CPU the server process and PostgreSQL's processes spent on them (from /proc, as
 *   tests/bench/run.ts's `queueServerTime`): on the demo data of a fresh server (its first start
 *   seeds it), or on a server already running (QUEUE_URL, QUEUE_SERVER_PID, QUEUE_PG_DIR: e.g. the
 *   bench's kept data, `BENCH_KEEP_DATA=true npm run bench`; SEED_PASSWORD its password).
 * - Polling: one request per person a minute (TanStack Query's refetchInterval polls the visible tab
 *   only), for offices of COUNTS_OFFICES staff (1 owner, 10 % finance, 20 % operations, the rest sales).
 * - Server-sent events, the parts measured: a connection held per open tab (a bare node:http SSE
 *   server's memory per connection and CPU per heartbeat: a lower bound for the app's own), and the
 *   change feed's NOTIFY (PostgreSQL's CPU per notification delivered to a listener); the recount
 *   per person and change costs what a counts request costs without its HTTP part. The estimate at
 *   COUNTS_EVENTS_PER_STAFF_HOUR workflow writes per person and hour.
 *
 * Light on the machine: one server, a few hundred sequential requests. Figures to stdout and
 * test-results/bench-work-queue-counts.json.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Agent } from '../support/agent';
import { buildServerBundle, spawnServer, type SpawnedServer } from '../support/spawn-server';
import { cpuByPid, cpuDuring, percentile, rssKb } from './proc-cpu';

const N = Number(process.env.COUNTS_REQUESTS ?? 30);
const OFFICES = (process.env.COUNTS_OFFICES ?? '20,100').split(',').map(Number);
const EVENTS_PER_STAFF_HOUR = Number(process.env.COUNTS_EVENTS_PER_STAFF_HOUR ?? 20);
/** Open connections held by the SSE measurement (an office's tabs). */
const SSE_CONNECTIONS = Number(process.env.COUNTS_SSE_CONNECTIONS ?? 200);
const NOTIFICATIONS = Number(process.env.COUNTS_NOTIFICATIONS ?? 2000);
const POLL_SECONDS = 60;
const PASSWORD = process.env.SEED_PASSWORD ?? 'bench-password-2026';
const ROLES = ['owner', 'finance', 'ops', 'sales'] as const;
type Role = (typeof ROLES)[number];
const PATHS = ['/api/work-queue/counts', '/api/work-queue'];

const load = () => os.loadavg().map((x) => +x.toFixed(2));

interface Target {
  url: string;
  pid: number;
  pgDir: string;
  /** The superuser's connection to its PostgreSQL (the NOTIFY measurement). */
  pgConfig: pg.ClientConfig;
  data: string;
  stop(): Promise<void>;
}

async function target(): Promise<Target> {
  if (process.env.QUEUE_URL) {
    const pgDir = process.env.QUEUE_PG_DIR!;
    const port = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    const password = fs.readFileSync(path.join(pgDir, '..', 'pg.secret'), 'utf8').trim();
    return {
      url: process.env.QUEUE_URL,
      pid: Number(process.env.QUEUE_SERVER_PID),
      pgDir,
      pgConfig: { host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' },
      data: `the running server at ${process.env.QUEUE_URL} (${pgDir})`,
      stop: async () => {},
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-counts-'));
  // The server as `npm start` runs it (its bundle); its first start seeds the demo organizations. The job worker off.
  const server: SpawnedServer = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD, JOB_POLL_MS: '0' }, { entry: buildServerBundle() });
  for (;;) {
    if (await fetch(`${server.url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const pgDir = path.join(dataDir, 'pg');
  const port = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
  return {
    url: server.url,
    pid: server.proc.pid!,
    pgDir,
    pgConfig: { host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' },
    data: 'the demo data of a fresh server (Demo Travels as its first start seeds it)',
    stop: async () => {
      server.proc.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each role's requests: CPU per request (server, PostgreSQL) and wall time, one at a time. */
async function perRole(t: Target) {
  const rows: { role: Role; path: string; items: number | undefined; p50: number; p90: number; nodeCpuMs: number; pgCpuMs: number; cpuMs: number }[] = [];
  for (const role of ROLES) {
    const agent = new Agent(t.url);
    const login = await agent.post('/api/auth/login', { email: `${role}@demo.travel`, password: PASSWORD });
    if (login.status !== 200) throw new Error(`sign-in of ${role}: ${login.status} ${JSON.stringify(login.body)}`);
    for (const p of PATHS) {
      let items: number | undefined;
      const ask = async () => {
        const t0 = performance.now();
        const res = await agent.get(p);
        if (res.status !== 200) throw new Error(`${role} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
        items = res.body.meta?.totalItems ?? res.body.data?.total;
        return performance.now() - t0;
      };
      for (let i = 0; i < 5; i++) await ask(); // the caches and the prepared plans warm
      const latencies: number[] = [];
      const { nodeMs, postgresMs } = await cpuDuring(t.pid, t.pgDir, async () => {
        for (let i = 0; i < N; i++) latencies.push(await ask());
      });
      latencies.sort((a, b) => a - b);
      rows.push({
        role,
        path: p,
        items,
        p50: +percentile(latencies, 50).toFixed(1),
        p90: +percentile(latencies, 90).toFixed(1),
        nodeCpuMs: +(nodeMs / N).toFixed(2),
        pgCpuMs: +(postgresMs / N).toFixed(2),
        cpuMs: +((nodeMs + postgresMs) / N).toFixed(2),
      });
    }
  }
  return rows;
}

/** An office of `staff`: 1 owner, 10 % finance, 20 % operations, the rest sales agents. */
const officeOf = (staff: number): Record<Role, number> => {
  const finance = Math.max(1, Math.round(staff * 0.1));
  const ops = Math.max(1, Math.round(staff * 0.2));
  return { owner: 1, finance, ops, sales: staff - 1 - finance - ops };
};

/**
 * Connections held open as server-sent events: a bare node:http server (its own process) holding
 * SSE_CONNECTIONS streams; its memory per connection, and its CPU per heartbeat written to all.
 */
async function sseHeld() {
  // Its own process (a file of its own: fork runs a module), so that its memory and CPU are its alone.
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sse-held-')), 'sse.cjs');
  fs.writeFileSync(
    script,
    `const http = require('node:http');
     const clients = new Set();
     const server = http.createServer((req, res) => {
       res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
       res.write(': open\\n\\n');
       clients.add(res);
       req.on('close', () => clients.delete(res));
     });
     server.keepAliveTimeout = 0; server.requestTimeout = 0; server.headersTimeout = 0;
     server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
     process.on('message', (m) => {
       if (m.beat) for (const c of clients) c.write('data: {"total":' + m.beat + '}\\n\\n');
       process.send({ clients: clients.size, beat: m.beat || 0 });
     });`,
  );
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise<{ port?: number; clients?: number }>((resolve) => child.once('message', (m) => resolve(m as never)));
  const { port } = await next();
  const ask = async (m: object) => {
    child.send(m);
    return next();
  };
  await ask({});
  const before = rssKb(child.pid!);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let received = 0;
  for (let i = 0; i < SSE_CONNECTIONS; i++) {
    const req = http.get({ host: '127.0.0.1', port, path: '/events', agent }, (res) => res.on('data', () => (received += 1)));
    requests.push(req);
  }
  while (((await ask({})).clients ?? 0) < SSE_CONNECTIONS) await new Promise((r) => setTimeout(r, 20));
  const after = rssKb(child.pid!);
  const beats = 50;
  const cpu0 = cpuByPid([child.pid!]).get(child.pid!)!;
  for (let b = 1; b <= beats; b++) await ask({ beat: b });
  const cpu1 = cpuByPid([child.pid!]).get(child.pid!)!;
  for (const r of requests) r.destroy();
  child.kill();
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
  return {
    connections: SSE_CONNECTIONS,
    rssKbPerConnection: +((after - before) / SSE_CONNECTIONS).toFixed(1),
    cpuUsPerMessagePerConnection: +(((cpu1 - cpu0) * 1000) / (beats * SSE_CONNECTIONS)).toFixed(1),
    messagesReceived: received,
  };
}

/** The change feed: NOTIFY from one connection, LISTEN on another; PostgreSQL's CPU per notification delivered. */
async function notifyCost(t: Target) {
  const listener = new pg.Client(t.pgConfig);
  const sender = new pg.Client(t.pgConfig);
  await listener.connect();
  await sender.connect();
  await listener.query('listen work_queue_bench');
  let got = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((r) => (done = r));
  listener.on('notification', () => {
    got += 1;
    if (got === NOTIFICATIONS) done();
  });
  const { postgresMs } = await cpuDuring(process.pid, t.pgDir, async () => {
    // Each its own transaction, as a trigger's notify in each workflow write's would be.
    for (let i = 0; i < NOTIFICATIONS; i++) await sender.query(`select pg_notify('work_queue_bench', $1)`, [`org:paymentToVerify:${i}`]);
    await all;
  });
  await listener.end();
  await sender.end();
  // Less a plain `select 1` round trip each, what the notification adds.
  const probe = new pg.Client(t.pgConfig);
  await probe.connect();
  const { postgresMs: plain } = await cpuDuring(process.pid, t.pgDir, async () => {
    for (let i = 0; i < NOTIFICATIONS; i++) await probe.query('select 1');
  });
  await probe.end();
  return { notifications: NOTIFICATIONS, pgCpuUsPerNotify: +((postgresMs * 1000) / NOTIFICATIONS).toFixed(1), pgCpuUsPerPlainSelect: +((plain * 1000) / NOTIFICATIONS).toFixed(1) };
}

async function main() {
  const loadBefore = load();
  const t = await target();
  try {
    const rows = await perRole(t);
    console.table(rows);
    const counts = Object.fromEntries(ROLES.map((r) => [r, rows.find((x) => x.role === r && x.path === PATHS[0])!])) as Record<Role, (typeof rows)[number]>;
    const held = await sseHeld();
    const notify = await notifyCost(t);
    const offices = OFFICES.map((staff) => {
      const office = officeOf(staff);
      const cpuPerMinute = ROLES.reduce((sum, r) => sum + office[r] * counts[r].cpuMs * (60 / POLL_SECONDS), 0);
      const meanCpu = cpuPerMinute / staff / (60 / POLL_SECONDS);
      // The PostgreSQL share of a counts request is the recount; the Node share is mostly HTTP, session and JSON.
      const meanRecount = ROLES.reduce((sum, r) => sum + office[r] * counts[r].pgCpuMs, 0) / staff;
      const events = (staff * EVENTS_PER_STAFF_HOUR) / 60;
      // SSE, each change: its NOTIFY, and every connected person's counts again (the server cannot
      // tell whose counts a change moves without each kind's rules per person), written to each stream.
      const sseNaive = events * (notify.pgCpuUsPerNotify / 1000 + staff * (meanRecount + held.cpuUsPerMessagePerConnection / 1000));
      // SSE recounting only those a change can concern: the owner, the team whose kind it is (finance
      // or operations, the larger), the record's seller.
      const audience = office.owner + Math.max(office.finance, office.ops) + 1;
      const sseTargeted = events * (notify.pgCpuUsPerNotify / 1000 + audience * (meanRecount + held.cpuUsPerMessagePerConnection / 1000));
      // SSE with the recounts coalesced: at most one per person every 5 s, whatever the changes.
      const sseCoalesced = Math.min(sseNaive, events * (notify.pgCpuUsPerNotify / 1000) + staff * 12 * (meanRecount + held.cpuUsPerMessagePerConnection / 1000));
      // Both still need a recount per person when the clock moves items (follow-ups fall due): once a minute, as polling.
      const clock = staff * meanRecount;
      return {
        staff,
        office: `${office.owner} owner, ${office.finance} finance, ${office.ops} operations, ${office.sales} sales`,
        pollRequestsPerMinute: staff * (60 / POLL_SECONDS),
        pollMeanCpuMsPerRequest: +meanCpu.toFixed(2),
        pollCpuMsPerMinute: +cpuPerMinute.toFixed(0),
        pollShareOfACorePercent: +((cpuPerMinute / 60_000) * 100).toFixed(3),
        writesPerMinute: +events.toFixed(1),
        sseRecountEveryoneCpuMsPerMinute: +(sseNaive + clock).toFixed(0),
        sseRecountEveryoneShareOfACorePercent: +(((sseNaive + clock) / 60_000) * 100).toFixed(3),
        sseTargetedAudience: audience,
        sseTargetedCpuMsPerMinute: +(sseTargeted + clock).toFixed(0),
        sseTargetedShareOfACorePercent: +(((sseTargeted + clock) / 60_000) * 100).toFixed(3),
        sseCoalesced5sCpuMsPerMinute: +(sseCoalesced + clock).toFixed(0),
        sseCoalesced5sShareOfACorePercent: +(((sseCoalesced + clock) / 60_000) * 100).toFixed(3),
        sseHeldMemoryMB: +((staff * held.rssKbPerConnection) / 1024).toFixed(2),
      };
    });
    const results = { data: t.data, requestsPerRole: N, loadBefore, loadAfter: load(), at: new Date().toISOString(), perRole: rows, sseHeld: held, notify, eventsPerStaffHour: EVENTS_PER_STAFF_HOUR, offices };
    console.log(`data: ${t.data}; load before ${loadBefore.join(' / ')}, after ${results.loadAfter.join(' / ')}`);
    console.log('SSE held:', held, 'NOTIFY:', notify);
    console.table(offices);
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/bench-work-queue-counts.json', JSON.stringify(results, null, 2));
  } finally {
    await t.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
