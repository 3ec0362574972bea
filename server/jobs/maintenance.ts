import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { enqueueJob, type JobHandlers } from './queue';

/**
 * Housekeeping, hourly: sign-in throttling and public rate-limit rows older than a day are of no
 * use (their windows are long over), nor are Idempotency-Key answers past their 24 hours. One job
 * row re-armed by each run, so however many servers start, it runs once an hour.
 */
export const PRUNE_JOB = 'maintenance-prune';

export const maintenanceJobs: JobHandlers = {
  async [PRUNE_JOB]({ tx }) {
    await tx.execute(sql`delete from login_throttle where last_failure_at < now() - interval '1 day' and (blocked_until is null or blocked_until < now())`);
    await tx.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
    await tx.execute(pruneIdempotencyKeys);
    await enqueueJob(tx, { kind: PRUNE_JOB, key: PRUNE_JOB, runAt: new Date(Date.now() + 3_600_000).toISOString() });
  },
};

/** Arms the hourly housekeeping the first time a server starts on a database (later starts leave it). */
export async function scheduleMaintenance(db: Db) {
  await db.execute(sql`insert into jobs (kind, key, run_at) values (${PRUNE_JOB}, ${PRUNE_JOB}, now()) on conflict (key) do nothing`);
}
