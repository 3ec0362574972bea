import { and, asc, eq, lt } from 'drizzle-orm';
import type { Clock } from '../db/clock';
import { organizationToday } from '../db/clock';
import type { Tx } from '../db/client';
import type { JobHandlers } from '../jobs/queue';
import { bookings } from './schema';
import { sendDueReminders } from './reminders';
import { completeBooking } from './workflow';

/**
 * The bookings' day (SPEC workflow 2; server/jobs/daily.ts): trips whose arrival has passed are
 * completed, and payment reminders and overdue notices go out. Running it twice in a day is
 * harmless: COMPLETE applies to verified bookings only, and each reminder is recorded once per
 * installment and stage.
 */
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
  async [BOOKING_DAY_JOB]({ tx, clock }) {
    await runBookingDay(tx, clock);
  },
};
