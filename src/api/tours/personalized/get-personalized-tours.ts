import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fallback } from '../../client';
import { listResource, type ListParams } from '../../common/resource';
import type { ItemAnswer } from '../../common/schemas';
import type { MatchMode } from '../package-plan';
import type { CreatePersonalizedTourInput, PersonalizedTour, PersonalizedTourDetail, UpdatePersonalizedTourInput } from './contract';

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
 * package named by `_id` in the body) is {@link useUpdatePersonalizedTour}.
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
export const personalizedToursQueryOptions = personalizedToursResource.listQueryOptions;
export const personalizedTourQueryOptions = personalizedToursResource.detailQueryOptions;
export const usePersonalizedTours = personalizedToursResource.useList;
export const usePersonalizedTour = personalizedToursResource.useOne;
export const useCreatePersonalizedTour = personalizedToursResource.useCreate;
export const useDeletePersonalizedTour = personalizedToursResource.useDelete;

export const updatePersonalizedTour = (input: UpdatePersonalizedTourInput) =>
  api.put<ItemAnswer<PersonalizedTourDetail>>('/personalized-tours', input, fallback('personalizedTours.errors.update', 'Failed to update personalized tour')).then((r) => r.data);

/** `PUT /personalized-tours` with `_id` and the fields that change (publishing sends only `isPublished`). */
export function useUpdatePersonalizedTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: personalizedToursResource.mutationKeys.update,
    mutationFn: updatePersonalizedTour,
    onSuccess: (saved) => {
      queryClient.setQueryData(personalizedToursKeys.detail(saved._id), saved);
      return queryClient.invalidateQueries({ queryKey: personalizedToursKeys.lists() });
    },
  });
}
