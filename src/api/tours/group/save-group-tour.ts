import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fallback } from '../../client';
import type { ItemAnswer } from '../../common/schemas';
import type { GroupTourDetail, UpdateGroupTourInput } from './contract';
import { groupToursKeys, groupToursResource } from './get-group-tours';

export const useCreateGroupTour = groupToursResource.useCreate;
export const useDeleteGroupTour = groupToursResource.useDelete;

export const updateGroupTour = (input: UpdateGroupTourInput) =>
  api.put<ItemAnswer<GroupTourDetail>>('/group-tours', input, fallback('groupTours.errors.update', 'Failed to update group tour')).then((r) => r.data);

/** `PUT /group-tours` with `_id` and the fields that change (closing the sales sends only `salesClosed`). */
export function useUpdateGroupTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: groupToursResource.mutationKeys.update,
    mutationFn: updateGroupTour,
    onSuccess: (saved) => {
      queryClient.setQueryData(groupToursKeys.detail(saved._id), saved);
      return queryClient.invalidateQueries({ queryKey: groupToursKeys.lists() });
    },
  });
}
