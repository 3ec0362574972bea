import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { mergeFilter } from '../../src/api/common/schemas';
import { reviewEndpoints, type Review, type ReviewDeleted, type ReviewsQuery } from '../../src/api/catalogue/reviews/contract';
import type { Tx } from '../db/client';
import { destinations, reviews } from './schema';
import { notFound } from '../http/errors';
import { containsPattern, orderBy, listPage } from '../http/list';
import { assertReference, lockRecord } from '../http/records';
import { allow, route } from '../http/route';
import { DESTINATION } from './store';
import { assertTourReference } from './references';

const destinationRef = { _id: destinations.id, name: destinations.name, slug: destinations.slug };
type ReviewRow = { r: typeof reviews.$inferSelect; destination: Review['destination'] };

export function toReview({ r, destination }: ReviewRow): Review {
  return {
    _id: r.id,
    customerName: r.customerName,
    rating: r.rating,
    text: r.text,
    destinationId: r.destinationId,
    destination: destination?._id ? destination : null,
    tourId: r.tourId,
    isPublished: r.isPublished,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

async function findReview(tx: Tx, id: string): Promise<Review> {
  const [row] = await tx
    .select({ r: reviews, destination: destinationRef })
    .from(reviews)
    .leftJoin(destinations, eq(destinations.id, reviews.destinationId))
    .where(eq(reviews.id, id));
  if (!row) throw notFound('Review');
  return toReview(row);
}

function reviewFilters(q: Omit<ReviewsQuery, 'filter'>): SQL | undefined {
  const p = q.search ? containsPattern(q.search) : undefined;
  return and(
    p ? or(ilike(reviews.customerName, p), ilike(reviews.text, p), ilike(destinations.name, p)) : undefined,
    q.destinations?.length ? inArray(reviews.destinationId, q.destinations) : undefined,
    q.ratings?.length ? inArray(reviews.rating, q.ratings) : undefined,
    q.isPublished !== undefined ? eq(reviews.isPublished, q.isPublished) : undefined,
  );
}

const REVIEW_SORT = { createdAt: reviews.createdAt, rating: reviews.rating, customerName: sql`lower(${reviews.customerName})` };

export const reviewRoutes = [
  route({
    endpoint: reviewEndpoints.list,
    access: allow('reviews', 'view'),
    async handler({ tx, query }) {
      const where = reviewFilters(mergeFilter(query));
      return listPage(query, {
          rows: (limit, offset) =>
          tx
            .select({ r: reviews, destination: destinationRef })
            .from(reviews)
            .leftJoin(destinations, eq(destinations.id, reviews.destinationId))
            .where(where)
            .orderBy(orderBy(REVIEW_SORT[query.sortBy], query.sortOrder), orderBy(reviews.createdAt, query.sortOrder), asc(reviews.id))
            .limit(limit)
            .offset(offset),
          toItem: (row) => toReview(row),
          count: async () =>
          (await tx.select({ n: sql<number>`count(*)::int` }).from(reviews).leftJoin(destinations, eq(destinations.id, reviews.destinationId)).where(where))[0].n,
        });
    },
  }),

  route({
    endpoint: reviewEndpoints.create,
    access: allow('reviews', 'create'),
    async handler({ tx, body }) {
      if (body.destinationId) await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
      if (body.tourId) await assertTourReference(tx, body.tourId, 'tourId');
      const [created] = await tx.insert(reviews).values(body).returning({ id: reviews.id });
      return { data: await findReview(tx, created.id) };
    },
  }),

  route({
    endpoint: reviewEndpoints.update,
    access: allow('reviews', 'update'),
    async handler({ tx, params, body }) {
      await lockRecord(tx, { table: reviews, id: reviews.id }, params.id, 'Review');
      if (body.destinationId) await assertReference(tx, DESTINATION, body.destinationId, 'destinationId');
      if (body.tourId) await assertTourReference(tx, body.tourId, 'tourId');
      await tx
        .update(reviews)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(reviews.id, params.id));
      return { data: await findReview(tx, params.id) };
    },
  }),

  route({
    endpoint: reviewEndpoints.remove,
    access: allow('reviews', 'delete'),
    async handler({ tx, params }): Promise<ReviewDeleted> {
      await lockRecord(tx, { table: reviews, id: reviews.id }, params.id, 'Review');
      const deleted = await findReview(tx, params.id);
      await tx.delete(reviews).where(eq(reviews.id, params.id));
      return { message: 'Review deleted successfully', data: deleted };
    },
  }),
];
