import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import { authEndpoints } from './contract';

export const logout = () => call(authEndpoints.logout, {}, { expectUnauthorized: true });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled() {
      queryClient.clear();
    },
  });
}
