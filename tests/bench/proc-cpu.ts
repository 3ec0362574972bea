import fs from 'node:fs';
import path from 'node:path';

/**
 * CPU the server and PostgreSQL spend, read from /proc (Linux): what a request costs each, whatever
 * else the shared machine runs (wall time on a loaded machine includes waiting for a core; CPU does
 * not). The measure of tests/bench/run.ts's `queueServerTime`, for the smaller benches.
 */

/** CPU time (user + system, ms) each process has used so far, by pid. */
export function cpuByPid(pids: number[]): Map<number, number> {
  const ticks = 100; // USER_HZ on Linux
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000);
    } catch {
      /* the process ended */
    }
  }
  return used;
}

/** A PostgreSQL's processes: the postmaster of the data folder `pgDir` and its children (one backend per connection). */
export function postgresPids(pgDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** CPU the process `serverPid` (Node) and the PostgreSQL of `pgDir` spent while `work` ran, in ms. */
export async function cpuDuring<T>(serverPid: number, pgDir: string, work: () => Promise<T>): Promise<{ result: T; nodeMs: number; postgresMs: number }> {
  const before = cpuByPid([serverPid, ...postgresPids(pgDir)]);
  const result = await work();
  const after = cpuByPid([serverPid, ...postgresPids(pgDir)]);
  const spent = (pids: number[]) => pids.reduce((sum, pid) => sum + Math.max(0, (after.get(pid) ?? before.get(pid) ?? 0) - (before.get(pid) ?? 0)), 0);
  const pgPids = [...after.keys()].filter((pid) => pid !== serverPid);
  return { result, nodeMs: spent([serverPid]), postgresMs: spent(pgPids) };
}

/** The resident memory of a process (kB), from /proc. */
export const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
