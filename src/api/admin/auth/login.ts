import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import type { LoginInput } from '../../common/schemas';
import { meQueryOptions } from './get-me';
import { authEndpoints } from './contract';

/** A wrong password answers 401 too: it is shown on the form, it does not end a session. */
export const login = (input: LoginInput) =>
  call(authEndpoints.login, { body: input }, { expectUnauthorized: true, silent: true }).then((r) => r.data);

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
