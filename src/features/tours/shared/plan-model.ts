import type { Control, FieldValues, UseFormGetValues, UseFormReturn, UseFormSetValue } from 'react-hook-form';
import { TRAVELLER_TYPES, type LineFields, type LineKind, type LineUnit, type MarkupType, type Meal } from '../../../api/tours/tour-plan';
import { addDays } from '../../../domain/calendar';

/**
 * The plan as the tour forms hold it, for every kind of tour (customized, personalized, group), and
 * how it changes without React: a new day, a day moved or removed (its content moves, dates stay in
 * order, the priced lines follow their day), a day's destination changed.
 */

/** A day as a form holds it: ids, and text that may be blank. Its number is its place. */
export interface DayFormValue {
  /** A customized tour's days have their own dates; a departure's come from its departure; a personalized tour's have none. */
  date?: string;
  destinationId: string | null;
  hotelId: string | null;
  roomType: string | null;
  /** A customized tour books rooms for its party; the other kinds are costed for two sharing a room. */
  rooms?: number | null;
  activityIds: string[];
  transfers: string;
  meals: Meal[];
  notes: string;
}

/** A priced line as a form holds it: the numbers may still be empty. */
export interface LineFormValue extends Omit<LineFields, 'quantity' | 'unitCost' | 'markup'> {
  quantity: number | null;
  unitCost: number | null;
  /** Basis points for a percent markup, minor units for an amount. */
  markup: number | null;
}

/** What the day and line editors need of the form they sit in. */
export interface PlanFormValues {
  regions: string[];
  destinations: string[];
  days: DayFormValue[];
  /** Group tours have no priced lines. */
  lines?: LineFormValue[];
}

export interface PlanForm {
  control: Control<PlanFormValues>;
  getValues: UseFormGetValues<PlanFormValues>;
  setValue: UseFormSetValue<PlanFormValues>;
}

/** A tour form as the editors see it: react-hook-form's types are invariant, the plan's fields are there. */
export const planForm = <F extends FieldValues & PlanFormValues>(form: Pick<UseFormReturn<F>, 'control' | 'getValues' | 'setValue'>): PlanForm => form as unknown as PlanForm;

export const emptyLine = (): LineFormValue => ({
  kind: 'others',
  dayNumber: null,
  description: '',
  hotelId: null,
  roomType: null,
  activityId: null,
  vendorId: null,
  quantity: 1,
  unit: 'per-unit',
  unitCost: null,
  markupType: 'percent',
  markup: 0,
});

/** A line in the stored shape (ids: a copied line, a personalized tour's plan) as the form holds it. */
export const lineFormValue = (l: {
  kind: LineKind;
  dayNumber?: number | null;
  description: string;
  hotelId?: string | null;
  roomType?: string | null;
  activityId?: string | null;
  vendorId?: string | null;
  quantity: number;
  unit: LineUnit;
  unitCost: number;
  markupType?: MarkupType;
  markup?: number;
}): LineFormValue => ({
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
  markupType: l.markupType ?? 'percent',
  markup: l.markup ?? 0,
});

type Ref = { _id: string };

/** A line as answered (names: hotel, activity, vendor) as the form holds it. */
export const answeredLineFormValue = (l: { kind: LineKind; dayNumber: number | null; description: string; hotel: Ref | null; roomType: string | null; activity: Ref | null; vendor: Ref | null; quantity: number; unit: LineUnit; unitCost: number; markupType: MarkupType; markup: number }) =>
  lineFormValue({ ...l, hotelId: l.hotel?._id ?? null, activityId: l.activity?._id ?? null, vendorId: l.vendor?._id ?? null });

/** A day as answered (names) as the form holds it; `date` and `rooms` when the day has them. */
export function dayFormValue(d: { date?: string; destination: Ref; hotel: Ref | null; roomType: string | null; rooms?: number | null; activities: Ref[]; transfers: string | null; meals: Meal[]; notes: string | null }): DayFormValue {
  return {
    ...(d.date === undefined ? {} : { date: d.date }),
    destinationId: d.destination._id,
    hotelId: d.hotel?._id ?? null,
    roomType: d.roomType,
    ...(d.rooms === undefined ? {} : { rooms: d.rooms }),
    activityIds: d.activities.map((a) => a._id),
    transfers: d.transfers ?? '',
    meals: d.meals,
    notes: d.notes ?? '',
  };
}

