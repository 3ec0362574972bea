import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fallback } from '../../client';
import type { ItemAnswer } from '../../common/schemas';
import type { PersonalizedTourDetail, UpdatePersonalizedTourInput } from './contract';
import { personalizedToursKeys, personalizedToursResource } from './get-personalized-tours';

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
