import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fallback } from '../client';
import type { AnyEndpoint } from '../common/endpoint';
import { listResource, type ListParams } from '../common/resource';
import type { ItemAnswer } from '../common/schemas';
import type { MatchMode } from './tour-plan';

/** The seed's filters of the personalized and group tour lists, as the server reads them. */
export interface PlanToursParams extends ListParams {
  ids?: string[];
  totalNights?: string | string[];
  pointOfContact?: string[];
  regions?: string[];
  destinations?: string[];
  regionFilter?: MatchMode;
  destinationFilter?: MatchMode;
}

/**
 * The calls of personalized or group tours, one implementation for both: the `listResource`
 * (`GET /{name}`, `GET /{name}/id/{id}` with the plan, `POST /{name}`, `DELETE /{name}/{id}`) and the
 * seed's `PUT /{name}`, which names the record by `_id` in the body and answers it whole (the
 * record's entry takes the answer, the lists are fetched again).
 */
export function planResource<T extends { _id: string }, P extends PlanToursParams, C, U extends { _id: string }, D extends T>(kind: {
  name: 'personalized-tours' | 'group-tours';
  /** The kind's endpoints from its contract (`groupTourEndpoints`, built by `planEndpoints`). */
  endpoints: { list: AnyEndpoint; byId: AnyEndpoint; create: AnyEndpoint; update: AnyEndpoint; remove: AnyEndpoint };
  /** The strings section whose `errors` say why a call failed. */
  section: 'personalizedTours' | 'groupTours';
  /** The record in English, for the fallback messages. */
  noun: string;
}) {
  const failed = (call: 'fetchList' | 'fetchOne' | 'create' | 'update' | 'delete', verb: string, noun = kind.noun) => [`${kind.section}.errors.${call}`, `Failed to ${verb} ${noun}`] as const;
  const resource = listResource<T, P, C, never, undefined, D>({
    name: kind.name,
    endpoints: { list: kind.endpoints.list, one: kind.endpoints.byId, create: kind.endpoints.create, remove: kind.endpoints.remove },
    fallbacks: {
      fetchList: failed('fetchList', 'fetch', `${kind.noun}s`),
      fetchOne: failed('fetchOne', 'fetch'),
      create: failed('create', 'create'),
      update: failed('update', 'update'),
      delete: failed('delete', 'delete'),
    },
  });

  const update = (input: U) => (call(kind.endpoints.update, { body: input }, fallback(...failed('update', 'update'))) as Promise<ItemAnswer<D>>).then((r) => r.data);

  /** `PUT /{name}` with `_id` and the fields that change (publishing, closing the sales: one field). */
  function useUpdate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationKey: resource.mutationKeys.update,
      mutationFn: update,
      onSuccess: (saved) => {
        queryClient.setQueryData(resource.keys.detail(saved._id), saved);
        return queryClient.invalidateQueries({ queryKey: resource.keys.lists() });
      },
    });
  }

  return { resource, update, useUpdate };
}
