import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { JobHandlers } from './queue';

/**
 * Each organization's day (SPEC: "today" is the organization's own): an hourly tick, one job row
 * re-armed by each run like the housekeeping, gives every organization one job of each day kind an
 * area registers (`booking-day`: trips completed, reminders; `finance-day`: recurring expenses), run
 * as that organization (row-level security) by whichever server claims it. A day kind must be
 * harmless to run twice in a day.
 */
export const DAILY_TICK_JOB = 'daily-tick';

export function dailyTick(dayKinds: readonly string[]): JobHandlers {
  return {
    async [DAILY_TICK_JOB]({ tx }) {
      // As the jobs table's owner: one day job per organization and kind, due now; one already waiting stays.
      // Every organization's, through the `enqueue_daily_jobs` function (server/migrate.ts): the
      // tick runs as the server's own role, which reads no organization's rows.
      await tx.execute(sql`select enqueue_daily_jobs(${`{${dayKinds.map((k) => `"${k}"`).join(',')}}`}::text[])`);
      await tx.execute(sql`update jobs set run_at = now() + interval '1 hour', done_at = null, attempts = 0 where key = ${DAILY_TICK_JOB}`);
    },
  };
}

/** Arms the hourly tick the first time a server starts on a database (later starts leave it). */
export async function scheduleDailyJobs(db: Db) {
  // The tick was the bookings' own before other areas had a day (its key then).
  await db.execute(sql`delete from jobs where key = 'bookings-tick'`);
  await db.execute(sql`insert into jobs (kind, key, run_at) values (${DAILY_TICK_JOB}, ${DAILY_TICK_JOB}, now()) on conflict (key) do nothing`);
}
