import { priceLine, priceTour, type PricedTour } from './tour-pricing';

/**
 * The deterministic planner (SPEC "AI"): a customized tour drafted from a lead's query using only
 * the organization's catalogue, without a model. Pure: the same query and catalogue (in any
 * order) always give the same tour, so a draft can be explained and reproduced.
 *
 * - Nights are spread over the query's destinations in their order: each gets ⌊N / D⌋ nights and
 *   the first N mod D one more; with fewer nights than destinations the last ones are left out.
 *   Night k (the night of departure + k) belongs to exactly one stay.
 * - A hotel per stay: the room (and the number of rooms the party needs at its occupancy) with the
 *   most stars, then the lowest price, whose price per night fits the budget per night: first
 *   60 % of it (leaving room for activities), then all of it; when nothing fits, the cheapest
 *   room (the draft then says it is over budget).
 * - One activity on a day of arrival (the first day, and the first day at each next destination),
 *   two on a full day (one when the first takes 5 hours or more), none on the day home: chosen by
 *   the preferred categories first, then a category the tour has not had yet, then price; never
 *   harder than the party allows (at most moderate with children or infants); each at most once.
 *   With a budget, an activity is taken only when the rest of the budget pays for it.
 * - A transfer between consecutive destinations, on the day of the move (text: the catalogue
 *   has no transfers to price; staff add the line).
 *
 * Prices are the tours' pricing function's (src/domain/tour-pricing.ts) with the organization's
 * default markup: a line per hotel stay (per room-night) and per activity (per person), the
 * shape of the builder's "Price the days". So "within budget" compares the selling price, what
 * the customer pays, with the query's budget: when every stay has a room within the budget per
 * night, the tour's price is within the budget.
 */

export const ACTIVITY_DIFFICULTY_ORDER = ['easy', 'moderate', 'hard'] as const;
export type PlannerDifficulty = (typeof ACTIVITY_DIFFICULTY_ORDER)[number];

export interface PlannerRoomType {
  name: string;
  nightlyRate: number;
  maxOccupancy: number;
}
export interface PlannerHotel {
  id: string;
  destinationId: string;
  name: string;
  stars: number;
  roomTypes: PlannerRoomType[];
}
export interface PlannerActivity {
  id: string;
  destinationId: string;
  name: string;
  category: string;
  difficulty: string;
  durationMinutes: number;
  pricePerPerson: number;
}
export interface PlannerCatalogue {
  destinations: { id: string; name: string }[];
  hotels: PlannerHotel[];
  activities: PlannerActivity[];
}

export interface PlannerQuery {
  /** ISO dates; the tour leaves on `departure` and comes home on `arrival`. */
  departure: string;
  arrival: string;
  adults: number;
  children: number;
  infants: number;
  /** In the order they are visited. */
  destinationIds: string[];
  /** The whole trip's budget (minor units), or null. */
  budget: number | null;
  /** Preferred activity categories, most wanted first. */
  categories?: string[];
  /** The hardest activity wanted. */
  maxDifficulty?: PlannerDifficulty;
}

export interface PlannerOptions {
  /** The organization's default markup, in basis points. */
  markupBasisPoints: number;
}

/** A stay: consecutive nights at one destination, in one hotel room (when the catalogue has one). */
export interface PlannedStay {
  destinationId: string;
  /** Day number (1-based) of the first night. */
  firstDay: number;
  nights: number;
  hotelId: string | null;
  roomType: string | null;
  rooms: number | null;
}

/** The plan's choices: what a model may also answer (every id then checked, see `reconcilePlan`). */
export interface PlanChoice {
  stays: PlannedStay[];
  /** Activity ids per day, index 0 for day 1. */
  activities: string[][];
}

