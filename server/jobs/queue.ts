import { sql } from 'drizzle-orm';
import { TENANT_ROLE, type Database, type Tx } from '../db/client';
import { describeError, failureLine } from '../log';
import { systemClock, type Clock } from '../db/clock';

/**
 * A job queue in PostgreSQL (the `jobs` table). A job is claimed with `for update skip locked` and
 * run in the same transaction that marks it done, so it runs exactly once however many server
 * instances poll, and a crash mid-job leaves it to be run again. A job for an organization runs
 * with that organization's row-level security, like a request.
 */
export interface JobHandlerArgs {
  tx: Tx;
  orgId: string | null;
  payload: Record<string, unknown>;
  /** The time the job's rules read (a test's own clock in tests). */
  clock: Clock;
}
export type JobHandlers = Record<string, (args: JobHandlerArgs) => Promise<void>>;

/**
 * Enqueues a job for the request's organization (the `enqueue_job` function, server/migrate.ts);
 * the same `key` again reschedules it (and makes it due again if it already ran).
 */
export async function enqueueJob(tx: Tx, job: { kind: string; key: string; runAt: string; payload?: Record<string, unknown> }) {
  await tx.execute(sql`select enqueue_job(${job.kind}, ${job.key}, ${job.runAt}::timestamptz, ${JSON.stringify(job.payload ?? {})}::jsonb)`);
}

/** {@link enqueueJob} for many jobs in one statement (the `enqueue_jobs` function). */
export async function enqueueJobs(tx: Tx, jobs: { kind: string; key: string; runAt: string; payload?: Record<string, unknown> }[]) {
  if (jobs.length) await tx.execute(sql`select enqueue_jobs(${JSON.stringify(jobs)}::jsonb)`);
}

const MAX_ATTEMPTS = 5;

/** Runs one due job if there is one; false when none is due (or every due one is being run elsewhere). */
export async function runOneJob(database: Database, handlers: JobHandlers, clock: Clock = systemClock): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; org_id: string | null; kind: string; payload: Record<string, unknown>; attempts: number }>(sql`
      select id, org_id, kind, payload, attempts from jobs
      where done_at is null and run_at <= now()
      order by run_at limit 1 for update skip locked`);
    const job = rows[0];
    if (!job) return false;
    // Done unless the work fails: marked first, while the transaction still has the owner's rights.
    await tx.execute(sql`update jobs set done_at = now(), attempts = attempts + 1 where id = ${job.id}`);
    const handler = handlers[job.kind];
    try {
      await tx.transaction(async (work) => {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        if (job.org_id) await work.execute(sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.org_id', ${job.org_id}, true)`);
        await handler({ tx: work, orgId: job.org_id, payload: job.payload, clock });
      });
    } catch (err) {
      // The savepoint is rolled back (its role setting too); try again later, a few times.
      const attempts = job.attempts + 1;
      const retryIn = `${Math.min(3600, 30 * 2 ** attempts)} seconds`;
      await tx.execute(sql`
        update jobs set last_error = ${JSON.stringify(describeError(err)).slice(0, 2000)},
          done_at = ${attempts >= MAX_ATTEMPTS ? sql`now()` : sql`null`},
          run_at = now() + ${retryIn}::interval
        where id = ${job.id}`);
    }
    return true;
  });
}

/** Polls every `pollMs` and runs every due job; `stop()` waits for the job in hand. */
export function startJobWorker(database: Database, handlers: JobHandlers, pollMs: number, log: (s: string) => void = () => {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      while (!stopped && (await runOneJob(database, handlers)));
    } catch (err) {
      if (!stopped) log(failureLine('job worker', err));
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), pollMs);
  };
  timer = setTimeout(() => (running = tick()), 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
