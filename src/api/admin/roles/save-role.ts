import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import { meQueryOptions } from '../auth/get-me';
import type { CreateRoleInput, UpdateRoleInput } from './contract';
import { rolesKeys } from './get-roles';
import { roleEndpoints } from './contract';

export const createRole = (input: CreateRoleInput) => call(roleEndpoints.create, { body: input }).then((r) => r.data);
export const updateRole = (input: UpdateRoleInput) => call(roleEndpoints.update, { body: input }).then((r) => r.data);

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }) });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesKeys.all });
      // The signed-in member's own role may have changed: the menu follows it.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}
