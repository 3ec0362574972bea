import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { deletedAnswer, idParams, itemAnswer, mergeFilter } from '../../src/api/common/schemas';
import {
  createGroupTourInput,
  groupTourDetailSchema,
  groupTourIdsQuery,
  groupTourListSchema,
  groupTourSchema,
  groupToursByIdsSchema,
  groupToursQuery,
  updateGroupTourInput,
  type GroupToursQuery,
} from '../../src/api/tours/group/contract';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { countRows, listPage, orderBy } from '../http/list';
import { allow, route } from '../http/route';
import { groupTours } from './package-schema';
import { tourFilters } from './package-plan';
import { createGroupTour, groupTourDetail, toGroupTours, updateGroupTour } from './departures';

const SORT = {
  departure: groupTours.departure,
  title: sql`lower(${groupTours.title})`,
  totalNights: groupTours.totalNights,
  seatsFree: sql`${groupTours.capacity} - ${groupTours.seatsTaken}`,
  createdAt: groupTours.createdAt,
  updatedAt: groupTours.updatedAt,
};

function filters(q: Omit<GroupToursQuery, 'filter'>) {
  return and(
    tourFilters(groupTours, q),
    q.status?.length ? inArray(groupTours.status, q.status) : undefined,
    q.departure?.from ? gte(groupTours.departure, q.departure.from) : undefined,
    q.departure?.to ? lte(groupTours.departure, q.departure.to) : undefined,
  );
}

const detailOf = async (tx: Tx, id: string) => ({ data: await groupTourDetail(tx, id) });

/** The seed's group-tour calls: fixed departures (`PUT` names the departure by `_id` in the body). */
export const groupTourRoutes = [
  route({
    method: 'GET',
    path: '/group-tours',
    answers: groupTourListSchema,
    access: allow('groupTours', 'view'),
    query: groupToursQuery,
    async handler({ tx, query }) {
      const q = mergeFilter(query);
      const where = filters(q);
      const page = await listPage(q, {
        rows: (limit, offset) =>
          tx
            .select()
            .from(groupTours)
            .where(where)
            .orderBy(orderBy(SORT[q.sortBy], q.sortOrder), asc(groupTours.id))
            .limit(limit)
            .offset(offset),
        toItem: (row) => row,
        count: () => countRows(tx, tx.select({ one: sql`1` }).from(groupTours).where(where)),
      });
      return { ...page, data: await toGroupTours(tx, page.data) };
    },
  }),

  /** Several departures by id, in the order asked (a booking list naming its departures); 404 if any is unknown. */
  route({
    method: 'GET',
    path: '/group-tours/ids',
    answers: groupToursByIdsSchema,
    access: allow('groupTours', 'view'),
    query: groupTourIdsQuery,
    async handler({ tx, query }) {
      const rows = await tx.select().from(groupTours).where(inArray(groupTours.id, query.ids));
      if (rows.length !== query.ids.length) throw notFound('Group tour');
      const byId = new Map((await toGroupTours(tx, rows)).map((t) => [t._id, t]));
      return { data: query.ids.map((id) => byId.get(id)!) };
    },
  }),

  route({
    method: 'GET',
    path: '/group-tours/id/:id',
    answers: itemAnswer(groupTourDetailSchema),
    access: allow('groupTours', 'view'),
    params: idParams,
    handler: ({ tx, params }) => detailOf(tx, params.id),
  }),

  route({
    method: 'POST',
    path: '/group-tours',
    answers: itemAnswer(groupTourDetailSchema),
    access: allow('groupTours', 'create'),
    body: createGroupTourInput,
    status: 201,
    async handler({ tx, auth, body }) {
      return detailOf(tx, await createGroupTour(tx, body, auth.memberId));
    },
  }),

  route({
    method: 'PUT',
    path: '/group-tours',
    answers: itemAnswer(groupTourDetailSchema),
    access: allow('groupTours', 'update'),
    body: updateGroupTourInput,
    async handler({ tx, body }) {
      await updateGroupTour(tx, body);
      return detailOf(tx, body._id);
    },
  }),

  route({
    method: 'DELETE',
    path: '/group-tours/:id',
    answers: deletedAnswer(groupTourSchema),
    access: allow('groupTours', 'delete'),
    params: idParams,
    async handler({ tx, params }) {
      // Only a departure nobody holds a seat on: one conditional delete, so a reservation either
      // lands first (and the delete is refused) or finds the departure gone.
      const [row] = await tx.delete(groupTours).where(and(eq(groupTours.id, params.id), eq(groupTours.seatsTaken, 0))).returning();
      if (row) {
        const [deleted] = await toGroupTours(tx, [row]);
        return { data: deleted, message: 'Group tour deleted successfully' };
      }
      const [held] = await tx.select({ seatsTaken: groupTours.seatsTaken }).from(groupTours).where(eq(groupTours.id, params.id));
      if (!held) throw notFound('Group tour');
      const seats = `${held.seatsTaken} ${held.seatsTaken === 1 ? 'seat' : 'seats'} taken`;
      throw conflict(`This departure has ${seats} and cannot be deleted`, 'IN_USE', { kind: 'group tour', uses: [seats] });
    },
  }),
];
