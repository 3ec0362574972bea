import { and, eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { idParams, mergeFilter } from '../../src/api/common/schemas';
import type { Endpoint } from '../../src/api/common/endpoint';
import type { ModuleKey } from '../../src/api/permissions';
import type { CatalogueRef } from '../../src/api/catalogue/regions/contract';
import type { Tx } from '../db/client';
import { destinations, placeCounts, regions } from './schema';
import { issue, notFound } from '../http/errors';
import { importRoute } from '../http/import';
import type { ImportEndpoint } from '../../src/api/common/import';
import { countRows, isoInstantSql, listJsonPage, listPageJson, pageColumn, type JsonPage, type OrderKey } from '../http/list';
import { assertReference, assertUnused, lockRecord, referenceResolver, sluggedImporter, uniqueSlug } from '../http/records';
import { allow, route, type RouteDef } from '../http/route';
import { DESTINATION, placeColumns, type PlacedRow, type PlacedTable } from './store';

/**
 * Hotels and activities are both records placed in a destination: the same list (filters by
 * region, destination and facets, header counts from `place_counts`), detail, create, update,
 * delete and import routes, built once here.
 */

/** The fields every placed record answers: its name, slug and description, where it is, its timestamps. */
export function placedRecordFields({ record, destination, region }: PlacedRow<PlacedRecordColumns>) {
  const { id, name, slug, description, createdAt, updatedAt } = record;
  return { _id: id, name, slug, description, destinationId: destination._id, destination, regionId: region._id, region, createdAt, updatedAt };
}
type PlacedRecordColumns = { id: string; name: string; slug: string; description: string | null; createdAt: string; updatedAt: string };

/** The list query every placed resource takes (its facet filters aside). */
interface PlacedListQuery<SortKey extends string> {
  page: number;
  limit: number;
  sortBy: SortKey;
  sortOrder: 'asc' | 'desc';
  search?: string;
  regions?: string[];
  destinations?: string[];
  filter?: object;
}

/**
 * A filter on a counted facet of a placed resource (hotels: stars; activities: category and
 * difficulty): the column, and the values the query chose. The same facets, in the same order, are
 * the `place_counts` triggers' arguments (migration 0005).
 */
export interface Facet<Q> {
  column: AnyPgColumn;
  chosen: (query: Q) => readonly (string | number)[] | undefined;
}

/** The endpoints of a placed resource as its routes read them (`placedEndpoints`): the list's query, the bodies a create and an update take. */
/* eslint-disable @typescript-eslint/no-explicit-any -- the answers' schemas, whatever they are */
interface PlacedEndpoints<Q> {
  list: Endpoint<'GET', string, undefined, v.GenericSchema<unknown, Q>, undefined, any>;
  byId: Endpoint<'GET', string, typeof idParams, undefined, undefined, any>;
  create: Endpoint<'POST', string, undefined, undefined, v.GenericSchema<unknown, { destinationId: string; name: string; slug?: string }>, any>;
  update: Endpoint<'PUT', string, typeof idParams, undefined, v.GenericSchema<unknown, { destinationId?: string }>, any>;
  remove: Endpoint<'DELETE', string, typeof idParams, undefined, undefined, any>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A cell of `place_counts`: how many records of one destination have these facet values. */
export interface PlaceCell {
  destination: CatalogueRef;
  regionId: string;
  facets: [string, string];
  n: number;
}

/**
 * The organization's cells of one placed table (a few hundred at most: destinations × facet values),
 * as one JSON array column of a list page's statement: read in the page's round trip, and parsed
 * as JSON rather than mapped row by row.
 */
function placeCellsColumn(resource: string): SQL {
  return sql`(select coalesce(json_agg(c), '[]'::json) from (
      select json_build_object('_id', ${destinations.id}, 'name', ${destinations.name}, 'slug', ${destinations.slug}) as destination,
             ${destinations.regionId} as "regionId", array[${placeCounts.facetA}, ${placeCounts.facetB}] as facets, sum(${placeCounts.n})::int as n
      from ${placeCounts} join ${destinations} on ${destinations.id} = ${placeCounts.destinationId}
      where ${placeCounts.resource} = ${resource}
      group by ${destinations.id}, ${placeCounts.facetA}, ${placeCounts.facetB}) c) as cells`;
}

/** Sums cells by one key: every key given is present (0 when none). */
export function cellCounts<K extends string>(cells: PlaceCell[], keyOf: (cell: PlaceCell) => string, keys: readonly K[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const cell of cells) {
    const key = keyOf(cell) as K;
    if (key in counts) counts[key] += cell.n;
  }
  return counts;
}

/**
 * The routes of a catalogue resource whose records sit in a destination (the seed's hotels and
 * activities calls), declared by its contract's `placedEndpoints` (src/api/catalogue/placed.ts):
 * `GET <path>` (page, sort, search and filters, with the header's `stats`), `GET <itemPath>`, `POST
 * <path>` (slug from the name), `PUT <path>/:id` and `DELETE <path>/:id` (answering the seed's
 * message); and `POST <path>/import` (the destination named by id, slug or name). The resource gives
 * its table, how a row becomes its answer, its facets, sort keys and stats.
 *
 * The list reads the header and, without a search, its total from `place_counts`; a search reads
 * the rows the resource's search function finds (both in migration 0005).
 */
export function placedRecordRoutes<R, Rec, Q extends PlacedListQuery<K>, K extends string, I extends { name: string; slug?: string; destination: string }, S>(def: {
  module: ModuleKey;
  /** The resource's import path from its contract (`hotelPaths`). */
  paths: { import: ImportEndpoint };
  /** The resource's endpoints from its contract (`hotelEndpoints`, built by `placedEndpoints`). */
  endpoints: PlacedEndpoints<Q>;
  target: PlacedTable;
  /** What a missing record is called: `Hotel` (not found). */
  label: string;
  toRecord: (row: PlacedRow<R>) => Rec;
  /**
   * The record's own fields (those `placedRecordFields` does not write) as `json_build_object` pairs
   * over a list page's row (`col('stars')`): the list is written by PostgreSQL (`listPageJson`), and
   * tests/api/list-json.test.ts holds it to `toRecord`.
   */
  recordJson: (col: (name: string) => SQL) => SQL;
  facets: [Facet<Omit<Q, 'filter'>>, Facet<Omit<Q, 'filter'>>?];
  sort: Record<K, AnyColumn | SQL>;
  stats: (cells: PlaceCell[]) => S;
  importRow: v.GenericSchema<unknown, I>;
  fromCsv: (text: string) => { rows: unknown[] };
  deletedMessage: string;
}): RouteDef[] {
  const t = def.target;
  const resource = getTableName(t.table);
  const columns = { record: t.table, ...placeColumns };
  /** The records with their destination and region: all, or those a search found (read under the table's own name). */
  const select = (tx: Tx, selection: SelectedFields, search?: string) =>
    tx
      .select(selection)
      .from(search ? sql`${t.search(search)} as ${sql.identifier(resource)}` : t.table)
      .innerJoin(destinations, eq(destinations.id, t.destinationId))
      .innerJoin(regions, eq(regions.id, destinations.regionId));
  const toRecord = (row: unknown) => def.toRecord(row as PlacedRow<R>);
  /** A list row as `toRecord` answers it (`placedRecordFields` and the resource's own), written by PostgreSQL from a page row named as the table. */
  const col = pageColumn(resource);
  const recordJson = sql`json_build_object(
    '_id', ${col('id')}, 'name', ${col('name')}, 'slug', ${col('slug')}, 'description', ${col('description')},
    'destinationId', ${col('destination_id')}, 'destination', json_build_object('_id', ${col('destination_id')}, 'name', ${col('d_name')}, 'slug', ${col('d_slug')}),
    'regionId', ${col('r_id')}, 'region', json_build_object('_id', ${col('r_id')}, 'name', ${col('r_name')}, 'slug', ${col('r_slug')}),
    'createdAt', ${isoInstantSql(col('created_at'))}, 'updatedAt', ${isoInstantSql(col('updated_at'))}, ${def.recordJson(col)})`;

  function filters(q: Omit<Q, 'filter'>): SQL | undefined {
    return and(
      q.regions?.length ? inArray(destinations.regionId, q.regions) : undefined,
      q.destinations?.length ? inArray(t.destinationId, q.destinations) : undefined,
      ...def.facets.map((f) => {
        const chosen = f?.chosen(q);
        return f && chosen?.length ? inArray(f.column, [...chosen]) : undefined;
      }),
    );
  }
  /** The total of an unsearched list, from the cells its filters choose. */
  function cellTotal(cells: PlaceCell[], q: Omit<Q, 'filter'>): number {
    const chosen = def.facets.map((f) => f?.chosen(q)?.map(String));
    return cells
      .filter(
        (c) =>
          (!q.regions?.length || q.regions.includes(c.regionId)) &&
          (!q.destinations?.length || q.destinations.includes(c.destination._id)) &&
          chosen.every((values, i) => !values?.length || values.includes(c.facets[i])),
      )
      .reduce((sum, c) => sum + c.n, 0);
  }

  async function find(tx: Tx, id: string): Promise<Rec> {
    const [row] = await select(tx, columns).where(eq(t.id, id));
    if (!row) throw notFound(def.label);
    return toRecord(row);
  }

  return [
    route({
      endpoint: def.endpoints.list,
      access: allow(def.module, 'view'),
      async handler({ tx, query }) {
        const q = mergeFilter(query);
        const where = filters(q);
        const order: OrderKey[] = [
          { by: def.sort[q.sortBy], dir: q.sortOrder },
          { by: t.id, dir: 'asc' },
        ];
        // A search reads every match anyway (found through the index, not walked in order), so
        // counting them beside the page costs no second search.
        const columns = sql`${sql.identifier(resource)}.*, ${destinations.name} as d_name, ${destinations.slug} as d_slug, ${regions.id} as r_id, ${regions.name} as r_name,
          ${regions.slug} as r_slug${q.search ? sql`, (count(*) over ())::int as matching` : sql``}`;
        const from = sql`${q.search ? sql`${t.search(q.search)} as ${sql.identifier(resource)}` : t.table} join ${destinations} on ${destinations.id} = ${t.destinationId}
          join ${regions} on ${regions.id} = ${destinations.regionId}`;
        // The page, its header's cells and a search's number of matches: one statement.
        const aggregates = sql`${q.search ? sql`max(matching) as matching` : sql`null::int as matching`}, ${placeCellsColumn(resource)}`;
        return listPageJson(q, {
          page: (limit, offset) =>
            listJsonPage<JsonPage & { matching: number | null; cells: PlaceCell[] }>(tx, { columns, from, where, order, limit, offset, alias: resource, record: recordJson, aggregates }),
          count: async (page) => (q.search ? (page.matching ?? (await countRows(tx, select(tx, { one: sql`1` }, q.search).where(where)))) : cellTotal(page.cells, q)),
          stats: (page) => def.stats(page.cells),
        });
      },
    }),

    route({
      endpoint: def.endpoints.byId,
      access: allow(def.module, 'view'),
      async handler({ tx, params }) {
        return { data: await find(tx, params.id) };
      },
    }),

    route({
      endpoint: def.endpoints.create,
      access: allow(def.module, 'create'),
      async handler({ tx, body }) {
        await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
        const slug = body.slug ?? (await uniqueSlug(tx, t, body.name));
        const [created] = await tx
          .insert(t.table)
          .values({ ...body, slug } as never)
          .returning({ id: t.id });
        return { data: await find(tx, created.id as string) };
      },
    }),

    importRoute({
      endpoint: def.paths.import,
      module: def.module,
      fromCsv: def.fromCsv,
      importer: sluggedImporter<I>({
        target: t,
        rowSchema: def.importRow,
        references: [{ column: 'destinationId', field: 'destination', target: DESTINATION }],
        async prepare(tx, inputs) {
          const destinationOf = await referenceResolver(tx, DESTINATION, inputs.map((i) => i.destination));
          return ({ destination, ...rest }) => {
            const destinationId = destinationOf(destination);
            return destinationId ? { ...rest, destinationId } : { reject: issue('destination', 'unknownReference', `"${destination}" is not a known destination`, { kind: 'destination' }) };
          };
        },
      }),
    }),

    route({
      endpoint: def.endpoints.update,
      access: allow(def.module, 'update'),
      async handler({ tx, params, body }) {
        await lockRecord(tx, t, params.id, def.label);
        if (body.destinationId) await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
        await tx
          .update(t.table)
          .set({ ...body, updatedAt: sql`now()` } as never)
          .where(eq(t.id, params.id));
        return { data: await find(tx, params.id) };
      },
    }),

    route({
      endpoint: def.endpoints.remove,
      access: allow(def.module, 'delete'),
      async handler({ tx, params }) {
        await lockRecord(tx, t, params.id, def.label);
        const deleted = await find(tx, params.id);
        await assertUnused(tx, t.kind, t.uses(params.id));
        await tx.delete(t.table).where(eq(t.id, params.id));
        return { data: deleted, message: def.deletedMessage };
      },
    }),
  ];
}
