import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  createPersonalizedTourInput,
  type CreatePersonalizedTourInput,
  type LineKind,
  type LineUnit,
  type MarkupType,
  type PackageLine,
  type PackageLineInput,
  type PackageSnapshot,
  type PackageTemplate,
  type PersonalizedTour,
  type PersonalizedTourDetail,
  type UpdatePersonalizedTourInput,
} from '../../src/api/tours/personalized/contract';
import type { Tx } from '../db/client';
import { activities, placeRefs } from '../catalogue';
import { vendors } from '../vendors';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { personalizedTourDays, personalizedTourLines, personalizedTours } from './package-schema';
import { assertTourPlan, dayInputOf, hotelRefsOf, memberRefsOf, organizationCurrency, readDays, refsOf, replaceDays } from './package-plan';

/**
 * Packages (personalized tours): what other areas call. `packageTemplate` gives a package's days and
 * lines in the customized tour's shape ("start from a package"); `packageSnapshot` gives the whole
 * package as it is now, for a booking to keep whatever is edited later (SPEC "Tours").
 */

type Row = typeof personalizedTours.$inferSelect;

/** List rows as answered: regions, destinations and the point of contact by name. */
export async function toPersonalizedTours(tx: Tx, rows: Row[]): Promise<PersonalizedTour[]> {
  const places = await placeRefs(tx, rows);
  const contacts = await memberRefsOf(tx, rows.map((r) => r.pointOfContact));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    description: r.description,
    regions: places.regions(r.regions),
    destinations: places.destinations(r.destinations),
    totalNights: r.totalNights,
    pointOfContact: r.pointOfContact ? (contacts.get(r.pointOfContact) ?? null) : null,
    inclusions: r.inclusions,
    exclusions: r.exclusions,
    pricePerPerson: { adult: r.priceAdult, child: r.priceChild, infant: r.priceInfant },
    currency: r.currency,
    isPublished: r.isPublished,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

async function readLines(tx: Tx, tourId: string): Promise<PackageLine[]> {
  const rows = await tx.select().from(personalizedTourLines).where(eq(personalizedTourLines.tourId, tourId)).orderBy(asc(personalizedTourLines.position));
  const ids = <K extends 'hotelId' | 'activityId' | 'vendorId'>(key: K) => [...new Set(rows.map((r) => r[key]).filter((x): x is string => !!x))];
  const vendorIds = ids('vendorId');
  const hotelRefs = await hotelRefsOf(tx, ids('hotelId'));
  const activityRefs = await refsOf(tx, activities, ids('activityId'));
  const vendorRows = vendorIds.length ? await tx.select({ _id: vendors.id, name: vendors.name }).from(vendors).where(inArray(vendors.id, vendorIds)) : [];
  const vendorRef = new Map(vendorRows.map((v) => [v._id, v]));
  return rows.map((r) => ({
    kind: r.kind as LineKind,
    dayNumber: r.dayNumber,
    description: r.description,
    hotel: r.hotelId ? (hotelRefs.get(r.hotelId) ?? null) : null,
    roomType: r.roomType,
    activity: r.activityId ? (activityRefs.get(r.activityId) ?? null) : null,
    vendor: r.vendorId ? (vendorRef.get(r.vendorId) ?? null) : null,
    quantity: r.quantity,
    unit: r.unit as LineUnit,
    unitCost: r.unitCost,
    markupType: r.markupType as MarkupType,
    markup: r.markup,
  }));
}

/** `GET /personalized-tours/id/{id}`; 404 for another organization's or a missing package. */
export async function personalizedTourDetail(tx: Tx, id: string): Promise<PersonalizedTourDetail> {
  const [row] = await tx.select().from(personalizedTours).where(eq(personalizedTours.id, id));
  if (!row) throw notFound('Personalized tour');
  const [tour] = await toPersonalizedTours(tx, [row]);
  const days = await readDays(tx, personalizedTourDays, [id]);
  const lines = await readLines(tx, id);
  return { ...tour, days: (days.get(id) ?? []).map(({ tourId: _, ...day }) => day), lines };
}

async function replaceLines(tx: Tx, tourId: string, lines: PackageLineInput[]): Promise<void> {
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

const columnsOf = (input: Omit<CreatePersonalizedTourInput, 'days' | 'lines'>) => ({
  title: input.title,
  description: input.description ?? null,
  regions: input.regions ?? [],
  destinations: input.destinations ?? [],
  totalNights: input.totalNights,
  pointOfContact: input.pointOfContact ?? null,
  inclusions: input.inclusions ?? [],
  exclusions: input.exclusions ?? [],
  priceAdult: input.pricePerPerson.adult,
  priceChild: input.pricePerPerson.child,
  priceInfant: input.pricePerPerson.infant,
  isPublished: input.isPublished ?? false,
});

/** `POST /personalized-tours`: the package, its days and lines, in the caller's transaction. */
export async function createPersonalizedTour(tx: Tx, input: CreatePersonalizedTourInput, createdBy: string): Promise<string> {
  await assertTourPlan(tx, input);
  const [row] = await tx
    .insert(personalizedTours)
    .values({ ...columnsOf(input), currency: organizationCurrency, createdBy })
    .returning({ id: personalizedTours.id });
  await replaceDays(tx, personalizedTourDays, row.id, input.days ?? []);
  await replaceLines(tx, row.id, input.lines ?? []);
  return row.id;
}

/** A stored package as a create payload again, so a change is checked merged with the rest. */
function inputOf(t: PersonalizedTourDetail): Record<string, unknown> {
  return {
    title: t.title,
    description: t.description,
    regions: t.regions.map((r) => r._id),
    destinations: t.destinations.map((d) => d._id),
    totalNights: t.totalNights,
    pointOfContact: t.pointOfContact?._id ?? null,
    days: t.days.map(dayInputOf),
    lines: t.lines.map((l) => ({
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
    })),
    inclusions: t.inclusions,
    exclusions: t.exclusions,
    pricePerPerson: t.pricePerPerson,
    isPublished: t.isPublished,
  };
}

/**
 * `PUT /personalized-tours`: the package locked, the change merged with what is stored and checked
 * whole (schema and catalogue), then written; days and lines are replaced only when sent.
 */
export async function updatePersonalizedTour(tx: Tx, { _id: id, ...change }: UpdatePersonalizedTourInput): Promise<void> {
  const [locked] = await tx.select({ id: personalizedTours.id }).from(personalizedTours).where(eq(personalizedTours.id, id)).for('update');
  if (!locked) throw notFound('Personalized tour');
  const stored = await personalizedTourDetail(tx, id);
  const input = validate(createPersonalizedTourInput, { ...inputOf(stored), ...change }, 'body');
  await assertTourPlan(tx, input);
  await tx
    .update(personalizedTours)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(eq(personalizedTours.id, id));
  if (change.days) await replaceDays(tx, personalizedTourDays, id, input.days ?? []);
  if (change.lines) await replaceLines(tx, id, input.lines ?? []);
}

/**
 * A package's days and priced lines in the customized tour's shape, for "start from a package"
 * (src/api/tours/personalized/contract.ts `PackageTemplate`): ids rather than names, days by number.
 * 404 when the organization has no such package.
 */
export async function packageTemplate(tx: Tx, packageId: string): Promise<PackageTemplate> {
  const p = await personalizedTourDetail(tx, packageId);
  const input = inputOf(p) as Pick<PackageTemplate, 'days' | 'lines'>;
  return {
    packageId: p._id,
    title: p.title,
    totalNights: p.totalNights,
    regions: p.regions.map((r) => r._id),
    destinations: p.destinations.map((d) => d._id),
    currency: p.currency,
    pricePerPerson: p.pricePerPerson,
    inclusions: p.inclusions,
    exclusions: p.exclusions,
    days: input.days,
    lines: input.lines,
  };
}

/**
 * The package whole as it is now, to be copied onto a booking made from it (SPEC: "a booking keeps
 * the package as it was when booked, whatever is edited later"). Plain JSON: names as well as ids,
 * so the booking reads right even after the catalogue changes.
 */
export async function packageSnapshot(tx: Tx, packageId: string): Promise<PackageSnapshot> {
  const detail = await personalizedTourDetail(tx, packageId);
  const [{ now }] = (await tx.execute<{ now: string }>(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`)).rows;
  return { ...detail, snapshotAt: now };
}
