import { asc, eq } from 'drizzle-orm';
import {
  createPersonalizedTourInput,
  type CreatePersonalizedTourInput,
  type PersonalizedTour,
  type PersonalizedTourDetail,
  type PersonalizedTourLine,
  type PersonalizedTourLineInput,
  type PersonalizedTourSnapshot,
  type PersonalizedTourTemplate,
} from '../../src/api/tours/personalized/contract';
import type { Tx } from '../db/client';
import { transactionStart } from '../db/clock';
import { personalizedTourDays, personalizedTourLines, personalizedTours } from './plan-schema';
import { dayInputOf, lineAnswerOf, type RefIds, type Refs } from './plan';
import { planStore, type PlanKind } from './plan-store';

/**
 * Personalized tours: what other areas call. `personalizedTemplate` gives a personalized tour's days
 * and lines in the customized tour's shape ("start from a personalized tour"); `personalizedSnapshot`
 * gives the whole tour as it is now, for a booking to keep whatever is edited later (SPEC "Tours").
 */

type Row = typeof personalizedTours.$inferSelect;

type LineRow = typeof personalizedTourLines.$inferSelect;

/** The tour's priced lines, read before the names they show (plan-store.ts reads them all at once). */
const lines = {
  read: (tx: Tx, tourId: string): Promise<LineRow[]> => tx.select().from(personalizedTourLines).where(eq(personalizedTourLines.tourId, tourId)).orderBy(asc(personalizedTourLines.position)),
  refIds: (rows: LineRow[]): RefIds => ({ hotels: rows.map((r) => r.hotelId), activities: rows.flatMap((r) => (r.activityId ? [r.activityId] : [])), vendors: rows.map((r) => r.vendorId) }),
};

/** The lines with their hotels, activities and vendors by name. */
const linesOf = (rows: LineRow[], refs: Refs): PersonalizedTourLine[] =>
  rows.map((r) =>
    lineAnswerOf(r, {
      dayNumber: r.dayNumber,
      hotel: r.hotelId ? (refs.hotels.get(r.hotelId) ?? null) : null,
      activity: r.activityId ? (refs.activities.get(r.activityId) ?? null) : null,
      vendor: r.vendorId ? (refs.vendors.get(r.vendorId) ?? null) : null,
    }),
  );

async function replaceLines(tx: Tx, tourId: string, lines: PersonalizedTourLineInput[]): Promise<void> {
  await tx.delete(personalizedTourLines).where(eq(personalizedTourLines.tourId, tourId));
  if (!lines.length) return;
  await tx.insert(personalizedTourLines).values(
    lines.map((l, position) => ({
      tourId,
      position,
      kind: l.kind,
      dayNumber: l.dayNumber ?? null,
      description: l.description,
      hotelId: l.hotelId ?? null,
      roomType: l.roomType ?? null,
      activityId: l.activityId ?? null,
      vendorId: l.vendorId ?? null,
      quantity: l.quantity,
      unit: l.unit,
      unitCost: l.unitCost,
      markupType: l.markupType,
      markup: l.markup,
    })),
  );
}

/** A stored line as an input again (ids rather than names). */
const lineInputOf = (l: PersonalizedTourLine) => ({
  kind: l.kind,
  dayNumber: l.dayNumber,
  description: l.description,
  hotelId: l.hotel?._id ?? null,
  roomType: l.roomType,
  activityId: l.activity?._id ?? null,
  vendorId: l.vendor?._id ?? null,
  quantity: l.quantity,
  unit: l.unit,
  unitCost: l.unitCost,
  markupType: l.markupType,
  markup: l.markup,
});

/** How a personalized tour differs from a group tour: nights given, inclusions, exclusions, a published flag, priced lines. */
const personalizedKind: PlanKind<Row, PersonalizedTour, PersonalizedTourDetail, CreatePersonalizedTourInput, LineRow[]> = {
  noun: 'Personalized tour',
  table: personalizedTours,
  days: personalizedTourDays,
  createInput: createPersonalizedTourInput,
  answerOf: (r) => ({ inclusions: r.inclusions, exclusions: r.exclusions, isPublished: r.isPublished }),
  more: lines,
  detailOf: (tour, days, rows, refs) => ({ ...tour, days, lines: linesOf(rows, refs) }),
  columnsOf: (input) => ({ totalNights: input.totalNights, inclusions: input.inclusions ?? [], exclusions: input.exclusions ?? [], isPublished: input.isPublished ?? false }),
  inputOf: (t) => ({ totalNights: t.totalNights, lines: t.lines.map(lineInputOf), inclusions: t.inclusions, exclusions: t.exclusions, isPublished: t.isPublished }),
  writeMore: async (tx, id, input, sent) => {
    if (sent) await replaceLines(tx, id, input.lines ?? []);
  },
};

export const personalizedStore = planStore(personalizedKind);

/** List rows as answered: regions, destinations and the point of contact by name. */
export const toPersonalizedTours = personalizedStore.answersOf;
/** `GET /personalized-tours/id/{id}`; 404 for another organization's or a missing personalized tour. */
export const personalizedTourDetail = personalizedStore.detailOf;
/** `POST /personalized-tours`: the tour, its days and lines, in the caller's transaction. */
export const createPersonalizedTour = personalizedStore.create;
/** `PUT /personalized-tours`: the change merged with what is stored and checked whole; days and lines replaced only when sent. */
export const updatePersonalizedTour = personalizedStore.update;

/**
 * A personalized tour's days and priced lines in the customized tour's shape, for "start from a
 * personalized tour" (src/api/tours/personalized/contract.ts `PersonalizedTourTemplate`): ids rather
 * than names, days by number. 404 when the organization has no such tour.
 */
export async function personalizedTemplate(tx: Tx, tourId: string): Promise<PersonalizedTourTemplate> {
  const p = await personalizedTourDetail(tx, tourId);
  return {
    tourId: p._id,
    title: p.title,
    totalNights: p.totalNights,
    regions: p.regions.map((r) => r._id),
    destinations: p.destinations.map((d) => d._id),
    currency: p.currency,
    pricePerPerson: p.pricePerPerson,
    inclusions: p.inclusions,
    exclusions: p.exclusions,
    // dayInputOf fills every field of a stored day (none left undefined).
    days: p.days.map(dayInputOf) as PersonalizedTourTemplate['days'],
    lines: p.lines.map(lineInputOf),
  };
}

/**
 * The personalized tour whole as it is now, to be copied onto a booking made from it (SPEC: "a
 * booking keeps the package as it was when booked, whatever is edited later"). Plain JSON: names as
 * well as ids, so the booking reads right even after the catalogue changes.
 */
export async function personalizedSnapshot(tx: Tx, tourId: string): Promise<PersonalizedTourSnapshot> {
  const detail = await personalizedTourDetail(tx, tourId);
  return { ...detail, snapshotAt: await transactionStart(tx) };
}
