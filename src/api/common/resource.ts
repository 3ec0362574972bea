import {
  keepPreviousData,
  queryOptions,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api as defaultClient, fallback, type ApiClient, type CallOptions, type QueryValue } from '../client';
import type { AnyEndpoint } from './endpoint';
import type { ImportEndpoint, ImportOptions } from './import';
import type { ItemAnswer, ListAnswer } from './schemas';

/** A per-call fallback message: its i18n key and the seed's English text. */
export type Fallback = readonly [key: string, message: string];

/** The list parameters every resource list takes (the resource adds its own filters). */
export interface ListParams {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export interface ResourceSpec<T = unknown, P = ListParams, S = undefined> {
  /** The query-key root and the base path (`regions` → `/regions`), unless `key` or `path` say otherwise. */
  name: string;
  /** The list's path when it is not `/<name>` (`/vendors/{id}/transactions`). */
  path?: string;
  /**
   * The contract's endpoints of the list (`GET`), of one record, of creating one and of updating and
   * deleting one (`/:id`): their paths replace `path`, `itemPath` and `recordPath` (src/api/common/endpoint.ts).
   */
  endpoints?: { list?: AnyEndpoint; one?: AnyEndpoint; create?: AnyEndpoint; update?: AnyEndpoint; remove?: AnyEndpoint; import?: ImportEndpoint };
  /** The service called: the product's (`/api`, the default) or the parent service (`/platform`). */
  client?: ApiClient;
  /** How a failed list fetch is reported when not by a toast (`{ logOnly: true }`: the seed's organizations list). */
  listFailure?: Pick<CallOptions, 'logOnly'>;
  /** The query-key root when it is not `[name]` (a list inside another resource's keys). */
  key?: readonly unknown[];
  /** The list's query as the server reads it, when it is not the parameters as they are. */
  query?: (params: P) => Record<string, QueryValue>;
  /** The seed's path of one record (`/hotels/hotelId/{id}`); none when the resource has no such call. */
  itemPath?: (id: string) => string;
  /** Where a record is updated and deleted, when it is not `/<name>/{id}` (`/members/memberId/{id}`). */
  recordPath?: (id: string) => string;
  /** Lists whose rows show this resource's names (a renamed destination shows in hotels): refetched after a change. */
  shownIn?: string[];
  /**
   * The list header's counts with one record added (+1) or removed (-1): every list on screen shows
   * them at once after a create or delete (the vendors' seed behaviour), before the refetch.
   */
  adjustStats?: (stats: S, record: T, delta: 1 | -1) => S;
  /** The calls a resource lacks have no fallback: calling them is a programming error. */
  fallbacks: { fetchList: Fallback; fetchOne?: Fallback; create?: Fallback; update?: Fallback; delete?: Fallback; import?: Fallback };
}

/** `DELETE` answers the deleted record and, for some resources, a message the toast shows. */
export interface Deleted<T> {
  data: T;
  message?: string;
}

const opts = (f: Fallback) => fallback(f[0], f[1]);

/** The server takes at most 100 values in one list filter. */
const MAX_IDS_PER_CALL = 100;

/**
 * The calls, query keys, `queryOptions` factories and hooks of one list resource: every list of
 * the product is one (docs/architecture.md "One list shape"): list with paging, sort, search and
 * filters; one record (`D`, the record's detail, may carry more than a list row `T`); several by
 * `ids` (the list's `ids` filter); create, update, delete; import (a file's preview, then the import). Every failed call
 * toasts through the client with the resource's fallback message.
 */
export function listResource<T extends { _id: string }, P extends ListParams, C = never, U = never, S = undefined, D = T>(spec: ResourceSpec<T, P, S>) {
  const endpoints = spec.endpoints ?? {};
  const path = spec.path ?? endpoints.list?.path() ?? `/${spec.name}`;
  const itemPath = spec.itemPath ?? (endpoints.one ? (id: string) => (endpoints.one!.path as (...params: string[]) => string)(id) : undefined);
  const createPath = endpoints.create?.path() ?? path;
  const root = spec.key ?? ([spec.name] as const);
  const keys = {
    all: root,
    lists: () => [...root, 'list'] as const,
    list: (params: P) => [...root, 'list', params] as const,
    details: () => [...root, 'detail'] as const,
    detail: (id: string) => [...root, 'detail', id] as const,
    byIds: (ids: string[]) => [...root, 'detail', 'ids', ids] as const,
  };
  const mutationKeys = {
    create: [...root, 'create'] as const,
    update: [...root, 'update'] as const,
    delete: [...root, 'delete'] as const,
    import: [...root, 'import'] as const,
  };
  const recordEndpoint = endpoints.update ?? endpoints.remove;
  const recordPath = spec.recordPath ?? (recordEndpoint ? (id: string) => recordEndpoint.url({ id }) : (id: string) => `${path}/${id}`);
  const fallbackOf = (call: keyof ResourceSpec['fallbacks']) => {
    const f = spec.fallbacks[call];
    if (!f) throw new Error(`${spec.name} has no ${call} call`);
    return opts(f);
  };
  const toQuery = spec.query ?? ((params: P) => params as unknown as Record<string, QueryValue>);
  const api = spec.client ?? defaultClient;
  const listOpts = { ...opts(spec.fallbacks.fetchList), ...spec.listFailure };

  const getList = (params: P = {} as P) => api.get<ListAnswer<T, S>>(path, toQuery(params), listOpts);
  const getOne = (id: string) => {
    if (!itemPath) throw new Error(`${spec.name} has no single-record call`);
    return api.get<ItemAnswer<D>>(itemPath(id), undefined, opts(spec.fallbacks.fetchOne ?? spec.fallbacks.fetchList)).then((r) => r.data);
  };
  /** Several records by id (the list's `ids` filter), in the order asked; unknown ids are left out. */
  const getByIds = async (ids: string[]) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [] as T[];
    const chunks = Array.from({ length: Math.ceil(unique.length / MAX_IDS_PER_CALL) }, (_, i) => unique.slice(i * MAX_IDS_PER_CALL, (i + 1) * MAX_IDS_PER_CALL));
    const answers = await Promise.all(chunks.map((chunk) => api.get<ListAnswer<T, S>>(path, toQuery({ ids: chunk, limit: chunk.length } as unknown as P), listOpts)));
    const byId = new Map(answers.flatMap((a) => a.data).map((r) => [r._id, r]));
    return unique.map((id) => byId.get(id)).filter((r): r is T => !!r);
  };
  const create = (input: C) => api.post<ItemAnswer<D>>(createPath, input, fallbackOf('create')).then((r) => r.data);
  const update = (id: string, input: U) => api.put<ItemAnswer<D>>(recordPath(id), input, fallbackOf('update')).then((r) => r.data);
  const remove = (id: string) => api.delete<Deleted<T>>(recordPath(id), fallbackOf('delete'));
  /**
   * `POST /<resource>/import` with the file (a preview, or the import); the dialog shows a failure itself.
   * Loaded when used: the CSV kit (papaparse) stays out of the sign-in route's JS, which reaches this file.
   */
  const importFile = async (file: File, options: ImportOptions) =>
    (await import('./import-upload')).uploadImport(endpoints.import ?? `${path}/import`, file, options, { ...opts(spec.fallbacks.import ?? spec.fallbacks.create ?? spec.fallbacks.fetchList), silent: true });

