import { listResource, type ListParams } from '../../common/resource';
import type { CreateReviewInput, Review, UpdateReviewInput } from './contract';
import { reviewEndpoints } from './contract';

export interface ReviewsParams extends ListParams {
  destinations?: string[];
  /** Ratings, `'1'` to `'5'`. */
  ratings?: string[];
  isPublished?: boolean;
}

/** Reviews: `GET/POST /reviews`, `PUT /reviews/{id}`, `DELETE /reviews/{id}` (answers a message the toast shows). */
export const reviewsResource = listResource<Review, ReviewsParams, CreateReviewInput, UpdateReviewInput>({
  name: 'reviews',
  endpoints: { list: reviewEndpoints.list, create: reviewEndpoints.create, update: reviewEndpoints.update, remove: reviewEndpoints.remove },
  fallbacks: {
    fetchList: ['reviews.errors.fetchList', 'Failed to fetch reviews'],
    create: ['reviews.errors.create', 'Failed to create review'],
    update: ['reviews.errors.update', 'Failed to update review'],
    delete: ['reviews.errors.delete', 'Failed to delete review'],
  },
});

/** The seed's loading flags for reviews: fetching, creating, updating, deleting. */
export const useReviewLoadingFlags = reviewsResource.useLoadingFlags;
