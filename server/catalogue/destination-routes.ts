import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { destinationRowsFromCsv } from '../../src/api/catalogue/destinations/import';
import { mergeFilter } from '../../src/api/common/schemas';
import { destinationEndpoints, destinationImportRow, type Destination, type DestinationImportRow, type DestinationList, type DestinationsQuery } from '../../src/api/catalogue/destinations/contract';
import type { Tx } from '../db/client';
import { destinations, regions } from './schema';
import { issue, notFound } from '../http/errors';
import { importRoute } from '../http/import';
import { containsPattern, orderBy, listPage } from '../http/list';
import { assertReference, assertUnused, lockRecord, referenceResolver, sluggedImporter, uniqueSlug } from '../http/records';
import { allow, route } from '../http/route';
import { DESTINATION, REGION, destinationUses } from './store';

const destinationColumns = { d: destinations, region: { _id: regions.id, name: regions.name, slug: regions.slug } };
type DestinationRow = { d: typeof destinations.$inferSelect; region: Destination['region'] };

export function toDestination({ d, region }: DestinationRow): Destination {
  return {
    _id: d.id,
    name: d.name,
    slug: d.slug,
    country: d.country,
    description: d.description,
    regionId: d.regionId,
    region,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

const selectDestinations = (tx: Tx) => tx.select(destinationColumns).from(destinations).innerJoin(regions, eq(regions.id, destinations.regionId));

async function findDestination(tx: Tx, id: string): Promise<Destination> {
  const [row] = await selectDestinations(tx).where(eq(destinations.id, id));
  if (!row) throw notFound('Destination');
  return toDestination(row);
}

function destinationFilters(q: Omit<DestinationsQuery, 'filter'>): SQL | undefined {
  const p = q.search ? containsPattern(q.search) : undefined;
  return and(
    p ? or(ilike(destinations.name, p), ilike(destinations.slug, p), ilike(destinations.country, p), ilike(regions.name, p)) : undefined,
    q.regions?.length ? inArray(destinations.regionId, q.regions) : undefined,
    q.countries?.length ? inArray(sql`lower(${destinations.country})`, q.countries.map((c) => c.toLowerCase())) : undefined,
    q.ids?.length ? inArray(destinations.id, q.ids) : undefined,
  );
}

const DESTINATION_SORT = {
  name: sql`lower(${destinations.name})`,
  country: sql`lower(${destinations.country})`,
  createdAt: destinations.createdAt,
  updatedAt: destinations.updatedAt,
};

export const destinationRoutes = [
  route({
    endpoint: destinationEndpoints.list,
    access: allow('destinations', 'view'),
    async handler({ tx, query }): Promise<DestinationList> {
      const where = destinationFilters(mergeFilter(query));
      const answer = await listPage(query, {
          rows: (limit, offset) =>
          selectDestinations(tx)
            .where(where)
            .orderBy(orderBy(DESTINATION_SORT[query.sortBy], query.sortOrder), asc(destinations.id))
            .limit(limit)
            .offset(offset),
          toItem: (r) => toDestination(r),
          count: async () =>
          (await tx.select({ n: sql<number>`count(*)::int` }).from(destinations).innerJoin(regions, eq(regions.id, destinations.regionId)).where(where))[0].n,
        });
      // The seed's destination list also names the total `totalItem`.
      return { ...answer, meta: { ...answer.meta, totalItem: answer.meta.totalItems } };
    },
  }),

  route({
    endpoint: destinationEndpoints.create,
    access: allow('destinations', 'create'),
    async handler({ tx, body }) {
      await assertReference(tx, REGION, body.regionId, 'regionId');
      const slug = body.slug ?? (await uniqueSlug(tx, DESTINATION, body.name));
      const [created] = await tx
        .insert(destinations)
        .values({ ...body, slug })
        .returning({ id: destinations.id });
      return { data: await findDestination(tx, created.id) };
    },
  }),

  importRoute({
    endpoint: destinationEndpoints.import,
    module: 'destinations',
    fromCsv: destinationRowsFromCsv,
    importer: sluggedImporter<DestinationImportRow>({
      target: DESTINATION,
      rowSchema: destinationImportRow,
      uniqueNames: true,
      references: [{ column: 'regionId', field: 'region', target: REGION }],
      async prepare(tx, inputs) {
        const regionOf = await referenceResolver(tx, REGION, inputs.map((i) => i.region));
        return ({ region, ...rest }) => {
          const regionId = regionOf(region);
          return regionId ? { ...rest, regionId } : { reject: issue('region', 'unknownReference', `"${region}" is not a known region`, { kind: 'region' }) };
        };
      },
    }),
  }),

  route({
    endpoint: destinationEndpoints.update,
    access: allow('destinations', 'update'),
    async handler({ tx, params, body }) {
      await lockRecord(tx, DESTINATION, params.id, 'Destination');
      if (body.regionId) await assertReference(tx, REGION, body.regionId, 'regionId');
      await tx
        .update(destinations)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(destinations.id, params.id));
      return { data: await findDestination(tx, params.id) };
    },
  }),

  route({
    endpoint: destinationEndpoints.remove,
    access: allow('destinations', 'delete'),
    async handler({ tx, params }) {
      await lockRecord(tx, DESTINATION, params.id, 'Destination');
      const deleted = await findDestination(tx, params.id);
      await assertUnused(tx, 'destination', destinationUses(params.id));
      await tx.delete(destinations).where(eq(destinations.id, params.id));
      return { data: deleted, message: 'Destination deleted successfully' };
    },
  }),
];
