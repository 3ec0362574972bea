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
import { api, fallback, type QueryValue } from '../client';
import type { ImportOptions } from './import';
import { uploadImport } from './import-upload';
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

export interface ResourceSpec {
  /** The query-key root and the base path (`regions` → `/regions`). */
  name: string;
  /** The seed's path of one record (`/hotels/hotelId/{id}`); none when the resource has no such call. */
  itemPath?: (id: string) => string;
  /** Lists whose rows show this resource's names (a renamed destination shows in hotels): refetched after a change. */
  shownIn?: string[];
  fallbacks: { fetchList: Fallback; fetchOne?: Fallback; create: Fallback; update: Fallback; delete: Fallback; import?: Fallback };
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
 * The calls, query keys, `queryOptions` factories and hooks of one list resource (the vendors'
 * pattern, for the resources whose calls differ only in names): list with paging, sort, search
 * and filters; one record; several by `ids`; create, update, delete; chunked import. Every failed
 * call toasts through the client with the resource's fallback message.
 */
export function listResource<T extends { _id: string }, P extends ListParams, C, U, S = undefined>(spec: ResourceSpec) {
  const path = `/${spec.name}`;
  const keys = {
    all: [spec.name] as const,
    lists: () => [spec.name, 'list'] as const,
    list: (params: P) => [spec.name, 'list', params] as const,
    details: () => [spec.name, 'detail'] as const,
    detail: (id: string) => [spec.name, 'detail', id] as const,
    byIds: (ids: string[]) => [spec.name, 'detail', 'ids', ids] as const,
  };
  const mutationKeys = {
    create: [spec.name, 'create'] as const,
    update: [spec.name, 'update'] as const,
    delete: [spec.name, 'delete'] as const,
    import: [spec.name, 'import'] as const,
  };

  const getList = (params: P = {} as P) => api.get<ListAnswer<T, S>>(path, params as unknown as Record<string, QueryValue>, opts(spec.fallbacks.fetchList));
  const getOne = (id: string) => {
    if (!spec.itemPath) throw new Error(`${spec.name} has no single-record call`);
    return api.get<ItemAnswer<T>>(spec.itemPath(id), undefined, opts(spec.fallbacks.fetchOne ?? spec.fallbacks.fetchList)).then((r) => r.data);
  };
  /** Several records by id (the list's `ids` filter), in the order asked; unknown ids are left out. */
  const getByIds = async (ids: string[]) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [] as T[];
    const chunks = Array.from({ length: Math.ceil(unique.length / MAX_IDS_PER_CALL) }, (_, i) => unique.slice(i * MAX_IDS_PER_CALL, (i + 1) * MAX_IDS_PER_CALL));
    const answers = await Promise.all(chunks.map((chunk) => api.get<ListAnswer<T, S>>(path, { ids: chunk, limit: chunk.length }, opts(spec.fallbacks.fetchList))));
    const byId = new Map(answers.flatMap((a) => a.data).map((r) => [r._id, r]));
    return unique.map((id) => byId.get(id)).filter((r): r is T => !!r);
  };
  const create = (input: C) => api.post<ItemAnswer<T>>(path, input, opts(spec.fallbacks.create)).then((r) => r.data);
  const update = (id: string, input: U) => api.put<ItemAnswer<T>>(`${path}/${id}`, input, opts(spec.fallbacks.update)).then((r) => r.data);
  const remove = (id: string) => api.delete<Deleted<T>>(`${path}/${id}`, opts(spec.fallbacks.delete));
  /** `POST /<resource>/import` with the file (a preview, or the import); the dialog shows a failure itself. */
  const importFile = (file: File, options: ImportOptions) => uploadImport(path, file, options, { ...opts(spec.fallbacks.import ?? spec.fallbacks.create), silent: true });

  const listQueryOptions = (params: P = {} as P) =>
    queryOptions({ queryKey: keys.list(params), queryFn: () => getList(params), placeholderData: keepPreviousData });
  const detailQueryOptions = (id: string) => queryOptions({ queryKey: keys.detail(id), queryFn: () => getOne(id) });
  const byIdsQueryOptions = (ids: string[]) =>
    queryOptions({ queryKey: keys.byIds(ids), queryFn: () => getByIds(ids), enabled: ids.length > 0, placeholderData: keepPreviousData });

  const refetch = (queryClient: QueryClient) =>
    Promise.all([spec.name, ...(spec.shownIn ?? [])].map((name) => queryClient.invalidateQueries({ queryKey: [name] })));

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({ mutationKey: mutationKeys.create, mutationFn: create, onSuccess: () => refetch(queryClient) });
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
      onSuccess: (_answer, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
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
export type ListResource<T extends { _id: string }, P extends ListParams = any, S = any> = ReturnType<typeof listResource<T, P, any, any, S>>;
