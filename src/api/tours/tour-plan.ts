import * as v from 'valibot';
import { addDays, nights } from '../../domain/calendar';
import { coded, type IssueCode, type IssueParams } from '../common/issues';
import { catalogueRefSchema } from '../catalogue/regions/contract';
import { VENDOR_SERVICES } from '../vendors/contract';
import { clearableText, idList as kitIdList, idSchema, intBetween, listOf, moneySchema, multiline, oneOf, requiredText, timestamp, uuid, wholeFromText } from '../common/schemas';
import type { MarkupType } from '../../domain/tour-pricing';

/**
 * What the tours' contracts share. Every kind (customized, personalized, group): the priced line's
 * kinds, units and markups. Personalized and group tours: the day-by-day plan, the price per person
 * by traveller type, the fields and answers they have alike, the list filters of the seed
 * (`regionFilter` / `destinationFilter`), and the rules that span fields (a day within the tour's
 * nights, one entry per day).
 */

/** The longest tour: a year. A tour of N nights has days 1 to N + 1. */
export const MAX_NIGHTS = 365;
export const MAX_DAYS = MAX_NIGHTS + 1;
export const MAX_ACTIVITIES_PER_DAY = 20;

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];

export const TRAVELLER_TYPES = ['adult', 'child', 'infant'] as const;
export type TravellerType = (typeof TRAVELLER_TYPES)[number];

/** A priced line's kind: the 7 vendor service types, a fee, or a discount (which takes off its amount). */
export const LINE_KINDS = [...VENDOR_SERVICES, 'fee', 'discount'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** What a line's quantity counts. */
export const LINE_UNITS = ['per-person', 'per-room-night', 'per-unit'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];
/** A markup in basis points of the unit cost (1500 = 15 %), or an amount in minor units added to each unit. */
export const MARKUP_TYPES = ['percent', 'amount'] as const satisfies readonly MarkupType[];
export type { MarkupType };

/**
 * A priced line's fields as answered, for every kind of tour: its kind, its day (by number, or null
 * for the whole tour), what it is (a hotel room or an activity of the catalogue), the vendor
 * suggested, quantity and unit, unit cost, markup. Minor units of the tour's currency.
 */
export const lineAnswerEntries = <H extends v.GenericSchema>(hotel: H) => ({
  kind: v.picklist(LINE_KINDS),
  /** The plan's day it belongs to, or null for the whole tour. */
  dayNumber: v.nullable(v.number()),
  description: v.string(),
  hotel: v.nullable(hotel),
  roomType: v.nullable(v.string()),
  activity: v.nullable(catalogueRefSchema),
  vendor: v.nullable(v.object({ _id: uuid, name: v.string() })),
  quantity: v.number(),
  unit: v.picklist(LINE_UNITS),
  unitCost: v.number(),
  markupType: v.picklist(MARKUP_TYPES),
  /** Basis points of the unit cost (`percent`), or minor units per unit (`amount`). */
  markup: v.number(),
});

/** A priced line's fields as sent; each kind adds its rules (a customized tour's discount is an amount at no cost). */
export const lineInputEntries = (maxDay: number, maxQuantity: number) => ({
  kind: oneOf(LINE_KINDS),
  dayNumber: v.optional(v.nullable(intBetween(1, maxDay))),
  description: requiredText(300),
  hotelId: v.optional(v.nullable(idSchema)),
  roomType: clearableText(80),
  activityId: v.optional(v.nullable(idSchema)),
  vendorId: v.optional(v.nullable(idSchema)),
  quantity: intBetween(1, maxQuantity),
  unit: oneOf(LINE_UNITS),
  unitCost: moneySchema,
  markupType: v.optional(oneOf(MARKUP_TYPES, 'must be percent or amount'), 'percent'),
  markup: v.optional(moneySchema, 0),
});

/** A priced line in its stored shape: ids rather than names, every field given. */
export interface LineFields {
  kind: LineKind;
  dayNumber: number | null;
  description: string;
  hotelId: string | null;
  roomType: string | null;
  activityId: string | null;
  vendorId: string | null;
  quantity: number;
  unit: LineUnit;
  unitCost: number;
  markupType: MarkupType;
  markup: number;
}

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

/** A day of any kind of tour's plan, as answered: its number, where, where to sleep, what to do. */
export const dayAnswerEntries = <H extends v.GenericSchema>(hotel: H) => ({
  /** 1, 2, 3… in the plan's order; day 1 is the departure day. */
  dayNumber: v.number(),
  destination: catalogueRefSchema,
  hotel: v.nullable(hotel),
  /** One of the hotel's room types, by name. */
  roomType: v.nullable(v.string()),
  activities: v.array(catalogueRefSchema),
  transfers: v.nullable(v.string()),
  meals: v.array(v.picklist(MEALS)),
  notes: v.nullable(v.string()),
});

/** One day of a personalized or group tour's plan, as answered. */
export const tourDaySchema = v.object(dayAnswerEntries(tourHotelRefSchema));
export type TourDay = v.InferOutput<typeof tourDaySchema>;

/**
 * What a personalized and a group tour both answer: what it is, where, for how many nights, who
 * answers for it, what a person pays (in the currency the organization had when it was made).
 */
export const plannedTourEntries = {
  _id: uuid,
  title: v.string(),
  description: v.nullable(v.string()),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  totalNights: v.number(),
  pointOfContact: v.nullable(memberRefSchema),
  pricePerPerson: travellerPricesSchema,
  /** ISO 4217. */
  currency: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

// ---------- inputs ----------

/** A list of catalogue ids (regions, destinations), each kept once. */
export const idList = (max = 50) => v.optional(kitIdList(max));

export const travellerPricesInput = v.strictObject(
  { adult: moneySchema, child: moneySchema, infant: moneySchema },
  coded('invalidType', 'must give adult, child and infant prices', { expected: 'object' }),
);

/** Meals are kept once each, in the day's order. */
export const mealsInput = v.pipe(
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

/** The fields a personalized and a group tour are both written with. */
export const plannedTourFields = {
  title: requiredText(200),
  description: clearableText(4000, multiline),
  regions: idList(),
  destinations: idList(),
  /** A member of the organization (active). */
  pointOfContact: v.optional(v.nullable(idSchema)),
  days: v.optional(daysInput),
  pricePerPerson: travellerPricesInput,
};

/**
 * The `PUT` of a tour whose seed path has no id (`PUT /personalized-tours`, `PUT /group-tours`): `_id`
 * names the record and the fields given replace the stored ones; the server checks the stored
 * record merged with the change against the create schema.
 */
export const updateInputOf = <E extends v.ObjectEntries>(fields: E) =>
  v.pipe(
    v.strictObject({ _id: idSchema, ...v.partial(v.strictObject(fields)).entries }),
    v.check((b) => Object.keys(b).length > 1, coded('noChange', 'must change at least one field')),
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
