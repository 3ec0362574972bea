import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import type { AppModule, UpdateModuleInput } from './contract';
import { modulesKeys, modulesQueryOptions } from './get-modules';
import { moduleEndpoints } from './contract';

export const reorderModules = (order: string[]) => call(moduleEndpoints.reorder, { body: { order } }).then((r) => r.data);
export const updateModule = (input: UpdateModuleInput) => call(moduleEndpoints.update, { body: input }).then((r) => r.data);

/** Optimistic: the menu moves at once and rolls back if the server refuses. */
export function useReorderModules() {
  const queryClient = useQueryClient();
  const key = modulesQueryOptions().queryKey;
  return useMutation({
    mutationFn: (modules: AppModule[]) => reorderModules(modules.map((m) => m._id)),
    onMutate: async (modules) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, modules.map((m, order) => ({ ...m, order })));
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: modulesKeys.all }),
  });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateModule, onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesKeys.all }) });
}
