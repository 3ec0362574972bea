import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CatalogueRef } from '../../src/api/catalogue/regions/contract';
import type { RoomType } from '../../src/api/catalogue/hotels/contract';
import type { Meal } from '../../src/api/tours/tour-plan';
import {
  type CreateTourInput,
  type CustomizedTour,
  type CustomizedTourDetail,
  type CustomizedTourState,
  type TourDay,
  type TourDayInput,
  type TourLine,
  type TourLineInput,
  type TourSnapshot,
  type TourVersion,
  type TourVersionSummary,
} from '../../src/api/tours/customized/contract';
import { priceTourLines, tourTotals } from '../../src/domain/tour-pricing';
import { assertActiveMember } from '../auth/members';
import { currentOrganization } from '../admin';
import type { AuthContext } from '../auth/session';
import { activities, destinations, hotels, assertPlaces, placeRefs } from '../catalogue';
import type { Tx } from '../db/client';
import { invalidField, notFound } from '../http/errors';
import { leadQueries, leads, assertOpen, logLeadEvent, memberRefs, reopenForReturningCustomer, visibleLeads } from '../leads';
import { vendors } from '../vendors';
import { customizedTourDays, customizedTourLines, customizedTours, customizedTourVersions } from './schema';
import { lineAnswerOf } from './plan';
import { assertLineVendors, type LineVendor } from './line-vendors';

/**
 * What the customized-tour routes, the workflow's effects, the seed and other areas (bookings)
 * share: visibility, reading a tour whole, writing its plan (the server prices it), versions.
 */
export type TourRow = typeof customizedTours.$inferSelect;
export const TOUR_RECORD = 'Customized tour';

/** A tour is seen through its lead: "own" lead visibility sees the tours of the leads assigned to the caller. */
export const visibleTours = visibleLeads;

const leadRef = { _id: leads.id, name: leads.name, status: leads.status };
export type TourWithLead = { tour: TourRow; lead: { _id: string; name: string; status: string } };

/** The tour, locked for the rest of the request; 404 when it is not there or not the caller's to see. */
export async function lockVisibleTour(tx: Tx, auth: AuthContext, id: string): Promise<TourRow> {
  const [row] = await tx
    .select({ tour: customizedTours })
    .from(customizedTours)
    .innerJoin(leads, eq(leads.id, customizedTours.leadId))
    .where(and(eq(customizedTours.id, id), visibleTours(auth)))
    .for('update', { of: customizedTours });
  if (!row) throw notFound(TOUR_RECORD);
  return row.tour;
}

/** The tours (with their lead) that `where` selects among those the caller may see. */
export const selectTours = (tx: Tx) => tx.select({ tour: customizedTours, lead: leadRef }).from(customizedTours).innerJoin(leads, eq(leads.id, customizedTours.leadId));

const paxOf = (t: Pick<TourRow, 'adults' | 'children' | 'infants'>) => t.adults + t.children + t.infants;

/** List rows: the tour's header with its lead, places, point of contact and totals. */
export async function toTours(tx: Tx, rows: TourWithLead[]): Promise<CustomizedTour[]> {
  const places = await placeRefs(
    tx,
    rows.map((r) => r.tour),
  );
  const member = await memberRefs(
    tx,
    rows.map((r) => r.tour.pointOfContact),
  );
  return rows.map(({ tour: t, lead }) => ({
    _id: t.id,
    title: t.title,
    status: t.status as CustomizedTourState,
    version: t.version,
    revision: t.revision,
    lead: { ...lead, status: lead.status as CustomizedTour['lead']['status'] },
    queryId: t.queryId,
    regions: places.regions(t.regions),
    destinations: places.destinations(t.destinations),
    departure: t.departure,
    arrival: t.arrival,
    totalNights: t.totalNights,
    adults: t.adults,
    children: t.children,
    infants: t.infants,
    pointOfContact: member(t.pointOfContact),
    currency: t.currency,
    totals: tourTotals(t.totalCost, t.totalSell, paxOf(t)),
    bookingId: t.bookingId,
    bookedVersion: t.bookedVersion,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }));
}

