import { groupTours } from './get-group-tours';

export const useCreateGroupTour = groupTours.resource.useCreate;
export const useDeleteGroupTour = groupTours.resource.useDelete;
/** `PUT /group-tours` with `_id` and the fields that change (closing the sales sends only `salesClosed`). */
export const updateGroupTour = groupTours.update;
export const useUpdateGroupTour = groupTours.useUpdate;
