import { copyInput, type CreateTourFields, type CustomizedTourDetail, type TourDayFields } from '../../../api/tours/customized/contract';
import { addDays, daysBetween } from '../../../domain/calendar';
import { lineFormValue, linesToSend, missingDestinations, missingLineNumbers, type DayFormValue, type LineFormValue } from '../shared/plan-model';

/**
 * The itinerary builder's values, without React: a tour as the form holds it, what a new one starts
 * with, what is sent, what is missing, and the whole trip moved with its departure. How days move
 * (with their lines) is every plan's (../shared/plan-model.ts); the live prices and the lines the
 * days call for are src/domain's (tour-pricing.ts, tour-costing.ts).
 */

/** A customized tour's day: its own date, and rooms for the party. Its number is its place. */
export interface TourDayFormValue extends DayFormValue {
  date: string;
  rooms: number | null;
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

// ---------- the form and the contract ----------

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

/** A day as the create call takes it (a copy, a personalized tour's plan) as the builder holds it. */
export const dayFromFields = (d: TourDayFields): TourDayFormValue => ({
  date: d.date,
  destinationId: d.destinationId,
  hotelId: d.hotelId ?? null,
  roomType: d.roomType ?? null,
  rooms: d.rooms ?? null,
  activityIds: d.activityIds ?? [],
  transfers: d.transfers ?? '',
  meals: d.meals ?? [],
  notes: d.notes ?? '',
});

export function tourFormValues(tour?: CustomizedTourDetail, start: TourStart = {}): TourFormValues {
  if (tour) {
    // The form holds what saving the tour again would send: the contract's own mapping (copyInput).
    const sent = copyInput(tour, tour.lead._id);
    return {
      ...tourFormValues(undefined, { ...sent, pointOfContact: sent.pointOfContact ?? null }),
      title: sent.title,
      notes: sent.notes ?? '',
      days: sent.days.map(dayFromFields),
      lines: sent.lines.map(lineFormValue),
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
    lines: linesToSend(values.lines),
  };
}

/** The fields the pickers and number boxes left empty: "is required" there, not a type error. */
export function missingFields(values: TourFormValues): string[] {
  return [
    ...(values.leadId ? [] : ['leadId']),
    ...(values.departure ? [] : ['departure']),
    ...(values.arrival ? [] : ['arrival']),
    ...(values.adults === null || values.adults === undefined ? ['adults'] : []),
    ...missingDestinations(values.days),
    ...missingLineNumbers(values.lines),
  ];
}

// ---------- pricing ----------

export const paxOf = (values: Pick<TourFormValues, 'adults' | 'children' | 'infants'>) => (values.adults ?? 0) + (values.children ?? 0) + (values.infants ?? 0);
