import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../client';
import { newIdempotencyKey } from '../common/idempotency';
import type { ListAnswer } from '../common/schemas';
import { queueCall, type QueueInputs } from './calls';
import { workQueueEndpoints, type WorkQueueItem, type WorkQueueKind, type WorkQueueStats } from './contract';

/** What the screen asks: kinds, whose (`me` or everyone's), the last due day, the page. */
export interface WorkQueueFilters {
  kind?: WorkQueueKind[];
  assignee?: 'me';
  dueTo?: string;
  /** One record's items (or its children's): what a notification or a link opens. */
  record?: string;
  page?: number;
  limit?: number;
}

export const workQueueKeys = {
  all: ['work-queue'] as const,
  list: (f: WorkQueueFilters) => ['work-queue', 'list', f] as const,
  counts: () => ['work-queue', 'counts'] as const,
};

const FETCH = { fallbackKey: 'workQueue.errors.fetch', fallbackMessage: 'Failed to fetch the work queue' };

export const workQueueQueryOptions = (f: WorkQueueFilters) =>
  queryOptions({
    queryKey: workQueueKeys.list(f),
    queryFn: () =>
      call(
        workQueueEndpoints.list,
        { query: { kind: f.kind?.length ? f.kind : undefined, assignee: f.assignee, due: f.dueTo ? { to: f.dueTo } : undefined, record: f.record, page: f.page, limit: f.limit } },
        FETCH,
      ),
    placeholderData: keepPreviousData,
    // Work falls due while the page is open (docs/work-queue.md: polling, as My day does).
    refetchInterval: 60_000,
  });

export const useWorkQueue = (f: WorkQueueFilters) => useQuery(workQueueQueryOptions(f));

export const useWorkQueueCounts = () =>
  useQuery({
    queryKey: workQueueKeys.counts(),
    queryFn: () => call(workQueueEndpoints.counts, undefined, FETCH).then((r) => r.data),
    refetchInterval: 60_000,
  });

/**
 * Sends an item's action: the workflow call of its record (src/api/work-queue/calls.ts: the
 * contract's `workflowRequest` path and body, what the record's own screen sends), with an
 * idempotency key (the calls that move money honour it). On the answer the item leaves the cached
 * pages at once and every query is marked stale: what is on screen (the queue, My day, the counts)
 * is fetched again now, the record's own screens and lists when shown.
 */
export function useQueueAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, event, inputs }: { item: WorkQueueItem; event: string; inputs?: QueueInputs }) => {
      const call = queueCall(item, event, inputs);
      if (!call) throw new Error(`No call for ${event} on a ${item.record.type}`);
      const send = { PUT: api.put, POST: api.post, PATCH: api.patch }[call.method];
      return send<unknown>(call.path, call.body, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
    },
    onSuccess(_answer, { item }) {
      const gone = (i: WorkQueueItem) => i.kind === item.kind && i.record._id === item.record._id;
      queryClient.setQueriesData<ListAnswer<WorkQueueItem, WorkQueueStats>>({ queryKey: [...workQueueKeys.all, 'list'] }, (old) =>
        old ? { ...old, data: old.data.filter((i) => !gone(i)) } : old,
      );
      // What is on screen (the queue, My day's cards, the counts) is fetched again; the rest when shown.
      void queryClient.invalidateQueries();
    },
  });
}
