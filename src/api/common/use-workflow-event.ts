import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnyStateMachine, EventFromLogic } from 'xstate';
import type * as v from 'valibot';
import { api, type CallOptions } from '../client';
import { IDEMPOTENCY_HEADER } from './idempotency';
import type { ItemAnswer } from './schemas';
import { workflowPath, type WorkflowRequest } from './workflow';

type Row = { _id: string };

/**
 * One event for one record: `also`, fields of the same body the machine's event does not carry
 * (what the approver read of a quote); `idempotencyKey`, the form's key for a call that moves money.
 */
export interface WorkflowEventVars<M extends AnyStateMachine> {
  id: string;
  event: EventFromLogic<M>;
  also?: Record<string, unknown>;
  idempotencyKey?: string;
}

/** A cached answer with this record's row in it (a list page, a picker's rows) gets the answered values. */
function withRecord(cached: unknown, record: Row): unknown {
  const patch = (row: unknown) => {
    if (!row || typeof row !== 'object' || (row as Row)._id !== record._id) return row;
    // Only the fields the cached row has: a list row is lighter than the answered record.
    return Object.fromEntries(Object.keys(row).map((k) => [k, k in record ? (record as Record<string, unknown>)[k] : (row as Record<string, unknown>)[k]]));
  };
  if (Array.isArray(cached)) return cached.map(patch);
  if (cached && typeof cached === 'object' && Array.isArray((cached as { data?: unknown }).data)) {
    const answer = cached as { data: unknown[] };
    return { ...answer, data: answer.data.map(patch) };
  }
  return cached;
}

/**
 * Sends a workflow event to one record (docs/workflows.md): the body comes from the contract's
 * mapping (`request.bodyOf`), and the answered record updates the caches instead of a refetch:
 * the record's own entry is replaced, its row in every cached list and picker takes the new
 * values, and those lists are marked stale (a list filtered or counted by state is fetched again
 * the next time it is shown, not now). A refusal (409: someone else moved the record) reloads
 * the record, so the buttons follow its real state; the client has toasted the server's message.
 */
export function useWorkflowEvent<M extends AnyStateMachine, B extends v.GenericSchema, R extends Row>(options: {
  request: WorkflowRequest<M, B, R>;
  /** The resource's query keys (`listResource(...).keys`): every query under `all` holds its records. */
  keys: { all: QueryKey; detail(id: string): QueryKey };
  fallback: CallOptions;
  /** Other cached values to adjust from the answer (the vendors' header counts). */
  onAnswer?(queryClient: QueryClient, record: R, event: EventFromLogic<M>): void;
}) {
  const { request, keys } = options;
  const queryClient = useQueryClient();
  const send = ({ id, event, also, idempotencyKey }: WorkflowEventVars<M>) => {
    const call = request.method === 'PUT' ? api.put : request.method === 'PATCH' ? api.patch : api.post;
    const callOptions = idempotencyKey ? { ...options.fallback, headers: { ...options.fallback.headers, [IDEMPOTENCY_HEADER]: idempotencyKey } } : options.fallback;
    return call<ItemAnswer<R>>(workflowPath(request, id), { ...(request.bodyOf(event) as object), ...also }, callOptions).then((r) => r.data);
  };
  return useMutation({
    mutationFn: send,
    onSuccess(record, { id, event }) {
      const detail = keys.detail(id);
      const others = (q: { queryKey: QueryKey }) => q.queryKey.length !== detail.length || q.queryKey.some((part, i) => part !== detail[i]);
      queryClient.setQueryData(detail, record);
      queryClient.setQueriesData({ queryKey: keys.all, predicate: others }, (old: unknown) => withRecord(old, record));
      options.onAnswer?.(queryClient, record, event);
      void queryClient.invalidateQueries({ queryKey: keys.all, predicate: others, refetchType: 'none' });
    },
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: keys.detail(id) }),
  });
}
