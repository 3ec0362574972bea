import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CatalogueRef } from '../../src/api/catalogue/regions/contract';
import type { RoomType } from '../../src/api/catalogue/hotels/contract';
import type { LineKind, LineUnit, MarkupType, Meal, MemberRef, TourDay, TourDayInput, TourHotelRef } from '../../src/api/tours/tour-plan';
import type { TourDocumentContact } from '../documents';
import type { Tx } from '../db/client';
import { assertActiveMember } from '../auth/members';
import { members } from '../auth/schema';
import { activities, destinations, hotels, regions, assertPlaces } from '../catalogue';
import { vendors } from '../vendors';
import { assertLineVendors, type LineVendor } from './line-vendors';
import { invalidField } from '../http/errors';
import { containsPattern } from '../http/list';
import { groupTourDays, groupTours, personalizedTourDays, personalizedTours } from './plan-schema';

/**
 * What personalized and group tours share on the server: the plan's checks against the catalogue,
 * reading and writing days, the list filters, and the references an answer shows by name
 * (plan-store.ts reads and writes either kind with them).
 */

export type TourTable = typeof personalizedTours | typeof groupTours;
export type DaysTable = typeof personalizedTourDays | typeof groupTourDays;

/** A catalogue item a priced line names (personalized tours' lines; departures have none). */
export interface PlanLine {
  kind: string;
  hotelId?: string | null;
  roomType?: string | null;
  activityId?: string | null;
  vendorId?: string | null;
}

export interface PlanInput {
  regions?: string[];
  destinations?: string[];
  pointOfContact?: string | null;
  days?: TourDayInput[];
  lines?: PlanLine[];
}

const uniq = <T>(list: (T | null | undefined)[]) => [...new Set(list.filter((x): x is T => x !== null && x !== undefined))];
const unknown = (path: string, kind: string) => invalidField(path, 'unknownReference', `is not a known ${kind}`, { kind });
const notRoomOf = (path: string, hotel: { name: string; roomTypes: RoomType[] }) =>
  invalidField(path, 'oneOf', `is not a room type of ${hotel.name}`, { values: hotel.roomTypes.map((r) => r.name) });

/**
 * A tour's places and plan against the organization's catalogue, each refusal a 400 naming the
 * field: regions and destinations exist and the destinations lie in the tour's regions; each day is
 * in one of the tour's destinations, its hotel and activities in the day's destination, its room
 * type one of the hotel's; lines name known hotels (and their room types), activities and vendors;
 * the point of contact is an active member. The lines' vendors: assertLineVendors (`kept`: the
 * lines as stored before this write). Another organization's ids are simply unknown (row-level
 * security). The catalogue rows are locked (`for key share`) until the request ends, so a
 * concurrent deletion waits and then sees the tour using them.
 */
export async function assertTourPlan(tx: Tx, input: PlanInput, kept: LineVendor[] = []): Promise<void> {
  const regions = input.regions ?? [];
  const tourDestinations = input.destinations ?? [];
  const days = input.days ?? [];
  const lines = input.lines ?? [];
  await assertPlaces(tx, { regions, destinations: tourDestinations });

  const places = tourDestinations.length
    ? await tx.select({ id: destinations.id, name: destinations.name, regionId: destinations.regionId }).from(destinations).where(inArray(destinations.id, tourDestinations))
    : [];
  const placeNames = places.map((d) => d.name);
  {
    const outside = places.find((d) => !regions.includes(d.regionId));
    if (outside) throw invalidField('destinations', 'notInPlace', `names ${outside.name}, which is not in the tour's regions`, { name: outside.name });
  }

  days.forEach((day, i) => {
    if (!tourDestinations.includes(day.destinationId)) throw invalidField(`days.${i}.destinationId`, 'oneOf', "must be one of the tour's destinations", { values: placeNames });
  });

  const hotelIds = uniq([...days.map((d) => d.hotelId), ...lines.map((l) => l.hotelId)]);
  const hotelRows = hotelIds.length
    ? await tx.select({ id: hotels.id, name: hotels.name, destinationId: hotels.destinationId, roomTypes: hotels.roomTypes }).from(hotels).where(inArray(hotels.id, hotelIds)).for('key share')
    : [];
  const hotel = new Map(hotelRows.map((h) => [h.id, h]));
  const activityIds = uniq([...days.flatMap((d) => d.activityIds ?? []), ...lines.map((l) => l.activityId)]);
  const activityRows = activityIds.length
    ? await tx.select({ id: activities.id, name: activities.name, destinationId: activities.destinationId }).from(activities).where(inArray(activities.id, activityIds)).for('key share')
    : [];
  const activity = new Map(activityRows.map((a) => [a.id, a]));
  const hasRoom = (roomTypes: RoomType[], name: string) => roomTypes.some((r) => r.name.toLowerCase() === name.toLowerCase());

  days.forEach((day, i) => {
    if (day.hotelId) {
      const h = hotel.get(day.hotelId);
      if (!h) throw unknown(`days.${i}.hotelId`, 'hotel');
      if (h.destinationId !== day.destinationId) throw invalidField(`days.${i}.hotelId`, 'notInPlace', `names ${h.name}, which is not in the day's destination`, { name: h.name });
      if (day.roomType && !hasRoom(h.roomTypes, day.roomType)) throw notRoomOf(`days.${i}.roomType`, h);
    }
    for (const id of day.activityIds ?? []) {
      const a = activity.get(id);
      if (!a) throw invalidField(`days.${i}.activityIds`, 'unknownReference', 'names an activity that does not exist', { kind: 'activity' });
      if (a.destinationId !== day.destinationId) throw invalidField(`days.${i}.activityIds`, 'notInPlace', `names ${a.name}, which is not in the day's destination`, { name: a.name });
    }
  });

  lines.forEach((line, i) => {
    if (line.hotelId) {
      const h = hotel.get(line.hotelId);
      if (!h) throw unknown(`lines.${i}.hotelId`, 'hotel');
      if (line.roomType && !hasRoom(h.roomTypes, line.roomType)) throw notRoomOf(`lines.${i}.roomType`, h);
    }
    if (line.activityId && !activity.has(line.activityId)) throw unknown(`lines.${i}.activityId`, 'activity');
  });
  await assertLineVendors(tx, lines, kept);

  if (input.pointOfContact) {
    await assertActiveMember(tx, input.pointOfContact, 'pointOfContact');
  }
}

