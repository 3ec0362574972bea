import type { Database } from '../../server/db/client';
import type { Clock } from '../../server/db/clock';
import { runOneJob } from '../../server/jobs/queue';
import { jobHandlers } from '../../server/registry';
import type { TestServer } from './server';

/**
 * Runs an organization's day job (server/jobs/daily.ts: `booking-day`, `cancellations-day`…) on the
 * clock given, armed as the daily tick arms it, through every database pool given at once (several
 * servers claiming the same job); any other due job runs too. Answers the job's last error when it
 * failed (the queue would only try it again later, so a test must look).
 */
export async function runDayJob(s: Pick<TestServer, 'sql'>, orgId: string, kind: string, clock: Clock, databases: Database[]): Promise<string | null> {
  const key = `${kind}:${orgId}`;
  await s.sql(
    `insert into jobs (org_id, kind, key, run_at) values ($1::uuid, $2, $3, now())
     on conflict (key) do update set run_at = now(), done_at = null, attempts = 0, last_error = null`,
    [orgId, kind, key],
  );
  await Promise.all(
    databases.map(async (db) => {
      while (await runOneJob(db, jobHandlers, clock));
    }),
  );
  const [job] = await s.sql<{ last_error: string | null }>('select last_error from jobs where key = $1', [key]);
  return job?.last_error ?? null;
}