/** A day and a line in the shape the create call of customized tours takes. */
export interface PlannedDay {
  date: string;
  destinationId: string;
  hotelId: string | null;
  roomType: string | null;
  rooms: number | null;
  activityIds: string[];
  transfers: string | null;
  meals: never[];
  notes: null;
}
export interface PlannedLine {
  kind: 'hotels' | 'activities';
  dayNumber: number;
  description: string;
  hotelId: string | null;
  roomType: string | null;
  activityId: string | null;
  vendorId: null;
  quantity: number;
  unit: 'per-room-night' | 'per-person';
  unitCost: number;
  markupType: 'percent';
  markup: number;
}

export interface TourPlan {
  choice: PlanChoice;
  days: PlannedDay[];
  lines: PlannedLine[];
  priced: PricedTour<PlannedLine & { markup: { basisPoints: number } }>['totals'];
  /** null without a budget; otherwise whether the tour's price is within it. */
  withinBudget: boolean | null;
  /** Query destinations the plan leaves out (unknown to the catalogue, or more destinations than nights). */
  skippedDestinations: string[];
}

export class PlannerInputError extends Error {
  constructor(
    readonly field: 'destinations' | 'dates' | 'travellers',
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number) => new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
export const nightsOf = (q: Pick<PlannerQuery, 'departure' | 'arrival'>) => Math.round((utc(q.arrival) - utc(q.departure)) / DAY_MS);

/** Strings compare by code unit, never by locale: the same everywhere. */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Beds the party needs: adults and children (infants share). */
const bedsOf = (q: PlannerQuery) => Math.max(1, q.adults + q.children);
export const roomsAt = (q: PlannerQuery, room: PlannerRoomType) => Math.ceil(bedsOf(q) / Math.max(1, room.maxOccupancy));

const sellOf = (kind: string, quantity: number, unitCost: number, markupBasisPoints: number) => priceLine({ kind, quantity, unitCost, markup: { basisPoints: markupBasisPoints } }).lineSell;

/** The night counts per destination, in the query's order (∑ = nights; zero-night destinations left out). */
export function spreadNights(nights: number, destinations: number): number[] {
  if (destinations === 0) return [];
  const used = Math.max(1, Math.min(destinations, nights));
  const base = Math.floor(nights / used);
  return Array.from({ length: used }, (_, i) => base + (i < nights % used ? 1 : 0));
}

export function maxDifficultyFor(q: PlannerQuery): PlannerDifficulty {
  const wanted = q.maxDifficulty ?? 'hard';
  const party: PlannerDifficulty = q.children > 0 || q.infants > 0 ? 'moderate' : 'hard';
  return ACTIVITY_DIFFICULTY_ORDER.indexOf(wanted) < ACTIVITY_DIFFICULTY_ORDER.indexOf(party) ? wanted : party;
}

interface Indexed {
  destinations: Map<string, { id: string; name: string }>;
  hotels: Map<string, PlannerHotel[]>;
  activities: Map<string, PlannerActivity[]>;
  hotelById: Map<string, PlannerHotel>;
  activityById: Map<string, PlannerActivity>;
}

/** The catalogue by destination; with `only`, just those destinations' items (a query's), so a large catalogue costs one pass. */
function index(catalogue: PlannerCatalogue, only?: string[]): Indexed {
  const wanted = only && new Set(only);
  const group = <T extends { destinationId: string; id: string }>(items: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      if (wanted && !wanted.has(item.destinationId)) continue;
      const list = map.get(item.destinationId);
      if (list) list.push(item);
      else map.set(item.destinationId, [item]);
    }
    for (const list of map.values()) list.sort((a, b) => cmp(a.id, b.id));
    return map;
  };
  return {
    destinations: new Map(catalogue.destinations.map((d) => [d.id, d])),
    hotels: group(catalogue.hotels),
    activities: group(catalogue.activities),
    hotelById: new Map(catalogue.hotels.filter((h) => !wanted || wanted.has(h.destinationId)).map((h) => [h.id, h])),
    activityById: new Map(catalogue.activities.filter((a) => !wanted || wanted.has(a.destinationId)).map((a) => [a.id, a])),
  };
}

