import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedServer {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** The process is expected to exit before it listens (the `url` is then ''). */
  expectFailure?: boolean;
  /**
   * The script to run instead of `server/main.ts` (tests/support/clock-server.ts: the API on a test
   * clock); a built `.mjs` (the server's bundle, dist-server/main.mjs, as `npm start` runs it) runs
   * without tsx.
   */
  entry?: string;
  /** An IPC channel to the process (`proc.send`), which clock-server.ts takes its clock from. */
  ipc?: boolean;
}

/** Runs `server/main.ts` (or `entry`) as its own process, as `npm start` runs its bundle, and waits until it listens. */
export async function spawnServer(env: Record<string, string>, { expectFailure = false, entry = 'server/main.ts', ipc = false }: SpawnOptions = {}): Promise<SpawnedServer> {
  const proc = spawn(process.execPath, [...(process.env.BENCH_SERVER_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROF] : []), ...(entry.endsWith('.mjs') ? [] : ['--import', 'tsx']), entry], {
    // Production requires PUBLIC_URL (the address in links it sends out); no system test follows one.
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: 'http://travel.test', ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      if (expectFailure) resolve('');
      else reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return { proc, url, output: () => out, exited };
}

/** The server's bundle as `npm start` builds and runs it (server/bundle.mjs): built now, its entry returned for {@link spawnServer}. */
export function buildServerBundle(): string {
  execFileSync(process.execPath, ['server/bundle.mjs'], { stdio: 'pipe' });
  return 'dist-server/main.mjs';
}
