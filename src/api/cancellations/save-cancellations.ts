import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, fallback } from '../client';
import type { ListAnswer } from '../common/schemas';
import { useWorkflowEvent } from '../common/use-workflow-event';
import { OPEN_CANCELLATION_STATES, type CancellationState } from '../../machines/cancellation-machine';
import { cancellationEndpoints, cancellationStatusRequest, type Cancellation, type CancelInput, type CancellationDetail } from './contract';
import { cancellationsKeys, cancellationsResource, requestedCancellationsResource } from './get-cancellations';

/** What an approval moves besides the cancellation: the booking, its trip, the money, the vendors' side. */
const MOVED_BY_A_DECISION = [['bookings'], ['booking-operations'], ['credit'], ['finance'], ['vendors'], ['notifications']] as const;

/** `POST /booking-cancellations/cancel`: a request with the quote of this moment stored on it. */
export const requestCancellation = (input: CancelInput) =>
  call(cancellationEndpoints.request, { body: input }, fallback('cancellations.errors.create', 'Failed to create cancellation')).then((r) => r.data);

export function useRequestCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cancellations', 'request'],
    mutationFn: requestCancellation,
    onSuccess: (created) => {
      queryClient.setQueryData(cancellationsResource.keys.detail(created._id), created);
      return queryClient.invalidateQueries({ queryKey: cancellationsKeys.all });
    },
  });
}

/**
 * A decided record leaves every cached requested list at once (the seed's rule: it moves to the main
 * list), before those lists are fetched again; the main list, marked stale, shows it when next shown.
 */
function leaveRequestedLists(queryClient: QueryClient, record: Cancellation) {
  if (OPEN_CANCELLATION_STATES.includes(record.status as CancellationState)) return;
  queryClient.setQueriesData<ListAnswer<Cancellation>>({ queryKey: requestedCancellationsResource.keys.lists() }, (old) => {
    if (!old || !old.data.some((c) => c._id === record._id)) return old;
    const totalItems = Math.max(0, old.meta.totalItems - 1);
    return { ...old, data: old.data.filter((c) => c._id !== record._id), meta: { ...old.meta, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / old.meta.limit)) } };
  });
}

/**
 * `PATCH /booking-cancellations/{id}/status` through the cancellation machine (the contract's body
 * for APPROVE or REJECT, with what the approver read of the quote as `quotedPaid` and the screen's
 * Idempotency-Key). Silent: the guided screen says a refusal at the step that can fix it.
 */
export function useCancellationDecision() {
  return useWorkflowEvent({
    // The answer is the record whole (the contract's `stateOf` reads only its status).
    request: { ...cancellationStatusRequest, stateOf: (c: CancellationDetail) => c.status },
    keys: { all: cancellationsKeys.all, detail: requestedCancellationsResource.keys.detail },
    fallback: { ...fallback('cancellations.errors.updateStatus', 'Failed to update cancellation status'), silent: true },
    onAnswer(queryClient, record) {
      queryClient.setQueryData(cancellationsResource.keys.detail(record._id), record);
      leaveRequestedLists(queryClient, record);
      for (const queryKey of MOVED_BY_A_DECISION) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
  });
}
