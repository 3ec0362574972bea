import { planResource, type PlanToursParams } from '../plan-resource';
import type { CreatePersonalizedTourInput, PersonalizedTour, PersonalizedTourDetail, UpdatePersonalizedTourInput } from './contract';
import { personalizedTourEndpoints } from './contract';

/** The seed's filters of the personalized tours list, and `isPublished`. */
export interface PersonalizedToursParams extends PlanToursParams {
  isPublished?: boolean;
}

/**
 * Personalized tours: `GET /personalized-tours`, `GET /personalized-tours/id/{id}` (with days and
 * lines), `POST /personalized-tours`, `DELETE /personalized-tours/{id}`; `PUT /personalized-tours`
 * (the tour named by `_id` in the body) is `useUpdatePersonalizedTour` (save-personalized-tour.ts).
 */
export const personalizedTours = planResource<PersonalizedTour, PersonalizedToursParams, CreatePersonalizedTourInput, UpdatePersonalizedTourInput, PersonalizedTourDetail>({
  name: 'personalized-tours',
  endpoints: personalizedTourEndpoints,
  section: 'personalizedTours',
  noun: 'personalized tour',
});

export const personalizedToursResource = personalizedTours.resource;
export const personalizedToursKeys = personalizedToursResource.keys;
export const usePersonalizedTours = personalizedToursResource.useList;
export const usePersonalizedTour = personalizedToursResource.useOne;
