import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { idParams, mergeFilter } from '../../src/api/common/schemas';
import type { Endpoint } from '../../src/api/common/endpoint';
import type { ModuleKey } from '../../src/api/permissions';
import type { Tx } from '../db/client';
import { countRows, listPage, orderBy } from '../http/list';
import { allow, route, type RouteDef } from '../http/route';
import { tourFilters, type TourListFilters, type TourTable } from './plan';
import type { PlanRow, PlannedTourBase } from './plan-store';

/**
 * The seed's calls of personalized and group tours, one implementation for both (`GET` a page, `GET
 * /id/{id}`, `POST`, the `PUT` that names the record by `_id` in the body, `DELETE`): a kind says its
 * endpoints (its contract's `planEndpoints`), module, sort columns, its own filters and how a deletion goes.
 */

type ListQuery = TourListFilters & { page: number; limit: number; sortBy: string; sortOrder: 'asc' | 'desc' };

/** The endpoints of a kind as its routes read them (`planEndpoints`): the list's query, the `_id` an update names. */
/* eslint-disable @typescript-eslint/no-explicit-any -- the answers' and a create's schemas, whatever they are */
interface PlanEndpoints<Q> {
  list: Endpoint<'GET', string, undefined, v.GenericSchema<unknown, Q>, undefined, any>;
  byId: Endpoint<'GET', string, typeof idParams, undefined, undefined, any>;
  create: Endpoint<'POST', string, undefined, undefined, any, any>;
  update: Endpoint<'PUT', string, undefined, undefined, v.GenericSchema<unknown, { _id: string }>, any>;
  remove: Endpoint<'DELETE', string, typeof idParams, undefined, undefined, any>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface PlanRoutesOf<Q extends ListQuery & { filter?: object }, R extends PlanRow, Item extends PlannedTourBase> {
  /** The kind's endpoints from its contract (`groupTourEndpoints`, built by `planEndpoints`). */
  endpoints: PlanEndpoints<Q>;
  module: Extract<ModuleKey, 'personalizedTours' | 'groupTours'>;
  table: TourTable;
  /** The kind's reads and writes (plan-store.ts). */
  store: {
    answersOf: (tx: Tx, rows: R[]) => Promise<Item[]>;
    detailOf: (tx: Tx, id: string) => Promise<unknown>;
    create: (tx: Tx, input: never, createdBy: string) => Promise<string>;
    update: (tx: Tx, body: { _id: string }) => Promise<void>;
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
  const { endpoints, module, table, store } = kind;
  const where = (q: Omit<Q, 'filter'>) => and(tourFilters(table, q), ...(kind.filters?.(q) ?? []));
  const detailOf = async (tx: Tx, id: string) => ({ data: await store.detailOf(tx, id) });
  return [
    route({
      endpoint: endpoints.list,
      access: allow(module, 'view'),
      async handler({ tx, query }) {
        const q = mergeFilter(query);
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
      endpoint: endpoints.byId,
      access: allow(module, 'view'),
      handler: ({ tx, params }) => detailOf(tx, params.id),
    }),

    route({
      endpoint: endpoints.create,
      access: allow(module, 'create'),
      async handler({ tx, auth, body }) {
        return detailOf(tx, await store.create(tx, body as never, auth.memberId));
      },
    }),

    route({
      endpoint: endpoints.update,
      access: allow(module, 'update'),
      async handler({ tx, body }) {
        await store.update(tx, body);
        return detailOf(tx, body._id);
      },
    }),

    route({
      endpoint: endpoints.remove,
      access: allow(module, 'delete'),
      async handler({ tx, params }) {
        const [deleted] = await store.answersOf(tx, [await kind.remove(tx, params.id)]);
        return { data: deleted, message: kind.deleted };
      },
    }),
  ];
}
