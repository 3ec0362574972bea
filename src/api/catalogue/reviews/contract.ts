import { endpoint } from '../../common/endpoint';
import * as v from 'valibot';
import { booleanQuery, flag, idParams, itemAnswer, listAnswerOf, idSchema, intBetween, listOf, multiline, oneOf, pageQuery, requiredText, sortBy, sortOrder, timestamp, updateOf, uuid, withFilter } from '../../common/schemas';
import { catalogueRefSchema } from '../regions/contract';

export const reviewSchema = v.object({
  _id: uuid,
  customerName: v.string(),
  /** 1 to 5. */
  rating: v.number(),
  text: v.string(),
  /** The destination reviewed, if any. */
  destinationId: v.nullable(uuid),
  destination: v.nullable(catalogueRefSchema),
  /** The customized tour reviewed, if any. */
  tourId: v.nullable(uuid),
  isPublished: v.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Review = v.InferOutput<typeof reviewSchema>;

/** `DELETE /reviews/{id}` answers the deleted review and a message the toast shows. */
export const reviewDeletedSchema = v.object({ message: v.string(), data: reviewSchema });
export type ReviewDeleted = v.InferOutput<typeof reviewDeletedSchema>;

const reviewFields = {
  customerName: requiredText(120),
  rating: intBetween(1, 5),
  text: requiredText(5000, multiline),
  destinationId: v.optional(v.nullable(idSchema)),
  /** A customized tour of the organization. */
  tourId: v.optional(v.nullable(idSchema)),
  isPublished: v.optional(flag),
};

export const createReviewInput = v.strictObject(reviewFields);
export type CreateReviewInput = v.InferOutput<typeof createReviewInput>;

export const updateReviewInput = updateOf({
  ...reviewFields,
  customerName: v.optional(reviewFields.customerName),
  rating: v.optional(reviewFields.rating),
  text: v.optional(reviewFields.text),
});
export type UpdateReviewInput = v.InferOutput<typeof updateReviewInput>;

const ratingQuery = v.pipe(oneOf(['1', '2', '3', '4', '5'], 'must be 1 to 5'), v.transform(Number));

export const REVIEW_SORT_FIELDS = ['createdAt', 'rating', 'customerName'] as const;
export const reviewsQuery = v.strictObject({
  ...pageQuery(),
  // Newest first unless asked otherwise.
  sortOrder: sortOrder('desc'),
  sortBy: sortBy(REVIEW_SORT_FIELDS, 'createdAt'),
  ...withFilter({
    destinations: listOf(idSchema),
    ratings: listOf(ratingQuery),
    isPublished: booleanQuery,
  }),
});
export type ReviewsQuery = v.InferOutput<typeof reviewsQuery>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const reviewEndpoints = {
  list: endpoint({ method: 'GET', path: '/reviews', query: reviewsQuery, answer: listAnswerOf(reviewSchema) }),
  create: endpoint({ method: 'POST', path: '/reviews', body: createReviewInput, answer: itemAnswer(reviewSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/reviews/:id', params: idParams, body: updateReviewInput, answer: itemAnswer(reviewSchema) }),
  remove: endpoint({ method: 'DELETE', path: '/reviews/:id', params: idParams, answer: reviewDeletedSchema }),
};