/** The query's dates, party and destinations as the planner needs them (400-worthy problems thrown). */
function checkQuery(q: PlannerQuery, idx: Indexed) {
  const nights = nightsOf(q);
  if (!Number.isFinite(nights) || nights < 0) throw new PlannerInputError('dates', 'the return must not be before the departure');
  if (q.adults + q.children < 1) throw new PlannerInputError('travellers', 'at least one adult or child');
  const known = [...new Set(q.destinationIds)].filter((d) => idx.destinations.has(d));
  if (!known.length) throw new PlannerInputError('destinations', 'at least one destination of the catalogue');
  return { nights, known };
}

/** Room options at a destination, each priced for the party per night (selling price). */
function roomOptions(q: PlannerQuery, idx: Indexed, destinationId: string, options: PlannerOptions) {
  const list: { hotel: PlannerHotel; room: PlannerRoomType; rooms: number; sellPerNight: number }[] = [];
  for (const hotel of idx.hotels.get(destinationId) ?? []) {
    for (const room of hotel.roomTypes) {
      const rooms = roomsAt(q, room);
      list.push({ hotel, room, rooms, sellPerNight: sellOf('hotels', rooms, room.nightlyRate, options.markupBasisPoints) });
    }
  }
  return list;
}

type RoomOption = ReturnType<typeof roomOptions>[number];
const byStarsThenPrice = (a: RoomOption, b: RoomOption) => b.hotel.stars - a.hotel.stars || a.sellPerNight - b.sellPerNight || cmp(a.hotel.id, b.hotel.id) || cmp(a.room.name, b.room.name);
const byPrice = (a: RoomOption, b: RoomOption) => a.sellPerNight - b.sellPerNight || byStarsThenPrice(a, b);

/** The room for a stay: the best within 60 % of the budget per night, else within it, else the cheapest. */
function chooseRoom(q: PlannerQuery, rooms: RoomOption[], nights: number): RoomOption | undefined {
  if (!rooms.length) return undefined;
  if (q.budget === null || nights === 0) return [...rooms].sort(byStarsThenPrice)[0];
  const perNight = Math.floor(q.budget / nights);
  for (const limit of [Math.floor((perNight * 6) / 10), perNight]) {
    const fitting = rooms.filter((r) => r.sellPerNight <= limit).sort(byStarsThenPrice);
    if (fitting.length) return fitting[0];
  }
  return [...rooms].sort(byPrice)[0];
}

/** The stays: nights spread over the destinations, a room each. */
function chooseStays(q: PlannerQuery, idx: Indexed, known: string[], nights: number, options: PlannerOptions): PlannedStay[] {
  const counts = spreadNights(nights, known.length);
  let firstDay = 1;
  return counts.map((n, i) => {
    const destinationId = known[i];
    const room = n > 0 ? chooseRoom(q, roomOptions(q, idx, destinationId, options), nights) : undefined;
    const stay: PlannedStay = { destinationId, firstDay, nights: n, hotelId: room?.hotel.id ?? null, roomType: room?.room.name ?? null, rooms: room?.rooms ?? null };
    firstDay += n;
    return stay;
  });
}

/** The destination of each day (1-based index − 1): a stay's nights, the last day at the last stay's place. */
function destinationOfDays(stays: PlannedStay[], nights: number): string[] {
  const days: string[] = [];
  for (const s of stays) for (let k = 0; k < s.nights; k++) days.push(s.destinationId);
  days.push(stays[stays.length - 1].destinationId);
  return days.slice(0, nights + 1);
}

/** How many activities a day gets: one on a day of arrival, two on a full day, none on the day home. */
function slotsOf(dayIndex: number, nights: number, stays: PlannedStay[]): number {
  if (nights === 0) return 2;
  if (dayIndex === nights) return 0;
  return stays.some((s) => s.firstDay === dayIndex + 1) ? 1 : 2;
}

const LONG_ACTIVITY_MINUTES = 300;

