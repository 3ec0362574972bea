import type { Meal } from '../../api/tours/tour-plan';
import { dayFields, lineFields, type CreateTourFields, type CustomizedTourDetail, type TourLineFields } from '../../api/tours/customized/contract';
import type { LineFormValue } from './personalized-lines-editor';

/**
 * The itinerary builder's model, without React: the form's values, how days move (their content
 * moves, the dates stay in order and the priced lines follow their day). The live prices and the
 * lines the days call for are src/domain's (tour-pricing.ts, tour-costing.ts).
 */

/** A day as the builder holds it: ids, and text that may be blank. Its number is its place. */
export interface TourDayFormValue {
  date: string;
  destinationId: string | null;
  hotelId: string | null;
  roomType: string | null;
  rooms: number | null;
  activityIds: string[];
  transfers: string;
  meals: Meal[];
  notes: string;
}

export interface TourFormValues {
  leadId: string | null;
  queryId: string | null;
  title: string;
  departure: string;
  arrival: string;
  adults: number | null;
  children: number | null;
  infants: number | null;
  pointOfContact: string | null;
  regions: string[];
  destinations: string[];
  notes: string;
  days: TourDayFormValue[];
  lines: LineFormValue[];
}

export type { LineFormValue };

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** `date` moved by `days` calendar days (`2027-03-31` + 1 → `2027-04-01`). */
export const addDays = (date: string, days: number) => new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / DAY_MS);

/** A new day after `previous` (the next date, the same place and stay), or the first day on `departure`. */
export function nextTourDay(previous: TourDayFormValue | undefined, departure: string): TourDayFormValue {
  return {
    date: previous ? addDays(previous.date, 1) : departure,
    destinationId: previous?.destinationId ?? null,
    hotelId: previous?.hotelId ?? null,
    roomType: previous?.roomType ?? null,
    rooms: previous?.rooms ?? null,
    activityIds: [],
    transfers: '',
    meals: previous?.meals ?? ['breakfast'],
    notes: '',
  };
}

/** The day's content without its date. */
const contentOf = ({ date: _date, ...content }: TourDayFormValue) => content;

/**
 * Day `from` moved to place `to`: the days' contents change places, the dates stay where they
 * were (a plan's days are in date order), and each priced line keeps to the day it was on.
 */
export function moveDay(days: TourDayFormValue[], lines: LineFormValue[], from: number, to: number): { days: TourDayFormValue[]; lines: LineFormValue[] } {
  const order = days.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const placeOf = new Map(order.map((old, place) => [old + 1, place + 1]));
  return {
    days: order.map((old, place) => ({ ...contentOf(days[old]!), date: days[place]!.date })),
    lines: lines.map((l) => (l.dayNumber === null ? l : { ...l, dayNumber: placeOf.get(l.dayNumber) ?? l.dayNumber })),
  };
}

/** Day `index` removed, with the lines priced on it; the later days keep their dates and lines. */
export function removeDay(days: TourDayFormValue[], lines: LineFormValue[], index: number): { days: TourDayFormValue[]; lines: LineFormValue[] } {
  const removed = index + 1;
  return {
    days: days.filter((_, i) => i !== index),
    lines: lines.filter((l) => l.dayNumber !== removed).map((l) => (l.dayNumber !== null && l.dayNumber > removed ? { ...l, dayNumber: l.dayNumber - 1 } : l)),
  };
}

/** The whole trip moved to a new departure: every day and the arrival move with it. */
export function withDeparture(values: Pick<TourFormValues, 'departure' | 'arrival' | 'days'>, departure: string): Pick<TourFormValues, 'departure' | 'arrival' | 'days'> {
  if (!values.departure || !departure || values.departure === departure) return { ...values, departure };
  const shift = daysBetween(values.departure, departure);
  return {
    departure,
    arrival: values.arrival ? addDays(values.arrival, shift) : values.arrival,
    days: values.days.map((d) => ({ ...d, date: addDays(d.date, shift) })),
  };
}

/** A day moved to another destination: its hotel, room and activities belonged to the old one. */
export function withDayDestination(day: TourDayFormValue, destinationId: string | null): TourDayFormValue {
  return day.destinationId === destinationId ? day : { ...day, destinationId, hotelId: null, roomType: null, rooms: null, activityIds: [] };
}