/** The organization's currency, stored on the tour's money (SPEC "Money"). */
export const organizationCurrency = sql<string>`(select currency from organizations)`;

/** Replaces a tour's days with `days` (in day order). */
export async function replaceDays(tx: Tx, table: DaysTable, tourId: string, days: TourDayInput[]): Promise<void> {
  await tx.delete(table).where(eq(table.tourId, tourId));
  if (!days.length) return;
  await tx.insert(table).values(
    [...days]
      .sort((a, b) => a.dayNumber - b.dayNumber)
      .map((d) => ({
        tourId,
        dayNumber: d.dayNumber,
        destinationId: d.destinationId,
        hotelId: d.hotelId ?? null,
        roomType: d.roomType ?? null,
        activityIds: d.activityIds ?? [],
        transfers: d.transfers ?? null,
        meals: d.meals ?? [],
        notes: d.notes ?? null,
      })),
  );
}

type DayRow = typeof personalizedTourDays.$inferSelect;

/** The ids a tour's answer names, by what they name. */
export interface RefIds {
  regions?: string[];
  destinations?: string[];
  hotels?: (string | null)[];
  activities?: string[];
  vendors?: (string | null)[];
  members?: (string | null)[];
}

/** What a tour's answer shows by name, by id. */
export interface Refs {
  regions: Map<string, CatalogueRef>;
  destinations: Map<string, CatalogueRef>;
  hotels: Map<string, TourHotelRef>;
  activities: Map<string, CatalogueRef>;
  vendors: Map<string, { _id: string; name: string }>;
  members: Map<string, MemberRef>;
}

const REF_KINDS = ['regions', 'destinations', 'hotels', 'activities', 'vendors', 'members'] as const;
/** The ids several parts of a tour name, together. */
export const allRefIds = (...named: RefIds[]): RefIds => Object.fromEntries(REF_KINDS.map((k) => [k, named.flatMap((n) => n[k] ?? [])]));
const ids = (list: (string | null)[] | undefined) => sql`${`{${uniq(list ?? []).join(',')}}`}::uuid[]`;
const named = (table: RefTable, columns: SQL, list: (string | null)[] | undefined) =>
  sql`(select coalesce(json_agg(json_build_object(${columns})), '[]'::json) from ${table} where ${table.id} = any(${ids(list)}))`;
type RefTable = typeof regions | typeof destinations | typeof hotels | typeof activities | typeof vendors | typeof members;

/**
 * The names a tour's answer shows (its places, its days' and lines' hotels, activities and vendors,
 * its point of contact), all read in one statement: a tour's detail is read with a booking made
 * from it, where each look-up was a round trip of its own (six of a booking's creation; docs/performance.md, issue 32).
 */
export async function refsByIds(tx: Tx, wanted: RefIds): Promise<Refs> {
  const { rows } = await tx.execute<Record<(typeof REF_KINDS)[number], { _id: string }[]>>(sql`select
    ${named(regions, sql`'_id', id, 'name', name, 'slug', slug`, wanted.regions)} as regions,
    ${named(destinations, sql`'_id', id, 'name', name, 'slug', slug`, wanted.destinations)} as destinations,
    ${named(hotels, sql`'_id', id, 'name', name, 'slug', slug, 'stars', stars`, wanted.hotels)} as hotels,
    ${named(activities, sql`'_id', id, 'name', name, 'slug', slug`, wanted.activities)} as activities,
    ${named(vendors, sql`'_id', id, 'name', name`, wanted.vendors)} as vendors,
    ${named(members, sql`'_id', id, 'name', name`, wanted.members)} as members`);
  const byId = <T extends { _id: string }>(list: T[]) => new Map(list.map((r) => [r._id, r]));
  return Object.fromEntries(REF_KINDS.map((k) => [k, byId(rows[0]![k])])) as unknown as Refs;
}

