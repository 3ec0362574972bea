import { listResource, type ListParams } from '../../common/resource';
import type { MatchMode } from '../package-plan';
import type { CreatePersonalizedTourInput, PersonalizedTour, PersonalizedTourDetail } from './contract';

/** The seed's filters of the packages list, as the server reads them. */
export interface PersonalizedToursParams extends ListParams {
  ids?: string[];
  totalNights?: string | string[];
  pointOfContact?: string[];
  regions?: string[];
  destinations?: string[];
  regionFilter?: MatchMode;
  destinationFilter?: MatchMode;
  isPublished?: boolean;
}

/**
 * Packages: `GET /personalized-tours`, `GET /personalized-tours/id/{id}` (with days and lines),
 * `POST /personalized-tours`, `DELETE /personalized-tours/{id}`; `PUT /personalized-tours` (the
 * package named by `_id` in the body) is `useUpdatePersonalizedTour` (save-personalized-tour.ts).
 */
export const personalizedToursResource = listResource<PersonalizedTour, PersonalizedToursParams, CreatePersonalizedTourInput, never, undefined, PersonalizedTourDetail>({
  name: 'personalized-tours',
  itemPath: (id) => `/personalized-tours/id/${encodeURIComponent(id)}`,
  fallbacks: {
    fetchList: ['personalizedTours.errors.fetchList', 'Failed to fetch personalized tours'],
    fetchOne: ['personalizedTours.errors.fetchOne', 'Failed to fetch personalized tour'],
    create: ['personalizedTours.errors.create', 'Failed to create personalized tour'],
    update: ['personalizedTours.errors.update', 'Failed to update personalized tour'],
    delete: ['personalizedTours.errors.delete', 'Failed to delete personalized tour'],
  },
});

export const personalizedToursKeys = personalizedToursResource.keys;
export const usePersonalizedTours = personalizedToursResource.useList;
export const usePersonalizedTour = personalizedToursResource.useOne;
