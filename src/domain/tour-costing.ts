import { addDays, type PlannedLine } from './tour-planner';
import { markupOf, priceLine, type MarkupType } from './tour-pricing';

/**
 * How a plan's lines are costed (SPEC "Tours"): the lines its days call for from the catalogue
 * ("Price the days" in the customized tour builder and the personalized tour form), and a
 * personalized tour's plan and lines taken on by a customized tour or a booking ("start from a
 * personalized tour", an operation's planned costs). Pure: plain ids and numbers in, lines in the
 * stored shape out (src/domain/tour-pricing.ts prices them).
 */

/** What a personalized tour is costed for: two travellers sharing a room. */
export const PERSONALIZED_PARTY = { adults: 2, children: 0 } as const;

/** The party a plan is costed for: infants travel in their parents' seats and rooms. */
export interface Party {
  adults: number;
  children: number;
}

/** Rooms for a party: two to a room, infants sharing (what a personalized tour is costed on, per room). */
export const roomsFor = (party: Party) => Math.max(1, Math.ceil((party.adults + party.children) / 2));

// ---------- the catalogue's rates ----------

export interface RatedHotel {
  _id: string;
  name: string;
  roomTypes: { name: string; nightlyRate: number }[];
}

export interface RatedActivity {
  _id: string;
  name: string;
  pricePerPerson: number;
}

/** A day as costing reads it: its stay (rooms: the party's when not said) and its activities. */
export interface CostedDay {
  hotelId: string | null;
  roomType: string | null;
  rooms?: number | null;
  activityIds: string[];
}

/** A line costing adds, in the stored line's shape (a day by its place): the planner's (tour-planner.ts) shape. */
export type CostLine = PlannedLine;

type LineOnDay = { dayNumber: number | null; hotelId: string | null; roomType: string | null; activityId: string | null };

/**
 * The lines the days call for from the catalogue and `existing` lacks: one per hotel stay
 * (consecutive days in one hotel, room type and number of rooms, per room-night: nights × rooms,
 * at the room's nightly rate; no room type chosen: the hotel's first) and one per activity of a day
 * (per person: the party's adults and children, at its price), each with `markupBasisPoints`. Days
 * are numbered by their place; a room type is matched whatever its case.
 */
export function costDays(
  days: readonly CostedDay[],
  hotels: ReadonlyMap<string, RatedHotel>,
  activities: ReadonlyMap<string, RatedActivity>,
  party: Party,
  existing: readonly LineOnDay[],
  markupBasisPoints: number,
): CostLine[] {
  const lines: CostLine[] = [];
  const travellers = Math.max(1, party.adults + party.children);
  const base = { hotelId: null, roomType: null, activityId: null, vendorId: null, markupType: 'percent' as const, markup: markupBasisPoints };
  let stay: { line: CostLine; rooms: number; lastDay: number } | undefined;
  days.forEach((day, i) => {
    const dayNumber = i + 1;
    const hotel = day.hotelId ? hotels.get(day.hotelId) : undefined;
    const room = hotel?.roomTypes.find((r) => r.name.toLowerCase() === (day.roomType ?? '').toLowerCase()) ?? hotel?.roomTypes[0];
    const rooms = day.rooms ?? roomsFor(party);
    // A day with a hotel is a night there: consecutive nights in one room make one stay.
    if (hotel && room && stay && stay.line.hotelId === hotel._id && stay.line.roomType === room.name && stay.rooms === rooms && stay.lastDay === dayNumber - 1) {
      stay.line.quantity += rooms;
      stay.lastDay = dayNumber;
    } else if (hotel && room) {
      const line: CostLine = { ...base, kind: 'hotels', dayNumber, description: `${hotel.name}, ${room.name}`, hotelId: hotel._id, roomType: room.name, quantity: rooms, unit: 'per-room-night', unitCost: room.nightlyRate };
      stay = { line, rooms, lastDay: dayNumber };
      lines.push(line);
    } else stay = undefined;
    for (const id of day.activityIds) {
      const activity = activities.get(id);
      if (activity) lines.push({ ...base, kind: 'activities', dayNumber, description: activity.name, activityId: id, quantity: travellers, unit: 'per-person', unitCost: activity.pricePerPerson });
    }
  });
  const has = (l: CostLine) => existing.some((e) => e.dayNumber === l.dayNumber && (l.hotelId ? e.hotelId === l.hotelId && e.roomType === l.roomType : e.activityId === l.activityId));
  return lines.filter((l) => !has(l));
}