function hotelSell(stays: PlannedStay[], idx: Indexed, markup: number): number {
  let total = 0;
  for (const s of stays) {
    const room = s.hotelId ? idx.hotelById.get(s.hotelId)?.roomTypes.find((r) => r.name === s.roomType) : undefined;
    if (room && s.rooms && s.nights > 0) total += sellOf('hotels', s.rooms * s.nights, room.nightlyRate, markup);
  }
  return total;
}

/** Activities day by day (see the module's comment), within what the budget leaves after the hotels. */
function chooseActivities(q: PlannerQuery, idx: Indexed, stays: PlannedStay[], nights: number, options: PlannerOptions, keep: string[][] = [], fill: (dayIndex: number) => boolean = () => true): string[][] {
  const days = destinationOfDays(stays, nights);
  const travellers = bedsOf(q);
  const hardest = ACTIVITY_DIFFICULTY_ORDER.indexOf(maxDifficultyFor(q));
  const preferred = q.categories ?? [];
  const used = new Set<string>(keep.flat());
  const categoriesHad = new Map<string, number>();
  for (const id of used) {
    const c = idx.activityById.get(id)?.category;
    if (c) categoriesHad.set(c, (categoriesHad.get(c) ?? 0) + 1);
  }
  const sells = new Map<string, number>();
  const sellOfActivity = (a: PlannerActivity) => {
    let sell = sells.get(a.id);
    if (sell === undefined) sells.set(a.id, (sell = sellOf('activities', travellers, a.pricePerPerson, options.markupBasisPoints)));
    return sell;
  };
  let remaining = q.budget === null ? Infinity : q.budget - hotelSell(stays, idx, options.markupBasisPoints);
  for (const id of used) {
    const a = idx.activityById.get(id);
    if (a) remaining -= sellOfActivity(a);
  }

  return days.map((destinationId, dayIndex) => {
    const chosen = [...(keep[dayIndex] ?? [])];
    if (!fill(dayIndex)) return chosen;
    const slots = slotsOf(dayIndex, nights, stays);
    const eligible = (idx.activities.get(destinationId) ?? []).filter((a) => {
      const d = ACTIVITY_DIFFICULTY_ORDER.indexOf(a.difficulty as PlannerDifficulty);
      return d >= 0 && d <= hardest;
    });
    while (chosen.length < slots && !chosen.some((id) => (idx.activityById.get(id)?.durationMinutes ?? 0) >= LONG_ACTIVITY_MINUTES)) {
      const rank = (a: PlannerActivity) => {
        const p = preferred.indexOf(a.category);
        return [p < 0 ? preferred.length : p, categoriesHad.get(a.category) ?? 0, a.pricePerPerson] as const;
      };
      let best: PlannerActivity | undefined;
      let bestRank: readonly number[] | undefined;
      for (const a of eligible) {
        if (used.has(a.id) || sellOfActivity(a) > remaining) continue;
        const r = rank(a);
        if (isBefore(r, a, bestRank, best)) {
          best = a;
          bestRank = r;
        }
      }
      if (!best) break;
      chosen.push(best.id);
      used.add(best.id);
      categoriesHad.set(best.category, (categoriesHad.get(best.category) ?? 0) + 1);
      remaining -= sellOfActivity(best);
    }
    return chosen;
  });
}

function isBefore(r: readonly number[], a: PlannerActivity, bestRank: readonly number[] | undefined, best: PlannerActivity | undefined): boolean {
  if (!bestRank || !best) return true;
  for (let i = 0; i < r.length; i++) if (r[i] !== bestRank[i]) return r[i] < bestRank[i];
  return a.id < best.id;
}

/**
 * The tour a choice makes: days (a night per day, the day home last), transfers on the days the
 * destination changes, a priced line per stay and per activity. The choice must already be valid
 * for the catalogue (`planTour` makes one; `reconcilePlan` checks a model's).
 */
