import * as v from 'valibot';
import { clearableText, idSchema, intBetween, listOf, moneySchema, noNul } from '../common/schemas';
import type { CatalogueRef } from '../catalogue/regions/contract';

/**
 * What packages (personalized tours) and group departures share: the day-by-day plan, the price per
 * person by traveller type, the list filters of the seed (`regionFilter` / `destinationFilter`), and
 * the rules that span fields (a day within the tour's nights, one entry per day).
 */

/** The longest tour: a year. A tour of N nights has days 1 to N + 1. */
export const MAX_NIGHTS = 365;
export const MAX_DAYS = MAX_NIGHTS + 1;
export const MAX_ACTIVITIES_PER_DAY = 20;

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];

export const TRAVELLER_TYPES = ['adult', 'child', 'infant'] as const;
export type TravellerType = (typeof TRAVELLER_TYPES)[number];
/** Selling price per person by traveller type, integer minor units of the tour's currency. */
export type TravellerPrices = Record<TravellerType, number>;

/** A member as a tour shows them (its point of contact). */
export interface MemberRef {
  _id: string;
  name: string;
}

/** A hotel as a day shows it. */
export interface TourHotelRef extends CatalogueRef {
  stars: number;
}

/** One day of a plan, as answered. Day 1 is the departure day. */
export interface TourDay {
  dayNumber: number;
  destination: CatalogueRef;
  hotel: TourHotelRef | null;
  /** One of the hotel's room types, by name. */
  roomType: string | null;
  activities: CatalogueRef[];
  transfers: string | null;
  meals: Meal[];
  notes: string | null;
}

const uniqueIds = (max: number) =>
  v.pipe(
    v.array(idSchema, 'must be a list of ids'),
    v.maxLength(max, `must name at most ${max}`),
    v.transform((list) => [...new Set(list)]),
  );

/** A list of catalogue ids (regions, destinations), each kept once. */
export const idList = (max = 50) => v.optional(uniqueIds(max));

export const travellerPricesInput = v.strictObject(
  { adult: moneySchema, child: moneySchema, infant: moneySchema },
  'must give adult, child and infant prices',
);

/** Meals are kept once each, in the day's order. */
const mealsInput = v.pipe(
  v.array(v.picklist(MEALS, `must be one of ${MEALS.join(', ')}`), 'must be a list of meals'),
  v.maxLength(MEALS.length * 2, 'has too many meals'),
  v.transform((list) => MEALS.filter((m) => list.includes(m))),
);

export const ROOM_TYPE_NEEDS_HOTEL = 'needs a hotel';

/** One day of a plan, as sent. The hotel must be in the day's destination, the room type one of its own (checked by the server). */
export const tourDayInput = v.pipe(
  v.strictObject({
    dayNumber: intBetween(1, MAX_DAYS),
    destinationId: idSchema,
    hotelId: v.optional(v.nullable(idSchema)),
    roomType: clearableText(80),
    activityIds: v.optional(uniqueIds(MAX_ACTIVITIES_PER_DAY)),
    transfers: clearableText(500),
    meals: v.optional(mealsInput),
    notes: clearableText(2000),
  }),
  v.forward(
    v.check((d) => !d.roomType || !!d.hotelId, ROOM_TYPE_NEEDS_HOTEL),
    ['roomType'],
  ),
);
export type TourDayInput = v.InferOutput<typeof tourDayInput>;

export const daysInput = v.pipe(v.array(tourDayInput, 'must be a list of days'), v.maxLength(MAX_DAYS, `must have at most ${MAX_DAYS} days`));

/** Inclusions, exclusions: short lines of text, each kept once. */
export const textLines = (max = 50) =>
  v.pipe(
    v.array(v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(300, 'must be at most 300 characters'), noNul), 'must be a list of lines'),
    v.maxLength(max, `must have at most ${max} lines`),
    v.transform((list) => list.filter((x, i) => list.indexOf(x) === i)),
  );

// ---------- rules that span fields ----------

type PathKey = string | number;
type AddIssue = (info: { message: string; path: [v.IssuePathItem, ...v.IssuePathItem[]] }) => void;

/** An issue at `days.2.dayNumber` (valibot path items, so forms and the server name the same field). */
export function issueAt(root: unknown, keys: PathKey[], message: string, addIssue: AddIssue) {
  const path: v.IssuePathItem[] = [];
  let input = root as Record<PathKey, unknown>;
  for (const key of keys) {
    const value = input?.[key];
    path.push(
      typeof key === 'number'
        ? { type: 'array', origin: 'value', input: input as unknown as unknown[], key, value }
        : { type: 'object', origin: 'value', input: input as Record<string, unknown>, key, value },
    );
    input = value as Record<PathKey, unknown>;
  }
  addIssue({ message, path: path as [v.IssuePathItem, ...v.IssuePathItem[]] });
}

export const dayOutsideMessage = (nights: number) => `must be within the tour's ${nights + 1} days`;
export const DAY_TWICE = 'is planned twice';

/**
 * The plan's own rules: every day (and every line naming a day) falls within the tour's days
 * (1 to nights + 1), and each day number is planned once.
 */
export function planRules<T extends { days?: { dayNumber: number }[]; lines?: { dayNumber?: number | null }[] }>(nightsOf: (input: T) => number | undefined) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    const nights = nightsOf(input);
    const seen = new Set<number>();
    (input.days ?? []).forEach((day, i) => {
      if (nights !== undefined && day.dayNumber > nights + 1) issueAt(input, ['days', i, 'dayNumber'], dayOutsideMessage(nights), addIssue);
      else if (seen.has(day.dayNumber)) issueAt(input, ['days', i, 'dayNumber'], DAY_TWICE, addIssue);
      seen.add(day.dayNumber);
    });
    (input.lines ?? []).forEach((line, i) => {
      if (nights !== undefined && line.dayNumber && line.dayNumber > nights + 1) issueAt(input, ['lines', i, 'dayNumber'], dayOutsideMessage(nights), addIssue);
    });
  });
}

// ---------- lists ----------

export const MATCH_MODES = ['any', 'all'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

const nightsQuery = v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number'), v.transform(Number), v.maxValue(MAX_NIGHTS, `must be at most ${MAX_NIGHTS}`));

/**
 * The seed's filters of group and personalized tours: `totalNights` (any of the values), `pointOfContact`
 * (members), `regions` and `destinations`, which match a tour naming **any** of them, or **all** of them
 * with `regionFilter=all` / `destinationFilter=all` (default `any`).
 */
export const tourListFilters = {
  /** Only these tours (a picker showing the names of the ids it holds). */
  ids: listOf(idSchema),
  totalNights: listOf(nightsQuery),
  pointOfContact: listOf(idSchema),
  regions: listOf(idSchema),
  destinations: listOf(idSchema),
  regionFilter: v.optional(v.picklist(MATCH_MODES, 'must be any or all')),
  destinationFilter: v.optional(v.picklist(MATCH_MODES, 'must be any or all')),
};

// ---------- dates ----------

const dayMs = 86_400_000;
const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** Nights between two calendar dates (`2026-03-01` → `2026-03-05`: 4). */
export const nightsBetween = (departure: string, arrival: string) => Math.round((utc(arrival) - utc(departure)) / dayMs);

/** The calendar date of day N of a tour leaving on `departure` (day 1 is the departure day). */
export const dateOfDay = (departure: string, dayNumber: number) => new Date(utc(departure) + (dayNumber - 1) * dayMs).toISOString().slice(0, 10);