  const listQueryOptions = (params: P = {} as P) =>
    queryOptions({ queryKey: keys.list(params), queryFn: () => getList(params), placeholderData: keepPreviousData });
  const detailQueryOptions = (id: string) => queryOptions({ queryKey: keys.detail(id), queryFn: () => getOne(id) });
  const byIdsQueryOptions = (ids: string[]) =>
    queryOptions({ queryKey: keys.byIds(ids), queryFn: () => getByIds(ids), enabled: ids.length > 0, placeholderData: keepPreviousData });

  const refetch = (queryClient: QueryClient) =>
    Promise.all([root, ...(spec.shownIn ?? []).map((name) => [name])].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  /**
   * The header's counts in every list on screen, at once, after a create or delete. A list not on
   * screen may hold counts from before someone else's change: adding to them would count twice, so
   * it is dropped and fetched afresh when shown again.
   */
  const adjustCachedStats = (queryClient: QueryClient, record: T, delta: 1 | -1) => {
    const adjust = spec.adjustStats;
    if (!adjust) return;
    queryClient.setQueriesData<ListAnswer<T, S>>({ queryKey: keys.lists(), type: 'active' }, (old) => (old?.stats ? { ...old, stats: adjust(old.stats, record, delta) } : old));
    queryClient.removeQueries({ queryKey: keys.lists(), type: 'inactive' });
  };

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationKey: mutationKeys.create,
      mutationFn: create,
      onSuccess: (created) => {
        adjustCachedStats(queryClient, created as unknown as T, 1);
        return refetch(queryClient);
      },
    });
  }
  function useUpdate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationKey: mutationKeys.update,
      mutationFn: ({ id, input }: { id: string; input: U }) => update(id, input),
      onSuccess: (saved, { id }) => {
        queryClient.setQueryData(keys.detail(id), saved);
        return refetch(queryClient);
      },
    });
  }
  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationKey: mutationKeys.delete,
      mutationFn: remove,
      onSuccess: (answer, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
        adjustCachedStats(queryClient, answer.data, -1);
        return refetch(queryClient);
      },
    });
  }
  /** Previews or imports a file; an import (not a preview) refetches the lists. */
  function useImport() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationKey: mutationKeys.import,
      mutationFn: ({ file, options }: { file: File; options: ImportOptions }) => importFile(file, options),
      onSuccess: (report) => (report.preview ? undefined : refetch(queryClient)),
    });
  }
  /** What is under way for this resource (the seed's loading flags): any list or record loading, any save. */
  function useLoadingFlags() {
    return {
      fetching: useIsFetching({ queryKey: keys.all }) > 0,
      creating: useIsMutating({ mutationKey: mutationKeys.create }) > 0,
      updating: useIsMutating({ mutationKey: mutationKeys.update }) > 0,
      deleting: useIsMutating({ mutationKey: mutationKeys.delete }) > 0,
    };
  }

  return {
    keys,
    mutationKeys,
    getList,
    getOne,
    getByIds,
    create,
    update,
    remove,
    importFile,
    listQueryOptions,
    detailQueryOptions,
    byIdsQueryOptions,
    useList: (params: P = {} as P) => useQuery(listQueryOptions(params)),
    useOne: (id: string) => useQuery(detailQueryOptions(id)),
    useByIds: (ids: string[]) => useQuery(byIdsQueryOptions(ids)),
    useCreate,
    useUpdate,
    useDelete,
    useImport,
    useLoadingFlags,
  };
}

/** What `listResource` makes for one resource (for screens generic over resources). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen need not know the payload types
export type ListResource<T extends { _id: string }, P extends ListParams = any, S = any> = ReturnType<typeof listResource<T, P, any, any, S, T>>;
