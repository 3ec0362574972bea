import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { deletedAnswer, idParams, itemAnswer, mergeFilter } from '../../src/api/common/schemas';
import type { ModuleKey } from '../../src/api/permissions';
import type { Tx } from '../db/client';
import { countRows, listPage, orderBy } from '../http/list';
import { allow, route, type RouteDef } from '../http/route';
import { tourFilters, type TourListFilters, type TourTable } from './plan';
import type { PlanRow, PlannedTourBase } from './plan-store';

/**
 * The seed's calls of personalized and group tours, one implementation for both (`GET` a page, `GET
 * /id/{id}`, `POST`, the `PUT` that names the record by `_id` in the body, `DELETE`): a kind says its
 * path, module, schemas, sort columns, its own filters and how a deletion goes.
 */

type ListQuery = TourListFilters & { page: number; limit: number; sortBy: string; sortOrder: 'asc' | 'desc' };

export interface PlanRoutesOf<Q extends ListQuery & { filter?: object }, R extends PlanRow, Item extends PlannedTourBase> {
  /** The kind's paths from its contract (`groupTourPaths`): the list, one with its plan, a `DELETE`. */
  paths: { list: { pattern: string }; byId: { pattern: string }; record: { pattern: string } };
  module: Extract<ModuleKey, 'personalizedTours' | 'groupTours'>;
  table: TourTable;
  /** The kind's reads and writes (plan-store.ts). */
  store: {
    answersOf: (tx: Tx, rows: R[]) => Promise<Item[]>;
    detailOf: (tx: Tx, id: string) => Promise<unknown>;
    create: (tx: Tx, input: never, createdBy: string) => Promise<string>;
    update: (tx: Tx, body: { _id: string }) => Promise<void>;
  };
  schemas: {
    item: v.GenericSchema;
    detail: v.GenericSchema;
    list: v.GenericSchema;
    query: v.GenericSchema<unknown, Q>;
    create: v.GenericSchema;
    update: v.GenericSchema<unknown, { _id: string }>;
  };
  sort: Record<Q['sortBy'], AnyPgColumn | SQL>;
  /** The kind's own filters, beside the seed's. */
  filters?: (q: Omit<Q, 'filter'>) => (SQL | undefined)[];
  /** `DELETE`: the row deleted, or the refusal (404, or why it stays). */
  remove: (tx: Tx, id: string) => Promise<R>;
  /** `DELETE`'s answer message. */
  deleted: string;
}

export function planRoutes<Q extends ListQuery & { filter?: object }, R extends PlanRow, Item extends PlannedTourBase>(kind: PlanRoutesOf<Q, R, Item>): RouteDef[] {
  const { paths, module, table, store, schemas } = kind;
  const where = (q: Omit<Q, 'filter'>) => and(tourFilters(table, q), ...(kind.filters?.(q) ?? []));
  const detailOf = async (tx: Tx, id: string) => ({ data: await store.detailOf(tx, id) });
  return [
    route({
      method: 'GET',
      path: paths.list.pattern,
      answers: schemas.list,
      access: allow(module, 'view'),
      query: schemas.query,
      async handler({ tx, query }) {
        const q = mergeFilter(query as Q);
        const filter = where(q);
        const page = await listPage(q, {
          rows: (limit, offset) =>
            tx
              .select()
              .from(table)
              .where(filter)
              .orderBy(orderBy(kind.sort[q.sortBy as Q['sortBy']], q.sortOrder), asc(table.id))
              .limit(limit)
              .offset(offset) as Promise<R[]>,
          toItem: (row) => row,
          count: () => countRows(tx, tx.select({ one: sql`1` }).from(table).where(filter)),
        });
        return { ...page, data: await store.answersOf(tx, page.data) };
      },
    }),

    route({
      method: 'GET',
      path: paths.byId.pattern,
      answers: itemAnswer(schemas.detail),
      access: allow(module, 'view'),
      params: idParams,
      handler: ({ tx, params }) => detailOf(tx, params.id),
    }),

    route({
      method: 'POST',
      path: paths.list.pattern,
      answers: itemAnswer(schemas.detail),
      access: allow(module, 'create'),
      body: schemas.create,
      status: 201,
      async handler({ tx, auth, body }) {
        return detailOf(tx, await store.create(tx, body as never, auth.memberId));
      },
    }),

    route({
      method: 'PUT',
      path: paths.list.pattern,
      answers: itemAnswer(schemas.detail),
      access: allow(module, 'update'),
      body: schemas.update,
      async handler({ tx, body }) {
        await store.update(tx, body);
        return detailOf(tx, body._id);
      },
    }),

    route({
      method: 'DELETE',
      path: paths.record.pattern,
      answers: deletedAnswer(schemas.item),
      access: allow(module, 'delete'),
      params: idParams,
      async handler({ tx, params }) {
        const [deleted] = await store.answersOf(tx, [await kind.remove(tx, params.id)]);
        return { data: deleted, message: kind.deleted };
      },
    }),
  ];
}