// ---------- starting from a personalized tour ----------

type Ref = { _id: string };

/** A personalized tour's day as answered (src/api/tours/personalized/contract.ts). */
export interface PersonalizedDay<M extends string = string> {
  dayNumber: number;
  destination: Ref;
  hotel: Ref | null;
  roomType: string | null;
  activities: Ref[];
  transfers: string | null;
  meals: M[];
  notes: string | null;
}

/** A personalized tour's priced line as answered. */
export interface PersonalizedLine<K extends string = string, U extends string = string> {
  kind: K;
  dayNumber: number | null;
  description: string;
  hotel: Ref | null;
  roomType: string | null;
  activity: Ref | null;
  vendor: Ref | null;
  quantity: number;
  unit: U;
  unitCost: number;
  markupType: MarkupType;
  markup: number;
}

export interface PersonalizedPlan<M extends string, K extends string, U extends string> {
  regions: Ref[];
  destinations: Ref[];
  totalNights: number;
  days: PersonalizedDay<M>[];
  lines: PersonalizedLine<K, U>[];
}

/**
 * A personalized tour's plan and lines as a customized tour leaving on `departure` for `party` takes
 * them (the shape `POST /customized-tours` takes). Day N falls on departure + N − 1; the tour numbers
 * its days by their place, so a line keeps its day through that place (a line on a day the
 * personalized tour did not plan applies to the whole tour). A personalized tour is costed for
 * {@link PERSONALIZED_PARTY}: per-person quantities become the party's travellers (adults and
 * children), per-room-night quantities are multiplied by the party's rooms, per-unit ones stay. Its
 * discount line carries its amount as a cost; a customized tour's discount costs nothing and its
 * amount is its markup, so it comes in at the personalized tour's unit price.
 */
export function planFromPersonalized<M extends string, K extends string, U extends string>(tour: PersonalizedPlan<M, K, U>, departure: string, party: Party) {
  const days = [...tour.days].sort((a, b) => a.dayNumber - b.dayNumber);
  const rooms = roomsFor(party);
  const travellers = party.adults + party.children;
  const place = new Map(days.map((d, i) => [d.dayNumber, i + 1]));
  return {
    arrival: addDays(departure, tour.totalNights),
    regions: tour.regions.map((r) => r._id),
    destinations: tour.destinations.map((d) => d._id),
    days: days.map((d) => ({
      date: addDays(departure, d.dayNumber - 1),
      destinationId: d.destination._id,
      hotelId: d.hotel?._id ?? null,
      roomType: d.hotel ? d.roomType : null,
      rooms: d.hotel ? rooms : null,
      activityIds: d.activities.map((a) => a._id),
      transfers: d.transfers,
      meals: d.meals,
      notes: d.notes,
    })),
    lines: tour.lines.map((l) => {
      const discount = l.kind === 'discount';
      const quantity = l.unit === 'per-person' ? Math.max(1, travellers) : l.unit === 'per-room-night' ? l.quantity * rooms : l.quantity;
      return {
        kind: l.kind,
        dayNumber: l.dayNumber === null ? null : (place.get(l.dayNumber) ?? null),
        description: l.description,
        // A tour's line names a hotel only as a hotels line, an activity only as an activities line.
        hotelId: l.kind === 'hotels' ? (l.hotel?._id ?? null) : null,
        roomType: l.kind === 'hotels' && l.hotel ? l.roomType : null,
        activityId: l.kind === 'activities' ? (l.activity?._id ?? null) : null,
        vendorId: l.vendor?._id ?? null,
        quantity,
        unit: l.unit,
        unitCost: discount ? 0 : l.unitCost,
        markupType: (discount ? 'amount' : l.markupType) as MarkupType,
        markup: discount ? priceLine({ kind: 'fee', quantity: 1, unitCost: l.unitCost, markup: markupOf(l) }).unitPrice : l.markup,
      };
    }),
  };
}
