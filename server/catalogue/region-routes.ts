import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { regionRowsFromCsv } from '../../src/api/catalogue/regions/import';
import { mergeFilter } from '../../src/api/common/schemas';
import { regionEndpoints, regionImportRow, type Region, type RegionsQuery } from '../../src/api/catalogue/regions/contract';
import { regions } from './schema';
import { importRoute } from '../http/import';
import { containsPattern, orderBy, listPage } from '../http/list';
import { assertUnused, lockRecord, sluggedImporter, uniqueSlug } from '../http/records';
import { allow, route } from '../http/route';
import { REGION, regionUses } from './store';

export function toRegion(row: typeof regions.$inferSelect): Region {
  return { _id: row.id, name: row.name, slug: row.slug, description: row.description, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function regionFilters(q: Omit<RegionsQuery, 'filter'>): SQL | undefined {
  return and(
    q.search ? or(ilike(regions.name, containsPattern(q.search)), ilike(regions.slug, containsPattern(q.search)), ilike(regions.description, containsPattern(q.search))) : undefined,
    q.ids?.length ? inArray(regions.id, q.ids) : undefined,
  );
}

const REGION_SORT = { name: sql`lower(${regions.name})`, createdAt: regions.createdAt, updatedAt: regions.updatedAt };

export const regionRoutes = [
  route({
    endpoint: regionEndpoints.list,
    access: allow('regions', 'view'),
    async handler({ tx, query }) {
      const where = regionFilters(mergeFilter(query));
      return listPage(query, {
          rows: (limit, offset) =>
          tx
            .select({ region: regions })
            .from(regions)
            .where(where)
            .orderBy(orderBy(REGION_SORT[query.sortBy], query.sortOrder), asc(regions.id))
            .limit(limit)
            .offset(offset),
          toItem: (r) => toRegion(r.region),
          count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(regions).where(where))[0].n,
        });
    },
  }),

  route({
    endpoint: regionEndpoints.create,
    access: allow('regions', 'create'),
    async handler({ tx, body }) {
      const slug = body.slug ?? (await uniqueSlug(tx, REGION, body.name));
      const [created] = await tx
        .insert(regions)
        .values({ ...body, slug })
        .returning();
      return { data: toRegion(created) };
    },
  }),

  importRoute({
    endpoint: regionEndpoints.import,
    module: 'regions',
    fromCsv: regionRowsFromCsv,
    importer: sluggedImporter({ target: REGION, rowSchema: regionImportRow, uniqueNames: true }),
  }),

  route({
    endpoint: regionEndpoints.update,
    access: allow('regions', 'update'),
    async handler({ tx, params, body }) {
      await lockRecord(tx, REGION, params.id, 'Region');
      const [updated] = await tx
        .update(regions)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(regions.id, params.id))
        .returning();
      return { data: toRegion(updated) };
    },
  }),

  route({
    endpoint: regionEndpoints.remove,
    access: allow('regions', 'delete'),
    async handler({ tx, params }) {
      await lockRecord(tx, REGION, params.id, 'Region');
      await assertUnused(tx, 'region', regionUses(params.id));
      const [row] = await tx.delete(regions).where(eq(regions.id, params.id)).returning();
      return { data: toRegion(row), message: 'Region deleted successfully' };
    },
  }),
];