// ---------- the form and the contract ----------

const dayFormValue = (d: CustomizedTourDetail['days'][number]): TourDayFormValue => {
  const f = dayFields(d);
  return {
    date: f.date,
    destinationId: f.destinationId,
    hotelId: f.hotelId ?? null,
    roomType: f.roomType ?? null,
    rooms: f.rooms ?? null,
    activityIds: f.activityIds ?? [],
    transfers: f.transfers ?? '',
    meals: f.meals ?? [],
    notes: f.notes ?? '',
  };
};

export const lineFormValue = (l: TourLineFields): LineFormValue => ({
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

/** What a new tour starts with: the lead's query (travellers, dates, places) when there is one. */
export interface TourStart {
  leadId?: string | null;
  queryId?: string | null;
  departure?: string | null;
  arrival?: string | null;
  adults?: number;
  children?: number;
  infants?: number;
  regions?: string[];
  destinations?: string[];
  pointOfContact?: string | null;
}

export function tourFormValues(tour?: CustomizedTourDetail, start: TourStart = {}): TourFormValues {
  if (tour) {
    return {
      leadId: tour.lead._id,
      queryId: tour.queryId,
      title: tour.title,
      departure: tour.departure,
      arrival: tour.arrival,
      adults: tour.adults,
      children: tour.children,
      infants: tour.infants,
      pointOfContact: tour.pointOfContact?._id ?? null,
      regions: tour.regions.map((r) => r._id),
      destinations: tour.destinations.map((d) => d._id),
      notes: tour.notes ?? '',
      days: tour.days.map(dayFormValue),
      lines: tour.lines.map((l) => lineFormValue(lineFields(l))),
    };
  }
  return {
    leadId: start.leadId ?? null,
    queryId: start.queryId ?? null,
    title: '',
    departure: start.departure ?? '',
    arrival: start.arrival ?? '',
    adults: start.adults ?? 2,
    children: start.children ?? 0,
    infants: start.infants ?? 0,
    pointOfContact: start.pointOfContact ?? null,
    regions: start.regions ?? [],
    destinations: start.destinations ?? [],
    notes: '',
    days: [],
    lines: [],
  };
}

/** The values as `POST` / `PUT /customized-tours` take them (the contract's schema checks what is left). */
export function tourToSend(values: TourFormValues): Omit<CreateTourFields, 'leadId'> & { leadId: string } {
  return {
    leadId: values.leadId ?? '',
    queryId: values.queryId,
    title: values.title,
    departure: values.departure,
    arrival: values.arrival,
    adults: values.adults as number,
    children: values.children ?? 0,
    infants: values.infants ?? 0,
    pointOfContact: values.pointOfContact,
    regions: values.regions,
    destinations: values.destinations,
    notes: values.notes,
    days: values.days.map((d) => ({ ...d, destinationId: d.destinationId ?? '', rooms: d.hotelId ? d.rooms : null })),
    lines: values.lines.map((l) => ({ ...l, quantity: l.quantity as number, unitCost: l.unitCost as number, markup: l.markup ?? 0 })),
  };
}

/** The fields the pickers and number boxes left empty: "is required" there, not a type error. */
export function missingFields(values: TourFormValues): string[] {
  return [
    ...(values.leadId ? [] : ['leadId']),
    ...(values.departure ? [] : ['departure']),
    ...(values.arrival ? [] : ['arrival']),
    ...(values.adults === null || values.adults === undefined ? ['adults'] : []),
    ...values.days.flatMap((d, i) => (d.destinationId ? [] : [`days.${i}.destinationId`])),
    ...values.lines.flatMap((l, i) => [
      ...(l.quantity === null || l.quantity === undefined ? [`lines.${i}.quantity`] : []),
      ...(l.unitCost === null || l.unitCost === undefined ? [`lines.${i}.unitCost`] : []),
    ]),
  ];
}

// ---------- pricing ----------

export const paxOf = (values: Pick<TourFormValues, 'adults' | 'children' | 'infants'>) => (values.adults ?? 0) + (values.children ?? 0) + (values.infants ?? 0);
