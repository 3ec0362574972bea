import { and, asc, between, eq, sql } from 'drizzle-orm';
import { DEPARTURES_AHEAD_DAYS, type MyDayItem } from '../../src/api/dashboard/contract';
import { dateOfDay } from '../../src/api/tours/package-plan';
import { createGroupTourInput, type CreateGroupTourInput, type GroupTour, type GroupTourDetail, type GroupTourStatus, type UpdateGroupTourInput } from '../../src/api/tours/group/contract';
import type { Tx } from '../db/client';
import { organizationTimeZone, todayIn } from '../db/clock';
import { placeRefs } from '../catalogue';
import { invalidField, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { groupTourDays, groupTours } from './package-schema';
import { assertTourPlan, dayInputOf, memberRefsOf, organizationCurrency, readDays, replaceDays } from './package-plan';

/** Group departures: reading and writing them (their seats move only in seats.ts). */

type Row = typeof groupTours.$inferSelect;

/** List rows as answered: places and the point of contact by name, the free seats. */
export async function toGroupTours(tx: Tx, rows: Row[]): Promise<GroupTour[]> {
  const places = await placeRefs(tx, rows);
  const contacts = await memberRefsOf(tx, rows.map((r) => r.pointOfContact));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    description: r.description,
    regions: places.regions(r.regions),
    destinations: places.destinations(r.destinations),
    departure: r.departure,
    arrival: r.arrival,
    totalNights: r.totalNights,
    pointOfContact: r.pointOfContact ? (contacts.get(r.pointOfContact) ?? null) : null,
    pricePerPerson: { adult: r.priceAdult, child: r.priceChild, infant: r.priceInfant },
    currency: r.currency,
    capacity: r.capacity,
    minimumToRun: r.minimumToRun,
    seatsTaken: r.seatsTaken,
    seatsFree: r.capacity - r.seatsTaken,
    status: r.status as GroupTourStatus,
    salesClosed: r.salesClosed,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

/** `GET /group-tours/id/{id}`: the departure with its days and their dates; 404 when the organization has none. */
export async function groupTourDetail(tx: Tx, id: string): Promise<GroupTourDetail> {
  const [row] = await tx.select().from(groupTours).where(eq(groupTours.id, id));
  if (!row) throw notFound('Group tour');
  const [tour] = await toGroupTours(tx, [row]);
  const days = await readDays(tx, groupTourDays, [id]);
  return { ...tour, days: (days.get(id) ?? []).map(({ tourId: _, ...day }) => ({ ...day, date: dateOfDay(tour.departure, day.dayNumber) })) };
}

const columnsOf = (input: CreateGroupTourInput) => ({
  title: input.title,
  description: input.description ?? null,
  regions: input.regions ?? [],
  destinations: input.destinations ?? [],
  departure: input.departure,
  arrival: input.arrival,
  pointOfContact: input.pointOfContact ?? null,
  priceAdult: input.pricePerPerson.adult,
  priceChild: input.pricePerPerson.child,
  priceInfant: input.pricePerPerson.infant,
  capacity: input.capacity,
  minimumToRun: input.minimumToRun,
  salesClosed: input.salesClosed ?? false,
});

export async function createGroupTour(tx: Tx, input: CreateGroupTourInput, createdBy: string): Promise<string> {
  await assertTourPlan(tx, input);
  const [row] = await tx
    .insert(groupTours)
    .values({ ...columnsOf(input), currency: organizationCurrency, createdBy })
    .returning({ id: groupTours.id });
  await replaceDays(tx, groupTourDays, row.id, input.days ?? []);
  return row.id;
}

function inputOf(t: GroupTourDetail): Record<string, unknown> {
  return {
    title: t.title,
    description: t.description,
    regions: t.regions.map((r) => r._id),
    destinations: t.destinations.map((d) => d._id),
    departure: t.departure,
    arrival: t.arrival,
    pointOfContact: t.pointOfContact?._id ?? null,
    days: t.days.map(dayInputOf),
    pricePerPerson: t.pricePerPerson,
    capacity: t.capacity,
    minimumToRun: t.minimumToRun,
    salesClosed: t.salesClosed,
  };
}

/**
 * `PUT /group-tours`: the departure locked (a reservation waits for it, and then sees the new
 * capacity), the change merged with what is stored and checked whole. The capacity cannot go below
 * the seats already taken; the database's CHECK stands behind this.
 */
export async function updateGroupTour(tx: Tx, { _id: id, ...change }: UpdateGroupTourInput): Promise<void> {
  const [locked] = await tx.select({ seatsTaken: groupTours.seatsTaken }).from(groupTours).where(eq(groupTours.id, id)).for('update');
  if (!locked) throw notFound('Group tour');
  const stored = await groupTourDetail(tx, id);
  const input = validate(createGroupTourInput, { ...inputOf(stored), ...change }, 'body');
  if (input.capacity < locked.seatsTaken) throw invalidField('capacity', 'tooSmall', `must be at least the ${locked.seatsTaken} seats already taken`, { min: locked.seatsTaken });
  await assertTourPlan(tx, input);
  await tx
    .update(groupTours)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(eq(groupTours.id, id));
  if (change.days) await replaceDays(tx, groupTourDays, id, input.days ?? []);
}

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