/** The day rows of some tours, in day order. */
export async function readDayRows(tx: Tx, table: DaysTable, tourIds: string[]): Promise<DayRow[]> {
  if (!tourIds.length) return [];
  return tx.select().from(table).where(inArray(table.tourId, tourIds)).orderBy(asc(table.tourId), asc(table.dayNumber));
}

/** What day rows name. */
export const dayRefIds = (rows: DayRow[]): RefIds => ({ destinations: rows.map((r) => r.destinationId), hotels: rows.map((r) => r.hotelId), activities: rows.flatMap((r) => r.activityIds) });

/** Day rows by tour, with their destination, hotel and activities by name. */
export function daysByTour(rows: DayRow[], refs: Refs): Map<string, (TourDay & { tourId: string })[]> {
  const byTour = new Map<string, (TourDay & { tourId: string })[]>();
  for (const r of rows) {
    const day = {
      tourId: r.tourId,
      dayNumber: r.dayNumber,
      destination: refs.destinations.get(r.destinationId)!,
      hotel: r.hotelId ? (refs.hotels.get(r.hotelId) ?? null) : null,
      roomType: r.roomType,
      activities: r.activityIds.map((id) => refs.activities.get(id)).filter((a): a is CatalogueRef => !!a),
      transfers: r.transfers,
      meals: r.meals as Meal[],
      notes: r.notes,
    };
    byTour.set(r.tourId, [...(byTour.get(r.tourId) ?? []), day]);
  }
  return byTour;
}

/** The member customers write to about a tour: name, email and phone as the organization has them. */
export async function tourContact(tx: Tx, member: { _id: string } | null): Promise<TourDocumentContact | null> {
  if (!member) return null;
  const [row] = await tx.select({ name: members.name, email: members.email, phone: members.phone }).from(members).where(eq(members.id, member._id));
  return row ? { name: row.name, email: row.email, phone: row.phone } : null;
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A tour naming any (`&&`) or all (`@>`) of the places, through the GIN index on the array. */
function placesMatch(column: SQL | TourTable['regions'], ids: string[] | undefined, mode: 'any' | 'all' | undefined): SQL | undefined {
  if (!ids?.length) return undefined;
  return mode === 'all' ? sql`${column} @> ${uuidArray(ids)}` : sql`${column} && ${uuidArray(ids)}`;
}

export interface TourListFilters {
  search?: string;
  ids?: string[];
  totalNights?: number[];
  pointOfContact?: string[];
  regions?: string[];
  destinations?: string[];
  regionFilter?: 'any' | 'all';
  destinationFilter?: 'any' | 'all';
}

/** The seed's filters of both tour lists, in SQL. */
export function tourFilters(t: TourTable, q: TourListFilters): SQL | undefined {
  return and(
    q.ids?.length ? inArray(t.id, q.ids) : undefined,
    q.search ? ilike(t.title, containsPattern(q.search)) : undefined,
    q.totalNights?.length ? inArray(t.totalNights, q.totalNights) : undefined,
    q.pointOfContact?.length ? inArray(t.pointOfContact, q.pointOfContact) : undefined,
    placesMatch(t.regions, q.regions, q.regionFilter),
    placesMatch(t.destinations, q.destinations, q.destinationFilter),
  );
}

/** A stored priced line (any kind of tour's) as answered, with its day, catalogue items and vendor by name. */
export const lineAnswerOf = <H>(
  l: { kind: string; description: string; roomType: string | null; quantity: number; unit: string; unitCost: number; markupType: string; markup: number },
  named: { dayNumber: number | null; hotel: H | null; activity: CatalogueRef | null; vendor: { _id: string; name: string } | null },
) => ({
  kind: l.kind as LineKind,
  dayNumber: named.dayNumber,
  description: l.description,
  hotel: named.hotel,
  roomType: l.roomType,
  activity: named.activity,
  vendor: named.vendor,
  quantity: l.quantity,
  unit: l.unit as LineUnit,
  unitCost: l.unitCost,
  markupType: l.markupType as MarkupType,
  markup: l.markup,
});

/** A day as an input again (a stored tour merged with a change is checked whole). */
export const dayInputOf = (d: TourDay): TourDayInput => ({
  dayNumber: d.dayNumber,
  destinationId: d.destination._id,
  hotelId: d.hotel?._id ?? null,
  roomType: d.roomType,
  activityIds: d.activities.map((a) => a._id),
  transfers: d.transfers,
  meals: d.meals,
  notes: d.notes,
});