/** Names of catalogue records (and vendors) by id, one query per table. */
async function namesOf(tx: Tx, table: typeof hotels | typeof activities | typeof destinations, ids: (string | null)[]): Promise<(id: string | null) => CatalogueRef | null> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = wanted.length ? await tx.select({ _id: table.id, name: table.name, slug: table.slug }).from(table).where(inArray(table.id, wanted)) : [];
  const byId = new Map(rows.map((r) => [r._id, r]));
  return (id) => (id ? (byId.get(id) ?? null) : null);
}

/** The tour whole: header, days and lines with the names they refer to, and its sent versions (newest first). */
export async function tourDetail(tx: Tx, id: string): Promise<CustomizedTourDetail> {
  const [row] = await selectTours(tx).where(eq(customizedTours.id, id));
  if (!row) throw notFound(TOUR_RECORD);
  const days = await tx.select().from(customizedTourDays).where(eq(customizedTourDays.tourId, id)).orderBy(asc(customizedTourDays.position));
  const lines = await tx.select().from(customizedTourLines).where(eq(customizedTourLines.tourId, id)).orderBy(asc(customizedTourLines.position));
  const versions = await tx.select().from(customizedTourVersions).where(eq(customizedTourVersions.tourId, id)).orderBy(desc(customizedTourVersions.version));
  const destination = await namesOf(
    tx,
    destinations,
    days.map((d) => d.destinationId),
  );
  const hotel = await namesOf(tx, hotels, [...days.map((d) => d.hotelId), ...lines.map((l) => l.hotelId)]);
  const activity = await namesOf(tx, activities, [...days.flatMap((d) => d.activities), ...lines.map((l) => l.activityId)]);
  const vendorIds = [...new Set(lines.map((l) => l.vendorId).filter((x): x is string => !!x))];
  const vendorRows = vendorIds.length ? await tx.select({ _id: vendors.id, name: vendors.name }).from(vendors).where(inArray(vendors.id, vendorIds)) : [];
  const vendor = new Map(vendorRows.map((v) => [v._id, v]));
  const member = await memberRefs(
    tx,
    versions.map((v) => v.sentBy),
  );
  const [tour] = await toTours(tx, [row]);
  return {
    ...tour,
    notes: row.tour.notes,
    days: days.map(
      (d): TourDay => ({
        dayNumber: d.position,
        date: d.date,
        destination: destination(d.destinationId)!,
        hotel: hotel(d.hotelId),
        roomType: d.roomType,
        rooms: d.rooms,
        activities: d.activities.map((a) => activity(a)).filter((a): a is CatalogueRef => !!a),
        transfers: d.transfers,
        meals: d.meals as Meal[],
        notes: d.notes,
      }),
    ),
    lines: lines.map(
      (l): TourLine => ({
        ...lineAnswerOf(l, { dayNumber: l.day, hotel: hotel(l.hotelId), activity: activity(l.activityId), vendor: l.vendorId ? (vendor.get(l.vendorId) ?? null) : null }),
        unitMarkup: l.unitPrice - l.unitCost,
        unitPrice: l.unitPrice,
        lineCost: l.lineCost,
        lineSell: l.lineSell,
      }),
    ),
    versions: versions.map((v) => versionSummary(v, member)),
  };
}

type VersionRow = typeof customizedTourVersions.$inferSelect;
function versionSummary(v: VersionRow, member: (id: string | null) => TourVersionSummary['sentBy']): TourVersionSummary {
  return { version: v.version, sentAt: v.sentAt, sentBy: member(v.sentBy), to: v.sentTo, cc: v.cc, subject: v.subject, totalSell: v.totalSell };
}

/** What a send freezes: the tour as it is now, without what belongs to its life rather than its plan. */
export async function tourSnapshot(tx: Tx, id: string): Promise<TourSnapshot> {
  const { status: _s, revision: _r, bookingId: _b, bookedVersion: _bv, versions: _v, createdAt: _c, updatedAt: _u, ...plan } = await tourDetail(tx, id);
  return plan;
}

