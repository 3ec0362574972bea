import { and, asc, eq, sql } from 'drizzle-orm';
import { deletedAnswer, idParams, itemAnswer, mergeFilter } from '../../src/api/common/schemas';
import {
  createPersonalizedTourInput,
  personalizedTourDetailSchema,
  personalizedTourListSchema,
  personalizedTourSchema,
  personalizedToursQuery,
  updatePersonalizedTourInput,
  type PersonalizedToursQuery,
} from '../../src/api/tours/personalized/contract';
import type { Tx } from '../db/client';
import { notFound } from '../http/errors';
import { countRows, listPage, orderBy } from '../http/list';
import { allow, route } from '../http/route';
import { personalizedTours } from './package-schema';
import { tourFilters } from './package-plan';
import { packageDocumentRoutes } from './package-documents';
import { createPersonalizedTour, personalizedTourDetail, toPersonalizedTours, updatePersonalizedTour } from './packages';

const SORT = {
  title: sql`lower(${personalizedTours.title})`,
  totalNights: personalizedTours.totalNights,
  createdAt: personalizedTours.createdAt,
  updatedAt: personalizedTours.updatedAt,
};

function filters(q: Omit<PersonalizedToursQuery, 'filter'>) {
  return and(tourFilters(personalizedTours, q), q.isPublished === undefined ? undefined : eq(personalizedTours.isPublished, q.isPublished));
}

const detailOf = async (tx: Tx, id: string) => ({ data: await personalizedTourDetail(tx, id) });

/** The seed's personalized-tour calls: packages staff reuse (`PUT` names the package by `_id` in the body). */
export const personalizedTourRoutes = [
  route({
    method: 'GET',
    path: '/personalized-tours',
    answers: personalizedTourListSchema,
    access: allow('personalizedTours', 'view'),
    query: personalizedToursQuery,
    async handler({ tx, query }) {
      const q = mergeFilter(query);
      const where = filters(q);
      const page = await listPage(q, {
        rows: (limit, offset) =>
          tx
            .select()
            .from(personalizedTours)
            .where(where)
            .orderBy(orderBy(SORT[q.sortBy], q.sortOrder), asc(personalizedTours.id))
            .limit(limit)
            .offset(offset),
        toItem: (row) => row,
        count: () => countRows(tx, tx.select({ one: sql`1` }).from(personalizedTours).where(where)),
      });
      return { ...page, data: await toPersonalizedTours(tx, page.data) };
    },
  }),

  route({
    method: 'GET',
    path: '/personalized-tours/id/:id',
    answers: itemAnswer(personalizedTourDetailSchema),
    access: allow('personalizedTours', 'view'),
    params: idParams,
    handler: ({ tx, params }) => detailOf(tx, params.id),
  }),

  route({
    method: 'POST',
    path: '/personalized-tours',
    answers: itemAnswer(personalizedTourDetailSchema),
    access: allow('personalizedTours', 'create'),
    body: createPersonalizedTourInput,
    status: 201,
    async handler({ tx, auth, body }) {
      return detailOf(tx, await createPersonalizedTour(tx, body, auth.memberId));
    },
  }),

  route({
    method: 'PUT',
    path: '/personalized-tours',
    answers: itemAnswer(personalizedTourDetailSchema),
    access: allow('personalizedTours', 'update'),
    body: updatePersonalizedTourInput,
    async handler({ tx, body }) {
      await updatePersonalizedTour(tx, body);
      return detailOf(tx, body._id);
    },
  }),

  route({
    method: 'DELETE',
    path: '/personalized-tours/:id',
    answers: deletedAnswer(personalizedTourSchema),
    access: allow('personalizedTours', 'delete'),
    params: idParams,
    async handler({ tx, params }) {
      // Bookings keep their own copy of a package (packageSnapshot), so none stops its deletion.
      const [row] = await tx.delete(personalizedTours).where(eq(personalizedTours.id, params.id)).returning();
      if (!row) throw notFound('Personalized tour');
      const [deleted] = await toPersonalizedTours(tx, [row]);
      return { data: deleted, message: 'Personalized tour deleted successfully' };
    },
  }),

  ...packageDocumentRoutes,
];
