import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { groupTourEndpoints } from '../../src/api/tours/group/contract';
import { conflict, notFound } from '../http/errors';
import { allow, route } from '../http/route';
import { groupTours } from './plan-schema';
import { planRoutes } from './plan-routes';
import { groupStore, toGroupTours } from './group';

/** The seed's group-tour calls: fixed departures (`PUT` names the departure by `_id` in the body), and several by id. */
export const groupTourRoutes = [
  ...planRoutes({
    endpoints: groupTourEndpoints,
    module: 'groupTours',
    table: groupTours,
    store: groupStore,
    sort: {
      departure: groupTours.departure,
      title: sql`lower(${groupTours.title})`,
      totalNights: groupTours.totalNights,
      seatsFree: sql`${groupTours.capacity} - ${groupTours.seatsTaken}`,
      createdAt: groupTours.createdAt,
      updatedAt: groupTours.updatedAt,
    },
    filters: (q) => [
      q.status?.length ? inArray(groupTours.status, q.status) : undefined,
      q.departure?.from ? gte(groupTours.departure, q.departure.from) : undefined,
      q.departure?.to ? lte(groupTours.departure, q.departure.to) : undefined,
    ],
    async remove(tx, id) {
      // Only a departure nobody holds a seat on: one conditional delete, so a reservation either
      // lands first (and the delete is refused) or finds the departure gone.
      const [row] = await tx.delete(groupTours).where(and(eq(groupTours.id, id), eq(groupTours.seatsTaken, 0))).returning();
      if (row) return row;
      const [held] = await tx.select({ seatsTaken: groupTours.seatsTaken }).from(groupTours).where(eq(groupTours.id, id));
      if (!held) throw notFound('Group tour');
      const seats = `${held.seatsTaken} ${held.seatsTaken === 1 ? 'seat' : 'seats'} taken`;
      throw conflict(`This departure has ${seats} and cannot be deleted`, 'IN_USE', { kind: 'group tour', uses: [seats] });
    },
    deleted: 'Group tour deleted successfully',
  }),

  /** Several departures by id, in the order asked (a booking list naming its departures); 404 if any is unknown. */
  route({
    endpoint: groupTourEndpoints.byIds,
    access: allow('groupTours', 'view'),
    async handler({ tx, query }) {
      const rows = await tx.select().from(groupTours).where(inArray(groupTours.id, query.ids));
      if (rows.length !== query.ids.length) throw notFound('Group tour');
      const byId = new Map((await toGroupTours(tx, rows)).map((t) => [t._id, t]));
      return { data: query.ids.map((id) => byId.get(id)!) };
    },
  }),
];
