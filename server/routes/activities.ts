import { and, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_CATEGORIES, ACTIVITY_DIFFICULTIES, activitiesQuery, activityImportRow, createActivityInput, updateActivityInput, type ActivitiesQuery, type Activity, type ActivityCategory, type ActivityDifficulty, type ActivityStats } from '../../src/api/activities/contract';
import { activityRowsFromCsv } from '../../src/api/activities/import';
import type { Tx } from '../db/client';
import { activities, destinations, regions } from '../db/schema';
import { containsPattern, countsBy } from '../http/list';
import { ACTIVITY, placedRecordFields, placedRecordRoutes, type PlacedRow } from './catalogue';

export function toActivity(row: PlacedRow<typeof activities.$inferSelect>): Activity {
  const { category, difficulty, durationMinutes, pricePerPerson } = row.record;
  return { ...placedRecordFields(row), category: category as ActivityCategory, difficulty: difficulty as ActivityDifficulty, durationMinutes, pricePerPerson };
}

function activityFilters(q: Omit<ActivitiesQuery, 'filter'>): SQL | undefined {
  const p = q.search ? containsPattern(q.search) : undefined;
  return and(
    p ? or(ilike(activities.name, p), ilike(activities.slug, p), ilike(activities.description, p), ilike(destinations.name, p), ilike(regions.name, p)) : undefined,
    q.regions?.length ? inArray(destinations.regionId, q.regions) : undefined,
    q.destinations?.length ? inArray(activities.destinationId, q.destinations) : undefined,
    q.categories?.length ? inArray(activities.category, q.categories) : undefined,
    q.difficulty?.length ? inArray(activities.difficulty, q.difficulty) : undefined,
  );
}

/** The list's header, over the whole organization whatever the filters and page. */
async function activityStats(tx: Tx): Promise<ActivityStats> {
  const byCategory = await countsBy(tx, activities, activities.category, ACTIVITY_CATEGORIES);
  const byDifficulty = await countsBy(tx, activities, activities.difficulty, ACTIVITY_DIFFICULTIES);
  return { total: Object.values(byDifficulty).reduce((a, b) => a + b, 0), byCategory, byDifficulty };
}

/** The seed's activity calls: `/activities`, `/activities/activityId/{id}`, `PUT/DELETE /activities/{id}`, `POST /activities/import`. */
export const activityRoutes = placedRecordRoutes({
  module: 'activities',
  path: '/activities',
  itemPath: '/activities/activityId/:id',
  target: ACTIVITY,
  label: 'Activity',
  toRecord: toActivity,
  query: activitiesQuery,
  filters: activityFilters,
  sort: {
    name: sql`lower(${activities.name})`,
    pricePerPerson: activities.pricePerPerson,
    durationMinutes: activities.durationMinutes,
    createdAt: activities.createdAt,
    updatedAt: activities.updatedAt,
  },
  stats: activityStats,
  createInput: createActivityInput,
  updateInput: updateActivityInput,
  importRow: activityImportRow,
  fromCsv: activityRowsFromCsv,
  deletedMessage: 'Activity deleted successfully',
});
