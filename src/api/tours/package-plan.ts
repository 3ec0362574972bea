import * as v from 'valibot';
import { addDays, nights } from '../../domain/calendar';
import { coded, type IssueCode, type IssueParams } from '../common/issues';
import { catalogueRefSchema } from '../catalogue/regions/contract';
import { clearableText, idList as kitIdList, idSchema, intBetween, listOf, moneySchema, multiline, oneOf, requiredText, uuid, wholeFromText } from '../common/schemas';

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

// ---------- answers ----------

/** Selling price per person by traveller type, integer minor units of the tour's currency. */
export const travellerPricesSchema = v.object({ adult: v.number(), child: v.number(), infant: v.number() });
export type TravellerPrices = v.InferOutput<typeof travellerPricesSchema>;

/** A member as a tour shows them (its point of contact). */
export const memberRefSchema = v.object({ _id: uuid, name: v.string() });
export type MemberRef = v.InferOutput<typeof memberRefSchema>;

/** A hotel as a day shows it. */
export const tourHotelRefSchema = v.object({ ...catalogueRefSchema.entries, stars: v.number() });
export type TourHotelRef = v.InferOutput<typeof tourHotelRefSchema>;

/** One day of a plan, as answered. Day 1 is the departure day. */
export const tourDaySchema = v.object({
  dayNumber: v.number(),
  destination: catalogueRefSchema,
  hotel: v.nullable(tourHotelRefSchema),
  /** One of the hotel's room types, by name. */
  roomType: v.nullable(v.string()),
  activities: v.array(catalogueRefSchema),
  transfers: v.nullable(v.string()),
  meals: v.array(v.picklist(MEALS)),
  notes: v.nullable(v.string()),
});
export type TourDay = v.InferOutput<typeof tourDaySchema>;

// ---------- inputs ----------

/** A list of catalogue ids (regions, destinations), each kept once. */
export const idList = (max = 50) => v.optional(kitIdList(max));

export const travellerPricesInput = v.strictObject(
  { adult: moneySchema, child: moneySchema, infant: moneySchema },
  coded('invalidType', 'must give adult, child and infant prices', { expected: 'object' }),
);

/** Meals are kept once each, in the day's order. */
const mealsInput = v.pipe(
  v.array(oneOf(MEALS), coded('invalidType', 'must be a list of meals', { expected: 'list' })),
  v.maxLength(MEALS.length * 2, coded('tooManyItems', 'has too many meals', { max: MEALS.length * 2 })),
  v.transform((list) => MEALS.filter((m) => list.includes(m))),
);

export const ROOM_TYPE_NEEDS_HOTEL = 'is required for a room type';

/** One day of a plan, as sent. The hotel must be in the day's destination, the room type one of its own (checked by the server). */
export const tourDayInput = v.pipe(
  v.strictObject({
    dayNumber: intBetween(1, MAX_DAYS),
    destinationId: idSchema,
    hotelId: v.optional(v.nullable(idSchema)),
    roomType: clearableText(80),
    activityIds: v.optional(kitIdList(MAX_ACTIVITIES_PER_DAY, 'must be a list of activity ids')),
    transfers: clearableText(500),
    meals: v.optional(mealsInput),
    notes: clearableText(2000, multiline),
  }),
  v.forward(
    v.check((d) => !d.roomType || !!d.hotelId, coded('required', ROOM_TYPE_NEEDS_HOTEL)),
    ['hotelId'],
  ),
);
export type TourDayInput = v.InferOutput<typeof tourDayInput>;

export const daysInput = v.pipe(
  v.array(tourDayInput, coded('invalidType', 'must be a list of days', { expected: 'list' })),
  v.maxLength(MAX_DAYS, coded('tooManyItems', `must have at most ${MAX_DAYS} days`, { max: MAX_DAYS })),
);

/** Inclusions, exclusions: short lines of text, each kept once. */
export const textLines = (max = 50) =>
  v.pipe(
    v.array(requiredText(300), coded('invalidType', 'must be a list of lines', { expected: 'list' })),
    v.maxLength(max, coded('tooManyItems', `must have at most ${max} lines`, { max })),
    v.transform((list) => list.filter((x, i) => list.indexOf(x) === i)),
  );

// ---------- rules that span fields ----------

type PathKey = string | number;
type AddIssue = (info: { message: (issue: v.BaseIssue<unknown>) => string; path: [v.IssuePathItem, ...v.IssuePathItem[]] }) => void;

/** An issue at `days.2.dayNumber` (valibot path items, so forms and the server name the same field), with its code. */
export function issueAt(root: unknown, keys: PathKey[], code: IssueCode, message: string, params: IssueParams, addIssue: AddIssue) {
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
  addIssue({ message: coded(code, message, params), path: path as [v.IssuePathItem, ...v.IssuePathItem[]] });
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
      if (nights !== undefined && day.dayNumber > nights + 1) issueAt(input, ['days', i, 'dayNumber'], 'tooLarge', dayOutsideMessage(nights), { max: nights + 1 }, addIssue);
      else if (seen.has(day.dayNumber)) issueAt(input, ['days', i, 'dayNumber'], 'duplicateItems', DAY_TWICE, {}, addIssue);
      seen.add(day.dayNumber);
    });
    (input.lines ?? []).forEach((line, i) => {
      if (nights !== undefined && line.dayNumber && line.dayNumber > nights + 1) issueAt(input, ['lines', i, 'dayNumber'], 'tooLarge', dayOutsideMessage(nights), { max: nights + 1 }, addIssue);
    });
  });
}

// ---------- lists ----------

export const MATCH_MODES = ['any', 'all'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

const nightsQuery = wholeFromText({ max: MAX_NIGHTS });

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
  regionFilter: v.optional(oneOf(MATCH_MODES, 'must be any or all')),
  destinationFilter: v.optional(oneOf(MATCH_MODES, 'must be any or all')),
};

// ---------- dates ----------

/** Nights between two calendar dates (`2026-03-01` → `2026-03-05`: 4). */
export const nightsBetween = nights;

/** The calendar date of day N of a tour leaving on `departure` (day 1 is the departure day). */
export const dateOfDay = (departure: string, dayNumber: number) => addDays(departure, dayNumber - 1);