export function buildTour(q: PlannerQuery, catalogue: PlannerCatalogue | Indexed, choice: PlanChoice, options: PlannerOptions, skippedDestinations: string[] = []): TourPlan {
  const idx = 'hotelById' in catalogue ? catalogue : index(catalogue);
  const nights = nightsOf(q);
  const places = destinationOfDays(choice.stays, nights);
  const travellers = bedsOf(q);
  const days: PlannedDay[] = places.map((destinationId, i) => {
    const stay = choice.stays.find((s) => i + 1 >= s.firstDay && i + 1 < s.firstDay + s.nights);
    const previous = i > 0 ? places[i - 1] : undefined;
    const name = (id: string) => idx.destinations.get(id)?.name ?? id;
    return {
      date: addDays(q.departure, i),
      destinationId,
      hotelId: stay?.hotelId ?? null,
      roomType: stay?.hotelId ? stay.roomType : null,
      rooms: stay?.hotelId ? stay.rooms : null,
      activityIds: choice.activities[i] ?? [],
      transfers: previous && previous !== destinationId ? `${name(previous)} → ${name(destinationId)}` : null,
      meals: [],
      notes: null,
    };
  });
  const lines: PlannedLine[] = [];
  const base = { vendorId: null, markupType: 'percent' as const, markup: options.markupBasisPoints };
  days.forEach((day, i) => {
    const stay = choice.stays.find((s) => s.firstDay === i + 1);
    const hotel = stay?.hotelId ? idx.hotelById.get(stay.hotelId) : undefined;
    const room = hotel?.roomTypes.find((r) => r.name === stay?.roomType);
    if (stay && hotel && room && stay.rooms && stay.nights > 0) {
      lines.push({ ...base, kind: 'hotels', dayNumber: i + 1, description: `${hotel.name}, ${room.name}`, hotelId: hotel.id, roomType: room.name, activityId: null, quantity: stay.nights * stay.rooms, unit: 'per-room-night', unitCost: room.nightlyRate });
    }
    for (const id of day.activityIds) {
      const a = idx.activityById.get(id)!;
      lines.push({ ...base, kind: 'activities', dayNumber: i + 1, description: a.name, hotelId: null, roomType: null, activityId: id, quantity: travellers, unit: 'per-person', unitCost: a.pricePerPerson });
    }
  });
  const { totals } = priceTour(
    lines.map((l) => ({ ...l, markup: { basisPoints: l.markup } })),
    q.adults + q.children + q.infants,
  );
  return { choice, days, lines, priced: totals, withinBudget: q.budget === null ? null : totals.sell <= q.budget, skippedDestinations };
}

/** The planner's tour for a query (see the module's comment). */
export function planTour(q: PlannerQuery, catalogue: PlannerCatalogue, options: PlannerOptions): TourPlan {
  const idx = index(catalogue, q.destinationIds);
  const { nights, known } = checkQuery(q, idx);
  const stays = chooseStays(q, idx, known, nights, options);
  const activities = chooseActivities(q, idx, stays, nights, options);
  const visited = new Set(stays.map((s) => s.destinationId));
  const skipped = [...new Set(q.destinationIds)].filter((d) => !visited.has(d));
  return buildTour(q, idx, { stays, activities }, options, skipped);
}

/** What a model proposed that the catalogue refused, each replaced by the planner's choice. */
export interface Replacement {
  kind: 'destination' | 'hotel' | 'roomType' | 'activity' | 'nights';
  id: string;
  dayNumber: number | null;
}

/**
 * A model's choice checked against the catalogue: a stay keeps its destination only if the query
 * names it; its hotel and room only if the hotel is of that destination and has the room; a day's
 * activity only if it is of the day's destination, not harder than the party allows and not
 * already in the tour. Nights must cover the trip exactly; otherwise the planner's stays are
 * taken whole. Whatever is dropped is replaced by the planner's choice and listed.
 */
