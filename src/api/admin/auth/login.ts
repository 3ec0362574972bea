import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../client';
import type { ItemAnswer, LoginInput } from '../../common/schemas';
import type { AuthState } from './contract';
import { meQueryOptions } from './get-me';
import { authPaths } from './contract';

/** A wrong password answers 401 too: it is shown on the form, it does not end a session. */
export const login = (input: LoginInput) =>
  api.post<ItemAnswer<AuthState>>(authPaths.login(), input, { expectUnauthorized: true, silent: true }).then((r) => r.data);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess(state) {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, state);
    },
  });
}
