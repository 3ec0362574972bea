import type { Activity } from '../../api/catalogue/activities/contract';
import type { Hotel } from '../../api/catalogue/hotels/contract';
import type { Meal } from '../../api/tours/package-plan';
import {
  dayFields,
  lineFields,
  priceTourLines,
  roomsFor,
  type CreateTourFields,
  type CustomizedTourDetail,
  type TourLineFields,
  type TourTotals,
} from '../../api/tours/customized/contract';
import { addDays, daysBetween } from '../../domain/calendar';
import { PriceOutOfRange, priceLine, type PricedLine } from '../../domain/tour-pricing';
import { emptyLine, type LineFormValue } from './personalized-lines-editor';

/**
 * The itinerary builder's model, without React: the form's values, how days move (their content
 * moves, the dates stay in order and the priced lines follow their day), the lines the days call
 * for from the catalogue, and the live prices (the pricing function the server stores with).
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

const asPriced = (l: LineFormValue) => ({ kind: l.kind, quantity: l.quantity ?? 0, unitCost: l.unitCost ?? 0, markupType: l.markupType, markup: l.markup ?? 0 });
/** A line typed far enough to be priced: a quantity, a cost and a markup that are not negative. */
const priceable = (l: LineFormValue) => !!l.quantity && l.quantity >= 1 && l.unitCost !== null && l.unitCost >= 0 && (l.markup ?? 0) >= 0;

/** One line's prices as typed so far; null while it cannot be priced (no quantity yet, a price too large). */
export function livePrice(line: LineFormValue): PricedLine | null {
  if (!priceable(line)) return null;
  try {
    return priceLine({ kind: line.kind, quantity: line.quantity!, unitCost: line.unitCost!, markup: line.markupType === 'percent' ? { basisPoints: line.markup ?? 0 } : { amount: line.markup ?? 0 } });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The tour's totals as typed so far, from the pricing function the server stores with; lines not
 * yet priceable count as nothing. `tooLarge` when a line or the sums leave what can be stored.
 */
export function liveTotals(lines: LineFormValue[], pax: number): { totals: TourTotals | null; tooLarge: boolean } {
  try {
    return { totals: priceTourLines(lines.filter(priceable).map(asPriced), pax).totals, tooLarge: false };
  } catch (error) {
    if (error instanceof PriceOutOfRange) return { totals: null, tooLarge: true };
    throw error;
  }
}

// ---------- the catalogue's rates ----------

/**
 * The lines the days call for from the catalogue and `existing` lacks: one per hotel stay
 * (consecutive days in one hotel and room type, per room-night: nights × rooms, at the room's
 * nightly rate) and one per activity of a day (per person: adults and children, at its price),
 * each with the organization's default markup. Days are numbered by their place.
 */
export function linesForDays(
  days: TourDayFormValue[],
  hotels: Map<string, Hotel>,
  activities: Map<string, Activity>,
  pax: { adults: number; children: number },
  existing: LineFormValue[],
  markupBasisPoints: number,
): LineFormValue[] {
  const lines: LineFormValue[] = [];
  const travellers = Math.max(1, pax.adults + pax.children);
  const base = { ...emptyLine(), markupType: 'percent' as const, markup: markupBasisPoints };
  let stay: { line: LineFormValue; rooms: number; lastDay: number } | undefined;
  days.forEach((day, i) => {
    const dayNumber = i + 1;
    const hotel = day.hotelId ? hotels.get(day.hotelId) : undefined;
    const room = hotel?.roomTypes.find((r) => r.name === day.roomType) ?? hotel?.roomTypes[0];
    const rooms = day.rooms ?? roomsFor(pax);
    // A day with a hotel is a night there: consecutive nights in one room make one stay.
    if (hotel && room && stay && stay.line.hotelId === hotel._id && stay.line.roomType === room.name && stay.rooms === rooms && stay.lastDay === dayNumber - 1) {
      stay.line.quantity = (stay.line.quantity ?? 0) + rooms;
      stay.lastDay = dayNumber;
    } else if (hotel && room) {
      const line = { ...base, kind: 'hotels' as const, dayNumber, description: `${hotel.name}, ${room.name}`, hotelId: hotel._id, roomType: room.name, quantity: rooms, unit: 'per-room-night' as const, unitCost: room.nightlyRate };
      stay = { line, rooms, lastDay: dayNumber };
      lines.push(line);
    } else stay = undefined;
    for (const id of day.activityIds) {
      const activity = activities.get(id);
      if (activity) lines.push({ ...base, kind: 'activities', dayNumber, description: activity.name, activityId: id, quantity: travellers, unit: 'per-person', unitCost: activity.pricePerPerson });
    }
  });
  const has = (l: LineFormValue) => existing.some((e) => e.dayNumber === l.dayNumber && (l.hotelId ? e.hotelId === l.hotelId && e.roomType === l.roomType : e.activityId === l.activityId));
  return lines.filter((l) => !has(l));
}