export function reconcilePlan(q: PlannerQuery, catalogue: PlannerCatalogue, proposed: { stays: { destinationId: string; nights: number; hotelId?: string | null; roomType?: string | null }[]; activities: string[][] }, options: PlannerOptions): TourPlan & { replaced: Replacement[] } {
  const idx = index(catalogue, q.destinationIds);
  const { nights, known } = checkQuery(q, idx);
  const planner = chooseStays(q, idx, known, nights, options);
  const replaced: Replacement[] = [];
  const allowed = new Set(known);

  let stays: PlannedStay[];
  const proposedNights = proposed.stays.reduce((s, x) => s + (Number.isInteger(x.nights) && x.nights > 0 ? x.nights : 0), 0);
  const foreign = proposed.stays.filter((s) => !allowed.has(s.destinationId));
  foreign.forEach((s) => replaced.push({ kind: 'destination', id: s.destinationId, dayNumber: null }));
  // A trip without nights is one stay of none; otherwise every stay has nights and they add up to the trip's.
  const coversTheTrip = nights === 0 ? proposed.stays.length === 1 && proposed.stays[0].nights === 0 : proposed.stays.length > 0 && proposedNights === nights && proposed.stays.every((s) => Number.isInteger(s.nights) && s.nights >= 1);
  if (foreign.length || !coversTheTrip) {
    if (!foreign.length) replaced.push({ kind: 'nights', id: String(proposedNights), dayNumber: null });
    stays = planner;
  } else {
    let firstDay = 1;
    stays = proposed.stays.map((s) => {
      const stay: PlannedStay = { destinationId: s.destinationId, firstDay, nights: s.nights, hotelId: null, roomType: null, rooms: null };
      firstDay += s.nights;
      // A trip without nights sleeps nowhere: a hotel named for it is dropped.
      if (s.nights === 0) {
        if (s.hotelId) replaced.push({ kind: 'hotel', id: s.hotelId, dayNumber: 1 });
        return stay;
      }
      const hotel = s.hotelId ? idx.hotelById.get(s.hotelId) : undefined;
      const room = hotel && hotel.destinationId === s.destinationId ? hotel.roomTypes.find((r) => r.name === s.roomType) : undefined;
      if (hotel && room) return { ...stay, hotelId: hotel.id, roomType: room.name, rooms: roomsAt(q, room) };
      if (s.hotelId) replaced.push({ kind: hotel && hotel.destinationId === s.destinationId ? 'roomType' : 'hotel', id: hotel && hotel.destinationId === s.destinationId ? String(s.roomType) : s.hotelId, dayNumber: stay.firstDay });
      const choice = chooseRoom(q, roomOptions(q, idx, s.destinationId, options), nights);
      return { ...stay, hotelId: choice?.hotel.id ?? null, roomType: choice?.room.name ?? null, rooms: choice?.rooms ?? null };
    });
  }

  const places = destinationOfDays(stays, nights);
  const hardest = ACTIVITY_DIFFICULTY_ORDER.indexOf(maxDifficultyFor(q));
  const seen = new Set<string>();
  const keep = places.map((destinationId, i) =>
    (proposed.activities[i] ?? []).filter((id) => {
      const a = idx.activityById.get(id);
      const ok = !!a && a.destinationId === destinationId && !seen.has(id) && ACTIVITY_DIFFICULTY_ORDER.indexOf(a.difficulty as PlannerDifficulty) <= hardest && ACTIVITY_DIFFICULTY_ORDER.indexOf(a.difficulty as PlannerDifficulty) >= 0;
      if (!ok) replaced.push({ kind: 'activity', id, dayNumber: i + 1 });
      else seen.add(id);
      return ok;
    }),
  );
  // Days a dropped activity left short are filled by the planner, within the budget left.
  const short = new Set(replaced.filter((r) => r.kind === 'activity').map((r) => (r.dayNumber ?? 0) - 1));
  const activities = chooseActivities(q, idx, stays, nights, options, keep, (i) => short.has(i));
  const visited = new Set(stays.map((s) => s.destinationId));
  const skipped = [...new Set(q.destinationIds)].filter((d) => !visited.has(d));
  return { ...buildTour(q, idx, { stays, activities }, options, skipped), replaced };
}
