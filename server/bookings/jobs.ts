import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../db/clock';
import { organizationToday } from '../db/clock';
import type { Db, Tx } from '../db/client';
import type { JobHandlers } from '../jobs/queue';
import { bookings } from './schema';
import { sendDueReminders } from './reminders';
import { completeBooking } from './workflow';

/**
 * The bookings' day (SPEC workflow 2): trips whose arrival has passed are completed, and payment
 * reminders and overdue notices go out. "Today" is each organization's own, so an hourly tick
 * (one job row, re-armed by each run, like the housekeeping) gives every organization its own
 * `booking-day` job, run as that organization (row-level security) by whichever server claims it.
 * Running it twice in a day is harmless: COMPLETE applies to verified bookings only, and each
 * reminder is recorded once per installment and stage.
 */
export const BOOKINGS_TICK_JOB = 'bookings-tick';
export const BOOKING_DAY_JOB = 'booking-day';

export interface BookingDayResult {
  today: string;
  completed: string[];
  reminders: number;
}

/** One organization's day on `clock`: what completed, how many reminders went. */
export async function runBookingDay(tx: Tx, clock: Clock): Promise<BookingDayResult> {
  const today = await organizationToday(tx, clock);
  const arrived = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'verified'), lt(bookings.arrival, today)))
    .orderBy(asc(bookings.arrival), asc(bookings.id));
  for (const { id } of arrived) await completeBooking(tx, id, today);
  const sent = await sendDueReminders(tx, today);
  return { today, completed: arrived.map((a) => a.id), reminders: sent.length };
}

export const bookingJobs: JobHandlers = {
  async [BOOKINGS_TICK_JOB]({ tx }) {
    // As the jobs table's owner: one day job per organization, due now; one already waiting stays.
    await tx.execute(sql`
      insert into jobs (org_id, kind, key, run_at)
      select id, ${BOOKING_DAY_JOB}, ${BOOKING_DAY_JOB} || ':' || id, now() from organizations
      on conflict (key) do update set run_at = excluded.run_at, done_at = null, attempts = 0, last_error = null
        where jobs.done_at is not null`);
    await tx.execute(sql`update jobs set run_at = now() + interval '1 hour', done_at = null, attempts = 0 where key = ${BOOKINGS_TICK_JOB}`);
  },
  async [BOOKING_DAY_JOB]({ tx, clock }) {
    await runBookingDay(tx, clock);
  },
};

/** Arms the hourly tick the first time a server starts on a database (later starts leave it). */
export async function scheduleBookingJobs(db: Db) {
  await db.execute(sql`insert into jobs (kind, key, run_at) values (${BOOKINGS_TICK_JOB}, ${BOOKINGS_TICK_JOB}, now()) on conflict (key) do nothing`);
}