/** One sent version, exactly as it was sent (404 when the tour has no such version). */
export async function tourVersion(tx: Tx, tourId: string, version: number): Promise<TourVersion> {
  const [v] = await tx
    .select()
    .from(customizedTourVersions)
    .where(and(eq(customizedTourVersions.tourId, tourId), eq(customizedTourVersions.version, version)));
  if (!v) throw notFound('Version');
  const member = await memberRefs(tx, [v.sentBy]);
  return { ...versionSummary(v, member), message: v.message, tour: v.snapshot };
}

// ---------- writing ----------

/** A tour named in another record's payload (a review) must be the organization's: else 400 on `field`. Locked until the request ends. */
export async function assertTourReference(tx: Tx, id: string, field: string) {
  const [row] = await tx.select({ id: customizedTours.id }).from(customizedTours).where(eq(customizedTours.id, id)).for('key share');
  if (!row) throw unknown(field, 'customized tour');
}

const unknown = (path: string, kind: string) => invalidField(path, 'unknownReference', `is not a known ${kind}`, { kind });
const notInDestination = (path: string, name: string) => invalidField(path, 'notInPlace', `names ${name}, which is not in the day's destination`, { name });

/**
 * The references a plan makes, each the organization's (400 naming the field otherwise: another
 * organization's ids are unknown here, row-level security), locked (`for key share`) until the
 * request ends, so a concurrent deletion waits and then sees the tour using them. The lines' vendors:
 * assertLineVendors (`kept`: the lines as stored before this write).
 */
async function checkReferences(tx: Tx, days: TourDayInput[], lines: TourLineInput[], kept: LineVendor[] = []) {
  const lock = <T extends { id: string }>(rows: Promise<T[]>) => rows.then((list) => new Map(list.map((r) => [r.id, r])));
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((x): x is string => !!x))];

  const destinationIds = unique(days.map((d) => d.destinationId));
  const knownDestinations = destinationIds.length
    ? await lock(tx.select({ id: destinations.id }).from(destinations).where(inArray(destinations.id, destinationIds)).for('key share'))
    : new Map();
  days.forEach((d, i) => {
    if (!knownDestinations.has(d.destinationId)) throw unknown(`days.${i}.destinationId`, 'destination');
  });

  const hotelIds = unique([...days.map((d) => d.hotelId), ...lines.map((l) => l.hotelId)]);
  const knownHotels = hotelIds.length
    ? await lock(tx.select({ id: hotels.id, name: hotels.name, destinationId: hotels.destinationId, roomTypes: hotels.roomTypes }).from(hotels).where(inArray(hotels.id, hotelIds)).for('key share'))
    : new Map<string, { id: string; name: string; destinationId: string; roomTypes: RoomType[] }>();
  const checkRoom = (path: string, hotelId: string, roomType: string | null) => {
    const h = knownHotels.get(hotelId)!;
    if (roomType && !h.roomTypes.some((r) => r.name === roomType)) throw invalidField(path, 'oneOf', `is not a room type of ${h.name}`, { values: h.roomTypes.map((r) => r.name) });
  };

  const activityIds = unique([...days.flatMap((d) => d.activityIds), ...lines.map((l) => l.activityId)]);
  const knownActivities = activityIds.length
    ? await lock(tx.select({ id: activities.id, name: activities.name, destinationId: activities.destinationId }).from(activities).where(inArray(activities.id, activityIds)).for('key share'))
    : new Map<string, { id: string; name: string; destinationId: string }>();

  days.forEach((d, i) => {
    if (d.hotelId) {
      const h = knownHotels.get(d.hotelId);
      if (!h) throw unknown(`days.${i}.hotelId`, 'hotel');
      if (h.destinationId !== d.destinationId) throw notInDestination(`days.${i}.hotelId`, h.name);
      checkRoom(`days.${i}.roomType`, d.hotelId, d.roomType);
    }
    d.activityIds.forEach((a, j) => {
      const activity = knownActivities.get(a);
      if (!activity) throw unknown(`days.${i}.activityIds.${j}`, 'activity');
      if (activity.destinationId !== d.destinationId) throw notInDestination(`days.${i}.activityIds.${j}`, activity.name);
    });
  });

  lines.forEach((l, i) => {
    if (l.hotelId && !knownHotels.has(l.hotelId)) throw unknown(`lines.${i}.hotelId`, 'hotel');
    if (l.hotelId) checkRoom(`lines.${i}.roomType`, l.hotelId, l.roomType);
    if (l.activityId && !knownActivities.has(l.activityId)) throw unknown(`lines.${i}.activityId`, 'activity');
  });
  await assertLineVendors(tx, lines, kept);
}

