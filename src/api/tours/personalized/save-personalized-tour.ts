import { personalizedTours } from './get-personalized-tours';

export const useCreatePersonalizedTour = personalizedTours.resource.useCreate;
export const useDeletePersonalizedTour = personalizedTours.resource.useDelete;
/** `PUT /personalized-tours` with `_id` and the fields that change (publishing sends only `isPublished`). */
export const updatePersonalizedTour = personalizedTours.update;
export const useUpdatePersonalizedTour = personalizedTours.useUpdate;