/** How a kind of tour's days are made: dated from a first day (a customized tour's), with rooms for its party. */
export interface DayShape {
  /** The first day's date of a dated plan. */
  first?: string;
  rooms?: boolean;
}

/**
 * A new day after `previous`: the same place and stay (a plan usually stays put a few nights), no
 * activities. A dated plan's day comes the day after the last (the first on `shape.first`).
 */
export function nextDay(previous: DayFormValue | undefined, shape: DayShape = {}): DayFormValue {
  const date = previous?.date ? addDays(previous.date, 1) : shape.first;
  return {
    ...(date === undefined ? {} : { date }),
    destinationId: previous?.destinationId ?? null,
    hotelId: previous?.hotelId ?? null,
    roomType: previous?.roomType ?? null,
    ...(shape.rooms ? { rooms: previous?.rooms ?? null } : {}),
    activityIds: [],
    transfers: '',
    meals: previous?.meals ?? ['breakfast'],
    notes: '',
  };
}

/** The day's content without its date. */
const contentOf = ({ date: _date, ...content }: DayFormValue) => content;

/**
 * Day `from` moved to place `to`: the days' contents change places, the dates stay where they
 * were (a plan's days are in date order), and each priced line keeps to the day it was on.
 */
export function moveDay<D extends DayFormValue>(days: D[], lines: LineFormValue[], from: number, to: number): { days: D[]; lines: LineFormValue[] } {
  const order = days.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const placeOf = new Map(order.map((old, place) => [old + 1, place + 1]));
  return {
    days: order.map((old, place) => {
      const date = days[place]!.date;
      return { ...contentOf(days[old]!), ...(date === undefined ? {} : { date }) } as D;
    }),
    lines: lines.map((l) => (l.dayNumber === null ? l : { ...l, dayNumber: placeOf.get(l.dayNumber) ?? l.dayNumber })),
  };
}

/** Day `index` removed, with the lines priced on it; the later days keep their dates and lines. */
export function removeDay<D extends DayFormValue>(days: D[], lines: LineFormValue[], index: number): { days: D[]; lines: LineFormValue[] } {
  const removed = index + 1;
  return {
    days: days.filter((_, i) => i !== index),
    lines: lines.filter((l) => l.dayNumber !== removed).map((l) => (l.dayNumber !== null && l.dayNumber > removed ? { ...l, dayNumber: l.dayNumber - 1 } : l)),
  };
}

/**
 * A day moved to another destination: its hotel, room and activities belonged to the old one, so
 * they go; the tour's destinations gain the new one (a day is always in one of them).
 */
export function withDestination<D extends DayFormValue>(day: D, destinationId: string | null, tourDestinations: string[]): { day: D; destinations: string[] } {
  const same = day.destinationId === destinationId;
  return {
    day: same ? day : { ...day, destinationId, hotelId: null, roomType: null, ...('rooms' in day ? { rooms: null } : {}), activityIds: [] },
    destinations: destinationId && !tourDestinations.includes(destinationId) ? [...tourDestinations, destinationId] : tourDestinations,
  };
}

// ---------- what is sent ----------

/** The days as sent: numbered by their place, blank text left to the schema (which stores null). */
export const daysToSend = (days: DayFormValue[]) => days.map(({ date: _date, rooms: _rooms, ...d }, i) => ({ ...d, dayNumber: i + 1 }));
export const missingDestinations = (days: DayFormValue[]) => days.flatMap((d, i) => (d.destinationId ? [] : [`days.${i}.destinationId`]));
export const missingPrices = (prices: Record<string, number | null | undefined>) =>
  TRAVELLER_TYPES.filter((k) => prices[k] === null || prices[k] === undefined).map((k) => `pricePerPerson.${k}`);
/** The lines as sent: the numbers left empty go to the schema, which names them. */
export const linesToSend = (lines: LineFormValue[]) => lines.map((l) => ({ ...l, quantity: l.quantity as number, unitCost: l.unitCost as number, markup: l.markup ?? 0 }));
export const missingLineNumbers = (lines: LineFormValue[]) =>
  lines.flatMap((l, i) => [...(l.quantity === null || l.quantity === undefined ? [`lines.${i}.quantity`] : []), ...(l.unitCost === null || l.unitCost === undefined ? [`lines.${i}.unitCost`] : [])]);
/** Text lines (inclusions, exclusions) as sent: trimmed, blank ones dropped. */
export const textLinesToSend = (lines: string[]) => lines.map((l) => l.trim()).filter(Boolean);