/**
 * The tour's places: the regions and destinations given, with every day's destination and the
 * region of every destination added (a filter by region finds a tour that visits it).
 */
async function placesOf(tx: Tx, plan: { regions: string[]; destinations: string[]; days: TourDayInput[] }) {
  const destinationIds = [...new Set([...plan.destinations, ...plan.days.map((d) => d.destinationId)])];
  await assertPlaces(tx, { regions: plan.regions, destinations: plan.destinations });
  const regionRows = destinationIds.length ? await tx.select({ regionId: destinations.regionId }).from(destinations).where(inArray(destinations.id, destinationIds)) : [];
  return { destinations: destinationIds, regions: [...new Set([...plan.regions, ...regionRows.map((r) => r.regionId)])] };
}

async function writeDays(tx: Tx, tourId: string, days: TourDayInput[]) {
  await tx.delete(customizedTourDays).where(eq(customizedTourDays.tourId, tourId));
  if (!days.length) return;
  await tx.insert(customizedTourDays).values(
    days.map((d, i) => ({
      tourId,
      position: i + 1,
      date: d.date,
      destinationId: d.destinationId,
      hotelId: d.hotelId,
      roomType: d.roomType,
      rooms: d.rooms,
      activities: d.activityIds,
      transfers: d.transfers,
      meals: d.meals,
      notes: d.notes,
    })),
  );
}

export type PlanInput = Pick<CreateTourInput, 'title' | 'queryId' | 'regions' | 'destinations' | 'departure' | 'arrival' | 'adults' | 'children' | 'infants' | 'pointOfContact' | 'notes' | 'days' | 'lines'>;

/**
 * Writes a draft's whole plan: references checked, the lines priced here (never a figure from the
 * client), days and lines replaced, the header and totals stored. The totals
 * are the pricing function's; the database checks at commit that they are the lines' sums.
 */
export async function writePlan(tx: Tx, tour: Pick<TourRow, 'id' | 'leadId' | 'currency'>, plan: PlanInput, actorId: string) {
  if (plan.queryId) {
    const [q] = await tx
      .select({ id: leadQueries.id })
      .from(leadQueries)
      .where(and(eq(leadQueries.id, plan.queryId), eq(leadQueries.leadId, tour.leadId)));
    if (!q) throw invalidField('queryId', 'unknownReference', 'is not a query of this lead', { kind: 'query' });
  }
  if (plan.pointOfContact) await assertActiveMember(tx, plan.pointOfContact, 'pointOfContact');
  const kept = await tx.select({ kind: customizedTourLines.kind, vendorId: customizedTourLines.vendorId }).from(customizedTourLines).where(eq(customizedTourLines.tourId, tour.id));
  await checkReferences(tx, plan.days, plan.lines, kept);
  const places = await placesOf(tx, plan);
  const { lines, totals } = priceTourLines(plan.lines, plan.adults + plan.children + plan.infants);
  await writeDays(tx, tour.id, plan.days);
  await tx.delete(customizedTourLines).where(eq(customizedTourLines.tourId, tour.id));
  if (lines.length) {
    await tx.insert(customizedTourLines).values(
      lines.map((l, i) => ({
        tourId: tour.id,
        currency: tour.currency,
        position: i + 1,
        kind: l.kind,
        day: l.dayNumber,
        description: l.description,
        hotelId: l.hotelId,
        roomType: l.roomType,
        activityId: l.activityId,
        vendorId: l.vendorId,
        quantity: l.quantity,
        unit: l.unit,
        unitCost: l.unitCost,
        markupType: l.markupType,
        markup: plan.lines[i].markup,
        unitPrice: l.unitPrice,
        lineCost: l.lineCost,
        lineSell: l.lineSell,
      })),
    );
  }
  await tx
    .update(customizedTours)
    .set({
      title: plan.title,
      queryId: plan.queryId,
      regions: places.regions,
      destinations: places.destinations,
      departure: plan.departure,
      arrival: plan.arrival,
      adults: plan.adults,
      children: plan.children,
      infants: plan.infants,
      pointOfContact: plan.pointOfContact ?? actorId,
      notes: plan.notes ?? null,
      totalCost: totals.cost,
      totalSell: totals.sell,
      updatedAt: sql`now()`,
    })
    .where(eq(customizedTours.id, tour.id));
}

