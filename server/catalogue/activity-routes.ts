import { sql } from 'drizzle-orm';
import { activityEndpoints, activityPaths, ACTIVITY_CATEGORIES, ACTIVITY_DIFFICULTIES, activityImportRow, type Activity, type ActivityCategory, type ActivityDifficulty, type ActivityStats } from '../../src/api/catalogue/activities/contract';
import { activityRowsFromCsv } from '../../src/api/catalogue/activities/import';
import { activities } from './schema';
import { cellCounts, placedRecordFields, placedRecordRoutes, type PlaceCell } from './placed-routes';
import { ACTIVITY, type PlacedRow } from './store';

export function toActivity(row: PlacedRow<typeof activities.$inferSelect>): Activity {
  const { category, difficulty, durationMinutes, pricePerPerson } = row.record;
  return { ...placedRecordFields(row), category: category as ActivityCategory, difficulty: difficulty as ActivityDifficulty, durationMinutes, pricePerPerson };
}

/** The list's header, over the whole organization whatever the filters and page, from its counted cells. */
function activityStats(cells: PlaceCell[]): ActivityStats {
  const byCategory = cellCounts(cells, (c) => c.facets[0], ACTIVITY_CATEGORIES);
  const byDifficulty = cellCounts(cells, (c) => c.facets[1], ACTIVITY_DIFFICULTIES);
  return { total: Object.values(byDifficulty).reduce((a, b) => a + b, 0), byCategory, byDifficulty };
}

/** The seed's activity calls: `/activities`, `/activities/activityId/{id}`, `PUT/DELETE /activities/{id}`, `POST /activities/import`. */
export const activityRoutes = placedRecordRoutes({
  module: 'activities',
  paths: activityPaths,
  endpoints: activityEndpoints,
  target: ACTIVITY,
  label: 'Activity',
  toRecord: toActivity,
  recordJson: (col) => sql`'category', ${col('category')}, 'difficulty', ${col('difficulty')}, 'durationMinutes', ${col('duration_minutes')}, 'pricePerPerson', ${col('price_per_person')}`,
  facets: [
    { column: activities.category, chosen: (q) => q.categories },
    { column: activities.difficulty, chosen: (q) => q.difficulty },
  ],
  sort: {
    name: sql`lower(${activities.name})`,
    pricePerPerson: activities.pricePerPerson,
    durationMinutes: activities.durationMinutes,
    createdAt: activities.createdAt,
    updatedAt: activities.updatedAt,
  },
  stats: activityStats,
  importRow: activityImportRow,
  fromCsv: activityRowsFromCsv,
  deletedMessage: 'Activity deleted successfully',
});
