/**
 * The restart alone, as `npm run bench` times it (the server's bundle spawned as `npm start` runs
 * it, built first, until /api/health answers), RESTARTS times on DIR (created on first use), with
 * the CPU the server process spent getting there. ENTRY: another script to start (another
 * checkout's server/main.ts through tsx, or this one's), for a before/after in the same minutes.
 * `npm run bench` (restartMs) is the figure on the bench's data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundle, spawnServer } from '../support/spawn-server';

const dataDir = process.env.DIR ?? path.join(os.tmpdir(), 'travel-flow-bench');
const entry = process.env.ENTRY ?? buildServerBundle();
const times: { ms: number; nodeCpuMs: number; load: number }[] = [];
for (let i = 0; i < Number(process.env.RESTARTS ?? 3); i++) {
  const load = os.loadavg()[0];
  const t0 = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: 'bench-password-2026', JOB_POLL_MS: '0' }, { entry });
  while (!(await fetch(`${server.url}/api/health`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 20));
  const ms = Math.round(performance.now() - t0);
  const f = fs.readFileSync(`/proc/${server.proc.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  times.push({ ms, nodeCpuMs: (Number(f[11]) + Number(f[12])) * 10, load: +load.toFixed(2) });
  server.proc.kill('SIGTERM');
  await server.exited;
}
console.log(JSON.stringify(times));