/**
 * A new draft (version 1) for a lead the caller may see (400 on `leadId` otherwise) that is still
 * worked on (409 for a won or lost lead); a line of the lead's timeline says so.
 */
export async function createTour(tx: Tx, auth: AuthContext, input: CreateTourInput): Promise<string> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, input.leadId), visibleLeads(auth)))
    .for('update');
  if (!lead) throw unknown('leadId', 'lead');
  assertOpen(await reopenForReturningCustomer(tx, lead, auth.memberId, { tourTitle: input.title }), 'a new tour');
  const { currency } = await currentOrganization(tx);
  const [created] = await tx
    .insert(customizedTours)
    .values({ leadId: lead.id, title: input.title, departure: input.departure, arrival: input.arrival, adults: input.adults, currency, createdBy: auth.memberId })
    .returning({ id: customizedTours.id, leadId: customizedTours.leadId, currency: customizedTours.currency });
  await writePlan(tx, created, input, auth.memberId);
  await logLeadEvent(tx, lead.id, 'tourCreated', { tourId: created.id, title: input.title }, auth.memberId);
  return created.id;
}

/** `PUT /customized-tours/booked`: a booked tour's days and notes, on its own dates; its lines and price stay. */
export async function writeBookedPlan(tx: Tx, tour: TourRow, plan: { days: TourDayInput[]; notes?: string | null }) {
  plan.days.forEach((d, i) => {
    if (d.date < tour.departure || d.date > tour.arrival) {
      throw invalidField(`days.${i}.date`, 'dateOutOfRange', `must be within the tour's dates (${tour.departure} to ${tour.arrival})`, { min: tour.departure, max: tour.arrival });
    }
  });
  const [{ lastDay }] = await tx
    .select({ lastDay: sql<number>`coalesce(max(${customizedTourLines.day}), 0)::int` })
    .from(customizedTourLines)
    .where(eq(customizedTourLines.tourId, tour.id));
  if (plan.days.length < lastDay) throw invalidField('days', 'tooFewItems', `must keep the ${lastDay} days the priced lines name`, { min: lastDay });
  await checkReferences(tx, plan.days, []);
  const places = await placesOf(tx, { regions: tour.regions, destinations: tour.destinations, days: plan.days });
  await writeDays(tx, tour.id, plan.days);
  await tx
    .update(customizedTours)
    .set({ ...places, ...(plan.notes === undefined ? {} : { notes: plan.notes }), revision: sql`${customizedTours.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(customizedTours.id, tour.id));
}

/** A sent version: the tour as it is now, frozen with what the sender typed. */
export async function freezeVersion(tx: Tx, tour: TourRow, send: { to?: string; cc?: string[]; subject?: string; message?: string }, actorId: string | null) {
  const snapshot = await tourSnapshot(tx, tour.id);
  await tx.insert(customizedTourVersions).values({
    tourId: tour.id,
    version: tour.version,
    snapshot,
    totalSell: tour.totalSell,
    currency: tour.currency,
    sentBy: actorId,
    sentTo: send.to ?? null,
    cc: send.cc ?? [],
    subject: send.subject ?? null,
    message: send.message ?? null,
  });
}
