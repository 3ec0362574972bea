import * as v from 'valibot';
import { importEndpoint, intFromText } from '../../common/import';
import { clearableText, idSchema, intBetween, listOf, moneySchema, multiline, oneOf, pageQuery, requiredText, sortBy, storable, timestamp, updateOf, uuid, withFilter } from '../../common/schemas';
import { slugInput } from '../../common/slug';
import { catalogueRefSchema } from '../regions/contract';
import { placedEndpoints } from '../placed';

export const ACTIVITY_CATEGORIES = ['sightseeing', 'adventure', 'culture', 'food', 'water-sports', 'wildlife', 'wellness', 'nightlife'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];
export const ACTIVITY_DIFFICULTIES = ['easy', 'moderate', 'hard'] as const;
export type ActivityDifficulty = (typeof ACTIVITY_DIFFICULTIES)[number];

/** Longest activity: a multi-day trek (14 days). */
export const MAX_ACTIVITY_MINUTES = 14 * 24 * 60;

export const activitySchema = v.object({
  _id: uuid,
  name: v.string(),
  slug: v.string(),
  category: v.picklist(ACTIVITY_CATEGORIES),
  difficulty: v.picklist(ACTIVITY_DIFFICULTIES),
  durationMinutes: v.number(),
  /** Integer minor units of the organization's currency. */
  pricePerPerson: v.number(),
  description: v.nullable(v.string()),
  destinationId: uuid,
  destination: catalogueRefSchema,
  regionId: uuid,
  region: catalogueRefSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Activity = v.InferOutput<typeof activitySchema>;

const counts = <K extends string>(keys: readonly K[]) => v.object(Object.fromEntries(keys.map((k) => [k, v.number()])) as Record<K, v.NumberSchema<undefined>>);
/** The list's header, over the whole organization; every category and difficulty key is present. */
export const activityStatsSchema = v.object({ total: v.number(), byCategory: counts(ACTIVITY_CATEGORIES), byDifficulty: counts(ACTIVITY_DIFFICULTIES) });
export type ActivityStats = v.InferOutput<typeof activityStatsSchema>;

const category = oneOf(ACTIVITY_CATEGORIES);
const difficulty = oneOf(ACTIVITY_DIFFICULTIES, 'must be easy, moderate or hard');
/** A choice in an import file: any case. */
const choiceCell = v.pipe(storable(), v.trim(), v.toLowerCase());
const durationMinutes = intBetween(1, MAX_ACTIVITY_MINUTES);

const activityFields = {
  name: requiredText(200),
  slug: slugInput,
  destinationId: idSchema,
  category,
  difficulty,
  durationMinutes,
  pricePerPerson: moneySchema,
  description: clearableText(5000, multiline),
};

export const createActivityInput = v.strictObject(activityFields);
export type CreateActivityInput = v.InferOutput<typeof createActivityInput>;

export const updateActivityInput = updateOf({
  ...activityFields,
  name: v.optional(activityFields.name),
  destinationId: v.optional(activityFields.destinationId),
  category: v.optional(category),
  difficulty: v.optional(difficulty),
  durationMinutes: v.optional(durationMinutes),
  pricePerPerson: v.optional(moneySchema),
});
export type UpdateActivityInput = v.InferOutput<typeof updateActivityInput>;

export const ACTIVITY_SORT_FIELDS = ['name', 'pricePerPerson', 'durationMinutes', 'createdAt', 'updatedAt'] as const;
export const activitiesQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(ACTIVITY_SORT_FIELDS, 'name'),
  ...withFilter({
    regions: listOf(idSchema),
    destinations: listOf(idSchema),
    categories: listOf(category),
    difficulty: listOf(difficulty),
  }),
});
export type ActivitiesQuery = v.InferOutput<typeof activitiesQuery>;

/** One import row: a create payload whose destination is named by `destination` (id, slug or name). */
export const activityImportRow = v.strictObject({
  name: activityFields.name,
  slug: activityFields.slug,
  destination: requiredText(200),
  category: v.pipe(choiceCell, category),
  difficulty: v.pipe(choiceCell, difficulty),
  durationMinutes: intFromText(durationMinutes),
  pricePerPerson: intFromText(moneySchema),
  description: activityFields.description,
});
export type ActivityImportRow = v.InferOutput<typeof activityImportRow>;

export const ACTIVITY_CSV_COLUMNS: Record<string, string> = {
  name: 'name',
  activity: 'name',
  activityname: 'name',
  slug: 'slug',
  destination: 'destination',
  destinationname: 'destination',
  destinationid: 'destination',
  category: 'category',
  difficulty: 'difficulty',
  duration: 'durationMinutes',
  durationminutes: 'durationMinutes',
  minutes: 'durationMinutes',
  price: 'pricePerPerson',
  priceperperson: 'pricePerPerson',
  description: 'description',
};

/** The activities' CSV import (its routes are built by `importRoute` in `placedRecordRoutes`). */
export const activityPaths = { import: importEndpoint('/activities/import') };

/** The activities' calls, declared once (src/api/catalogue/placed.ts): `GET/POST /activities`, the seed's `GET /activities/activityId/:id`, `PUT/DELETE /activities/:id`. */
export const activityEndpoints = placedEndpoints('/activities', {
  one: 'activityId',
  schema: activitySchema,
  statsSchema: activityStatsSchema,
  query: activitiesQuery,
  createInput: createActivityInput,
  updateInput: updateActivityInput,
});
