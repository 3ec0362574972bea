import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsFromCsv } from '../../src/api/common/import';
import { idParams, mergeFilter } from '../../src/api/common/schemas';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_DIFFICULTIES,
  activitiesQuery,
  activityImportRow,
  createActivityInput,
  updateActivityInput,
  type ActivitiesQuery,
  type Activity,
  type ActivityCategory,
  type ActivityDifficulty,
  type ActivityImportRow,
  type ActivityStats,
} from '../../src/api/activities/contract';
import type { Tx } from '../db/client';
import { activities, destinations, regions } from '../db/schema';
import { notFound } from '../http/errors';
import { importRoute } from '../http/import';
import { containsPattern, countRows, countsBy, orderBy, pageOf, totalOver } from '../http/list';
import { assertReference, referenceResolver, sluggedImporter, uniqueSlug } from '../http/records';
import { allow, route } from '../http/route';
import { ACTIVITY, DESTINATION, placeColumns, type Place } from './catalogue';

const activityColumns = { a: activities, ...placeColumns };

export function toActivity({ a, destination, region }: { a: typeof activities.$inferSelect } & Place): Activity {
  return {
    _id: a.id,
    name: a.name,
    slug: a.slug,
    category: a.category as ActivityCategory,
    difficulty: a.difficulty as ActivityDifficulty,
    durationMinutes: a.durationMinutes,
    pricePerPerson: a.pricePerPerson,
    description: a.description,
    destinationId: destination._id,
    destination,
    regionId: region._id,
    region,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** Activities with their destination and its region (and, for a page, the total beside each row). */
const selectActivities = (tx: Tx) =>
  tx
    .select(activityColumns)
    .from(activities)
    .innerJoin(destinations, eq(destinations.id, activities.destinationId))
    .innerJoin(regions, eq(regions.id, destinations.regionId));
const selectActivityPage = (tx: Tx) =>
  tx
    .select({ ...activityColumns, total_over: totalOver() })
    .from(activities)
    .innerJoin(destinations, eq(destinations.id, activities.destinationId))
    .innerJoin(regions, eq(regions.id, destinations.regionId));

async function findActivity(tx: Tx, id: string): Promise<Activity> {
  const [row] = await selectActivities(tx).where(eq(activities.id, id));
  if (!row) throw notFound('Activity');
  return toActivity(row);
}

async function lockActivity(tx: Tx, id: string) {
  const [row] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, id)).for('update');
  if (!row) throw notFound('Activity');
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

const ACTIVITY_SORT = {
  name: sql`lower(${activities.name})`,
  pricePerPerson: activities.pricePerPerson,
  durationMinutes: activities.durationMinutes,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

/** The list's header, over the whole organization whatever the filters and page. */
async function activityStats(tx: Tx): Promise<ActivityStats> {
  const byCategory = await countsBy(tx, activities, activities.category, ACTIVITY_CATEGORIES);
  const byDifficulty = await countsBy(tx, activities, activities.difficulty, ACTIVITY_DIFFICULTIES);
  return { total: Object.values(byDifficulty).reduce((a, b) => a + b, 0), byCategory, byDifficulty };
}

export const activityRoutes = [
  route({
    method: 'GET',
    path: '/activities',
    access: allow('activities', 'view'),
    query: activitiesQuery,
    async handler({ tx, query }) {
      const where = activityFilters(mergeFilter(query));
      return pageOf(
        query,
        (limit, offset) =>
          selectActivityPage(tx)
            .where(where)
            .orderBy(orderBy(ACTIVITY_SORT[query.sortBy], query.sortOrder), asc(activities.id))
            .limit(limit)
            .offset(offset),
        (r) => toActivity(r),
        () => countRows(tx, selectActivities(tx).where(where)),
        await activityStats(tx),
      );
    },
  }),

  route({
    method: 'GET',
    path: '/activities/activityId/:id',
    access: allow('activities', 'view'),
    params: idParams,
    async handler({ tx, params }) {
      return { data: await findActivity(tx, params.id) };
    },
  }),

  route({
    method: 'POST',
    path: '/activities',
    access: allow('activities', 'create'),
    body: createActivityInput,
    status: 201,
    async handler({ tx, body }) {
      await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
      const slug = body.slug ?? (await uniqueSlug(tx, ACTIVITY, body.name));
      const [created] = await tx
        .insert(activities)
        .values({ ...body, slug })
        .returning({ id: activities.id });
      return { data: await findActivity(tx, created.id) };
    },
  }),

  importRoute({
    path: '/activities/import',
    module: 'activities',
    fromCsv: (text) =>
      rowsFromCsv(text, { columns: ACTIVITY_CSV_COLUMNS, required: ['name', 'destination', 'category', 'difficulty', 'durationMinutes', 'pricePerPerson'] }),
    importer: sluggedImporter<ActivityImportRow>({
      target: ACTIVITY,
      rowSchema: activityImportRow,
      async prepare(tx, inputs) {
        const destinationOf = await referenceResolver(tx, DESTINATION, inputs.map((i) => i.destination));
        return ({ destination, ...rest }) => {
          const destinationId = destinationOf(destination);
          return destinationId ? { ...rest, destinationId } : { reject: `destination "${destination}" is not a known destination` };
        };
      },
    }),
  }),

  route({
    method: 'PUT',
    path: '/activities/:id',
    access: allow('activities', 'update'),
    params: idParams,
    body: updateActivityInput,
    async handler({ tx, params, body }) {
      await lockActivity(tx, params.id);
      if (body.destinationId) await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
      await tx
        .update(activities)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(activities.id, params.id));
      return { data: await findActivity(tx, params.id) };
    },
  }),

  route({
    method: 'DELETE',
    path: '/activities/:id',
    access: allow('activities', 'delete'),
    params: idParams,
    async handler({ tx, params }) {
      await lockActivity(tx, params.id);
      const deleted = await findActivity(tx, params.id);
      await tx.delete(activities).where(eq(activities.id, params.id));
      return { data: deleted, message: 'Activity deleted successfully' };
    },
  }),
];
