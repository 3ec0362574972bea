import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { call, fallback } from '../../client';
import { useWorkflowEvent } from '../../common/use-workflow-event';
import { leadsKeys } from '../../leads/get-leads';
import type { CustomizedTourEvent } from '../../../machines/customized-tour-machine';
import { customizedTourEndpoints, copyInput, TOUR_EVENT_REQUESTS, type CreateTourFields, type CustomizedTourDetail, type updateBookedTourInput, type updateTourInput } from './contract';
import { customizedToursResource, toursKeys } from './get-customized-tours';

export type UpdateTourFields = v.InferInput<typeof updateTourInput>;
export type UpdateBookedTourFields = v.InferInput<typeof updateBookedTourInput>;

const detail = (p: Promise<{ data: CustomizedTourDetail }>) => p.then((r) => r.data);

/** `PUT /customized-tours`: a draft's whole plan, `_id` (and `revision`, 412 when stale) in the body. */
export const updateTour = (input: UpdateTourFields) => detail(call(customizedTourEndpoints.update, { body: input }, fallback('tours.errors.update', 'Failed to update customized tour')));
/** `PUT /customized-tours/booked`: a booked tour's days and notes; its price stays. */
export const updateBookedTour = (input: UpdateBookedTourFields) => detail(call(customizedTourEndpoints.updateBooked, { body: input }, fallback('tours.errors.update', 'Failed to update customized tour')));

/** A copy of a tour as a new draft for a lead (the same or another): one create call with the source's plan. */
export const copyTour = (tour: CustomizedTourDetail, leadId: string, title?: string) => customizedToursResource.create(copyInput(tour, leadId, title));

/** A tour changed: its entry takes the answer; lists, the lead's tours and the lead itself (status, timeline) are fetched again. */
function refresh(queryClient: QueryClient, tour: CustomizedTourDetail) {
  queryClient.setQueryData(toursKeys.detail(tour._id), tour);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: toursKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: toursKeys.ofLead(tour.lead._id) }),
    queryClient.invalidateQueries({ queryKey: leadsKeys.detail(tour.lead._id) }),
  ]);
}

function useTourChange<V>(run: (vars: V) => Promise<CustomizedTourDetail>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (tour) => refresh(queryClient, tour) });
}

export const useCreateTour = () => useTourChange((input: CreateTourFields) => customizedToursResource.create(input));
export const useUpdateTour = () => useTourChange(updateTour);
export const useUpdateBookedTour = () => useTourChange(updateBookedTour);
export const useCopyTour = () => useTourChange(({ tour, leadId, title }: { tour: CustomizedTourDetail; leadId: string; title?: string }) => copyTour(tour, leadId, title));
export const useDeleteTour = customizedToursResource.useDelete;

/**
 * The tour's workflow: each event a person may send through its own call (the contract's
 * `TOUR_EVENT_REQUESTS`); the machine on the server decides (409 with its message when it
 * refuses). SEND is the itinerary's send dialog (src/features/tours/customized/tour-itinerary.tsx): its
 * answer is the email, and the tour and its lead are fetched again.
 */
export function useTourEvents() {
  const queryClient = useQueryClient();
  const onAnswer = (_: QueryClient, tour: CustomizedTourDetail) => void refresh(queryClient, tour);
  const common = { keys: toursKeys, onAnswer } as const;
  const events = {
    REVISE: useWorkflowEvent({ ...common, request: TOUR_EVENT_REQUESTS.REVISE, fallback: fallback('tours.errors.status', 'Failed to update customized tour') }),
    PUBLISH: useWorkflowEvent({ ...common, request: TOUR_EVENT_REQUESTS.PUBLISH, fallback: fallback('tours.errors.status', 'Failed to update customized tour') }),
    REVERT: useWorkflowEvent({ ...common, request: TOUR_EVENT_REQUESTS.REVERT, fallback: fallback('tours.errors.status', 'Failed to update customized tour') }),
  };
  return {
    pending: Object.values(events).some((m) => m.isPending),
    send: (id: string, event: Exclude<CustomizedTourEvent, { type: 'BOOK' | 'SEND' }>) => events[event.type].mutateAsync({ id, event }),
  };
}
