/**
 * The work queue's server time on a server already running on kept bench data (docs/performance.md
 * "The work queue (issue 30)"): `BENCH_KEEP_DATA=true npm run bench` keeps the data folder; start a
 * server on it, then
 *   QUEUE_URL=http://localhost:4731 QUEUE_SERVER_PID=<node pid> QUEUE_PG_DIR=<data>/pg npx tsx tests/bench/work-queue-on.ts
 * Each role's `GET /work-queue` and `/counts` asked QUEUE_REQUESTS times in a row on one connection
 * after 5 to warm up, with the CPU the server and PostgreSQL's processes spent on them (from /proc),
 * as the bench's `queueServerTime`.
 */
import os from 'node:os';
import { cpuByPid as cpu, percentile as pct, postgresPids } from './proc-cpu';

const URL_ = process.env.QUEUE_URL ?? 'http://localhost:4731';
const SERVER = Number(process.env.QUEUE_SERVER_PID);
const PG_DIR = process.env.QUEUE_PG_DIR!;
const N = Number(process.env.QUEUE_REQUESTS ?? 30);
const PASSWORD = process.env.SEED_PASSWORD ?? 'bench-password-2026';
const PEOPLE = (process.env.QUEUE_PEOPLE ?? 'owner,finance,ops,sales').split(',').map((p) => `${p}@demo.travel`);
const PATHS = (process.env.QUEUE_PATHS ?? '/api/work-queue,/api/work-queue/counts').split(',');

async function main() {
  const rows = [];
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  for (const email of PEOPLE) {
    const res = await fetch(`${URL_}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: URL_, 'x-requested-with': 'fetch' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    for (const p of PATHS) {
      let total: number | undefined;
      const ask = async () => {
        const t0 = performance.now();
        const r = await fetch(URL_ + p, { headers: { cookie, origin: URL_, 'x-requested-with': 'fetch' } });
        const body = (await r.json()) as { meta?: { totalItems?: number }; data?: { total?: number } };
        if (r.status !== 200) throw new Error(`${email} ${p}: ${r.status} ${JSON.stringify(body)}`);
        total = body.meta?.totalItems ?? body.data?.total;
        return performance.now() - t0;
      };
      for (let i = 0; i < 5; i++) await ask();
      const lat: number[] = [];
      const before = cpu([SERVER, ...postgresPids(PG_DIR)]);
      for (let i = 0; i < N; i++) lat.push(await ask());
      const after = cpu([SERVER, ...postgresPids(PG_DIR)]);
      const spent = (ids: number[]) => ids.reduce((s, id) => s + Math.max(0, (after.get(id) ?? 0) - (before.get(id) ?? 0)), 0);
      lat.sort((a, b) => a - b);
      rows.push({ person: email, path: p, items: total, p50: +pct(lat, 50).toFixed(1), p90: +pct(lat, 90).toFixed(1), nodeCpuMsPerReq: +(spent([SERVER]) / N).toFixed(1), pgCpuMsPerReq: +(spent([...after.keys()].filter((x) => x !== SERVER)) / N).toFixed(1) });
    }
  }
  console.log(`load before ${load}, after ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`);
  console.table(rows);
}
void main();
