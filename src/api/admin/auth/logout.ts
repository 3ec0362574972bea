import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../client';
import { authPaths } from './contract';

export const logout = () => api.post<{ data: { signedOut: boolean } }>(authPaths.logout(), {}, { expectUnauthorized: true });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled() {
      queryClient.clear();
    },
  });
}
