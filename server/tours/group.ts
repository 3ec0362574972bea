import { and, asc, between, eq, sql } from 'drizzle-orm';
import { DEPARTURES_AHEAD_DAYS, type MyDayItem } from '../../src/api/dashboard/contract';
import { dateOfDay } from '../../src/api/tours/tour-plan';
import { createGroupTourInput, type CreateGroupTourInput, type GroupTour, type GroupTourDetail, type GroupTourStatus } from '../../src/api/tours/group/contract';
import type { Tx } from '../db/client';
import { organizationTimeZone, todayIn } from '../db/clock';
import { invalidField } from '../http/errors';
import { groupTourDays, groupTours } from './plan-schema';
import { planStore, type PlanKind } from './plan-store';

/** Group tours (departures): reading and writing them (their seats move only in seats.ts). */

type Row = typeof groupTours.$inferSelect;

/** How a group tour differs from a personalized one: dates (the nights follow), seats, a status, sales closed. */
const groupKind: PlanKind<Row, GroupTour, GroupTourDetail, CreateGroupTourInput> = {
  noun: 'Group tour',
  table: groupTours,
  days: groupTourDays,
  createInput: createGroupTourInput,
  answerOf: (r) => ({
    departure: r.departure,
    arrival: r.arrival,
    capacity: r.capacity,
    minimumToRun: r.minimumToRun,
    seatsTaken: r.seatsTaken,
    seatsFree: r.capacity - r.seatsTaken,
    status: r.status as GroupTourStatus,
    salesClosed: r.salesClosed,
  }),
  // A departure's days carry their calendar date.
  detailOf: (tour, days) => ({ ...tour, days: days.map((day) => ({ ...day, date: dateOfDay(tour.departure, day.dayNumber) })) }),
  columnsOf: (input) => ({ departure: input.departure, arrival: input.arrival, capacity: input.capacity, minimumToRun: input.minimumToRun, salesClosed: input.salesClosed ?? false }),
  inputOf: (t) => ({ departure: t.departure, arrival: t.arrival, capacity: t.capacity, minimumToRun: t.minimumToRun, salesClosed: t.salesClosed }),
  // The capacity cannot go below the seats already taken; the database's CHECK stands behind this.
  checkUpdate: (locked, input) => {
    if (input.capacity < locked.seatsTaken) throw invalidField('capacity', 'tooSmall', `must be at least the ${locked.seatsTaken} seats already taken`, { min: locked.seatsTaken });
  },
};

export const groupStore = planStore(groupKind);

/** List rows as answered: places and the point of contact by name, the free seats. */
export const toGroupTours = groupStore.answersOf;
/** `GET /group-tours/id/{id}`: the departure with its days and their dates; 404 when the organization has none. */
export const groupTourDetail = groupStore.detailOf;
/** `POST /group-tours`. */
export const createGroupTour = groupStore.create;
/**
 * `PUT /group-tours`: the departure locked (a reservation waits for it, and then sees the new
 * capacity), the change merged with what is stored and checked whole.
 */
export const updateGroupTour = groupStore.update;

/** "My day": departures from today to {@link DEPARTURES_AHEAD_DAYS} days ahead still below their minimum to run (on sale), soonest first. */
export async function departuresToFill(tx: Tx, limit: number): Promise<{ total: number; items: MyDayItem[] }> {
  const today = await todayIn(tx, await organizationTimeZone(tx));
  const where = and(eq(groupTours.status, 'open'), between(groupTours.departure, today, dateOfDay(today, DEPARTURES_AHEAD_DAYS + 1)));
  const rows = await tx
    .select({ id: groupTours.id, title: groupTours.title, departure: groupTours.departure, status: groupTours.status })
    .from(groupTours)
    .where(where)
    .orderBy(asc(groupTours.departure), asc(groupTours.id))
    .limit(limit);
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupTours).where(where);
  return { total: n, items: rows.map((r) => ({ _id: r.id, name: r.title, at: r.departure, status: r.status })) };
}
