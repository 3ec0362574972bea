import { eq, sql } from 'drizzle-orm';
import { personalizedTourEndpoints } from '../../src/api/tours/personalized/contract';
import { notFound } from '../http/errors';
import { personalizedTours } from './plan-schema';
import { planRoutes } from './plan-routes';
import { personalizedDocumentRoutes } from './personalized-documents';
import { personalizedStore } from './personalized';

/** The seed's personalized-tour calls (`PUT` names the tour by `_id` in the body), and its brochure. */
export const personalizedTourRoutes = [
  ...planRoutes({
    endpoints: personalizedTourEndpoints,
    module: 'personalizedTours',
    table: personalizedTours,
    store: personalizedStore,
    sort: {
      title: sql`lower(${personalizedTours.title})`,
      totalNights: personalizedTours.totalNights,
      createdAt: personalizedTours.createdAt,
      updatedAt: personalizedTours.updatedAt,
    },
    filters: (q) => [q.isPublished === undefined ? undefined : eq(personalizedTours.isPublished, q.isPublished)],
    async remove(tx, id) {
      // Bookings keep their own copy of a personalized tour (personalizedSnapshot), so none stops its deletion.
      const [row] = await tx.delete(personalizedTours).where(eq(personalizedTours.id, id)).returning();
      if (!row) throw notFound('Personalized tour');
      return row;
    },
    deleted: 'Personalized tour deleted successfully',
  }),
  ...personalizedDocumentRoutes,
];
