import * as v from 'valibot';
import { updateOf, booleanQuery, idSchema, intBetween, listOf, pageQuery, requiredText, sortBy, withFilter } from '../../common/schemas';
import type { CatalogueRef } from '../regions/contract';

export interface Review {
  _id: string;
  customerName: string;
  /** 1 to 5. */
  rating: number;
  text: string;
  /** The destination reviewed, if any. */
  destinationId: string | null;
  destination: CatalogueRef | null;
  /** The customized tour reviewed, if any. */
  tourId: string | null;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `DELETE /reviews/{id}` answers the deleted review and a message the toast shows. */
export interface ReviewDeleted {
  message: string;
  data: Review;
}

const reviewFields = {
  customerName: requiredText(120),
  rating: intBetween(1, 5),
  text: requiredText(5000),
  destinationId: v.optional(v.nullable(idSchema)),
  /** A customized tour of the organization. */
  tourId: v.optional(v.nullable(idSchema)),
  isPublished: v.optional(v.boolean('must be true or false')),
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

const ratingQuery = v.pipe(v.picklist(['1', '2', '3', '4', '5'], 'must be 1 to 5'), v.transform(Number));

export const REVIEW_SORT_FIELDS = ['createdAt', 'rating', 'customerName'] as const;
export const reviewsQuery = v.strictObject({
  ...pageQuery(),
  // Newest first unless asked otherwise.
  sortOrder: v.optional(v.picklist(['asc', 'desc'], 'must be asc or desc'), 'desc'),
  sortBy: sortBy(REVIEW_SORT_FIELDS, 'createdAt'),
  ...withFilter({
    destinations: listOf(idSchema),
    ratings: listOf(ratingQuery),
    isPublished: booleanQuery,
  }),
});
export type ReviewsQuery = v.InferOutput<typeof reviewsQuery>;
